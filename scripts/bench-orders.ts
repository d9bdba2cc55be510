/**
 * Order placement throughput: the server's placeOrder (demo payment skipped) driven by
 * `concurrency` loops for `seconds`, on the embedded database and on a fresh PostgreSQL database.
 * Used by scripts/bench.ts; runs alone with `node --import tsx scripts/bench-orders.ts`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import pg from "pg";
import { products, user } from "#db/schema/index";
import { openDatabase, type Database } from "~/lib/db/client.server";
import { seedDemoCatalogIfEmpty } from "~/modules/catalog/seed.server";
import { placeOrder } from "~/modules/orders/place-order.server";

export interface OrderBench {
  database: string;
  orders: number;
  perSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

const address = {
  firstName: "Bench",
  lastName: "Buyer",
  email: "bench@example.com",
  phone: "+15550100",
  address: "1 Main St",
  city: "Portland",
  state: "OR",
  postalCode: "97204",
  country: "US",
};

async function drive(database: Database, label: string, concurrency: number, seconds: number): Promise<OrderBench> {
  const db = database.db;
  await seedDemoCatalogIfEmpty(db);
  await db
    .insert(user)
    .values({ id: "bench-buyer", name: "Bench", email: "bench-buyer@example.com" })
    .onConflictDoNothing();
  const active = await db.select({ id: products.id }).from(products).where(eq(products.isActive, true));
  const ids = active.map((p) => p.id);
  await db.update(products).set({ inventory: 1_000_000 }).where(inArray(products.id, ids));
  const latencies: number[] = [];
  let failures = 0;
  let n = 0;
  const loop = async (until: number, keep: boolean) => {
    while (Date.now() < until) {
      const i = n++;
      const started = performance.now();
      try {
        await placeOrder(db, {
          userId: "bench-buyer",
          idempotencyKey: `bench-${label}-${i}-${Math.random()}`,
          lines: [
            { productId: ids[i % ids.length]!, size: "M", color: "Black", quantity: 1 },
            { productId: ids[(i + 7) % ids.length]!, size: "L", color: "Navy", quantity: 2 },
          ],
          shippingAddress: address,
          shippingMethod: "standard",
          paymentMethod: "demo",
        });
        if (keep) latencies.push(performance.now() - started);
      } catch {
        failures++;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, () => loop(Date.now() + 1_000, false)));
  const start = Date.now();
  await Promise.all(Array.from({ length: concurrency }, () => loop(Date.now() + seconds * 1000, true)));
  const elapsed = (Date.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  return {
    database: label,
    orders: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: at(50),
    p99: at(99),
    failures,
  };
}

export async function benchOrders(options: { concurrency?: number; seconds?: number; postgresUrl?: string } = {}) {
  const concurrency = options.concurrency ?? 10;
  const seconds = options.seconds ?? 8;
  const results: OrderBench[] = [];

  const dir = mkdtempSync(path.join(os.tmpdir(), "abundance-bench-orders-"));
  const embedded = await openDatabase({ dataDir: dir });
  try {
    results.push(await drive(embedded, "embedded (PGlite)", concurrency, seconds));
  } finally {
    await embedded.close();
    rmSync(dir, { recursive: true, force: true });
  }

  const adminUrl = options.postgresUrl ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `abundance_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch {
    return results; // no PostgreSQL server here
  }
  try {
    await admin.query(`create database "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const server = await openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir(), poolSize: 20 });
    try {
      results.push(await drive(server, "PostgreSQL", concurrency, seconds));
    } finally {
      await server.close();
    }
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`).catch(() => undefined);
    await admin.end();
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await benchOrders()) {
    console.log(
      `${r.database}: ${r.perSecond.toFixed(0)} orders/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.failures} failures`,
    );
  }
}
