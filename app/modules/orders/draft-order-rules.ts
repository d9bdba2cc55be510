import { z } from "zod";
import { DRAFT_NOTE_MAX, DRAFT_REASON_MAX } from "#db/schema/draft-orders";
import { percentOfCents } from "~/lib/money";
import {
  shippingCents as rateFor,
  SHIPPING_METHOD_KEYS,
  taxCents,
  type Destination,
  type PricingRules,
  type ShippingMethod,
} from "~/modules/pricing/pricing";

/**
 * Draft orders' rules (issue 32, docs/decisions/0041-draft-orders.md), pure and shared with the editor:
 * the totals of a draft from its own lines (the prices staff set, never the catalogue's of the moment),
 * its status from its order, the link's expiry, and the editor's form.
 */

export const DRAFT_STATUSES = ["draft", "sent", "paid", "expired", "cancelled"] as const;
export type DraftStatus = (typeof DRAFT_STATUSES)[number];

export const DRAFT_STATUS_LABELS: Record<DraftStatus, string> = {
  draft: "Draft",
  sent: "Link sent",
  paid: "Paid",
  expired: "Expired",
  cancelled: "Cancelled",
};

export interface DraftLinePrice {
  unitPriceCents: number;
  quantity: number;
}

export type DraftDiscount = { kind: "fixed" | "percent"; value: number } | null;

export interface DraftPricing {
  method: ShippingMethod;
  /** A custom shipping amount; null: the method's rate from the settings (free standard over the threshold). */
  shippingCustomCents: number | null;
  discount: DraftDiscount;
  destination: Destination | null;
}

export interface DraftTotals {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  /** Each line's share of the discount, in line order (what a return of it refunds less). */
  lineDiscountCents: number[];
}

/** The discount's cents: a fixed amount at most the subtotal, or a whole percent of it (half up). */
export function discountCentsOf(subtotalCents: number, discount: DraftDiscount): number {
  if (!discount) return 0;
  const cents = discount.kind === "fixed" ? discount.value : percentOfCents(subtotalCents, discount.value);
  return Math.max(0, Math.min(subtotalCents, cents));
}

/**
 * Shares a discount between lines in proportion to their totals, in whole cents that add up to it exactly
 * (largest remainder; ties to the earlier line), never more than a line's total.
 */
export function allocateDiscount(lineTotals: readonly number[], discountCents: number): number[] {
  const sum = lineTotals.reduce((a, b) => a + b, 0);
  if (discountCents <= 0 || sum <= 0) return lineTotals.map(() => 0);
  const exact = lineTotals.map((t) => (t * discountCents) / sum);
  const shares = exact.map(Math.floor);
  let left = discountCents - shares.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    if (shares[index]! < lineTotals[index]!) {
      shares[index]! += 1;
      left -= 1;
    }
  }
  return shares;
}

/**
 * A draft's totals in integer cents: subtotal of its lines at their own prices, the discount off the
 * subtotal, shipping (custom, or the method's rate by the settings on the discounted subtotal), tax at the
 * destination's rate on the discounted subtotal, and the total.
 */
export function draftTotals(lines: readonly DraftLinePrice[], pricing: DraftPricing, rules: PricingRules): DraftTotals {
  const lineTotals = lines.map((l) => l.unitPriceCents * l.quantity);
  const subtotalCents = lineTotals.reduce((a, b) => a + b, 0);
  const discountCents = discountCentsOf(subtotalCents, pricing.discount);
  const discounted = subtotalCents - discountCents;
  const shippingCents =
    pricing.shippingCustomCents !== null ? pricing.shippingCustomCents : rateFor(pricing.method, discounted, rules);
  const tax = taxCents(discounted, rules, pricing.destination);
  return {
    subtotalCents,
    discountCents,
    shippingCents,
    taxCents: tax,
    totalCents: discounted + shippingCents + tax,
    lineDiscountCents: allocateDiscount(lineTotals, discountCents),
  };
}

/** What a draft's status is read from: whether staff cancelled it, and its latest link's order. */
export interface DraftState {
  cancelledAt: Date | string | null;
  order: {
    status: string;
    paymentStatus: string;
    paymentDueAt: Date | string | null;
  } | null;
}

const time = (value: Date | string) => (typeof value === "string" ? Date.parse(value) : value.getTime());

/**
 * draft: never sent (or sent, then its order was cancelled by staff and the draft reopened — no order);
 * sent: its order waits for payment and the link has not run out; paid: its order was paid (whatever
 * happened to it since); expired: the link ran out (the order still waiting until the sweeper cancels it,
 * or cancelled); cancelled: staff cancelled the draft.
 */
export function draftStatus(draft: DraftState, now: Date): DraftStatus {
  const order = draft.order;
  if (order && (order.paymentStatus === "paid" || order.paymentStatus === "refunded")) return "paid";
  if (draft.cancelledAt) return "cancelled";
  if (!order) return "draft";
  if (order.status === "pending" && order.paymentStatus === "pending") {
    return order.paymentDueAt !== null && time(order.paymentDueAt) <= now.getTime() ? "expired" : "sent";
  }
  return "expired";
}

/** Whether the draft may still be edited (its lines, prices, customer): not while a link is out, nor once paid. */
export const isEditable = (status: DraftStatus) => status === "draft" || status === "expired";
/** Sending (or resending) a link: a draft, an expired one, or one whose link is out (a new expiry). */
export const canSend = (status: DraftStatus) => status === "draft" || status === "expired" || status === "sent";
export const canCancel = (status: DraftStatus) => status !== "paid" && status !== "cancelled";

