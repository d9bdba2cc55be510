import type { FieldErrors } from "~/lib/forms";

/** What the order page's action answers a move (posted by a fetcher, or by the browser without JavaScript). */
export interface OrderMoveAnswer {
  intent: string | null;
  ok: boolean;
  message: string;
  errors: FieldErrors;
  /** Set when a paid order was cancelled but its PayPal refund failed. */
  refundFailed?: string | null;
}
