import { formatCents } from "~/lib/money";
import { isOnSale } from "~/modules/catalog/product-rules";
import {
  shippingCents as shippingRateCents,
  taxCents,
  type Destination,
  type PricingRules,
  type ShippingMethod,
} from "~/modules/pricing/pricing";

/**
 * The discount engine (issue 28, docs/decisions/0030-discounts.md): what a cart gets off, in integer
 * cents. Pure and shared: the cart panel and the checkout's summary run it in the browser on the rules
 * the server handed them, and the server runs it again from the database when the order is placed,
 * which is the price that counts.
 *
 * The rules, in short:
 * - A discount takes its amount off its **eligible lines** (its scope, less the lines on sale when it
 *   excludes them): a percentage of their subtotal, rounded to the cent once, or a fixed amount (at
 *   most their subtotal); the amount is shared among the lines in proportion to their totals (largest
 *   remainder, so the shares add up exactly). Minimum subtotal and quantity count the eligible lines.
 * - **Combining:** at most one code. The code combines with the automatic offers marked combinable;
 *   an offer not marked combinable stands alone. Of these groups the one that saves the shopper most
 *   wins (the code's group on a tie).
 * - Within a group, a line gets the **best single discount** of the group that applies to it, never
 *   two; a discount's amount is the sum of the lines it won.
 * - Free shipping waives the chosen rate (the standard rate only, or any); the free-shipping threshold
 *   and the tax see the discounted subtotal; no total goes below zero.
 */

export type DiscountMethod = "code" | "automatic";
export type DiscountValueType = "percentage" | "fixed" | "free_shipping";

/** A discount as the engine reads it (a row of `discounts`, dates as epoch milliseconds). */
export interface DiscountRule {
  id: string;
  title: string;
  method: DiscountMethod;
  valueType: DiscountValueType;
  /** Whole percent (percentage), cents (fixed), null (free shipping). */
  value: number | null;
  shippingRates: "standard" | "any";
  appliesTo: "order" | "categories" | "products";
  categoryIds: readonly string[];
  productIds: readonly string[];
  excludeSaleItems: boolean;
  minSubtotalCents: number | null;
  minQuantity: number | null;
  firstOrderOnly: boolean;
  startsAt: number;
  endsAt: number | null;
  isEnabled: boolean;
  combinable: boolean;
  usageLimit: number | null;
  usageCount: number;
  perCustomerLimit: number | null;
}

/** A cart or order line as the engine prices it. */
export interface DiscountLine {
  productId: string;
  /** The product's category and subcategory. */
  categoryIds: readonly string[];
  unitPriceCents: number;
  /** The product's compare-at price: the line is on sale when it is above the unit price. */
  compareAtCents: number | null;
  quantity: number;
}

/** What is known of the shopper: null when it cannot be known yet (a guest's cart; checked at checkout). */
export interface ShopperFacts {
  /** Whether the account has no order yet (cancelled ones aside). */
  firstOrder: boolean | null;
  /** How many orders (not cancelled, not failed) of the account used the code's discount. */
  usesOfCode: number | null;
}

/** The code the shopper typed: its discount, or why there is none (unknown, used up…, from the server). */
export type CodeEntry =
  | { code: string; rule: DiscountRule; codeUsageLimit: number | null; codeUsageCount: number }
  | { code: string; problem: string };

export interface PriceCartInput {
  lines: readonly DiscountLine[];
  code?: CodeEntry | null;
  /** The automatic offers defined (the engine keeps those live at `now`). */
  offers: readonly DiscountRule[];
  shopper: ShopperFacts;
  pricing: PricingRules;
  /** The chosen shipping method; without one (the cart panel) no shipping is charged. */
  method?: ShippingMethod;
  destination?: Destination | null;
  now: number;
  /** The shop's time zone, for the dates in messages. */
  timeZone: string;
}

export interface AppliedDiscount {
  discountId: string;
  /** The code as typed (upper case) for a code discount, null for an automatic offer. */
  code: string | null;
  title: string;
  /** 'amount': cents off the lines; 'shipping': the shipping rate waived (`amountCents` is that rate). */
  kind: "amount" | "shipping";
  amountCents: number;
}