/** When a link sent at `now` stops: DRAFT_ORDER_LINK_HOURS later. */
export function linkExpiry(now: Date, hours: number): Date {
  return new Date(now.getTime() + hours * 3_600_000);
}

/** 'D1001'. */
export const draftLabel = (number: number) => `D${number}`;

// ——— The editor's form ———

export const DRAFT_MESSAGES = {
  noLines: "Add at least one item.",
  reasonRequired: "Give a reason for the adjusted price.",
  discountReason: "Give a reason for the discount.",
  money: "Enter an amount like 12.50.",
  percent: "Enter a whole percent from 1 to 100.",
  quantity: "Enter a quantity from 1 to 1000.",
  unknownVariant: "This item is no longer in the catalogue. Remove it.",
  notEditable: "This draft cannot be changed now: its payment link is out, or it is paid or cancelled.",
  notSendable: "This draft's link cannot be sent: it is paid or cancelled.",
  notCancellable: "This draft is paid or cancelled already.",
  expired: "This payment link has expired. Please contact us for a new one.",
  notFound: "No such draft order.",
  stale: "This draft was changed by someone else meanwhile. Reload it and try again.",
} as const;

/** '12.50', '12', '0.5' → cents; anything else (negative, three decimals, letters) → null. */
export function parseMoney(text: string): number | null {
  const t = text.trim().replace(/^\$/, "");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(t)) return null;
  const [whole, fraction = ""] = t.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Cents as the editor's inputs show them: 1250 → '12.50'. */
export const moneyText = (cents: number) => (cents / 100).toFixed(2);

const reason = z.string().trim().max(DRAFT_REASON_MAX, `At most ${DRAFT_REASON_MAX} characters.`).default("");

export const draftLineSchema = z.object({
  variantId: z.uuid(),
  quantity: z.coerce
    .number({ error: DRAFT_MESSAGES.quantity })
    .int(DRAFT_MESSAGES.quantity)
    .min(1, DRAFT_MESSAGES.quantity)
    .max(1000, DRAFT_MESSAGES.quantity),
  /** Blank: the catalogue price. */
  unitPrice: z.string().max(20).default(""),
  reason,
});

/**
 * What the editor sends (JSON): the customer's contact and address as the checkout's fields (checked by
 * the checkout's own rules on the server), shipping, discount, note and lines.
 */
export const draftPayloadSchema = z.object({
  version: z.string().max(40).nullish(),
  address: z.record(z.string(), z.unknown()),
  shippingMethod: z.enum(SHIPPING_METHOD_KEYS),
  /** Blank: the method's rate; else a custom amount. */
  shippingCustom: z.string().max(20).default(""),
  discountKind: z.enum(["none", "fixed", "percent"]).default("none"),
  discountValue: z.string().max(20).default(""),
  discountReason: reason,
  note: z.string().trim().max(DRAFT_NOTE_MAX, `At most ${DRAFT_NOTE_MAX} characters.`).default(""),
  lines: z.array(draftLineSchema).max(100, "At most 100 items."),
});
export type DraftPayload = z.infer<typeof draftPayloadSchema>;

export interface CheckedDraftMoney {
  shippingCustomCents: number | null;
  discount: DraftDiscount;
  discountReason: string | null;
}

/** The payload's shipping and discount, in cents, or the field errors ('shippingCustom', 'discountValue', 'discountReason'). */
export function checkDraftMoney(
  payload: DraftPayload,
): { ok: true; value: CheckedDraftMoney } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  let shippingCustomCents: number | null = null;
  if (payload.shippingCustom.trim() !== "") {
    shippingCustomCents = parseMoney(payload.shippingCustom);
    if (shippingCustomCents === null) errors.shippingCustom = DRAFT_MESSAGES.money;
  }
  let discount: DraftDiscount = null;
  if (payload.discountKind === "fixed") {
    const cents = parseMoney(payload.discountValue);
    if (cents === null) errors.discountValue = DRAFT_MESSAGES.money;
    else discount = { kind: "fixed", value: cents };
  } else if (payload.discountKind === "percent") {
    const t = payload.discountValue.trim();
    const percent = /^\d{1,3}$/.test(t) ? Number(t) : NaN;
    if (!(percent >= 1 && percent <= 100)) errors.discountValue = DRAFT_MESSAGES.percent;
    else discount = { kind: "percent", value: percent };
  }
  if (payload.discountKind !== "none" && payload.discountReason === "")
    errors.discountReason = DRAFT_MESSAGES.discountReason;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: { shippingCustomCents, discount, discountReason: discount ? payload.discountReason : null },
  };
}

/**
 * A line's price: blank is the catalogue's; a typed one is the price, and needs a reason when it differs.
 * Answers the cents or the field's message.
 */
export function linePrice(
  line: { unitPrice: string; reason: string },
  catalogUnitCents: number,
):
  | { ok: true; unitPriceCents: number; reason: string | null }
  | { ok: false; field: "unitPrice" | "reason"; message: string } {
  if (line.unitPrice.trim() === "") return { ok: true, unitPriceCents: catalogUnitCents, reason: null };
  const cents = parseMoney(line.unitPrice);
  if (cents === null) return { ok: false, field: "unitPrice", message: DRAFT_MESSAGES.money };
  if (cents === catalogUnitCents) return { ok: true, unitPriceCents: cents, reason: null };
  if (line.reason.trim() === "") return { ok: false, field: "reason", message: DRAFT_MESSAGES.reasonRequired };
  return { ok: true, unitPriceCents: cents, reason: line.reason.trim() };
}
