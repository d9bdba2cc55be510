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
import { readCode, readShopper } from "./discount-reads.server";

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
    userId: string;
    lines: readonly DiscountLine[];
    pricing: PricingRules;
    method: ShippingMethod;
    destination: Destination;
    now: number;
  },
): Promise<PricedOrderDiscounts> {
  const typed = request.code?.trim() ? request.code : null;
  const offers = request.offers;
  const read = typed ? await readCode(tx, typed) : null;
  const discountId = read && "rule" in read.entry ? read.entry.rule.id : null;
  const needsShopper = read !== null || offers.some((o) => o.firstOrderOnly);
  const shopper: ShopperFacts = needsShopper
    ? await readShopper(tx, order.userId, discountId)
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
  const rules = [...offers, ...(read && "rule" in read.entry ? [read.entry.rule] : [])];
  return {
    pricing,
    limited: new Set(rules.filter((r) => r.usageLimit !== null).map((r) => r.id)),
    codeId: codeApplied ? (read?.codeId ?? null) : null,
    codeUsageLimit: read?.codeUsageLimit ?? null,
  };
}

/**
 * Records what the order was discounted and counts the uses of the discounts that have a limit, in one
 * statement, after the order is written: their rows are locked only for the moment before the commit. A discount
 * that ran out meanwhile (or was switched off, or ended) refuses the order: a code with 'This code has
 * been used up', an automatic offer by asking the shopper to review the new prices.
 */
export async function recordOrderDiscounts(
  tx: Tx,
  order: { id: string; userId: string },
  priced: PricedOrderDiscounts,
  pricesChangedMessage: string,
): Promise<void> {
  const applied = priced.pricing.applied;
  if (applied.length === 0) return;
  const ids = [...new Set(applied.map((a) => a.discountId))];
  const limited = ids.filter((id) => priced.limited.has(id));
  // The code's own count only when each code has a limit (single-use codes): else nothing to race for.
  const codeId = priced.codeUsageLimit !== null ? priced.codeId : null;
  const rows = applied.map((a) => ({
    discount_id: a.discountId,
    code_id: a.code !== null ? priced.codeId : null,
    code: a.code,
    title: a.title,
    kind: a.kind,
    amount: a.amountCents,
  }));
  const [counted] = await queryRows<{ used: string[]; code_used: number }>(
    tx,
    sql`with counted as (
          update discounts set usage_count = usage_count + 1
          where id = any(${sql.param(limited)}::uuid[]) and is_enabled and starts_at <= now()
            and (ends_at is null or ends_at > now()) and usage_limit is not null and usage_count < usage_limit
          returning id
        ), live as (
          select id from discounts
          where id = any(${sql.param(ids.filter((id) => !priced.limited.has(id)))}::uuid[]) and is_enabled
            and starts_at <= now() and (ends_at is null or ends_at > now()) and usage_limit is null
        ), used as (
          select id from counted union all select id from live
        ), code_used as (
          update discount_codes set usage_count = usage_count + 1
          where id = ${codeId}::uuid and usage_count < ${priced.codeUsageLimit}::int
          returning id
        ), recorded as (
          insert into order_discounts (order_id, discount_id, code_id, user_id, code, title, kind, amount_cents)
          select ${order.id}::uuid, r.discount_id, r.code_id, ${order.userId}, r.code, r.title, r.kind, r.amount
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            as r(discount_id uuid, code_id uuid, code text, title text, kind text, amount int)
        )
        select array(select id::text from used) as used, (select count(*)::int from code_used) as code_used`,
  );
  const used = new Set(counted!.used);
  if (used.size === ids.length && (codeId === null || Number(counted!.code_used) === 1)) return;
  // Which one ran out: the code (its discount, or the code itself) says so in its words; an offer that
  // ran out or ended changes the prices the shopper saw.
  const codeDiscount = applied.find((a) => a.code !== null)?.discountId;
  const codeRanOut =
    (codeDiscount !== undefined && !used.has(codeDiscount)) || (codeId !== null && Number(counted!.code_used) === 0);
  throw codeRanOut
    ? new DomainError("conflict", DISCOUNT_MESSAGES.usedUp, { reason: "DISCOUNT_USED_UP" })
    : new DomainError("conflict", pricesChangedMessage, { reason: "PRICES_CHANGED" });
}
