/**
 * Order placement throughput: the server's placeOrder (demo payment skipped) driven by
 * `concurrency` loops for `seconds`, on the embedded database and on a fresh PostgreSQL database.
 * Used by scripts/bench.ts; runs alone with `node --import tsx scripts/bench-orders.ts`.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { withCommitWorktree, withFreshPostgres } from "./bench-support";
import { products, productVariants, user } from "#db/schema/index";
import { ORDER_LIMIT_DEFAULTS } from "~/lib/config/order-limits";
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

/** The shipping address of every bench order. */
export const benchAddress = {
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

/** Shoppers the orders rotate over: one account's checkouts queue on its row, as they do in the shop. */
export const BUYERS = 1000;
/** The shop's limits, with room for every order a buyer gets here (nobody pays during the bench). */
export const limits = { ...ORDER_LIMIT_DEFAULTS, unpaidOrdersPerAccount: Number.MAX_SAFE_INTEGER };

/**
 * The demo catalogue, BUYERS accounts and a million of every variant in stock: what both order benches
 * place orders on. Answers a line of the i-th product in its own first size and colour.
 */
export async function prepareOrderBench(db: Database["db"]) {
  await seedDemoCatalogIfEmpty(db);
  await db
    .insert(user)
    .values(
      Array.from({ length: BUYERS }, (_, i) => ({
        id: `bench-buyer-${i}`,
        name: "Bench",
        email: `bench-buyer-${i}@example.com`,
      })),
    )
    .onConflictDoNothing();
  const active = await db
    .select({ id: products.id, sizes: products.sizes, colors: products.colors })
    .from(products)
    .where(eq(products.isActive, true));
  const ids = active.map((p) => p.id);
  // Stock lives on the variants (the triggers add it up on the products).
  await db.update(productVariants).set({ stock: 1_000_000 }).where(inArray(productVariants.productId, ids));
  return (i: number, quantity: number) => {
    const p = active[i % active.length]!;
    return { productId: p.id, size: p.sizes[0] ?? null, color: p.colors[0] ?? null, quantity };
  };
}

/**
 * `guests`: the orders are guest checkouts (GUEST_CHECKOUT, issue 31): no account, BUYERS e-mails as their
 * holders (their checkouts queue on an advisory lock of the e-mail instead of the account's row).
 */
async function drive(
  database: Database,
  label: string,
  concurrency: number,
  seconds: number,
  guests = false,
): Promise<OrderBench> {
  const db = database.db;
  /** A line of the i-th product in its own first size and colour. */
  const line = await prepareOrderBench(db);
  const latencies: number[] = [];
  let failures = 0;
  let n = 0;
  const loop = async (until: number, keep: boolean) => {
    while (Date.now() < until) {
      const i = n++;
      const started = performance.now();
      try {
        const guestEmail = `bench-guest-${i % BUYERS}@example.com`;
        await placeOrder(db, {
          userId: guests ? null : `bench-buyer-${i % BUYERS}`,
          guestEmail: guests ? guestEmail : null,
          idempotencyKey: `bench-${label}-${i}-${Math.random()}`,
          lines: [line(i, 1), line(i + 7, 2)],
          shippingAddress: guests ? { ...benchAddress, email: guestEmail } : benchAddress,
          shippingMethod: "standard",
          paymentMethod: "demo",
          limits,
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

export async function benchOrders(
  options: { concurrency?: number; seconds?: number; postgresUrl?: string; guests?: boolean } = {},
) {
  const concurrency = options.concurrency ?? 10;
  const seconds = options.seconds ?? 8;
  const results: OrderBench[] = [];

  const dir = mkdtempSync(path.join(os.tmpdir(), "abundance-bench-orders-"));
  const embedded = await openDatabase({ dataDir: dir });
  try {
    results.push(await drive(embedded, "embedded (PGlite)", concurrency, seconds));
    if (options.guests) results.push(await drive(embedded, "embedded (PGlite), guests", concurrency, seconds, true));
  } finally {
    await embedded.close();
    rmSync(dir, { recursive: true, force: true });
  }

  await withFreshPostgres(
    "orders",
    async (databaseUrl) => {
      const server = await openDatabase({ databaseUrl, dataDir: os.tmpdir(), poolSize: 20 });
      try {
        results.push(await drive(server, "PostgreSQL", concurrency, seconds));
        if (options.guests) results.push(await drive(server, "PostgreSQL, guests", concurrency, seconds, true));
      } finally {
        await server.close();
      }
    },
    options.postgresUrl,
  );
  return results;
}

export interface OrdersSideBySide {
  commit: string;
  /** Orders per second by database, each turn's figure. */
  before: Map<string, number[]>;
  now: Map<string, number[]>;
}

/**
 * `benchOrders` as this checkout runs it against `commit`'s (its own scripts/bench-orders.ts in a
 * temporary worktree), each as a process of its own, in turns — before, now; now, before — so the
 * ratio holds however fast the host runs that day. Undefined without the commit's history.
 */
export async function benchOrdersSideBySide(root: string, commit: string, rounds = 2) {
  return withCommitWorktree(root, commit, { build: false }, async (worktree) => {
    const result: OrdersSideBySide = { commit, before: new Map(), now: new Map() };
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? (["before", "now"] as const) : (["now", "before"] as const);
      for (const which of order) {
        const output = execFileSync(process.execPath, ["--import", "tsx", "scripts/bench-orders.ts"], {
          cwd: which === "before" ? worktree : root,
          encoding: "utf8",
          stdio: ["ignore", "pipe", "ignore"],
        });
        for (const [, database, perSecond] of output.matchAll(/^(.+?): (\d+) orders\/s/gm)) {
          const list = result[which].get(database!) ?? [];
          list.push(Number(perSecond));
          result[which].set(database!, list);
        }
      }
    }
    return result;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await benchOrders({ guests: process.argv.includes("--guests") })) {
    console.log(
      `${r.database}: ${r.perSecond.toFixed(0)} orders/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.failures} failures`,
    );
  }
}