export interface CartPricing {
  subtotalCents: number;
  discountCents: number;
  /** Each line's share of `discountCents`, in the order of the input lines. */
  lineDiscountCents: number[];
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  applied: AppliedDiscount[];
  /** Free shipping by a discount that applies now (the hint then says so). */
  freeShipping: boolean;
  /** The typed code, and why it does not apply (null when it does). */
  code: { code: string; problem: string | null } | null;
}

export const DISCOUNT_MESSAGES = {
  invalid: "This code is not valid",
  expired: "This code has expired",
  usedUp: "This code has been used up",
  usedByYou: "You have already used this code",
  firstOrder: "This code is for a first order only",
  onSale: "This code is not valid for items on sale",
  notForItems: "This code is not valid for the items in your cart",
  betterOffer: "A better offer is already applied to your cart",
  standardOnly: "This code gives free standard shipping only",
} as const;

/** Whether a refused order's message is about its code (the code then comes off the cart). */
export function isCodeRefusal(message: string): boolean {
  const words: readonly string[] = [
    DISCOUNT_MESSAGES.invalid,
    DISCOUNT_MESSAGES.expired,
    DISCOUNT_MESSAGES.usedUp,
    DISCOUNT_MESSAGES.usedByYou,
    DISCOUNT_MESSAGES.firstOrder,
  ];
  return words.includes(message) || message.startsWith("This code starts on");
}

export function startsOnMessage(startsAt: number, timeZone: string): string {
  const day = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", timeZone }).format(startsAt);
  return `This code starts on ${day}`;
}

export function spendMoreMessage(cents: number): string {
  return `Spend ${formatCents(cents)} more to use this code`;
}

export function addItemsMessage(count: number): string {
  return `Add ${count} more ${count === 1 ? "item" : "items"} to use this code`;
}

/** Upper case, trimmed: how a typed code is compared (codes are case-insensitive). */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Whether the discount is switched on and within its dates at `now`. */
export function isLive(rule: Pick<DiscountRule, "isEnabled" | "startsAt" | "endsAt">, now: number): boolean {
  return rule.isEnabled && rule.startsAt <= now && (rule.endsAt === null || now < rule.endsAt);
}

/** Why the code's discount cannot be used whatever the cart holds, or null (checked by the server too). */
export function codeProblem(entry: CodeEntry, shopper: ShopperFacts, now: number, timeZone: string): string | null {
  if ("problem" in entry) return entry.problem;
  const { rule } = entry;
  if (!rule.isEnabled) return DISCOUNT_MESSAGES.invalid;
  if (now < rule.startsAt) return startsOnMessage(rule.startsAt, timeZone);
  if (rule.endsAt !== null && now >= rule.endsAt) return DISCOUNT_MESSAGES.expired;
  if (rule.usageLimit !== null && rule.usageCount >= rule.usageLimit) return DISCOUNT_MESSAGES.usedUp;
  if (entry.codeUsageLimit !== null && entry.codeUsageCount >= entry.codeUsageLimit) return DISCOUNT_MESSAGES.usedUp;
  if (rule.perCustomerLimit !== null && (shopper.usesOfCode ?? 0) >= rule.perCustomerLimit)
    return DISCOUNT_MESSAGES.usedByYou;
  if (rule.firstOrderOnly && shopper.firstOrder === false) return DISCOUNT_MESSAGES.firstOrder;
  return null;
}

/** Whether a line is in the discount's scope (before the sale exclusion). */
function inScope(rule: DiscountRule, line: DiscountLine): boolean {
  if (rule.appliesTo === "products") return rule.productIds.includes(line.productId);
  if (rule.appliesTo === "categories") return line.categoryIds.some((id) => rule.categoryIds.includes(id));
  return true;
}

const lineTotal = (line: DiscountLine) => line.unitPriceCents * line.quantity;
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** What one discount would take off each line on its own, or why it takes nothing (cart conditions). */
type Offer = { rule: DiscountRule; shares: number[]; freeShipping: boolean } | { rule: DiscountRule; problem: string };

