/**
 * Issue 29's budget for the product page's reviews (`npm run bench -- --only=reviews`, or alone with
 * `node --import tsx scripts/bench-reviews.ts [--seconds=8] [--no-build]`): a product page with 500
 * reviews renders within 20% of the same page with none, uncached (PAGE_CACHE_SECONDS=0 turns the page
 * cache and the read caches off, so every request is a full render with its reads). The two pages are asked
 * for in alternating turns, one request at a time, so a slow stretch of the host falls on both. The fit
 * summary and the aggregates come from the stored sums; the list is one index read of 10 rows, whose
 * plans (EXPLAIN ANALYZE on the embedded database, 500 reviews) are printed.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows, type Db } from "~/lib/db/client.server";
import { insertProducts } from "~/modules/catalog/variants.server";
import type { FitVote } from "~/modules/fit/fit-types";
import { DEFAULT_REVIEW_QUERY, type ReviewQuery } from "~/modules/reviews/review-query";
import { reviewPageStatement } from "~/modules/reviews/review-reads.server";
import { insertReviews, type NewReview } from "~/modules/reviews/review-store.server";
import { closedLoop, freePort, startStoreProcess } from "./bench-support";

export const REVIEWS_RENDER_BUDGET = 1.2;
export const BENCH_REVIEWS = 500;
const REVIEWED = "bench-reviewed-tee";
const QUIET = "bench-quiet-tee";
const SIZES = ["XS", "S", "M", "L", "XL"];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** Two products alike but for their reviews; `count` published reviews (and a few held) for the first. */
async function prepare(db: Db, count: number): Promise<{ productId: string; insertMs: number }> {
  const product = (slug: string, sku: string) => ({
    name: slug === REVIEWED ? "Bench Reviewed Tee" : "Bench Quiet Tee",
    slug,
    sku,
    description: "A soft cotton tee for the reviews bench. ".repeat(4),
    priceCents: 3_500,
    sizes: SIZES,
    colors: ["Black", "White"],
    variants: SIZES.flatMap((size) => ["Black", "White"].map((color) => ({ size, color, stock: 20 }))),
  });
  const [reviewed] = await db.transaction((tx) =>
    insertProducts(tx, [product(REVIEWED, "BENCH-REV"), product(QUIET, "BENCH-QUIET")]),
  );
  const fits: Array<FitVote | null> = ["small", "true", "true", "large", null];
  const words = "Soft fabric, holds its shape after washing, the colour is as pictured and the seams are neat. ";
  const reviews: NewReview[] = Array.from({ length: count + 10 }, (_, i) => ({
    productId: reviewed!.id,
    userId: null,
    orderId: null,
    orderItemId: null,
    size: SIZES[i % SIZES.length]!,
    color: i % 2 ? "Black" : "White",
    rating: 1 + ((i * 3 + Math.floor(i / 5)) % 5),
    title: `Review ${i}: ${i % 3 ? "Great everyday tee" : "Runs a little small"}`,
    body: words.repeat(1 + (i % 4)),
    fit: fits[i % fits.length]!,
    authorName: `Shopper ${i % 97}.`,
    verified: i % 2 === 0,
    photos: i % 7 === 0 ? [`/media/${"b".repeat(64)}/800.webp`] : [],
    // The last ten are held: they must cost nothing.
    status: i >= count ? "held" : "published",
    source: "customer",
    createdAt: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000),
  }));
  const started = performance.now();
  // The one write path, in chunks (each write recomputes the product's sums, as a shopper's does).
  for (let i = 0; i < reviews.length; i += 100) await insertReviews(db, reviews.slice(i, i + 100));
  await db.execute(
    sql`update reviews set helpful_count = abs(hashtext(id::text)) % 20 where product_id = ${reviewed!.id}`,
  );
  return { productId: reviewed!.id, insertMs: performance.now() - started };
}

/**
 * EXPLAIN ANALYZE of the page statements as they run (newest, most helpful, a filtered one). On a table
 * holding this one product's reviews a sequential scan is the planner's honest choice; the same
 * statements with sequential scans off show that the partial indexes serve them (the predicate matches).
 */
async function plans(db: Db, productId: string): Promise<string[]> {
  const lines: string[] = [];
  const queries: Array<[string, ReviewQuery]> = [
    ["newest, page 1", DEFAULT_REVIEW_QUERY],
    ["most helpful, page 3", { ...DEFAULT_REVIEW_QUERY, sort: "helpful", page: 3 }],
    ["size M, 5 stars", { ...DEFAULT_REVIEW_QUERY, size: "M", rating: 5 }],
  ];
  await db.execute(sql`analyze reviews`);
  for (const [label, query, seqscan] of queries.flatMap(([l, q]) => [
    [l, q, "on"] as const,
    [`${l} (sequential scans off)`, q, "off"] as const,
  ])) {
    await db.execute(sql.raw(`set enable_seqscan = ${seqscan}`));
    const statement = reviewPageStatement(db, productId, query, query.page).toSQL();
    const params = statement.params;
    // Inline the parameters (strings and numbers only here) for EXPLAIN.
    const inlined = statement.sql.replace(/\$(\d+)/g, (_m, n: string) => {
      const v = params[Number(n) - 1];
      return typeof v === "number" ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
    });
    const rows = await queryRows<{ "QUERY PLAN": string }>(db, sql.raw(`explain analyze ${inlined}`));
    lines.push(`${label}:`, ...rows.map((r) => `    ${r["QUERY PLAN"]}`));
  }
  await db.execute(sql`set enable_seqscan = on`);
  return lines;
}

