/**
 * Issue 28's budgets (`npm run bench -- --only=discounts`, or alone with
 * `node --import tsx scripts/bench-discounts.ts [--seconds=8] [--no-build]`):
 * 1. placing an order with a code against placing one without, in-process (placeOrder as the checkout
 *    calls it, the shop's automatic offers passed in both), in alternating turns so drift cancels out,
 *    on the embedded database and on PostgreSQL: the code's cost within 10%;
 * 2. `/api/cart/price` with a code, over HTTP, on a shop of 10,000 products and 1,000 discounts (950
 *    codes, 50 automatic offers): how long a shopper waits for the answer, one request at a time (at
 *    several at once the embedded database answers them in turn and the wait is theirs, not the
 *    discounts'): p95 under 20 ms.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { discountCodes, discounts, products } from "#db/schema/index";
import { openDatabase, queryRows, type Database } from "~/lib/db/client.server";
import { placeOrder } from "~/modules/orders/place-order.server";
import { readOffers } from "~/modules/promotions/discount-reads.server";
import { benchAddress, BUYERS, limits, prepareOrderBench } from "./bench-orders";
import { freePort, startStoreProcess, withFreshPostgres } from "./bench-support";

export const CODE_COST_BUDGET = 1.1;
export const CART_PRICE_P95_BUDGET_MS = 20;

const at = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

export interface CodeCost {
  database: string;
  withoutPerSecond: number;
  withPerSecond: number;
  withoutP50: number;
  withP50: number;
  /** Time per order with the code over without (1.05: 5% slower). */
  ratio: number;
  failures: number;
}

/** A code of 10% off (no limit, as a newsletter code) and three automatic offers, as a shop might run. */
async function defineDiscounts(database: Database) {
  const db = database.db;
  const [code] = await db
    .insert(discounts)
    .values({ title: "Newsletter", method: "code", valueType: "percentage", value: 10, startsAt: new Date(0) })
    .returning({ id: discounts.id });
  await db.insert(discountCodes).values({ discountId: code!.id, code: "BENCH10" });
  await db.insert(discounts).values([
    {
      title: "Free over $150",
      method: "automatic",
      valueType: "free_shipping",
      minSubtotalCents: 15_000,
      combinable: true,
      startsAt: new Date(0),
    },
    {
      title: "Future sale",
      method: "automatic",
      valueType: "percentage",
      value: 30,
      startsAt: new Date("2099-01-01Z"),
    },
    {
      title: "Big baskets",
      method: "automatic",
      valueType: "fixed",
      value: 1000,
      minQuantity: 10,
      startsAt: new Date(0),
    },
  ]);
}

async function driveCodeCost(
  database: Database,
  label: string,
  concurrency: number,
  seconds: number,
): Promise<CodeCost> {
  const db = database.db;
  const line = await prepareOrderBench(db);
  await defineDiscounts(database);
  const offers = await readOffers(db);
  const latencies = { with: [] as number[], without: [] as number[] };
  const counts = { with: 0, without: 0 };
  let failures = 0;
  let n = 0;
  const loop = async (until: number, mode: "with" | "without" | null) => {
    while (Date.now() < until) {
      const i = n++;
      const started = performance.now();
      try {
        await placeOrder(db, {
          userId: `bench-buyer-${i % BUYERS}`,
          idempotencyKey: `bench-${label}-${i}-${Math.random()}`,
          lines: [line(i, 1), line(i + 7, 2)],
          shippingAddress: benchAddress,
          shippingMethod: "standard",
          paymentMethod: "demo",
          limits,
          discounts: { code: mode === "with" ? "BENCH10" : null, offers, timeZone: "America/New_York" },
        });
        if (mode) {
          latencies[mode].push(performance.now() - started);
          counts[mode]++;
        }
      } catch {
        failures++;
      }
    }
  };
  const turn = (ms: number, mode: "with" | "without" | null) =>
    Promise.all(Array.from({ length: concurrency }, () => loop(Date.now() + ms, mode)));
  await turn(1_000, null);
  const turns = 6;
  const elapsed = { with: 0, without: 0 };
  for (let t = 0; t < turns; t++) {
    // without, with; with, without; … so that a slow stretch of the host falls on both.
    const order = t % 2 === 0 ? (["without", "with"] as const) : (["with", "without"] as const);
    for (const mode of order) {
      const start = performance.now();
      await turn((seconds * 1000) / turns, mode);
      elapsed[mode] += performance.now() - start;
    }
  }
  for (const list of Object.values(latencies)) list.sort((a, b) => a - b);
  const withoutPerSecond = counts.without / (elapsed.without / 1000);
  const withPerSecond = counts.with / (elapsed.with / 1000);
  return {
    database: label,
    withoutPerSecond,
    withPerSecond,
    withoutP50: at(latencies.without, 50),
    withP50: at(latencies.with, 50),
    ratio: withoutPerSecond / withPerSecond,
    failures,
  };
}

export async function benchCodeCost(options: { concurrency?: number; seconds?: number } = {}): Promise<CodeCost[]> {
  const concurrency = options.concurrency ?? 10;
  const seconds = options.seconds ?? 12;
  const results: CodeCost[] = [];
  const dir = mkdtempSync(path.join(os.tmpdir(), "abundance-bench-discounts-"));
  const embedded = await openDatabase({ dataDir: dir });
  try {
    results.push(await driveCodeCost(embedded, "embedded (PGlite)", concurrency, seconds));
  } finally {
    await embedded.close();
    rmSync(dir, { recursive: true, force: true });
  }
  await withFreshPostgres("discounts", async (databaseUrl) => {
    const server = await openDatabase({ databaseUrl, dataDir: os.tmpdir(), poolSize: 20 });
    try {
      results.push(await driveCodeCost(server, "PostgreSQL", concurrency, seconds));
    } finally {
      await server.close();
    }
  });
  return results;
}