function evaluate(rule: DiscountRule, lines: readonly DiscountLine[]): Offer {
  const scoped = lines.map((line) => inScope(rule, line));
  const eligible = lines.map(
    (line, i) => scoped[i] && !(rule.excludeSaleItems && isOnSale(line.unitPriceCents, line.compareAtCents)),
  );
  if (!eligible.some(Boolean)) {
    const problem = scoped.some(Boolean) ? DISCOUNT_MESSAGES.onSale : DISCOUNT_MESSAGES.notForItems;
    return { rule, problem };
  }
  const subtotal = lines.reduce((sum, line, i) => (eligible[i] ? sum + lineTotal(line) : sum), 0);
  const quantity = lines.reduce((sum, line, i) => (eligible[i] ? sum + line.quantity : sum), 0);
  if (rule.minSubtotalCents !== null && subtotal < rule.minSubtotalCents)
    return { rule, problem: spendMoreMessage(rule.minSubtotalCents - subtotal) };
  if (rule.minQuantity !== null && quantity < rule.minQuantity)
    return { rule, problem: addItemsMessage(rule.minQuantity - quantity) };
  if (rule.valueType === "free_shipping") return { rule, shares: lines.map(() => 0), freeShipping: true };
  const amount =
    rule.valueType === "percentage"
      ? Math.round((subtotal * (rule.value ?? 0)) / 100)
      : Math.min(rule.value ?? 0, subtotal);
  return {
    rule,
    shares: shareOut(
      amount,
      lines.map((line, i) => (eligible[i] ? lineTotal(line) : 0)),
    ),
    freeShipping: false,
  };
}

/**
 * `amount` shared among lines in proportion to their totals, in whole cents that add up to it exactly:
 * each gets the floor of its share, and the cents left go to the largest remainders (the earlier line
 * on a tie). No line gets more than its total.
 */
export function shareOut(amount: number, totals: readonly number[]): number[] {
  const sum = totals.reduce((a, b) => a + b, 0);
  if (amount <= 0 || sum <= 0) return totals.map(() => 0);
  const capped = Math.min(amount, sum);
  const exact = totals.map((t) => (capped * t) / sum);
  const shares = exact.map(Math.floor);
  let left = capped - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, rest: x - Math.floor(x) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left === 0) break;
    if (shares[i]! < totals[i]!) {
      shares[i]! += 1;
      left -= 1;
    }
  }
  return shares;
}

interface GroupResult {
  lineDiscountCents: number[];
  /** Per discount of the group: the cents of the lines it won. */
  won: Map<string, number>;
  freeShipping: DiscountRule | null;
}

/** The best single discount per line among the group's, and the group's free shipping if any. */
function combine(group: readonly Extract<Offer, { shares: number[] }>[], lineCount: number): GroupResult {
  const lineDiscountCents = new Array<number>(lineCount).fill(0);
  const winner = new Array<string | null>(lineCount).fill(null);
  for (const offer of group) {
    offer.shares.forEach((share, i) => {
      if (share > lineDiscountCents[i]!) {
        lineDiscountCents[i] = share;
        winner[i] = offer.rule.id;
      }
    });
  }
  const won = new Map<string, number>();
  winner.forEach((id, i) => id && won.set(id, (won.get(id) ?? 0) + lineDiscountCents[i]!));
  const freeShipping =
    group.find((o) => o.freeShipping && o.rule.shippingRates === "any")?.rule ??
    group.find((o) => o.freeShipping)?.rule ??
    null;
  return { lineDiscountCents, won, freeShipping };
}

/** Whether a free-shipping discount waives this method's rate ('standard' when none is chosen yet). */
function waives(rule: DiscountRule | null, method: ShippingMethod | undefined): boolean {
  return rule !== null && (rule.shippingRates === "any" || (method ?? "standard") === "standard");
}

