import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "~/lib/db/client.server";
import type { EventBus } from "~/lib/events.server";
import { ReadCache } from "~/lib/read-cache.server";
import { addDays, presetRange, type AnalyticsRange } from "./analytics-range";
import { averageOrderCents, rankDiscounts, type DiscountFigures } from "./discount-analytics";

/**
 * The analytics by discount (issue 28): over a range of days, the sales with a discount — their
 * orders and revenue per day, for the revenue chart's split — and each discount code and automatic
 * offer's orders, revenue, average order and the discount it gave.
 *
 * - A **sale** is what the rest of the page counts (sales-analytics.server.ts): not a test order, not
 *   cancelled, paid; its day is the UTC day of `created_at`, the range's days both included.
 * - A sale **with a discount** is one with an unreleased `order_discounts` row (migration 0019): cents
 *   off its lines (`kind` 'amount') or its shipping waived ('shipping'). A sale's rows are never
 *   released (the release is its cancellation or failed payment), so this is every discount it was
 *   placed with; free shipping alone counts, though it leaves `orders.discount_cents` at 0.
 * - Revenue is the orders' `total_cents`, as everywhere on the page. A row of the table is one code
 *   (grouped by discount and code: a batch of single-use codes is one row per code used) or one offer
 *   (by discount; by its title once the discount was deleted); an order with a code and an offer counts
 *   under both, so the rows' orders may add up to more than the discounted sales. 'Discount given' is
 *   the rows' `amount_cents`. Every figure is a sum of integer cents; averages are rounded half up.
 *
 * **How it is read, and why so.** The roll-up that answers the rest of the page has no discounts (and
 * no migration is added for this), so this reads the orders: a bounded read of the range's discounted
 * sales, in one statement. The sales with cents off come from the partial index
 * `orders_discounted_created_idx` (created_at where discount_cents > 0: only the range's discounted
 * orders are visited, never the range's other orders); the sales with free shipping alone (discount_cents
 * 0) from their `order_discounts` rows — the unreleased 'shipping' rows and any row of 0 cents, a small
 * part of the table, each order then found by its key. The two sets do not meet (discount_cents > 0 or
 * = 0). The checkout writes an order's 'amount' rows and their sum in `discount_cents` in one
 * transaction, so every sale with cents off has its rows: the first set is not checked against them
 * again (a semi-join over every row of `order_discounts`: see the figures below).
 * Then the chosen sales' rows are joined once for the table. The planner picks, for the free-shipping
 * part, between finding those orders by key and reading the range's paid orders (orders_payment_created_idx),
 * so that part too is bounded by the range; what is not bounded is the pass over `order_discounts`
 * (narrow rows: ~36,000 a year on the bench) that finds them and, for the table, the rows of the chosen
 * sales — a few ms on PostgreSQL, the floor of a short range on PGlite.
 * Measured (scripts/bench-analytics.ts: 100,000 orders over a year, ~30 % discounted, 2 busy cores):
 * on PGlite the year p50 ~120 ms / p95 ~135 ms, 30 days ~55 / ~75 ms, 7 days ~30 / ~40 ms, beside the
 * roll-up's ~58 ms for the rest of the page (so the page's year ~175 / ~195 ms); on PostgreSQL the year
 * ~70 / ~80 ms, 30 days ~25 / ~30 ms. The definition read word for word — every sale of the range
 * checked for a row — took ~1.45× as long over the year and ~1.25× over 30 days (a little less over 7
 * days), and checking the chosen sales against their rows again ~2.5× (same data, same machine). A
 * roll-up of the discounts per day, kept by triggers like the sales', would bring the year back to the
 * roll-up's speed; it needs a migration.
 */

export interface DiscountAnalytics {
  range: { from: string; to: string };
  /** The range's sales with a discount; `discountCents`: every discount they were given. */
  summary: { orders: number; revenueCents: number; averageOrderCents: number; discountCents: number };
  /** The days of the range that had a sale with a discount, in order. */
  days: Array<{ day: string; orders: number; revenueCents: number }>;
  /** Every code and offer used by the range's sales, most revenue first (discount-analytics.ts). */
  byDiscount: DiscountFigures[];
}

/** Counts and sums come back as bigint (a string on node-postgres). */
type Num = number | string | bigint | null;
const n = (value: Num | undefined) => Number(value ?? 0);

interface Row {
  kind: "day" | "discount";
  /** A day (YYYY-MM-DD), or a discount's id ('' once deleted). */
  key: string | null;
  code: string | null;
  title: string | null;
  orders: Num;
  revenue: Num;
  given: Num;
}

