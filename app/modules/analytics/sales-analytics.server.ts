import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "~/lib/db/client.server";
import { addDays, type AnalyticsRange } from "./analytics-range";

/**
 * The sales analytics of the admin console (issue 14): over a range of days, the sales' count, revenue,
 * average order and customers, each day's figures, the best sellers, units by size and colour, and the
 * payment methods.
 *
 * - A **sale** is an order that is not a test order (`is_test = false`), not cancelled
 *   (`status <> 'cancelled'`) and paid (`payment_status = 'paid'`). Refunded, failed, pending-payment and
 *   cancelled orders are not sales.
 * - Days are UTC calendar days of `created_at`. The range (analytics-range.ts) is `from` and `to` as
 *   YYYY-MM-DD, both included: `created_at >= from 00:00Z and created_at < (to + 1 day) 00:00Z`, read
 *   through the index `orders_created_idx (created_at, id)` when the range is a small part of the orders
 *   (PostgreSQL reads the whole table when it is most of it: that costs less).
 * - Revenue is the orders' `total_cents` (shipping and tax included), as on the dashboard; a product's,
 *   size's or colour's revenue is its lines' `total_price_cents`. Every figure is an SQL aggregate in
 *   integer cents (exact); the average order is revenue / orders rounded half up, 0 without orders.
 * - A customer is the order's account, or its lower-cased e-mail when it was placed without one.
 * - A best seller is a product, shown by its current name; lines whose product was deleted count under
 *   their own product name.
 *
 * Two statements, run side by side (on PostgreSQL on two connections; PGlite takes them in turn): one over
 * the range's orders (the summary, the days — every day of the range through generate_series, days
 * without sales as zeros — the payment methods and what was left out), one over the sales' lines (best
 * sellers, sizes, colours). Each groups the rows once in a hash on a narrow key and derives the rest from
 * those few groups; the distinct customers take one more pass over the sales. With 100,000 orders in the
 * range that is about 300 ms on PGlite (p50, scripts/bench-analytics.ts): reading the orders (twice),
 * the join to their lines, and hashing every customer once; a week of them, under 100 ms.
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
/** The method of a sale whose payment method was never recorded. */
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

const SALE = sql.raw(`not o.is_test and o.status <> 'cancelled' and o.payment_status = 'paid'`);

/** `created_at` from `from` 00:00Z, before the day after `to` at 00:00Z. */
function bounds(range: AnalyticsRange) {
  return { start: `${range.from}T00:00:00Z`, end: `${addDays(range.to, 1)}T00:00:00Z` };
}

function inRange(range: AnalyticsRange) {
  const { start, end } = bounds(range);
  return sql`o.created_at >= ${start}::timestamptz and o.created_at < ${end}::timestamptz`;
}

/**
 * The range's orders, grouped in one hash by UTC day and payment method (a few hundred groups): the days,
 * the methods and the totals are sums over those groups. Every day of the range comes from
 * generate_series, joined to its group. The distinct customers are one more pass, over the sales alone.
 * `date_bin` from the range's first midnight (UTC) gives each order's day without time-zone arithmetic.
 */
function ordersStatement(range: AnalyticsRange) {
  const { start } = bounds(range);
  return sql`
    with grouped as (
      select date_bin('1 day', o.created_at, ${start}::timestamptz) as day_start,
             o.payment_method as method,
             count(*) filter (where ${SALE}) as orders,
             coalesce(sum(o.total_cents) filter (where ${SALE}), 0) as revenue,
             count(*) filter (where o.is_test) as test_orders,
             count(*) filter (where not o.is_test and o.status = 'cancelled') as cancelled_orders
        from orders o
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
      left join grouped g on g.day_start = (d.day::timestamp at time zone 'UTC')
     group by d.day
    union all
    select 'method', coalesce(method, ${UNKNOWN_METHOD}), sum(orders)::bigint, sum(revenue)::bigint, null, null, null, null
      from grouped
     group by 2
    having sum(orders) > 0
    union all
    select 'total', null, t.orders, t.revenue,
           -- Half up, in integers: floor((2 * revenue + orders) / (2 * orders)).
           coalesce((2 * t.revenue + t.orders) / nullif(2 * t.orders, 0), 0),
           (select count(*)
              from (select distinct coalesce(o.user_id, lower(o.customer_email))
                      from orders o
                     where ${inRange(range)} and ${SALE}) as customer),
           t.test_orders, t.cancelled_orders
      from totals t`;
}

/**
 * The sales' lines, grouped in one hash by product, name, size and colour as written; then those groups
 * (a few thousand at most) by product, by size, by colour and all together (every unit, the base of the
 * shares), blank sizes and colours counted as none; the ten best sellers named after the product as it
 * is now.
 */
function linesStatement(range: AnalyticsRange) {
  return sql`
    with written as (
      select i.product_id, i.product_name, i.size, i.color,
             sum(i.quantity) as units, sum(i.total_price_cents) as revenue
        from orders o
        join order_items i on i.order_id = o.id
       where ${inRange(range)} and ${SALE}
       group by 1, 2, 3, 4
    ), grouped as (
      select grouping(product_id, orphan_name) as no_product, grouping(size) as no_size,
             grouping(color) as no_color, product_id, orphan_name, size, color,
             sum(units)::bigint as units, sum(revenue)::bigint as revenue
        from (select product_id, case when product_id is null then product_name end as orphan_name,
                     nullif(btrim(size), '') as size, nullif(btrim(color), '') as color, units, revenue
                from written) as line
       group by grouping sets ((product_id, orphan_name), (size), (color), ())
    ), ranked as (
      select g.product_id, coalesce(p.name, g.orphan_name) as name, g.units, g.revenue,
             row_number() over (
               order by g.units desc, g.revenue desc, coalesce(p.name, g.orphan_name) collate "C", g.product_id
             ) as place
        from grouped g
        left join products p on p.id = g.product_id
       where g.no_product = 0
    )
    select 'product' as kind, product_id, name as key, units, revenue, place
      from ranked
     where place <= ${BEST_SELLERS}
    union all
    select 'size', null, size, units, revenue, null from grouped where no_size = 0
    union all
    select 'color', null, color, units, revenue, null from grouped where no_color = 0
    union all
    select 'total', null, null, units, revenue, null
      from grouped
     where no_product = 3 and no_size = 1 and no_color = 1`;
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