/** Prices a cart: the discounts that apply and why a typed code does not, the totals after them. */
export function priceCart(input: PriceCartInput): CartPricing {
  const { lines, pricing, method, destination, now } = input;
  const subtotalCents = lines.reduce((sum, line) => sum + lineTotal(line), 0);

  let codeOffer: Offer | null = null;
  let codeText: string | null = null;
  let codeIssue: string | null = null;
  if (input.code) {
    codeText = normalizeCode(input.code.code);
    codeIssue = codeProblem(input.code, input.shopper, now, input.timeZone);
    if (!codeIssue && "rule" in input.code) {
      codeOffer = evaluate(input.code.rule, lines);
      if ("problem" in codeOffer) {
        codeIssue = codeOffer.problem;
        codeOffer = null;
      }
    }
  }
  const live = input.offers.filter(
    (rule) =>
      rule.method === "automatic" &&
      isLive(rule, now) &&
      !(rule.usageLimit !== null && rule.usageCount >= rule.usageLimit) &&
      !(rule.firstOrderOnly && input.shopper.firstOrder !== true),
  );
  const qualifying = live.map((rule) => evaluate(rule, lines)).filter((o) => "shares" in o);
  const combinable = qualifying.filter((o) => o.rule.combinable);
  const groups: { offers: typeof qualifying; hasCode: boolean }[] = [
    { offers: codeOffer && "shares" in codeOffer ? [codeOffer, ...combinable] : combinable, hasCode: !!codeOffer },
    ...qualifying.filter((o) => !o.rule.combinable).map((o) => ({ offers: [o], hasCode: false })),
  ];

  // A free shipping's worth is the rate it waives after the group's discounts (the standard rate
  // before a method is chosen; nothing when the threshold already makes it free).
  const waived = (result: GroupResult) =>
    waives(result.freeShipping, method)
      ? shippingRateCents(method ?? "standard", subtotalCents - sum(result.lineDiscountCents), pricing)
      : 0;
  let best: { result: GroupResult; hasCode: boolean; saving: number } | null = null;
  for (const group of groups) {
    const result = combine(group.offers, lines.length);
    const saving = sum(result.lineDiscountCents) + waived(result);
    if (!best || saving > best.saving || (saving === best.saving && group.hasCode && !best.hasCode))
      best = { result, hasCode: group.hasCode, saving };
  }
  const chosen = best!.result;
  if (codeOffer && "shares" in codeOffer) {
    const codeWins =
      (chosen.won.get(codeOffer.rule.id) ?? 0) > 0 ||
      (chosen.freeShipping?.id === codeOffer.rule.id && waives(chosen.freeShipping, method));
    if (!best!.hasCode || !codeWins) {
      codeIssue =
        codeOffer.freeShipping && !waives(codeOffer.rule, method)
          ? DISCOUNT_MESSAGES.standardOnly
          : DISCOUNT_MESSAGES.betterOffer;
    }
  }

  const discountCents = sum(chosen.lineDiscountCents);
  const discounted = subtotalCents - discountCents;
  const freeShipping = waives(chosen.freeShipping, method);
  const charged = method ? shippingRateCents(method, discounted, pricing) : 0;
  const shipping = freeShipping ? 0 : charged;
  const tax = taxCents(discounted, pricing, destination);

  const codeRuleId = codeOffer && "shares" in codeOffer && best!.hasCode ? codeOffer.rule.id : null;
  const applied: AppliedDiscount[] = [];
  const codeOf = (rule: DiscountRule) => (rule.id === codeRuleId ? codeText : null);
  const ordered = [...chosen.won.keys()].sort((a, b) => (a === codeRuleId ? -1 : b === codeRuleId ? 1 : 0));
  for (const id of ordered) {
    const rule = findRule(id, codeOffer, qualifying);
    if (rule)
      applied.push({
        discountId: id,
        code: codeOf(rule),
        title: rule.title,
        kind: "amount",
        amountCents: chosen.won.get(id)!,
      });
  }
  if (freeShipping && chosen.freeShipping) {
    applied.push({
      discountId: chosen.freeShipping.id,
      code: codeOf(chosen.freeShipping),
      title: chosen.freeShipping.title,
      kind: "shipping",
      amountCents: charged,
    });
  }
  return {
    subtotalCents,
    discountCents,
    lineDiscountCents: chosen.lineDiscountCents,
    shippingCents: shipping,
    taxCents: tax,
    totalCents: Math.max(0, discounted + shipping + tax),
    applied,
    freeShipping,
    code: codeText === null ? null : { code: codeText, problem: codeIssue },
  };
}

function findRule(id: string, codeOffer: Offer | null, offers: readonly Offer[]): DiscountRule | null {
  if (codeOffer?.rule.id === id) return codeOffer.rule;
  return offers.find((o) => o.rule.id === id)?.rule ?? null;
}

/** How a discount reads as a summary's line: 'SUMMER20 — −$12.00', 'Weekend sale — Free shipping'. */
export function appliedLabel(applied: Pick<AppliedDiscount, "code" | "title">): string {
  return applied.code ?? applied.title;
}
