import type { ReturnReason, ReturnResolution } from "#db/schema/returns";
import type { ReturnStep } from "~/lib/events.server";

/** What a shopper may return, and when (issue 30). Pure: the request form and the server share it. */

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  too_small: "Too small",
  too_large: "Too large",
  not_as_pictured: "Not as pictured",
  damaged: "Damaged or faulty",
  changed_mind: "Changed my mind",
  other: "Other",
};

/** A return's steps as the shopper reads them (its history, its e-mails). */
export const RETURN_STEP_LABELS: Record<ReturnStep, string> = {
  requested: "Requested",
  approved: "Approved",
  refused: "Refused",
  cancelled: "Cancelled",
  received: "Received",
  refunded: "Refunded",
  exchange_created: "Exchange order created",
};

export const RESOLUTION_LABELS: Record<ReturnResolution, string> = {
  refund: "Refund",
  exchange: "Exchange for another size or colour",
};

/** The default window (RETURN_WINDOW_DAYS) and the bounds the owner's setting keeps to. */
export const DEFAULT_RETURN_WINDOW_DAYS = 30;
export const RETURN_WINDOW_MIN_DAYS = 1;
export const RETURN_WINDOW_MAX_DAYS = 365;

export const RETURN_NOTE_MAX = 500;
export const REFUSAL_REASON_MAX = 500;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last moment a delivered order can be returned: `windowDays` after its delivery. */
export function returnWindowEnd(deliveredAt: Date, windowDays: number): Date {
  return new Date(deliveredAt.getTime() + windowDays * DAY_MS);
}

export type ReturnWindow =
  | { open: true; endsAt: Date }
  | { open: false; reason: "not-delivered" | "window-closed" | "exchange-order"; endsAt: Date | null };

/** Whether an order can be returned now, and until when. */
export function returnWindow(
  order: { status: string; deliveredAt: Date | null; isTest?: boolean; isExchange?: boolean },
  windowDays: number,
  now: Date,
): ReturnWindow {
  if (order.isExchange) return { open: false, reason: "exchange-order", endsAt: null };
  if (order.status !== "delivered" || !order.deliveredAt) return { open: false, reason: "not-delivered", endsAt: null };
  const endsAt = returnWindowEnd(order.deliveredAt, windowDays);
  return now.getTime() <= endsAt.getTime() ? { open: true, endsAt } : { open: false, reason: "window-closed", endsAt };
}

/** The units of a line still returnable: bought, less those in returns not refused or cancelled. */
export function returnableQuantity(bought: number, inOpenReturns: number): number {
  return Math.max(0, bought - inOpenReturns);
}

/** 'RMA-' and the order's number without its prefix and the return's count on the order: RMA-12345678-2. */
export function rmaNumberFor(orderNumber: string, nth: number): string {
  return `RMA-${orderNumber.replace(/^[A-Z]+-/, "")}-${nth}`;
}

export const RETURN_MESSAGES = {
  notFound: "Return not found",
  orderNotFound: "Order not found",
  notDelivered: "Only a delivered order can be returned.",
  windowClosed: (days: number) => `This order can no longer be returned: its ${days}-day return window has ended.`,
  exchangeOrder: "An exchange cannot be returned again here. Please contact us.",
  noItems: "Choose at least one item to return",
  unknownLine: "That item is not part of this order",
  tooMany: (name: string, left: number) =>
    left === 0 ? `${name} has already been returned` : `Only ${left} of ${name} can still be returned`,
  noteRequired: "Tell us why you are returning this item",
  chooseReplacement: "Choose the size or colour you want instead",
  sameVariant: "Choose a different size or colour than the one you have",
  replacementUnavailable: "That size or colour is not available for this product",
  outOfStock: (label: string) => `Sorry, ${label} is sold out. Choose another size or a refund.`,
  refusalReasonRequired: "Say why the return is refused: the shopper will see it",
  changedMeanwhile: "This return was changed by someone else meanwhile. Reload it to see its current state.",
  refundFailed: "PayPal did not refund it yet. The return keeps its amount: use Refund to try again.",
  paypalNotConfigured: "PayPal is not configured on this server, so the payment cannot be refunded from here.",
  dispositionRequired: "Choose restock or write off for every item",
} as const;
