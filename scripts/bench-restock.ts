/**
 * Issue 31's budget for back in stock (`npm run bench -- --only=restock`, or alone with
 * `node --import tsx scripts/bench-restock.ts`): a back-in-stock round costs < 50 ms per run with 10,000
 * waiting subscriptions, on the embedded database and on a fresh PostgreSQL database; and the trigger that
 * catches every stock rise adds nothing a checkout would notice to the statement that takes its stock.
 *
 * The demo catalogue's variants are all sold out and 10,000 subscriptions spread over them, written in one
 * INSERT … SELECT (oldest 80 days ago). A run puts one unit back on 20 variants (the trigger queues them),
 * then one round is timed: it notifies 3 per unit (60 subscribers) and writes their 60 outbox rows; the
 * variants are sold out again before the next run. An idle round (nothing due) is timed apart. Rounds run
 * in the background of every instance and skip while the process is saturated (the outbox's yield rule,
 * NOTIFICATION_YIELD_SECONDS), so checkouts keep their speed.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrationsFolder, openDatabase, queryRows, type Database, type Db } from "~/lib/db/client.server";
import { seedDemoCatalogIfEmpty } from "~/modules/catalog/seed.server";
import { createBackInStock } from "~/modules/restock/back-in-stock.server";
import { withFreshPostgres } from "./bench-support";

export const SUBSCRIPTION_COUNT = 10_000;
export const RESTOCK_ROUND_BUDGET_MS = 50;
const RUNS = 100;
const VARIANTS_PER_RUN = 20;

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), n: sorted.length };
};

/**
 * Migration 0022's stock trigger function, and the same without its back-in-stock part (what a checkout's
 * statement ran before): the bench swaps them to see what catching rises costs a checkout.
 */
const triggerFunction = (() => {
  const migration = readFileSync(path.join(migrationsFolder(), "0022_back_in_stock.sql"), "utf8");
  const start = migration.indexOf("CREATE OR REPLACE FUNCTION product_variants_sum_stock()");
  const withPart = migration.slice(start, migration.indexOf("$$;", start) + 3);
  const without = withPart.replace(/ {4}-- Back in stock[\s\S]*?excluded\."due_at"\);\n/, "");
  if (start < 0 || without === withPart) throw new Error("migration 0022's trigger function not found");
  return { with: withPart, without };
})();

/** Every variant sold out, and 10,000 waiting subscriptions spread over them (one statement). */
export async function seedSubscriptions(db: Db, count = SUBSCRIPTION_COUNT): Promise<string[]> {
  await seedDemoCatalogIfEmpty(db);
  await db.execute(sql`update product_variants set stock = 0 where stock <> 0`);
  await db.execute(sql`
    with v as (select id, row_number() over (order by id) - 1 as k, count(*) over () as n from product_variants)
    insert into restock_subscriptions (variant_id, email, created_at)
    select v.id, 'bench-' || g || '@example.com', now() - make_interval(mins => (${count} - g) * 11)
      from generate_series(0, ${count} - 1) g
      join v on v.k = g % v.n`);
  await db.execute(sql`analyze`);
  const rows = await queryRows<{ id: string }>(db, sql`select id from product_variants order by id`);
  return rows.map((r) => r.id);
}

export interface RestockBench {
  database: string;
  round: { p50: number; p95: number; n: number };
  idle: { p50: number; p95: number; n: number };
  notified: number;
  /** A checkout's stock statement (one unit off a variant), with the rise check and without, median ms. */
  takeWith: number;
  takeWithout: number;
}

async function measure(database: Database, label: string): Promise<RestockBench> {
  const { db } = database;
  const variants = await seedSubscriptions(db);
  const service = createBackInStock({ db, factor: 3, waveMs: 60 * 60_000, whatsapp: false, rateLimitIpMultiplier: 1 });
  const times: number[] = [];
  let notified = 0;
  for (let run = 0; run < RUNS + 5; run++) {
    const start = (run * VARIANTS_PER_RUN) % variants.length;
    const chosen = Array.from({ length: VARIANTS_PER_RUN }, (_, i) => variants[(start + i) % variants.length]!);
    const ids = sql.join(
      chosen.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    await db.execute(sql`update product_variants set stock = stock + 1 where id in (${ids})`);
    const started = performance.now();
    const result = await service.runRound(new Date(Date.now() + 1000));
    const ms = performance.now() - started;
    // The first runs warm the caches up.
    if (run >= 5) {
      times.push(ms);
      notified += result.notified;
    }
    await db.execute(sql`update product_variants set stock = 0 where id in (${ids})`);
  }
  const idleTimes: number[] = [];
  for (let i = 0; i < 50; i++) {
    const started = performance.now();
    await service.runRound(new Date());
    idleTimes.push(performance.now() - started);
  }
  // A checkout's statement: one unit off a variant in stock, with the trigger's rise check and without, in turns.
  const variant = variants[0]!;
  await db.execute(sql`update product_variants set stock = 100000 where id = ${variant}`);
  const take = async () => {
    const started = performance.now();
    await db.execute(sql`update product_variants set stock = stock - 1 where id = ${variant} and stock >= 1`);
    return performance.now() - started;
  };
  const withTrigger: number[] = [];
  const withoutTrigger: number[] = [];
  for (let turn = 0; turn < 10; turn++) {
    for (let i = 0; i < 50; i++) withTrigger.push(await take());
    await db.execute(sql.raw(triggerFunction.without));
    for (let i = 0; i < 50; i++) withoutTrigger.push(await take());
    await db.execute(sql.raw(triggerFunction.with));
  }
  return {
    database: label,
    round: stats(times),
    idle: stats(idleTimes),
    notified,
    takeWith: stats(withTrigger).p50,
    takeWithout: stats(withoutTrigger).p50,
  };
}

/** The bench on the embedded database, then on a fresh PostgreSQL database when one is reachable. */
export async function benchRestock(): Promise<RestockBench[]> {
  const results: RestockBench[] = [];
  const dir = mkdtempSync(path.join(os.tmpdir(), "abundance-bench-restock-"));
  try {
    const embedded = await openDatabase({ dataDir: dir });
    try {
      results.push(await measure(embedded, "embedded"));
    } finally {
      await embedded.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const onPostgres = await withFreshPostgres("restock", async (databaseUrl) => {
    const database = await openDatabase({ dataDir: dir, databaseUrl });
    try {
      return await measure(database, "PostgreSQL");
    } finally {
      await database.close();
    }
  });
  if (onPostgres) results.push(onPostgres);
  return results;
}

export function restockLine(r: RestockBench): string {
  return (
    `round p50 ${r.round.p50.toFixed(1)} / p95 ${r.round.p95.toFixed(1)} ms (${r.round.n} runs, ${r.notified} notified); ` +
    `idle p50 ${r.idle.p50.toFixed(1)} ms; a checkout's stock update ${r.takeWith.toFixed(2)} ms with the trigger, ${r.takeWithout.toFixed(2)} ms without`
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await benchRestock()) process.stdout.write(`${r.database}: ${restockLine(r)}\n`);
}
