/**
 * The sales analytics (issue 14) and the analytics by discount (issue 28) on 100,000 orders over a year:
 *  - `benchAnalytics` asks for the Analytics page's figures of the year ending today — `salesAnalytics`
 *    and `discountAnalytics` side by side, as the page does — one call at a time, and returns the
 *    latencies (ms) after a short warm-up; nothing is cached between calls (the first reads the sales
 *    roll-up, docs/decisions/0014-sales-roll-up.md; the second the range's discounted orders);
 *  - `benchDiscountAnalytics` does the same for `discountAnalytics` alone over the last `days` days;
 *  - `seedDiscounts` gives the seeded orders discounts as the checkout records them (below);
 *  - `explainAnalytics` gives the EXPLAIN ANALYZE of the statements over the year, and over the last
 *    7 days (and the discount statement over 30 days, the dashboard's card).
 * Runs alone with `node --import tsx scripts/bench-analytics.ts [--seconds=N] [--postgres=URL]`: a fresh
 * PGlite in a temporary folder (or the empty PostgreSQL database at URL), seeded by `seedOrders`
 * (scripts/bench-admin-orders.ts: plain SQL, which the roll-up's triggers follow like any write) and
 * `seedDiscounts`, then the roll-up's size is printed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows, type Db } from "~/lib/db/client.server";
import { presetRange } from "~/modules/analytics/analytics-range";
import { discountAnalytics, discountAnalyticsStatement } from "~/modules/analytics/discount-analytics.server";
import { salesAnalytics, salesAnalyticsStatements } from "~/modules/analytics/sales-analytics.server";
import { ORDER_COUNT, seedOrders } from "./bench-admin-orders";

/** The budget of one call over a year of 100,000 orders. */
export const ANALYTICS_P95_BUDGET_MS = 200;
/**
 * The budgets of the discount statement alone on the embedded database, 29 % of the 100,000 orders
 * discounted (seedDiscounts): over a year, and over 30 days (the page's default range and the /admin
 * dashboard's card, which is cached besides).
 */
export const DISCOUNT_YEAR_P95_BUDGET_MS = 300;
export const DISCOUNT_MONTH_P95_BUDGET_MS = 150;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** Calls `call` one at a time for `seconds` after a second's warm-up: p50, p95 and calls. */
export async function timeCalls(
  seconds: number,
  call: () => Promise<unknown>,
): Promise<{ p50: number; p95: number; n: number }> {
  const run = async (until: number, keep: number[] | null) => {
    while (Date.now() < until) {
      const started = performance.now();
      await call();
      keep?.push(performance.now() - started);
    }
  };
  await run(Date.now() + 1_000, null);
  const latencies: number[] = [];
  await run(Date.now() + seconds * 1000, latencies);
  const sorted = latencies.sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), n: sorted.length };
}

/** The Analytics page's reads over the year ending today, as analytics-report.server.ts makes them. */
export function benchAnalytics(db: Db, seconds: number): Promise<{ p50: number; p95: number; n: number }> {
  const range = presetRange(365);
  return timeCalls(seconds, () => Promise.all([salesAnalytics(db, range), discountAnalytics(db, range)]));
}

/** `discountAnalytics` alone over the last `days` days. */
export function benchDiscountAnalytics(
  db: Db,
  seconds: number,
  days: number,
): Promise<{ p50: number; p95: number; n: number }> {
  const range = presetRange(days);
  return timeCalls(seconds, () => discountAnalytics(db, range));
}

/**
 * Gives the orders of `seedOrders` discounts, in plain SQL as the checkout records them: 34 discounts
 * (30 codes of 10 %, a batch of 200 single-use codes of 20 %, and the automatic offers 'Spring offer'
 * 15 %, 'Free shipping' and the combinable 'Loyalty extra' 5 %). By a hash of the order's number: 18 %
 * of the orders use one of the 30 codes, 2 % a batch code, 10 % the spring offer, 8 % free shipping
 * when they paid for shipping (about 1 in 8 of those: most seeded orders ship free above $50), and 5 %
 * (of those with a code) the loyalty offer too — 29 % of the orders discounted in all. `order_discounts`
 * rows of cancelled and failed orders are released; then each order's discount, shipping, tax (8 % of
 * the discounted subtotal) and total are set to match (the roll-up's triggers follow).
 */
