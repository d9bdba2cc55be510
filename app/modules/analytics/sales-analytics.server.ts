import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "~/lib/db/client.server";
import type { AnalyticsRange } from "./analytics-range";

/**
 * The sales analytics of the admin console (issue 14): over a range of days, the sales' count, revenue,
 * average order and customers, each day's figures, the best sellers, units by size and colour, and the
 * payment methods.
 *
 * - A **sale** is an order that is not a test order (`is_test = false`), not cancelled
 *   (`status <> 'cancelled'`), paid or refunded after a return (`payment_status in ('paid', 'refunded')`)
 *   and not an exchange's replacement order (`exchange_for_order_id is null`, issue 30). Failed,
 *   pending-payment and cancelled orders are not sales. A sale refunded after a return stays the sale it
 *   was; its refunds are taken off on the day they are made (return-analytics.server.ts: revenue net of
 *   refunds). (The roll-up's `sales_is_sale`; see docs/notes/returns-analytics-sql.md.)
 * - Days are UTC calendar days of `created_at`. The range (analytics-range.ts) is `from` and `to` as
 *   YYYY-MM-DD, both included: `created_at >= from 00:00Z and created_at < (to + 1 day) 00:00Z`.
 * - Revenue is the orders' `total_cents` (shipping and tax included), as on the dashboard; a product's,
 *   size's or colour's revenue is its lines' `total_price_cents`. Every figure is a sum of integer cents
 *   (exact); the average order is revenue / orders rounded half up, 0 without orders.
 * - A customer is the order's account, or its lower-cased e-mail when it was placed without one; the
 *   unique customers are counted exactly (no estimate).
 * - A best seller is a product, shown by its current name; lines whose product was deleted count under
 *   their own product name.
 * - A sale without a payment method counts under UNKNOWN_METHOD ('unknown').
 *
 * The figures are read from the sales roll-up (db/schema/sales.ts, docs/decisions/0014-sales-roll-up.md),
 * which triggers keep equal to the orders in the transaction of every write; nothing here is cached.
 * Two statements, run side by side (on PostgreSQL on two connections; PGlite takes them in turn): one over
 * `sales_days` (the summary, the days — every day of the range through generate_series, days without
 * sales as zeros — the payment methods and what was left out) and `sales_customer_days` (the distinct
 * customers: one row per customer and day with a sale, counted distinct by customer number); one over
 * `sales_day_lines` (best sellers, sizes, colours). A year of 100,000 orders is ~760 day rows, ~24,000
 * line rows and ~92,000 customer-day rows: p50 ~57 ms, p95 ~75–85 ms on PGlite (scripts/bench-analytics.ts;
 * the distinct customers are about half of it), p50 ~33 ms on PostgreSQL, where reading the orders
 * themselves took p50 ~680 ms and ~275 ms.
 */

export interface SalesAnalytics {
  range: { from: string; to: string };
  summary: { orders: number; revenueCents: number; averageOrderCents: number; uniqueCustomers: number };
  /** Every day of the range, days without sales included (zeros). */
  days: Array<{ day: string; orders: number; revenueCents: number }>;
  /** Top 10 products by units sold, then revenue. */
  bestSellers: Array<{ productId: string | null; name: string; units: number; revenueCents: number }>;
  /** Units sold per size / colour, most first; lines without a size (colour) under "No size" ("No colour"). share = units / all units, 0..1. */
  bySize: Array<{ size: string; units: number; share: number }>;
  byColor: Array<{ color: string; units: number; share: number }>;
  /** Sales per payment method, most first; share = the method's orders / all sales, 0..1. */
  byPaymentMethod: Array<{ method: string; orders: number; revenueCents: number; share: number }>;
  /** Left out of every figure above, in the same range: test orders, and cancelled non-test orders. */
  excluded: { testOrders: number; cancelledOrders: number };
}

export const BEST_SELLERS = 10;
export const NO_SIZE = "No size";
export const NO_COLOR = "No colour";
/** The method of a sale whose payment method was never recorded (the roll-up stores it so: migration 0012). */
export const UNKNOWN_METHOD = "unknown";

/** Counts and sums come back as bigint (a string on node-postgres). */
type Num = number | string | bigint | null;
const n = (value: Num | undefined) => Number(value ?? 0);

interface OrderRow {
  kind: "day" | "method" | "total";
  key: string | null;
  orders: Num;
  revenue: Num;
  average: Num;
  customers: Num;
  test_orders: Num;
  cancelled_orders: Num;
}

interface LineRow {
  kind: "product" | "size" | "color" | "total";
  product_id: string | null;
  key: string | null;
  units: Num;
  revenue: Num;
  /** A best seller's place, 1 to BEST_SELLERS. */
  place: Num;
}

/** The range's days as SQL dates, both included. */
function inRange(range: AnalyticsRange) {
  return sql`day between ${range.from}::date and ${range.to}::date`;
}

/**
 * The range's `sales_days` rows summed by day and payment method (a few rows per day): the days, the
 * methods and the totals are sums over those groups. Every day of the range comes from generate_series,
 * joined to its group. The distinct customers: the customer numbers of the range's `sales_customer_days`.
 */
