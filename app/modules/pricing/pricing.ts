import { percentOfCents } from "~/lib/money";
import { DEFAULT_SHIPPING_SETTINGS } from "~/modules/settings/small-settings-defaults";
import type { ShippingSettings } from "~/modules/settings/settings-schema";

/**
 * Pricing rules in integer cents (spec §9, decisions.md §3 and §6): the owner's shipping and tax
 * settings decide the rates, the free-shipping threshold and the tax of each destination; the spec's
 * values are their defaults. Pure, shared with the browser (the cart's hints, checkout's summary), but
 * the server's totals, computed with the settings of the moment the order is placed, are the truth, and
 * an order keeps the amounts it was charged.
 */

/** The methods' names and delivery times (spec §9); their prices are the owner's (`PricingRules.rates`). */
export const SHIPPING_METHODS = {
  standard: { label: "Standard Shipping", delivery: "5-7 business days" },
  express: { label: "Express Shipping", delivery: "2-3 business days" },
  overnight: { label: "Overnight Shipping", delivery: "1 business day" },
} as const;

export type ShippingMethod = keyof typeof SHIPPING_METHODS;
export const SHIPPING_METHOD_KEYS = Object.keys(SHIPPING_METHODS) as [ShippingMethod, ...ShippingMethod[]];

/** What prices an order: the shipping and tax settings (`ShopFace.shipping` in the browser carries them too). */
export type PricingRules = Pick<
  ShippingSettings,
  "rates" | "freeShippingOverCents" | "taxPercent" | "countryTax" | "usStateTax"
>;

/** The spec's rules: $9.99 / $19.99 / $29.99, standard free above $50, 8% tax everywhere. */
export const DEFAULT_PRICING_RULES: PricingRules = DEFAULT_SHIPPING_SETTINGS;

/** Where an order goes, as far as tax is concerned: the shipping address's country code and state. */
export interface Destination {
  country?: string | null;
  state?: string | null;
}

/** Standard shipping is free above the threshold (never when there is none); express and overnight cost their rate. */
export function shippingCents(method: ShippingMethod, subtotalCents: number, rules: PricingRules): number {
  const threshold = rules.freeShippingOverCents;
  if (method === "standard" && threshold !== null && subtotalCents > threshold) return 0;
  return rules.rates[method];
}

/**
 * The tax rate of a destination, in percent: the US state's rate when the country is the United States
 * and the state has one, else the country's, else the shop's default rate. Without a destination (the
 * cart panel), the default rate.
 */
export function taxPercentFor(rules: PricingRules, destination?: Destination | null): number {
  const country = destination?.country?.trim();
  if (!country) return rules.taxPercent;
  if (country === "US") {
    const state = usStateCode(destination?.state);
    const stateRate = state ? rules.usStateTax[state] : undefined;
    if (stateRate !== undefined) return stateRate;
  }
  const countryRate = (rules.countryTax as Partial<Record<string, number>>)[country];
  return countryRate ?? rules.taxPercent;
}

export function taxCents(subtotalCents: number, rules: PricingRules, destination?: Destination | null): number {
  return percentOfCents(subtotalCents, taxPercentFor(rules, destination));
}

/** A rate as the summary's label shows it: 8 → '8%', 8.875 → '8.875%'. */
export function percentText(percent: number): string {
  return `${Number(percent.toFixed(3))}%`;
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

/**
 * Order totals under the rules, taxed at the destination's rate; without a shipping method (the cart
 * panel) the total is subtotal plus tax.
 */
export function computeTotals(
  lines: ReadonlyArray<{ unitPriceCents: number; quantity: number }>,
  rules: PricingRules,
  options: { method?: ShippingMethod; destination?: Destination | null } = {},
): Totals {
  const subtotal = subtotalOf(lines);
  const shipping = options.method ? shippingCents(options.method, subtotal, rules) : 0;
  const tax = taxCents(subtotal, rules, options.destination);
  return { subtotalCents: subtotal, shippingCents: shipping, taxCents: tax, totalCents: subtotal + shipping + tax };
}

/**
 * Cents still to spend for free standard shipping: 0 when it is already free, null when the shop has
 * no free shipping (no hint then).
 */
export function amountToFreeShipping(subtotalCents: number, rules: PricingRules): number | null {
  const threshold = rules.freeShippingOverCents;
  if (threshold === null) return null;
  return subtotalCents > threshold ? 0 : threshold - subtotalCents + 1;
}

// prettier-ignore
const US_STATES: Record<string, string> = {
  alabama: "AL", alaska: "AK", arizona: "AZ", arkansas: "AR", california: "CA", colorado: "CO",
  connecticut: "CT", delaware: "DE", "district of columbia": "DC", florida: "FL", georgia: "GA",
  hawaii: "HI", idaho: "ID", illinois: "IL", indiana: "IN", iowa: "IA", kansas: "KS", kentucky: "KY",
  louisiana: "LA", maine: "ME", maryland: "MD", massachusetts: "MA", michigan: "MI", minnesota: "MN",
  mississippi: "MS", missouri: "MO", montana: "MT", nebraska: "NE", nevada: "NV", "new hampshire": "NH",
  "new jersey": "NJ", "new mexico": "NM", "new york": "NY", "north carolina": "NC", "north dakota": "ND",
  ohio: "OH", oklahoma: "OK", oregon: "OR", pennsylvania: "PA", "rhode island": "RI",
  "south carolina": "SC", "south dakota": "SD", tennessee: "TN", texas: "TX", utah: "UT", vermont: "VT",
  virginia: "VA", washington: "WA", "west virginia": "WV", wisconsin: "WI", wyoming: "WY",
  "puerto rico": "PR",
};

/**
 * The two-letter code of a US state as a shopper types it in the address's free 'State / Province'
 * field: 'NY', 'ny', 'N.Y.', 'New York' → 'NY'; null when it is neither a code nor a state's name.
 */
export function usStateCode(value: string | null | undefined): string | null {
  if (!value) return null;
  const text = value.trim().replace(/\./g, "").replace(/\s+/g, " ");
  if (/^[A-Za-z]{2}$/.test(text)) return text.toUpperCase();
  return US_STATES[text.toLowerCase()] ?? null;
}