export async function seedDiscounts(db: Db): Promise<void> {
  await db.execute(sql`
    insert into discounts (title, method, value_type, value, combinable)
    select 'Code ' || n, 'code', 'percentage', 10, false from generate_series(1, 30) as n
    union all select 'Influencer batch', 'code', 'percentage', 20, false
    union all select 'Spring offer', 'automatic', 'percentage', 15, false
    union all select 'Free shipping', 'automatic', 'free_shipping', null, false
    union all select 'Loyalty extra', 'automatic', 'percentage', 5, true`);
  await db.execute(sql`
    insert into discount_codes (discount_id, code)
    select d.id, 'CODE' || substr(d.title, 6) from discounts d where d.title like 'Code %'
    union all
    select d.id, 'INF-' || lpad(n::text, 4, '0') from discounts d, generate_series(0, 199) as n where d.title = 'Influencer batch'`);
  await db.execute(sql`
    with o as (
      select id, user_id, subtotal_cents as subtotal, shipping_cents as shipping, created_at,
             status = 'cancelled' or payment_status = 'failed' as gone,
             substr(order_number, 5)::int as g
        from orders
    ), r as (select *, abs(hashint4(g * 29 + 3)) % 100 as rd from o),
    picks as (
      select r.*, case when rd < 18 then 'CODE' || (1 + abs(hashint4(g * 31)) % 30)
                       when rd < 20 then 'INF-' || lpad((g % 200)::text, 4, '0') end as code
        from r
    ), rows as (
      select p.id as order_id, c.discount_id, c.id as code_id, p.user_id, c.code, d.title, 'amount' as kind,
             (p.subtotal * d.value / 100) as amount, p.gone, p.created_at
        from picks p join discount_codes c on c.code = p.code join discounts d on d.id = c.discount_id
      union all
      select p.id, d.id, null, p.user_id, null, d.title, 'amount', p.subtotal * 15 / 100, p.gone, p.created_at
        from picks p join discounts d on d.title = 'Spring offer' where p.rd between 20 and 29
      union all
      select p.id, d.id, null, p.user_id, null, d.title, 'shipping', p.shipping, p.gone, p.created_at
        from picks p join discounts d on d.title = 'Free shipping' where p.rd between 30 and 37 and p.shipping > 0
      union all
      select p.id, d.id, null, p.user_id, null, d.title, 'amount', p.subtotal * 5 / 100, p.gone, p.created_at
        from picks p join discounts d on d.title = 'Loyalty extra' where p.rd < 5
    )
    insert into order_discounts (order_id, discount_id, code_id, user_id, code, title, kind, amount_cents, released_at, created_at)
    select order_id, discount_id, code_id, user_id, code, title, kind, amount,
           case when gone then created_at + interval '1 hour' end, created_at
      from rows`);
  await db.execute(sql`
    with sums as (
      select order_id, sum(amount_cents) filter (where kind = 'amount')::int as off,
             bool_or(kind = 'shipping') as free
        from order_discounts group by order_id
    )
    update orders o
       set discount_cents = coalesce(s.off, 0),
           shipping_cents = case when s.free then 0 else o.shipping_cents end,
           tax_cents = ((o.subtotal_cents - coalesce(s.off, 0)) * 8 + 50) / 100,
           total_cents = o.subtotal_cents - coalesce(s.off, 0) + case when s.free then 0 else o.shipping_cents end
                         + ((o.subtotal_cents - coalesce(s.off, 0)) * 8 + 50) / 100
      from sums s where s.order_id = o.id`);
  await db.execute(sql`analyze`);
}

