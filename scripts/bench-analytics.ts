/**
 * The sales analytics (issue 14) on 100,000 orders over a year:
 *  - `benchAnalytics` asks `salesAnalytics` for the year ending today, one call at a time, and returns
 *    the latencies (ms) after a short warm-up; nothing is cached between calls (each reads the sales
 *    roll-up, docs/decisions/0014-sales-roll-up.md);
 *  - `explainAnalytics` gives the EXPLAIN ANALYZE of its two statements over the year, and over the last
 *    7 days.
 * Runs alone with `node --import tsx scripts/bench-analytics.ts [--seconds=N]`: a fresh PGlite in a
 * temporary folder, seeded by `seedOrders` (scripts/bench-admin-orders.ts: plain SQL, which the roll-up's
 * triggers follow like any write), then the roll-up's size is printed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows, type Db } from "~/lib/db/client.server";
import { presetRange } from "~/modules/analytics/analytics-range";
import { salesAnalytics, salesAnalyticsStatements } from "~/modules/analytics/sales-analytics.server";
import { ORDER_COUNT, seedOrders } from "./bench-admin-orders";

/** The budget of one call over a year of 100,000 orders. */
export const ANALYTICS_P95_BUDGET_MS = 200;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

export async function benchAnalytics(db: Db, seconds: number): Promise<{ p50: number; p95: number; n: number }> {
  const range = presetRange(365);
  const run = async (until: number, keep: number[] | null) => {
    while (Date.now() < until) {
      const started = performance.now();
      await salesAnalytics(db, range);
      keep?.push(performance.now() - started);
    }
  };
  await run(Date.now() + 1_000, null);
  const latencies: number[] = [];
  await run(Date.now() + seconds * 1000, latencies);
  const sorted = latencies.sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), n: sorted.length };
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
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const seconds = Number(process.argv.find((a) => a.startsWith("--seconds="))?.split("=")[1] ?? 8);
  const dir = mkdtempSync(path.join(os.tmpdir(), "abundance-bench-analytics-"));
  const database = await openDatabase({ dataDir: dir });
  try {
    const seeding = performance.now();
    await seedOrders(database.db);
    console.log(`seeded ${ORDER_COUNT} orders in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
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
    const result = await benchAnalytics(database.db, seconds);
    const ok = result.p95 < ANALYTICS_P95_BUDGET_MS;
    console.log(
      `salesAnalytics, the year ending today: p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms ` +
        `(${result.n} calls; budget p95 < ${ANALYTICS_P95_BUDGET_MS} ms: ${ok ? "ok" : "MISSED"})`,
    );
    for (const line of await explainAnalytics(database.db)) console.log(line);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