function ordersStatement(range: AnalyticsRange) {
  return sql`
    with grouped as (
      select day, payment_method as method,
             sum(orders)::bigint as orders, sum(revenue_cents)::bigint as revenue,
             sum(test_orders)::bigint as test_orders, sum(cancelled_orders)::bigint as cancelled_orders
        from sales_days
       where ${inRange(range)}
       group by 1, 2
    ), totals as (
      select coalesce(sum(orders), 0)::bigint as orders, coalesce(sum(revenue), 0)::bigint as revenue,
             coalesce(sum(test_orders), 0)::bigint as test_orders,
             coalesce(sum(cancelled_orders), 0)::bigint as cancelled_orders
        from grouped
    )
    select 'day' as kind, to_char(d.day, 'YYYY-MM-DD') as key,
           coalesce(sum(g.orders), 0)::bigint as orders, coalesce(sum(g.revenue), 0)::bigint as revenue,
           null::bigint as average, null::bigint as customers, null::bigint as test_orders,
           null::bigint as cancelled_orders
      from (select ${range.from}::date + i as day
              from generate_series(0, ${range.to}::date - ${range.from}::date) as i) as d
      left join grouped g on g.day = d.day
     group by d.day
    union all
    select 'method', method, sum(orders)::bigint, sum(revenue)::bigint, null, null, null, null
      from grouped
     group by 2
    having sum(orders) > 0
    union all
    select 'total', null, t.orders, t.revenue,
           -- Half up, in integers: floor((2 * revenue + orders) / (2 * orders)).
           coalesce((2 * t.revenue + t.orders) / nullif(2 * t.orders, 0), 0),
           -- A sort of the numbers: faster here than hashing them (measured on PGlite).
           (select count(distinct customer_no) from sales_customer_days where ${inRange(range)} and orders > 0),
           t.test_orders, t.cancelled_orders
      from totals t`;
}

/**
 * The range's `sales_day_lines` rows summed by kind and key (a few hundred groups): the products (and
 * the names of deleted products), the sizes and the colours ('' is none), and all units together (every
 * line is under one product or name: the base of the shares); the ten best sellers named after the
 * product as it is now.
 */
function linesStatement(range: AnalyticsRange) {
  return sql`
    with grouped as (
      select kind, key, sum(units)::bigint as units, sum(revenue_cents)::bigint as revenue
        from sales_day_lines
       where ${inRange(range)}
       group by 1, 2
      having sum(units) > 0
    ), named as (
      select case when g.kind = 'product' then g.key::uuid end as product_id,
             coalesce(p.name, case when g.kind = 'orphan' then g.key end) as name, g.units, g.revenue
        from grouped g
        left join products p on p.id = case when g.kind = 'product' then g.key::uuid end
       where g.kind in ('product', 'orphan')
    ), ranked as (
      select product_id, name, units, revenue,
             row_number() over (order by units desc, revenue desc, name collate "C", product_id) as place
        from named
    )
    select 'product' as kind, product_id, name as key, units, revenue, place
      from ranked
     where place <= ${BEST_SELLERS}
    union all
    select kind, null, nullif(key, ''), units, revenue, null from grouped where kind in ('size', 'color')
    union all
    select 'total', null, null, coalesce(sum(units), 0)::bigint, coalesce(sum(revenue), 0)::bigint, null
      from named`;
}

/** The two statements of `salesAnalytics`, for EXPLAIN (scripts/bench-analytics.ts). */
export function salesAnalyticsStatements(range: AnalyticsRange): { orders: SQL; lines: SQL } {
  return { orders: ordersStatement(range), lines: linesStatement(range) };
}

const share = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

/** Code-point order, as PostgreSQL's C collation sorts (the same on every machine). */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Most first, then by name. */
const byUnits =
  <T extends { units: number }>(label: (row: T) => string) =>
  (a: T, b: T) =>
    b.units - a.units || compareText(label(a), label(b));

export async function salesAnalytics(db: Db, range: { from: string; to: string }): Promise<SalesAnalytics> {
  const [orderRows, lineRows] = await Promise.all([
    queryRows<OrderRow>(db, ordersStatement(range)),
    queryRows<LineRow>(db, linesStatement(range)),
  ]);

  const total = orderRows.find((row) => row.kind === "total");
  const orders = n(total?.orders);
  const days = orderRows
    .filter((row) => row.kind === "day")
    .map((row) => ({ day: row.key!, orders: n(row.orders), revenueCents: n(row.revenue) }))
    .sort((a, b) => compareText(a.day, b.day));
  const byPaymentMethod = orderRows
    .filter((row) => row.kind === "method")
    .map((row) => ({
      method: row.key ?? UNKNOWN_METHOD,
      orders: n(row.orders),
      revenueCents: n(row.revenue),
      share: share(n(row.orders), orders),
    }))
    .sort((a, b) => b.orders - a.orders || b.revenueCents - a.revenueCents || compareText(a.method, b.method));

  const allUnits = n(lineRows.find((row) => row.kind === "total")?.units);
  const linesOf = (kind: LineRow["kind"]) => lineRows.filter((row) => row.kind === kind);
  // In the order of their places (units, revenue, name), given by the statement.
  const bestSellers = linesOf("product")
    .sort((a, b) => n(a.place) - n(b.place))
    .map((row) => ({
      productId: row.product_id,
      name: row.key ?? "",
      units: n(row.units),
      revenueCents: n(row.revenue),
    }));
  const bySize = linesOf("size")
    .map((row) => ({ size: row.key ?? NO_SIZE, units: n(row.units), share: share(n(row.units), allUnits) }))
    .sort(byUnits((row) => row.size));
  const byColor = linesOf("color")
    .map((row) => ({ color: row.key ?? NO_COLOR, units: n(row.units), share: share(n(row.units), allUnits) }))
    .sort(byUnits((row) => row.color));

  return {
    range: { from: range.from, to: range.to },
    summary: {
      orders,
      revenueCents: n(total?.revenue),
      averageOrderCents: n(total?.average),
      uniqueCustomers: n(total?.customers),
    },
    days,
    bestSellers,
    bySize,
    byColor,
    byPaymentMethod,
    excluded: { testOrders: n(total?.test_orders), cancelledOrders: n(total?.cancelled_orders) },
  };
}