/** The plans of both statements for the year and for the last 7 days, as PostgreSQL prints them. */
export async function explainAnalytics(db: Db): Promise<string[]> {
  const out: string[] = [];
  for (const [label, days] of [
    ["year", 365],
    ["7 days", 7],
  ] as const) {
    const statements = salesAnalyticsStatements(presetRange(days));
    for (const [name, statement] of Object.entries(statements)) {
      const rows = await queryRows<Record<string, string>>(db, sql`explain analyze ${statement}`);
      out.push(`-- ${name}, ${label}:`, ...rows.map((row) => Object.values(row)[0]!));
    }
  }
  for (const [label, days] of [
    ["year", 365],
    ["30 days", 30],
    ["7 days", 7],
  ] as const) {
    const rows = await queryRows<Record<string, string>>(
      db,
      sql`explain analyze ${discountAnalyticsStatement(presetRange(days))}`,
    );
    out.push(`-- discounts, ${label}:`, ...rows.map((row) => Object.values(row)[0]!));
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const option = (name: string) =>
    process.argv
      .find((a) => a.startsWith(`--${name}=`))
      ?.split("=")
      .slice(1)
      .join("=");
  const seconds = Number(option("seconds") ?? 8);
  const databaseUrl = option("postgres");
  const dir = mkdtempSync(path.join(os.tmpdir(), "abundance-bench-analytics-"));
  const database = await openDatabase({ dataDir: dir, databaseUrl });
  try {
    let seeding = performance.now();
    await seedOrders(database.db);
    console.log(`seeded ${ORDER_COUNT} orders in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    seeding = performance.now();
    await seedDiscounts(database.db);
    const [discounted] = await queryRows<{ rows: number; orders: number; shipping: number }>(
      database.db,
      sql`select count(*)::int as rows, count(distinct order_id)::int as orders,
                 count(*) filter (where kind = 'shipping')::int as shipping
            from order_discounts`,
    );
    console.log(
      `seeded discounts in ${((performance.now() - seeding) / 1000).toFixed(1)} s: ${discounted?.rows} order_discounts rows ` +
        `on ${discounted?.orders} orders (${discounted?.shipping} free shipping)`,
    );
    const [spread] = await queryRows<{ first: string; last: string; days: number }>(
      database.db,
      sql`select min(created_at)::text as first, max(created_at)::text as last,
                 count(distinct (created_at at time zone 'UTC')::date)::int as days
            from orders`,
    );
    console.log(`orders from ${spread?.first} to ${spread?.last}: ${spread?.days} days with orders`);
    const [size] = await queryRows<{ days: number; lines: number; customer_days: number }>(
      database.db,
      sql`select (select count(*) from sales_days)::int as days, (select count(*) from sales_day_lines)::int as lines,
                 (select count(*) from sales_customer_days)::int as customer_days`,
    );
    console.log(
      `roll-up rows: ${size?.days} in sales_days, ${size?.lines} in sales_day_lines, ${size?.customer_days} in sales_customer_days`,
    );
    const line = (label: string, r: { p50: number; p95: number; n: number }, budget?: number) =>
      console.log(
        `${label}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (${r.n} calls` +
          (budget === undefined ? ")" : `; budget p95 < ${budget} ms: ${r.p95 < budget ? "ok" : "MISSED"})`),
      );
    const year = presetRange(365);
    // The roll-up's part alone, beside it: what the discounts add on this machine at this moment.
    line("salesAnalytics alone, the year", await timeCalls(seconds, () => salesAnalytics(database.db, year)));
    line(
      "the Analytics page's figures (sales and discounts), the year ending today",
      await benchAnalytics(database.db, seconds),
    );
    line(
      "discountAnalytics, the year",
      await benchDiscountAnalytics(database.db, seconds, 365),
      DISCOUNT_YEAR_P95_BUDGET_MS,
    );
    line(
      "discountAnalytics, 30 days",
      await benchDiscountAnalytics(database.db, seconds, 30),
      DISCOUNT_MONTH_P95_BUDGET_MS,
    );
    line("discountAnalytics, 7 days", await benchDiscountAnalytics(database.db, seconds, 7));
    for (const plan of await explainAnalytics(database.db)) console.log(plan);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
