import { sql } from "drizzle-orm";
import { queryRows, type Db, type Tx } from "~/lib/db/client.server";
import type { EventBus } from "~/lib/events.server";
import type { ReadCache } from "~/lib/read-cache.server";
import {
  codeProblem,
  DISCOUNT_MESSAGES,
  normalizeCode,
  type CodeEntry,
  type DiscountRule,
  type ShopperFacts,
} from "./discount-engine";
import type { DiscountContext } from "./cart-discounts";

/**
 * What the engine needs from the database: the automatic offers (cached, emptied by `catalog.changed`,
 * which every discount write announces), a typed code's discount, and what is known of the shopper.
 * Checkout reads the same through the order's transaction (`tx`), after its account is locked.
 */

type Conn = Db | Tx;

/** A `discounts` row as SQL gives it (snake case), read into the engine's rule. */
interface DiscountRow {
  id: string;
  title: string;
  method: DiscountRule["method"];
  value_type: DiscountRule["valueType"];
  value: number | null;
  shipping_rates: DiscountRule["shippingRates"];
  applies_to: DiscountRule["appliesTo"];
  category_ids: string[];
  product_ids: string[];
  exclude_sale_items: boolean;
  min_subtotal_cents: number | null;
  min_quantity: number | null;
  first_order_only: boolean;
  starts_at: string | Date;
  ends_at: string | Date | null;
  is_enabled: boolean;
  combinable: boolean;
  usage_limit: number | null;
  usage_count: number;
  per_customer_limit: number | null;
}

const RULE_COLUMNS = sql.raw(
  `d.id, d.title, d.method, d.value_type, d.value, d.shipping_rates, d.applies_to, d.category_ids, d.product_ids,
   d.exclude_sale_items, d.min_subtotal_cents, d.min_quantity, d.first_order_only, d.starts_at, d.ends_at,
   d.is_enabled, d.combinable, d.usage_limit, d.usage_count, d.per_customer_limit`,
);

const ms = (value: string | Date) => new Date(value).getTime();

export function ruleOf(row: DiscountRow): DiscountRule {
  return {
    id: row.id,
    title: row.title,
    method: row.method,
    valueType: row.value_type,
    value: row.value === null ? null : Number(row.value),
    shippingRates: row.shipping_rates,
    appliesTo: row.applies_to,
    categoryIds: row.category_ids ?? [],
    productIds: row.product_ids ?? [],
    excludeSaleItems: row.exclude_sale_items,
    minSubtotalCents: row.min_subtotal_cents === null ? null : Number(row.min_subtotal_cents),
    minQuantity: row.min_quantity === null ? null : Number(row.min_quantity),
    firstOrderOnly: row.first_order_only,
    startsAt: ms(row.starts_at),
    endsAt: row.ends_at === null ? null : ms(row.ends_at),
    isEnabled: row.is_enabled,
    combinable: row.combinable,
    usageLimit: row.usage_limit === null ? null : Number(row.usage_limit),
    usageCount: Number(row.usage_count),
    perCustomerLimit: row.per_customer_limit === null ? null : Number(row.per_customer_limit),
  };
}

/** The automatic offers switched on that have not ended (those not started yet wait in the engine for their time). */
export async function readOffers(db: Conn): Promise<DiscountRule[]> {
  const rows = await queryRows<DiscountRow>(
    db,
    sql`select ${RULE_COLUMNS} from discounts d
        where d.method = 'automatic' and d.is_enabled and (d.ends_at is null or d.ends_at > now())
        order by d.created_at, d.id`,
  );
  return rows.map(ruleOf);
}

export interface CodeRead {
  entry: CodeEntry;
  codeId: string | null;
  codeUsageLimit: number | null;
}

/** A code's row as `codeColumn` gives it: its discount's columns and the code's own. */
export type CodeRow = DiscountRow & { code_id: string; code_usage_count: number; code_usage_limit: number | null };

/**
 * A typed code's row as one JSON column, null when no code discount has it: placing an order reads it
 * with the order's products, in the statement that locks the account (no statement of its own).
 */
export function codeColumn(typed: string) {
  return sql<CodeRow | null>`(select row_to_json(found) from (
      select ${RULE_COLUMNS}, c.id as code_id, c.usage_count as code_usage_count, d.code_usage_limit
      from discount_codes c join discounts d on d.id = c.discount_id
      where upper(c.code) = ${normalizeCode(typed)} and d.method = 'code') as found)`;
}