/** The range as instants: from `from` 00:00Z, up to (not including) the day after `to`, 00:00Z. */
function bounds(range: AnalyticsRange) {
  return { start: `${range.from}T00:00:00Z`, end: `${addDays(range.to, 1)}T00:00:00Z` };
}

function statement(range: AnalyticsRange): SQL {
  const { start, end } = bounds(range);
  const sale = sql`o.created_at >= ${start}::timestamptz and o.created_at < ${end}::timestamptz
     and not o.is_test and o.status <> 'cancelled' and o.payment_status = 'paid'`;
  return sql`
    with discounted as materialized (
      select o.id, o.total_cents, (o.created_at at time zone 'UTC')::date as day
        from orders o
       where o.discount_cents > 0 and ${sale}
      union all
      select o.id, o.total_cents, (o.created_at at time zone 'UTC')::date
        from orders o
       where o.id in (select od.order_id from order_discounts od
                       where od.released_at is null and (od.kind = 'shipping' or od.amount_cents = 0))
         and o.discount_cents = 0 and ${sale}
    ), groups as (
      select od.discount_id, od.code,
             case when od.discount_id is null and od.code is null then od.title end as lost_title,
             count(*) as orders, sum(s.total_cents) as revenue, sum(od.amount_cents) as given,
             max(od.title) as title
        from discounted s
        join order_discounts od on od.order_id = s.id and od.released_at is null
       group by 1, 2, 3
    )
    select 'day' as kind, to_char(day, 'YYYY-MM-DD') as key, null as code, null as title,
           count(*) as orders, sum(total_cents) as revenue, null as given
      from discounted
     group by day
    union all
    select 'discount', coalesce(g.discount_id::text, ''), g.code, coalesce(d.title, g.title),
           g.orders, g.revenue, g.given
      from groups g
      left join discounts d on d.id = g.discount_id`;
}

/** The statement of `discountAnalytics`, for EXPLAIN (scripts/bench-analytics.ts). */
export function discountAnalyticsStatement(range: AnalyticsRange): SQL {
  return statement(range);
}

export async function discountAnalytics(db: Db, range: AnalyticsRange): Promise<DiscountAnalytics> {
  const rows = await queryRows<Row>(db, statement(range));
  const days = rows
    .filter((row) => row.kind === "day")
    .map((row) => ({ day: row.key!, orders: n(row.orders), revenueCents: n(row.revenue) }))
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const byDiscount = rankDiscounts(
    rows
      .filter((row) => row.kind === "discount")
      .map((row): DiscountFigures => {
        const orders = n(row.orders);
        const revenueCents = n(row.revenue);
        const title = row.title ?? "";
        const id = row.key ?? "";
        return {
          key: row.code !== null ? `code:${id}:${row.code}` : `offer:${id || `deleted:${title}`}`,
          kind: row.code !== null ? "code" : "offer",
          code: row.code,
          title,
          orders,
          revenueCents,
          averageOrderCents: averageOrderCents(revenueCents, orders),
          discountCents: n(row.given),
        };
      }),
  );
  const orders = days.reduce((sum, d) => sum + d.orders, 0);
  const revenueCents = days.reduce((sum, d) => sum + d.revenueCents, 0);
  return {
    range: { from: range.from, to: range.to },
    summary: {
      orders,
      revenueCents,
      averageOrderCents: averageOrderCents(revenueCents, orders),
      // Each unreleased row of these sales is in exactly one group.
      discountCents: byDiscount.reduce((sum, row) => sum + row.discountCents, 0),
    },
    days,
    byDiscount,
  };
}

/**
 * The /admin dashboard's card: the codes and offers of the last 30 days (UTC, today included: the
 * Analytics page's default range, where the same figures are), most revenue first. Shared by every
 * dashboard view for `ttlMs` (PAGE_CACHE_SECONDS) and read afresh once an order of this process moves,
 * like the dashboard's order figures (admin-orders.server.ts' createOrderStats): the dashboard is also
 * the order list, loaded on every search and page.
 */
export function createDiscountStats(deps: { db: Db; events: EventBus; ttlMs: number }) {
  const cache = new ReadCache(deps.ttlMs, { maxEntries: 1 });
  const clear = () => cache.clear();
  for (const event of ["order.paid", "order.shipped", "order.delivered", "order.cancelled"] as const) {
    deps.events.on(event, clear);
  }
  return {
    /** The last 30 days' figures (the range ends today, UTC). */
    lastThirtyDays: (today: Date = new Date()): Promise<DiscountAnalytics> => {
      const range = presetRange(30, today);
      return cache.get(`${range.from} ${range.to}`, () => discountAnalytics(deps.db, range));
    },
  };
}
export type DiscountStats = ReturnType<typeof createDiscountStats>;
