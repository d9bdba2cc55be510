import { sql } from "drizzle-orm";
import { queryRows, type Tx } from "~/lib/db/client.server";
import { DomainError } from "~/lib/domain-error";
import type { Destination, PricingRules, ShippingMethod } from "~/modules/pricing/pricing";
import {
  codeProblem,
  DISCOUNT_MESSAGES,
  priceCart,
  type CartPricing,
  type DiscountLine,
  type DiscountRule,
  type ShopperFacts,
} from "./discount-engine";
import { codeReadOf, readShopper, type CodeRow } from "./discount-reads.server";

/**
 * Discounts at the moment an order is placed, inside its transaction (issue 28): the engine run again
 * on the database's rules, whatever the browser said; then, once the order is written, each discount's
 * use counted with a conditional update, so that a code limited to 10 uses gives exactly 10 orders
 * however many checkouts race for it (the row's lock queues them, and each re-reads the count).
 */

export interface OrderDiscountRequest {
  /** The code the shopper applied, if any. */
  code?: string | null;
  /**
   * The automatic offers (`services().offers()`, read from the database and emptied on every change),
   * read before the order's transaction: on the embedded database a read outside it would wait for it.
   */
  offers: readonly DiscountRule[];
  /** The shop's time zone (for the dates in messages). */
  timeZone: string;
}

export interface PricedOrderDiscounts {
  pricing: CartPricing;
  /**
   * The discounts applied that have a usage limit: only their counts are kept (and raced for). A
   * discount without a limit is not counted here — its uses are its `order_discounts` rows — so that
   * every checkout of a popular code does not queue on one row.
   */
  limited: ReadonlySet<string>;
  /** The code's row, when its discount applied: its own use is counted too. */
  codeId: string | null;
  codeUsageLimit: number | null;
}

/**
 * Prices the order's lines with its discounts. The account's row is locked already (its checkouts
 * queue), so what it used before is read after those committed. A code that cannot be used for a
 * reason the cart does not decide (unknown, ended, used up, used by this account, not a first order)
 * refuses the order with its message: the shopper removes it and places the order without it.
 */
export async function priceOrderDiscounts(
  tx: Tx,
  request: OrderDiscountRequest,
  order: {
    /** The account, or a guest's lower-cased e-mail (GUEST_CHECKOUT): whose first order, whose uses of a code. */
    holder: { userId: string } | { guestEmail: string };
    lines: readonly DiscountLine[];
    pricing: PricingRules;
    method: ShippingMethod;
    destination: Destination;
    now: number;
    /** The code's row, read with the order's products (`codeColumn`). */
    codeRow: CodeRow | null;
  },
): Promise<PricedOrderDiscounts> {
  const typed = request.code?.trim() ? request.code : null;
  const offers = request.offers;
  const read = typed ? codeReadOf(typed, order.codeRow) : null;
  const rule = read && "rule" in read.entry ? read.entry.rule : null;
  // What the account did before matters only to a per-customer limit or a first order (one statement then).
  const needsShopper =
    rule?.perCustomerLimit != null || rule?.firstOrderOnly === true || offers.some((o) => o.firstOrderOnly);
  const shopper: ShopperFacts = needsShopper
    ? await readShopper(tx, order.holder, rule?.id ?? null)
    : { firstOrder: null, usesOfCode: null };
  if (read) {
    const problem = codeProblem(read.entry, shopper, order.now, request.timeZone);
    if (problem) throw new DomainError("conflict", problem, { reason: "DISCOUNT_CODE" });
  }
  const pricing = priceCart({
    lines: order.lines,
    code: read?.entry ?? null,
    offers,
    shopper,
    pricing: order.pricing,
    method: order.method,
    destination: order.destination,
    now: order.now,
    timeZone: request.timeZone,
  });
  const codeApplied = pricing.applied.some((a) => a.code !== null);
  const rules = [...offers, ...(rule ? [rule] : [])];
  return {
    pricing,
    limited: new Set(rules.filter((r) => r.usageLimit !== null).map((r) => r.id)),
    codeId: codeApplied ? (read?.codeId ?? null) : null,
    codeUsageLimit: read?.codeUsageLimit ?? null,
  };
}

/**
 * The order's `order_discounts` rows, as the order's own insert writes them (one statement with the
 * order and its lines): what applied and why, as it was.
 */
export function orderDiscountRows(priced: PricedOrderDiscounts) {
  return priced.pricing.applied.map((a) => ({
    discount_id: a.discountId,
    code_id: a.code !== null ? priced.codeId : null,
    code: a.code,
    title: a.title,
    kind: a.kind,
    amount: a.amountCents,
  }));
}

/**
 * Counts the uses of the order's discounts that have a limit (and of its code when codes have their
 * own), in one statement, after the order is written: their rows are locked only for the moment before
 * the commit, and a racing checkout re-reads the count once it has the lock. A discount that ran out
 * meanwhile (or was switched off, or ended) refuses the order: a code with 'This code has been used up',
 * an automatic offer by asking the shopper to review the new prices. Nothing to do (no statement) for
 * discounts without a limit.
 */
export async function countLimitedUses(
  tx: Tx,
  priced: PricedOrderDiscounts,
  pricesChangedMessage: string,
): Promise<void> {
  const applied = priced.pricing.applied;
  const limited = [...new Set(applied.map((a) => a.discountId))].filter((id) => priced.limited.has(id));
  // The code's own count only when each code has a limit (single-use codes).
  const codeId = priced.codeUsageLimit !== null ? priced.codeId : null;
  if (limited.length === 0 && codeId === null) return;
  const [counted] = await queryRows<{ used: string[]; code_used: number }>(
    tx,
    sql`with counted as (
          update discounts set usage_count = usage_count + 1
          where id = any(${sql.param(limited)}::uuid[]) and is_enabled and starts_at <= now()
            and (ends_at is null or ends_at > now()) and usage_limit is not null and usage_count < usage_limit
          returning id
        ), code_used as (
          update discount_codes set usage_count = usage_count + 1
          where id = ${codeId}::uuid and usage_count < ${priced.codeUsageLimit}::int
          returning id
        )
        select array(select id::text from counted) as used, (select count(*)::int from code_used) as code_used`,
  );
  const used = new Set(counted!.used);
  const codeCounted = codeId === null || Number(counted!.code_used) === 1;
  if (used.size === limited.length && codeCounted) return;
  // Which one ran out: the code (its discount, or the code itself) says so in its words.
  const codeDiscount = applied.find((a) => a.code !== null)?.discountId;
  const codeRanOut =
    !codeCounted || (codeDiscount !== undefined && limited.includes(codeDiscount) && !used.has(codeDiscount));
  throw codeRanOut
    ? new DomainError("conflict", DISCOUNT_MESSAGES.usedUp, { reason: "DISCOUNT_USED_UP" })
    : new DomainError("conflict", pricesChangedMessage, { reason: "PRICES_CHANGED" });
}