export interface ReviewsBench {
  insertMs: number;
  plans: string[];
  quiet: { p50: number; p95: number; n: number };
  reviewed: { p50: number; p95: number; n: number };
  filtered: { p50: number; p95: number; n: number };
  /** p50 with 500 reviews over p50 with none. */
  ratio: number;
  ratioP95: number;
  errors: number;
}

export async function benchReviews(options: {
  root: string;
  buildDir: string;
  seconds?: number;
}): Promise<ReviewsBench> {
  const seconds = options.seconds ?? 8;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "abundance-bench-reviews-"));
  try {
    const database = await openDatabase({ dataDir });
    let productId: string;
    let insertMs: number;
    let explained: string[];
    try {
      ({ productId, insertMs } = await prepare(database.db, BENCH_REVIEWS));
      explained = await plans(database.db, productId);
    } finally {
      await database.close();
    }
    const store = await startStoreProcess({
      root: options.root,
      buildDir: options.buildDir,
      port: await freePort(),
      dataDir,
      env: { PAGE_CACHE_SECONDS: "0" },
    });
    try {
      const turns = 6;
      const samples = { quiet: [] as number[][], reviewed: [] as number[][] };
      let errors = 0;
      const turn = async (slug: string) => {
        const r = await closedLoop(store.base, [`/product/${slug}`], {}, 1, seconds / turns);
        errors += r.errors;
        return r;
      };
      // Warm-up of both.
      await turn(QUIET);
      await turn(REVIEWED);
      const all = { quiet: [] as number[], reviewed: [] as number[] };
      for (let t = 0; t < turns; t++) {
        const order = t % 2 === 0 ? [QUIET, REVIEWED] : [REVIEWED, QUIET];
        for (const slug of order) {
          const r = await turn(slug);
          const key = slug === QUIET ? "quiet" : "reviewed";
          samples[key].push([r.p50, r.p95]);
          all[key].push(r.p50);
        }
      }
      const filtered = await closedLoop(
        store.base,
        [
          `/product/${REVIEWED}?reviews_size=M&reviews_sort=helpful`,
          `/product/${REVIEWED}?reviews_rating=5&reviews_photos=1`,
        ],
        {},
        1,
        seconds / turns,
      );
      const figures = (key: "quiet" | "reviewed", n: number) => ({
        p50: median(samples[key].map((s) => s[0]!)),
        p95: median(samples[key].map((s) => s[1]!)),
        n,
      });
      const quiet = figures("quiet", all.quiet.length);
      const reviewed = figures("reviewed", all.reviewed.length);
      return {
        insertMs,
        plans: explained,
        quiet,
        reviewed,
        filtered: { p50: filtered.p50, p95: filtered.p95, n: filtered.n },
        ratio: reviewed.p50 / quiet.p50,
        ratioP95: reviewed.p95 / quiet.p95,
        errors: errors + filtered.errors,
      };
    } finally {
      await store.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function reviewsLines(r: ReviewsBench): string[] {
  return [
    `${BENCH_REVIEWS} reviews (+10 held) written through insertReviews in ${(r.insertMs / 1000).toFixed(1)} s`,
    ...r.plans,
    `product page, uncached, one at a time: no reviews p50 ${r.quiet.p50.toFixed(1)} ms, p95 ${r.quiet.p95.toFixed(1)} ms; ` +
      `${BENCH_REVIEWS} reviews p50 ${r.reviewed.p50.toFixed(1)} ms, p95 ${r.reviewed.p95.toFixed(1)} ms ` +
      `(×${r.ratio.toFixed(2)} p50, ×${r.ratioP95.toFixed(2)} p95; budget ×${REVIEWS_RENDER_BUDGET}) ` +
      `${r.ratio <= REVIEWS_RENDER_BUDGET && r.errors === 0 ? "PASS" : "FAIL"}, ${r.errors} errors`,
    `filtered and sorted (size M by most helpful; 5 stars with photos): p50 ${r.filtered.p50.toFixed(1)} ms, p95 ${r.filtered.p95.toFixed(1)} ms`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = new Map(
    process.argv.slice(2).map((a) => a.replace(/^--/, "").split("=") as [string, string | undefined]),
  );
  const root = path.resolve(import.meta.dirname, "..");
  const buildDir = process.env.BUILD_DIR || "build-bench";
  if (!args.has("no-build"))
    execFileSync("npx", ["react-router", "build", "--logLevel", "error"], {
      cwd: root,
      stdio: "ignore",
      env: { ...process.env, BUILD_DIR: buildDir },
    });
  const r = await benchReviews({ root, buildDir, seconds: Number(args.get("seconds") ?? 8) });
  for (const line of reviewsLines(r)) console.log(line);
}
