import { percentOfCents } from "~/lib/money";

/** Pricing rules of spec §9 and decisions.md §3, in integer cents. The server's totals are the truth. */
export const TAX_PERCENT = 8;
export const FREE_SHIPPING_THRESHOLD_CENTS = 5000;

export const SHIPPING_METHODS = {
  standard: { label: "Standard Shipping", priceCents: 999, delivery: "5-7 business days" },
  express: { label: "Express Shipping", priceCents: 1999, delivery: "2-3 business days" },
  overnight: { label: "Overnight Shipping", priceCents: 2999, delivery: "1 business day" },
} as const;

export type ShippingMethod = keyof typeof SHIPPING_METHODS;

/** Standard shipping is free above $50 of subtotal; express and overnight always cost their price. */
export function shippingCents(method: ShippingMethod, subtotalCents: number): number {
  if (method === "standard" && subtotalCents > FREE_SHIPPING_THRESHOLD_CENTS) return 0;
  return SHIPPING_METHODS[method].priceCents;
}

export function taxCents(subtotalCents: number): number {
  return percentOfCents(subtotalCents, TAX_PERCENT);
}

export interface Totals {
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

export function subtotalOf(lines: ReadonlyArray<{ unitPriceCents: number; quantity: number }>): number {
  return lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
}

/** Order totals; without a shipping method (the cart panel) the total is subtotal plus tax. */
export function computeTotals(
  lines: ReadonlyArray<{ unitPriceCents: number; quantity: number }>,
  method?: ShippingMethod,
): Totals {
  const subtotal = subtotalOf(lines);
  const shipping = method ? shippingCents(method, subtotal) : 0;
  const tax = taxCents(subtotal);
  return { subtotalCents: subtotal, shippingCents: shipping, taxCents: tax, totalCents: subtotal + shipping + tax };
}

/** Cents still to spend for free standard shipping, or 0 when it is already free. */
export function amountToFreeShipping(subtotalCents: number): number {
  return subtotalCents > FREE_SHIPPING_THRESHOLD_CENTS ? 0 : FREE_SHIPPING_THRESHOLD_CENTS - subtotalCents + 1;
}