/** A typed code read: its discount and its code's own use, or 'This code is not valid' (unknown, or an offer's). */
export function codeReadOf(typed: string, row: CodeRow | null | undefined): CodeRead {
  const code = normalizeCode(typed);
  if (!row || code === "")
    return { entry: { code, problem: DISCOUNT_MESSAGES.invalid }, codeId: null, codeUsageLimit: null };
  const limit = row.code_usage_limit === null ? null : Number(row.code_usage_limit);
  return {
    entry: { code, rule: ruleOf(row), codeUsageLimit: limit, codeUsageCount: Number(row.code_usage_count) },
    codeId: row.code_id,
    codeUsageLimit: limit,
  };
}

export async function readCode(db: Conn, typed: string): Promise<CodeRead> {
  if (normalizeCode(typed) === "") return codeReadOf(typed, null);
  const [row] = await queryRows<{ code: CodeRow | null }>(db, sql`select ${codeColumn(typed)} as code`);
  return codeReadOf(typed, row?.code);
}

/**
 * What is known of a signed-in shopper: whether the account has an order (not cancelled, its payment
 * not failed), and how many of its orders use the discount now. One statement.
 */
export async function readShopper(
  db: Conn,
  who: string | { userId: string } | { guestEmail: string },
  discountId: string | null,
): Promise<ShopperFacts> {
  const holder = typeof who === "string" ? { userId: who } : who;
  if ("guestEmail" in holder) return readGuestShopper(db, holder.guestEmail, discountId);
  const userId = holder.userId;
  const [row] = await queryRows<{ ordered: boolean; uses: number }>(
    db,
    sql`select ${hasOrdered(userId)} as ordered,
          (select count(*)::int from order_discounts where user_id = ${userId} and released_at is null
             and discount_id = ${discountId}::uuid) as uses`,
  );
  return { firstOrder: !row!.ordered, usesOfCode: Number(row!.uses) };
}

/**
 * A guest (GUEST_CHECKOUT, issue 31) is known by its e-mail, which proves nothing: anyone can type a new
 * one. So a guest's order is never known to be a first order (a first-order discount is for accounts, and
 * the cart's summary prices a guest the same way), while an e-mail with orders is known not to be one, and
 * every use of the discount by an order to that e-mail counts against a per-customer limit.
 */
async function readGuestShopper(db: Conn, email: string, discountId: string | null): Promise<ShopperFacts> {
  const [row] = await queryRows<{ ordered: boolean; uses: number }>(
    db,
    sql`select exists (select 1 from orders where lower(customer_email) = ${email} and status <> 'cancelled'
             and payment_status <> 'failed') as ordered,
          (select count(*)::int from order_discounts d join orders o on o.id = d.order_id
             where lower(o.customer_email) = ${email} and d.released_at is null and d.discount_id = ${discountId}::uuid) as uses`,
  );
  return { firstOrder: row!.ordered ? false : null, usesOfCode: Number(row!.uses) };
}

const hasOrdered = (userId: string) =>
  sql`exists (select 1 from orders where user_id = ${userId} and status <> 'cancelled' and payment_status <> 'failed')`;

/**
 * The rules a cart is priced with in the browser: the live offers, and the typed code's discount with
 * the problems only the server can see (unknown, used up, used by this account, not a first order)
 * already turned into its message. Limits and counts are not handed out.
 */
export async function discountContext(
  db: Db,
  offers: () => Promise<DiscountRule[]>,
  input: { code?: string | null; userId?: string | null; now: number; timeZone: string },
): Promise<DiscountContext> {
  const typed = input.code?.trim() ? input.code : null;
  const [live, read] = await Promise.all([offers(), typed ? readCode(db, typed) : Promise.resolve(null)]);
  const discountId = read && "rule" in read.entry ? read.entry.rule.id : null;
  const shopper: ShopperFacts = input.userId
    ? await readShopper(db, input.userId, discountId)
    : { firstOrder: null, usesOfCode: null };
  let code: CodeEntry | null = null;
  if (read) {
    const problem = codeProblem(read.entry, shopper, input.now, input.timeZone);
    code = problem
      ? { code: read.entry.code, problem }
      : "rule" in read.entry
        ? { ...read.entry, rule: publicRule(read.entry.rule), codeUsageLimit: null, codeUsageCount: 0 }
        : read.entry;
  }
  return {
    offers: live.filter((o) => o.usageLimit === null || o.usageCount < o.usageLimit).map(publicRule),
    code,
    shopper,
  };
}

/** A rule without its counts and limits (checked by the server, not the browser's business). */
function publicRule(rule: DiscountRule): DiscountRule {
  return { ...rule, usageLimit: null, usageCount: 0, perCustomerLimit: null };
}

/** The automatic offers, read once per `ttl` at most and again as soon as a discount changes anywhere. */
export function createOfferReads(db: Db, events: EventBus, cache: ReadCache): () => Promise<DiscountRule[]> {
  events.on("catalog.changed", () => cache.clear());
  return () => cache.get("offers", () => readOffers(db));
}
