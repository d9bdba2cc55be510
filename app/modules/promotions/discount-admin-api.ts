import type { FieldErrors } from "~/lib/forms";

/**
 * What the discount editor posts and is answered (routes/admin.discounts.editor.tsx), shared by the
 * route and the page's forms. Every write is a form posted to `/admin/discounts/:id` (`new` to create)
 * with an `intent`; the answer is a message for a toast and the messages of the fields to fix. Pure.
 */
export const DISCOUNT_INTENTS = [
  "save",
  "enable",
  "disable",
  "delete",
  "add-code",
  "generate-codes",
  "remove-code",
] as const;
export type DiscountIntent = (typeof DISCOUNT_INTENTS)[number];

export function isDiscountIntent(value: unknown): value is DiscountIntent {
  return typeof value === "string" && (DISCOUNT_INTENTS as readonly string[]).includes(value);
}

export interface DiscountAnswer {
  ok: boolean;
  intent: DiscountIntent | null;
  message: string;
  errors: FieldErrors;
  /** The discount a save created: the page opens it. */
  createdId?: string;
  /** A deletion went through: the page goes back to the list. */
  deleted?: boolean;
}

/** The toast of a refused write, by intent, when the failure has no words of its own. */
export const FAILED_MESSAGES: Record<DiscountIntent, string> = {
  save: "Failed to save the discount",
  enable: "Failed to enable the discount",
  disable: "Failed to disable the discount",
  delete: "Failed to delete the discount",
  "add-code": "Failed to add the code",
  "generate-codes": "Failed to generate codes",
  "remove-code": "Failed to remove the code",
};