/** 950 code discounts of every kind (one code each, the 500th 'CODE-0500') and 50 automatic offers. */
async function defineThousandDiscounts(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    const db = database.db;
    const ids = (await queryRows<{ id: string }>(db, sql`select id from categories`)).map((r) => r.id);
    const some = await db.select({ id: products.id }).from(products).limit(200);
    const rows = Array.from({ length: 1000 }, (_, i) => {
      const automatic = i >= 950;
      const kind = i % 4;
      return {
        title: automatic ? `Offer ${i}` : `Code ${i}`,
        method: automatic ? "automatic" : "code",
        valueType: kind === 3 ? "free_shipping" : kind === 2 ? "fixed" : "percentage",
        value: kind === 3 ? null : kind === 2 ? 500 : 5 + (i % 40),
        appliesTo: kind === 1 ? "categories" : kind === 2 ? "products" : "order",
        categoryIds: kind === 1 ? [ids[i % Math.max(1, ids.length)]!].filter(Boolean) : [],
        productIds: kind === 2 ? some.slice(i % 150, (i % 150) + 20).map((p) => p.id) : [],
        minSubtotalCents: i % 5 === 0 ? 5000 : null,
        excludeSaleItems: i % 3 === 0,
        combinable: automatic && i % 2 === 0,
        startsAt: new Date(Date.now() - 86_400_000),
        // Some ended an hour ago, some end in ten days.
        endsAt: i % 10 === 0 ? new Date(Date.now() + (i % 20 === 0 ? 10 * 86_400_000 : -3_600_000)) : null,
      };
    });
    const inserted = await db.insert(discounts).values(rows).returning({ id: discounts.id, method: discounts.method });
    await db.insert(discountCodes).values(
      inserted
        .map((row, i) => ({ row, i }))
        .filter(({ row }) => row.method === "code")
        .map(({ row, i }) => ({ discountId: row.id, code: `CODE-${String(i).padStart(4, "0")}` })),
    );
  } finally {
    await database.close();
  }
}

export async function benchCartPrice(options: { root: string; buildDir: string; seconds?: number }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "abundance-bench-cart-price-"));
  try {
    execFileSync(
      process.execPath,
      ["--import", "tsx", "scripts/fill-catalog.ts", `--data-dir=${dataDir}`, "--count=10000"],
      {
        cwd: options.root,
        stdio: "ignore",
      },
    );
    await defineThousandDiscounts(dataDir);
    const database = await openDatabase({ dataDir });
    const lines = (
      await database.db
        .select({ id: products.id, sizes: products.sizes, colors: products.colors })
        .from(products)
        .limit(400)
    )
      .filter((_, i) => i % 100 === 0)
      .map((p) => ({ id: p.id, size: p.sizes[0] ?? "M", color: p.colors[0] ?? "Default", quantity: 2 }));
    await database.close();
    const store = await startStoreProcess({
      root: options.root,
      buildDir: options.buildDir,
      port: await freePort(),
      dataDir,
    });
    try {
      const request = {
        url: store.base,
        connections: 1,
        headers: { "content-type": "application/json", origin: store.base },
        requests: [
          { method: "POST" as const, path: "/api/cart/price", body: JSON.stringify({ lines, code: "code-0500" }) },
        ],
      };
      await autocannon({ ...request, duration: 2 });
      const latencies: number[] = [];
      const result = await new Promise<autocannon.Result>((resolve, reject) => {
        const run = autocannon({ ...request, duration: options.seconds ?? 8 }, (error, r) =>
          error ? reject(error as Error) : resolve(r),
        );
        run.on("response", (_c, _s, _b, ms) => latencies.push(ms));
      });
      latencies.sort((a, b) => a - b);
      return {
        n: latencies.length,
        p50: at(latencies, 50),
        p95: at(latencies, 95),
        errors: result.errors + result.non2xx,
      };
    } finally {
      await store.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = new Map(
    process.argv.slice(2).map((a) => a.replace(/^--/, "").split("=") as [string, string | undefined]),
  );
  const seconds = Number(args.get("seconds") ?? 8);
  const root = path.resolve(import.meta.dirname, "..");
  const buildDir = process.env.BUILD_DIR || "build-bench";
  if (!args.has("no-build"))
    execFileSync("npx", ["react-router", "build", "--logLevel", "error"], {
      cwd: root,
      stdio: "ignore",
      env: { ...process.env, BUILD_DIR: buildDir },
    });
  for (const r of await benchCodeCost({ seconds })) {
    console.log(
      `${r.database}: without a code ${r.withoutPerSecond.toFixed(0)} orders/s (p50 ${r.withoutP50.toFixed(1)} ms), ` +
        `with ${r.withPerSecond.toFixed(0)} orders/s (p50 ${r.withP50.toFixed(1)} ms): ×${r.ratio.toFixed(3)} ` +
        `(budget ×${CODE_COST_BUDGET}) ${r.ratio <= CODE_COST_BUDGET ? "PASS" : "FAIL"}, ${r.failures} failures`,
    );
  }
  const price = await benchCartPrice({ root, buildDir, seconds });
  console.log(
    `/api/cart/price with a code, 10,000 products, 1,000 discounts: p50 ${price.p50} ms, p95 ${price.p95} ms ` +
      `(budget ${CART_PRICE_P95_BUDGET_MS} ms) ${price.p95 < CART_PRICE_P95_BUDGET_MS ? "PASS" : "FAIL"}, ${price.n} requests, ${price.errors} errors`,
  );
}
