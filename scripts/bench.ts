/**
 * `npm run bench`: builds for production, starts the store on embedded databases and measures:
 *  1. guest catalogue pages from the full-page cache, next to a bare Node `http` server answering
 *     the same bytes in the same run (autocannon, 50 connections);
 *  2. signed-in `/shop` and a product page (the same shared cached documents), and the uncached
 *     server-side render of a personal page (`/profile`) for a signed-in visitor (50 connections);
 *  3. on 10,000 generated products, with every cache off: search and a deep shop page at 10
 *     concurrent requests (p50/p95/p99 of server answers); the product dashboard's searches and
 *     filters one at a time, and bulk actions on 1,000 products (scripts/bench-admin.ts);
 *  4. process start to the first 200 on /healthz on an existing database;
 *  5. the JavaScript a shopper downloads for a product page (gzipped), and that no admin code is in it;
 *  6. Lighthouse (mobile) performance, accessibility and SEO on /, /shop and a product page;
 *  7. order placement throughput on the embedded database and on a fresh PostgreSQL database;
 *  8. the orders back office on 100,000 orders: dashboard, list, searches, filters, an order's page
 *     (scripts/bench-admin-orders.ts), and the query plans behind them; the /secure-admin Analytics over
 *     them (scripts/bench-analytics.ts);
 *  9. notifications (scripts/bench-notifications.ts): checkout throughput with and without them, the
 *     backlog a rush leaves and how fast it goes, and 1,000 queued messages drained to the fakes;
 * 10. memory (scripts/bench-memory.ts): the server's peak RSS during its first start on an empty database,
 *     its RSS idle and its peak under load, embedded and on PostgreSQL (one process, and the default
 *     cluster), against issue 15's budgets.
 * 11. the uncached server render of /shop for a signed-in shopper: req/s, CPU per render, document size
 *     (scripts/bench-scaling.ts); then the same in turns with the commit before issue 15's render work,
 *     checked out and built in a temporary worktree, for the CPU and size ratios on this machine;
 * 12. on PostgreSQL with 10,000 products, one process and one per core: that render, search and
 *     /shop?page=50 at 10 concurrent requests.
 * 13. the analytics by discount (scripts/bench-analytics.ts) on 100,000 orders, about 30 % of them
 *     discounted: the Analytics page's figures over the year, and the discount statement over the year
 *     and over 30 days, on the embedded database and on a fresh PostgreSQL database.
 * 14. discounts (scripts/bench-discounts.ts): an order placed with a code against one without, on both
 *     databases; `/api/cart/price` with a code on 10,000 products and 1,000 discounts.
 * 15. reviews (scripts/bench-reviews.ts): a product page with 500 reviews against one with none, uncached.
 * 16. returns (scripts/bench-returns.ts): the owner's returns list (first page, a status, searches) and a
 *     return's page with 20,000 returns over 100,000 orders, one at a time, uncached.
 * 17. back in stock (scripts/bench-restock.ts): a round on 10,000 waiting subscriptions (20 variants back, 60
 *     notified), an idle round, and a checkout's stock statement with and without the trigger's rise check,
 *     on the embedded database and on a fresh PostgreSQL database.
 * 18. recovery (scripts/bench-recovery.ts): the abandoned-checkout scan on 100,000 checkout records, idle and with
 *     20 reminders due.
 * 19. packing (scripts/bench-packing.ts): a print run of 200 chosen orders (slips and pick list) and 'All paid,
 *     not shipped' on 100,000 orders.
 * 20. customers (scripts/bench-customers.ts): the customers list and a customer's page over 50,000 customers
 *     and 100,000 orders.
 * 21. audit (scripts/bench-audit.ts): the audit log page's reads for typical searches over 1,000,000 entries,
 *     on the embedded database and on a fresh PostgreSQL database.
 * 22. first paint (scripts/bench-lighthouse.ts): Lighthouse mobile on /, /shop, a filtered category, a product
 *     page and a signed-in /checkout, median of 3 runs each: LCP, FCP, CLS, TBT, score, the LCP element and
 *     the render-blocking requests, against issue 33's budgets; `--before=<commit>` measures that commit in
 *     the same run, in turns; `--throttling=devtools` slows the browser for real instead of simulating
 *     (the budgets are read on the simulated figures only).
 * 23. hydration (scripts/bench-hydration.ts): /shop and a product page in Chromium slowed for real to slow 4G
 *     and 4x CPU, a first visit each: first paint, largest paint and hydration, median of 3; `--before` as
 *     for 22. What decision 0045 (modules after the first screen) costs a shopper on a slow line.
 * Options: --no-build, --no-lighthouse, --duration=SECONDS (default 8), --connections=N (default 50),
 * --before=COMMIT[,COMMIT…] (first paint, hydration; the first also for the render rows against bare Node,
 * instead of the commit before issue 33), --throttling=simulate|devtools (first paint), --only=pages,catalogue,orders,admin-orders,notifications,memory,render,scaling,
 * analytics,discounts,reviews,returns,restock,recovery,packing,customers,audit,lighthouse,hydration (sections
 * 1-2 and 4-6, 3, 7, 8, ..., 23; all by default).
 */
import { execSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { demoProducts } from "#db/seed/demo-catalog";
import { asc, like } from "drizzle-orm";
import { products } from "#db/schema/index";
import { openDatabase } from "~/lib/db/client.server";
import {
  ADMIN_LIST_PATHS,
  benchAdminList,
  benchBulk,
  benchCsvRoundTrip,
  THOUSAND_BY_FILTER,
  type BulkBench,
} from "./bench-admin";
import { benchPacking, PACKING_RUN_BUDGET_MS } from "./bench-packing";
import { PACKING_SLIP_MAX } from "~/modules/orders/packing-slips";
import { benchAdminOrders, explainAdminOrders, ORDER_COUNT, seedOrders } from "./bench-admin-orders";
import {
  BENCH_CUSTOMER_COUNT,
  BENCH_CUSTOMER_ORDERS,
  benchCustomers,
  CUSTOMERS_P95_BUDGET_MS,
  seedCustomers,
} from "./bench-customers";
import { AUDIT_ENTRY_COUNT, AUDIT_P95_BUDGET_MS, benchAudit } from "./bench-audit";
import {
  ANALYTICS_P95_BUDGET_MS,
  benchAnalytics,
  benchDiscountAnalytics,
  DISCOUNT_MONTH_P95_BUDGET_MS,
  DISCOUNT_YEAR_P95_BUDGET_MS,
  seedDiscounts,
  timeCalls,
} from "./bench-analytics";
import { presetRange } from "~/modules/analytics/analytics-range";
import { salesAnalytics } from "~/modules/analytics/sales-analytics.server";
import { benchMemory, firstStartLine, firstStartWithinBudget, memoryLine, withinBudget } from "./bench-memory";
import { benchNotifications } from "./bench-notifications";
import { benchCartPrice, benchCodeCost, CART_PRICE_P95_BUDGET_MS, CODE_COST_BUDGET } from "./bench-discounts";
import { benchOrders, benchOrdersSideBySide } from "./bench-orders";
import { benchReviews, REVIEWS_RENDER_BUDGET } from "./bench-reviews";
import { benchReturns, RETURN_COUNT, RETURNS_P95_BUDGET_MS } from "./bench-returns";
import { benchRestock, RESTOCK_ROUND_BUDGET_MS, restockLine, SUBSCRIPTION_COUNT } from "./bench-restock";
import { benchRecovery, CHECKOUT_COUNT, RECOVERY_SCAN_BUDGET_MS } from "./bench-recovery";
import {
  benchRender,
  benchRenderSideBySide,
  benchScaling,
  benchAgainstBare,
  benchAgainstBareSideBySide,
  againstBareLine,
  againstBareMedians,
  againstBareWithinBudget,
  type AgainstBare,
  median,
  RENDER_BEFORE_COMMIT,
  SHARE_BEFORE_COMMIT,
  renderLine,
  VARIANTS_BEFORE_COMMIT,
  SEARCH_QUERIES,
  type RenderFigures,
} from "./bench-scaling";
import { benchHydration, hydrationLine } from "./bench-hydration";
import { benchFirstPaint, FIRST_PAINT_BUDGETS, figuresLine, lighthouseReport, missedBudgets } from "./bench-lighthouse";
import { closedLoop, signIn, signInShopper, spawnStore, waitFor, withFreshPostgres } from "./bench-support";

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, "").split("=") as [string, string | undefined]));
const duration = Number(args.get("duration") ?? 8);
const connections = Number(args.get("connections") ?? 50);
const only = args.get("only")?.split(",");
type Section =
  | "pages"
  | "catalogue"
  | "orders"
  | "admin-orders"
  | "notifications"
  | "memory"
  | "render"
  | "scaling"
  | "analytics"
  | "discounts"
  | "reviews"
  | "returns"
  | "restock"
  | "recovery"
  | "packing"
  | "customers"
  | "audit"
  | "lighthouse"
  | "hydration";
const runs = (section: Section) => !only || only.includes(section);
const root = path.resolve(import.meta.dirname, "..");
const tempDirs: string[] = [];
/** Its own build folder, so that nothing else rebuilding ./build disturbs the measurements. */
const buildDir = process.env.BUILD_DIR || "build-bench";
const children: ChildProcess[] = [];

interface Row {
  label: string;
  value: string;
  budget: string;
  ok: boolean | null;
}
const rows: Row[] = [];
const record = (label: string, value: string, budget = "", ok: boolean | null = null) =>
  rows.push({ label, value, budget, ok });
const log = (line = "") => process.stdout.write(`${line}\n`);

/** CPU time this virtual machine's host gave to others ("steal"), to read the figures with. */
function cpuTimes(): { steal: number; total: number } {
  try {
    const fields = readFileSync("/proc/stat", "utf8").split("\n", 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
    return { steal: fields[7] ?? 0, total: fields.reduce((a, b) => a + b, 0) };
  } catch {
    return { steal: 0, total: 0 };
  }
}

function tempDir(name: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `abundance-bench-${name}-`));
  tempDirs.push(dir);
  return dir;
}

function startStore(port: number, dataDir: string, env: Record<string, string> = {}): ChildProcess {
  const child = spawnStore({ root, buildDir, port, dataDir, env });
  children.push(child);
  return child;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

function startBare(port: number, bodies: Record<string, Buffer>): ChildProcess {
  // The baseline: a bare Node http server answering the same bytes from memory.
  const code = `
    const http = require("node:http");
    const raw = JSON.parse(require("node:fs").readFileSync(process.env.BODIES_FILE, "utf8"));
    const bodies = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Buffer.from(v, "base64")]));
    http.createServer((req, res) => {
      const body = bodies[req.url] ?? bodies["/"];
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
      res.end(body);
    }).listen(${port}, "127.0.0.1");`;
  const encoded = Object.fromEntries(Object.entries(bodies).map(([k, v]) => [k, v.toString("base64")]));
  const file = path.join(tempDir("bare"), "bodies.json");
  writeFileSync(file, JSON.stringify(encoded));
  const child = spawn(process.execPath, ["-e", code], { env: { ...process.env, BODIES_FILE: file }, stdio: "inherit" });
  children.push(child);
  return child;
}

async function cannon(url: string, headers: Record<string, string>, conns: number) {
  // Warm-up (JIT, caches, connections) is not part of the figures.
  await autocannon({ url, connections: conns, duration: 3, headers });
  const r = await autocannon({ url, connections: conns, duration, headers });
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

/**
 * The JavaScript a page makes the browser load: its module preloads, its script tags and the modules its
 * inline scripts import. Not every `/assets/….js` the HTML names: the inline route manifest also names
 * the manifest file and the modules of routes not shown (loaded only on a navigation to them).
 */
async function javascriptOf(base: string, page: string) {
  const html = await (await fetch(`${base}${page}`)).text();
  const loaded = [
    /<link rel="modulepreload"[^>]* href="(\/assets\/[^"]+\.js)"/g,
    /<script[^>]* src="(\/assets\/[^"]+\.js)"/g,
    /(?:import\(|from )"(\/assets\/[^"]+\.js)"/g,
  ];
  // A storefront page lists its module preloads in the deferred script's `data-preload` (decision 0045).
  const deferred = /data-preload="([^"]*)"/.exec(html)?.[1]?.replaceAll("&quot;", '"');
  const urls = [
    ...new Set([
      ...loaded.flatMap((pattern) => [...html.matchAll(pattern)].map((m) => m[1]!)),
      ...(deferred ? (JSON.parse(deferred) as string[]) : []),
    ]),
  ];
  let gzipped = 0;
  for (const url of urls) gzipped += gzipSync(Buffer.from(await (await fetch(`${base}${url}`)).arrayBuffer())).length;
  return { urls, gzipped };
}

/**
 * Lighthouse's mobile preset, the three categories. With "simulate" its first-paint estimate swings by a
 * second from run to run against a server on the same machine (the --only=lighthouse section explains
 * why and takes medians); "devtools" applies the throttling for real. Both are reported.
 */
function lighthouse(url: string, throttling: "simulate" | "devtools") {
  const report = lighthouseReport(root, url, {
    categories: ["performance", "accessibility", "seo"],
    throttling,
  }) as { categories: Record<string, { score: number }> };
  const score = (k: string) => Math.round((report.categories[k]?.score ?? 0) * 100);
  return { performance: score("performance"), accessibility: score("accessibility"), seo: score("seo") };
}

async function main() {
  if (!args.has("no-build")) {
    log("Building for production…");
    execSync("npx react-router build --logLevel error", {
      cwd: root,
      stdio: "ignore",
      env: { ...process.env, BUILD_DIR: buildDir },
    });
  }
  const port = 3300 + Math.floor(Math.random() * 400);
  const base = `http://127.0.0.1:${port}`;
  const cpuBefore = cpuTimes();

  let store: ChildProcess;
  if (runs("pages")) {
    // — 1, 2, 4: the demo catalogue —
    const demoDir = tempDir("demo");
    store = startStore(port, demoDir);
    await waitFor(`${base}/healthz`);
    await stop(store);
    const startedAt = Date.now();
    store = startStore(port, demoDir);
    await waitFor(`${base}/healthz`);
    const startMs = Date.now() - startedAt;
    record("start to first 200 on /healthz (existing database)", `${startMs} ms`, "< 5000 ms", startMs < 5000);

    const product = demoProducts.find((p) => p.isActive && p.inventory > 0 && p.group)!;
    const pages = ["/", "/shop", "/shop/men?size=M&sort=price-low", `/product/${product.slug}`];
    const bodies: Record<string, Buffer> = {};
    for (const page of pages) bodies[page] = Buffer.from(await (await fetch(`${base}${page}`)).arrayBuffer());
    const barePort = port + 1000;
    const bare = startBare(barePort, bodies);
    await waitFor(`http://127.0.0.1:${barePort}/`);
    const bareRps: Record<string, number> = {};
    for (const page of pages) {
      const ours = await cannon(`${base}${page}`, {}, connections);
      const baseline = await cannon(`http://127.0.0.1:${barePort}${page}`, {}, connections);
      bareRps[page] = baseline.rps;
      const ratio = ours.rps / baseline.rps;
      record(
        `guest ${page} (page cache), ${connections} conns`,
        `${ours.rps} req/s (bare ${baseline.rps}: ${(ratio * 100).toFixed(0)}%), p50 ${ours.p50} ms, p99 ${ours.p99} ms, errors ${ours.errors}`,
        "≥ 25% of bare",
        ratio >= 0.25 && ours.errors === 0,
      );
    }
    await stop(bare);

    // Signed-in shoppers get the same shared documents (issue 15); their header comes from the viewer hint.
    const cookie = await signInShopper(base);
    // A browser that runs our scripts carries the viewer hint (modules/accounts/viewer-hint.ts).
    const withHint = `${cookie}; abundance_viewer=customer:Bench`;
    for (const page of ["/shop", `/product/${product.slug}`]) {
      const ours = await cannon(`${base}${page}`, { cookie: withHint }, connections);
      const ratio = ours.rps / bareRps[page]!;
      record(
        `signed-in ${page} (the shared page cache), ${connections} conns`,
        `${ours.rps} req/s (bare ${bareRps[page]}: ${(ratio * 100).toFixed(0)}%), p50 ${ours.p50} ms, p99 ${ours.p99} ms, errors ${ours.errors}`,
        "≥ 25% of bare, p99 < 20 ms",
        ratio >= 0.25 && ours.p99 < 20 && ours.errors === 0,
      );
    }
    const ssr = await cannon(`${base}/profile`, { cookie }, connections);
    record(
      `signed-in /profile (a personal page: full SSR, no cache), ${connections} conns`,
      `${ssr.rps} req/s, p50 ${ssr.p50} ms, p99 ${ssr.p99} ms, errors ${ssr.errors}`,
      "p99 < 100 ms",
      ssr.p99 < 100,
    );

    const js = await javascriptOf(base, `/product/${product.slug}`);
    record(
      "JavaScript for /product/{slug}, gzipped",
      `${(js.gzipped / 1024).toFixed(1)} KB in ${js.urls.length} files`,
      "< 150 KB",
      js.gzipped < 150 * 1024,
    );
    const storefrontJs = new Set<string>();
    for (const page of ["/", "/shop", `/product/${product.slug}`])
      for (const u of (await javascriptOf(base, page)).urls) storefrontJs.add(u);
    const adminChunks = [...storefrontJs].filter((u) => /admin/i.test(u));
    // The console's chart library, in whatever chunk the bundler put it: its own class names give it away.
    for (const u of storefrontJs) {
      const text = await (await fetch(new URL(u, base))).text();
      if (text.includes("recharts-wrapper")) adminChunks.push(`${u} (recharts)`);
    }
    record(
      "admin and /secure-admin code (the console's charts included) in storefront bundles",
      adminChunks.length ? adminChunks.join(", ") : "none",
      "none",
      adminChunks.length === 0,
    );

    if (!args.has("no-lighthouse")) {
      for (const [page, throttling] of ["/", "/shop", `/product/${product.slug}`].flatMap((p) =>
        (["simulate", "devtools"] as const).map((t) => [p, t] as const),
      )) {
        try {
          const s = lighthouse(`${base}${page}`, throttling);
          record(
            `Lighthouse mobile ${page} (${throttling === "simulate" ? "simulated" : "applied"} throttling)`,
            `performance ${s.performance}, accessibility ${s.accessibility}, SEO ${s.seo}`,
            "≥ 95 each",
            s.performance >= 95 && s.accessibility >= 95 && s.seo >= 95,
          );
        } catch (error) {
          record(
            `Lighthouse mobile ${page} (${throttling})`,
            `failed: ${(error as Error).message.split("\n")[0]}`,
            "≥ 95 each",
            false,
          );
        }
      }
    }
    await stop(store);
  }

  if (runs("catalogue")) {
    // — 3: 10,000 products, caches off —
    const bigDir = tempDir("10k");
    execSync(`node --import tsx scripts/fill-catalog.ts --data-dir=${bigDir} --count=10000`, {
      cwd: root,
      stdio: "ignore",
    });
    // 1,000 generated products for the bulk actions, read before the store opens the database.
    const filled = await openDatabase({ dataDir: bigDir });
    const thousand = (
      await filled.db
        .select({ id: products.id })
        .from(products)
        .where(like(products.sku, "FX-%"))
        .orderBy(asc(products.sku))
        .limit(1000)
    ).map((row) => row.id);
    await filled.close();
    store = startStore(port, bigDir, { PAGE_CACHE_SECONDS: "0" });
    await waitFor(`${base}/healthz`);
    const bigCookie = await signInShopper(base);
    const searchPaths = SEARCH_QUERIES.map((q) => `/search?q=${encodeURIComponent(q)}`);
    const searchAlone = await closedLoop(base, searchPaths, { cookie: bigCookie }, 1, duration);
    record(
      "/search?q=… on 10,000 products, one at a time (time per request), no cache",
      `p50 ${searchAlone.p50.toFixed(1)} ms, p95 ${searchAlone.p95.toFixed(1)} ms, p99 ${searchAlone.p99.toFixed(1)} ms`,
      "p95 < 50 ms",
      searchAlone.p95 < 50,
    );
    const search = await closedLoop(base, searchPaths, { cookie: bigCookie }, 10, duration);
    record(
      "/search?q=… on 10,000 products, 10 concurrent, no cache",
      `p50 ${search.p50.toFixed(1)} ms, p95 ${search.p95.toFixed(1)} ms, p99 ${search.p99.toFixed(1)} ms (${search.n} answers, ${search.errors} errors)`,
      "p95 < 50 ms",
      search.p95 < 50 && search.errors === 0,
    );
    const shopAlone = await closedLoop(base, ["/shop?page=50"], { cookie: bigCookie }, 1, duration);
    record(
      "/shop?page=50 on 10,000 products, one at a time (time per request), no cache",
      `p50 ${shopAlone.p50.toFixed(1)} ms, p95 ${shopAlone.p95.toFixed(1)} ms, p99 ${shopAlone.p99.toFixed(1)} ms`,
      "p95 < 50 ms",
      shopAlone.p95 < 50,
    );
    const shop = await closedLoop(base, ["/shop?page=50"], { cookie: bigCookie }, 10, duration);
    record(
      "/shop?page=50 on 10,000 products, 10 concurrent, no cache",
      `p50 ${shop.p50.toFixed(1)} ms, p95 ${shop.p95.toFixed(1)} ms, p99 ${shop.p99.toFixed(1)} ms (${shop.n} answers, ${shop.errors} errors)`,
      "p95 < 50 ms",
      shop.p95 < 50 && shop.errors === 0,
    );
    // The back office's figures as its admin (a shopper is turned away: the list's figures were its 403s).
    const adminCookie = await signIn(base);
    const adminList = await benchAdminList(base, adminCookie, duration);
    for (const [path, median] of adminList.byPath) log(`  ${path}: median ${median.toFixed(1)} ms`);
    record(
      `/admin/products search and filters on 10,000 products (${ADMIN_LIST_PATHS.length} URLs in turn), one at a time (time per request), no cache`,
      `p50 ${adminList.p50.toFixed(1)} ms, p95 ${adminList.p95.toFixed(1)} ms, p99 ${adminList.p99.toFixed(1)} ms (${adminList.n} answers, ${adminList.errors} errors)`,
      "p95 < 100 ms",
      adminList.p95 < 100 && adminList.errors === 0,
    );
    const bulkLine = (r: BulkBench) =>
      `p50 ${r.p50.toFixed(1)} ms, max ${r.max.toFixed(1)} ms (${r.n} actions alternating Deactivate/Activate; changed ${[...new Set(r.changed)].join("/")} each; ${r.errors} errors)`;
    const bulkOk = (r: BulkBench) => r.max < 500 && r.errors === 0 && r.changed.every((n) => n === 1000);
    const byIds = await benchBulk(base, adminCookie, { ids: thousand });
    record(
      "bulk action on 1,000 products by id (one UPDATE + audit rows), 10,000-product catalogue",
      bulkLine(byIds),
      "each < 500 ms",
      bulkOk(byIds),
    );
    const byFilter = await benchBulk(base, adminCookie, { filter: THOUSAND_BY_FILTER });
    record(
      "bulk action on the 1,000 products matching a filter (resolved in the UPDATE)",
      bulkLine(byFilter),
      "each < 500 ms",
      bulkOk(byFilter),
    );
    const csv = await benchCsvRoundTrip(base, adminCookie);
    record(
      `CSV round trip on ${csv.products.toLocaleString("en")} products (${csv.rows.toLocaleString("en")} variant rows): export, dry run (preview), write (one transaction)`,
      `export ${(csv.exportMs / 1000).toFixed(1)} s, preview ${(csv.previewMs / 1000).toFixed(1)} s, import ${(csv.importMs / 1000).toFixed(1)} s (${csv.written} written)${csv.errors.length ? `; ${csv.errors.join("; ")}` : ""}`,
      "preview + import < 15 s",
      csv.previewMs + csv.importMs < 15_000 && csv.errors.length === 0 && csv.written === csv.products,
    );
    await stop(store);
  }

  // — 7: order placement, demo payment skipped —
  for (const r of runs("orders") ? await benchOrders({ seconds: duration, guests: true }) : []) {
    const goal = r.database.startsWith("PostgreSQL") ? 300 : 100;
    record(
      `placeOrder on ${r.database}, 10 at a time`,
      `${r.perSecond.toFixed(0)} orders/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.failures} failures`,
      `≥ ${goal}/s, p99 < 100 ms`,
      r.perSecond >= goal && r.p99 < 100 && r.failures === 0,
    );
  }
  // Against the commit before variants, in turns: stock taken per variant costs at most 10 % of throughput.
  const ordersSideBySide = runs("orders") ? await benchOrdersSideBySide(root, VARIANTS_BEFORE_COMMIT, 3) : undefined;
  for (const [database, now] of ordersSideBySide?.now ?? []) {
    const before = ordersSideBySide!.before.get(database) ?? [];
    if (before.length === 0) continue;
    const ratio = median(now) / median(before);
    record(
      `placeOrder on ${database}, side by side with ${ordersSideBySide!.commit} (before variants), ${now.length} turns each`,
      `${median(before).toFixed(0)} → ${median(now).toFixed(0)} orders/s (×${ratio.toFixed(2)}; turns: ${before.join(", ")} → ${now.join(", ")})`,
      "×0.90 or more",
      ratio >= 0.9,
    );
  }

  if (runs("admin-orders")) {
    // — 8: the orders back office on 100,000 orders —
    const ordersDir = tempDir("orders");
    const seeded = await openDatabase({ dataDir: ordersDir });
    const seedStarted = Date.now();
    await seedOrders(seeded.db);
    log(`Seeded ${ORDER_COUNT.toLocaleString("en")} orders in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);
    for (const line of await explainAdminOrders(seeded.db)) log(`  plan: ${line}`);
    const analytics = await benchAnalytics(seeded.db, duration);
    record(
      `/secure-admin Analytics (every figure of the page, one call) over the year ending today on ${ORDER_COUNT.toLocaleString("en")} orders, one at a time, no cache`,
      `p50 ${analytics.p50.toFixed(0)} ms, p95 ${analytics.p95.toFixed(0)} ms (${analytics.n} calls)`,
      `p95 < ${ANALYTICS_P95_BUDGET_MS} ms`,
      analytics.p95 < ANALYTICS_P95_BUDGET_MS,
    );
    await seeded.close();
    store = startStore(port, ordersDir, { PAGE_CACHE_SECONDS: "0" });
    await waitFor(`${base}/healthz`);
    const ordersCookie = await signIn(base);
    const list = await benchAdminOrders(base, ordersCookie, duration);
    for (const [path, median] of list.byPath) log(`  ${path}: median ${median.toFixed(1)} ms`);
    record(
      `/admin dashboard, order list, searches (number, digits, e-mail, name), filters, deep pages and an order's page on ${ORDER_COUNT.toLocaleString("en")} orders, one at a time`,
      `p50 ${list.p50.toFixed(1)} ms, p95 ${list.p95.toFixed(1)} ms, p99 ${list.p99.toFixed(1)} ms (${list.n} answers, ${list.errors} errors)`,
      "p95 < 100 ms",
      list.p95 < 100 && list.errors === 0,
    );
    await stop(store);
    // The same with the figures' short cache on, as the store runs by default (PAGE_CACHE_SECONDS 5).
    store = startStore(port, ordersDir);
    await waitFor(`${base}/healthz`);
    const cached = await benchAdminOrders(base, await signIn(base), duration);
    record(
      "the same, the dashboard's figures cached for PAGE_CACHE_SECONDS (5 s, dropped when an order moves)",
      `p50 ${cached.p50.toFixed(1)} ms, p95 ${cached.p95.toFixed(1)} ms, p99 ${cached.p99.toFixed(1)} ms (${cached.n} answers, ${cached.errors} errors)`,
      "p95 < 100 ms",
      cached.p95 < 100 && cached.errors === 0,
    );
    await stop(store);
  }

  if (runs("customers")) {
    // — customers in the back office (issue 32) on 50,000 customers and 100,000 orders —
    const customersDir = tempDir("customers");
    const seeded = await openDatabase({ dataDir: customersDir });
    const seedStarted = Date.now();
    await seedCustomers(seeded.db);
    log(
      `Seeded ${BENCH_CUSTOMER_COUNT.toLocaleString("en")} customers in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`,
    );
    await seeded.close();
    store = startStore(port, customersDir, { PAGE_CACHE_SECONDS: "0" });
    await waitFor(`${base}/healthz`);
    const result = await benchCustomers(base, await signIn(base), duration);
    for (const [p, p95] of result.byPath) log(`  ${p}: p95 ${p95.toFixed(1)} ms`);
    record(
      `/admin/customers (each sort, searches by name, e-mail, phone, page 100) and a customer's page on ${BENCH_CUSTOMER_COUNT.toLocaleString("en")} customers and ${BENCH_CUSTOMER_ORDERS.toLocaleString("en")} orders, one at a time`,
      `p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms (${result.n} answers, ${result.errors} errors)`,
      `p95 < ${CUSTOMERS_P95_BUDGET_MS} ms`,
      result.p95 < CUSTOMERS_P95_BUDGET_MS && result.errors === 0,
    );
    await stop(store);
  }

  if (runs("audit")) {
    // — 21: the audit log page (issue 32) on 1,000,000 entries —
    for (const r of await benchAudit({ seconds: duration })) {
      log(
        `Seeded ${AUDIT_ENTRY_COUNT.toLocaleString("en")} audit entries (${r.database}) in ${r.seedSeconds.toFixed(1)} s`,
      );
      for (const s of r.bySearch) log(`  ${s.label}: p95 ${s.p95.toFixed(1)} ms (${s.rows} rows)`);
      record(
        `the audit log page's reads (newest, keyset, person, shared password, kinds, an object, names, days) over ${AUDIT_ENTRY_COUNT.toLocaleString("en")} entries, one at a time (${r.database})`,
        `p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (${r.n} reads)`,
        `p95 < ${AUDIT_P95_BUDGET_MS} ms`,
        r.p95 < AUDIT_P95_BUDGET_MS,
      );
    }
  }

  if (runs("discounts")) {
    // — 14: discounts at checkout and in the cart —
    for (const r of await benchCodeCost({ seconds: duration })) {
      record(
        `an order placed with a code / without, 10 at a time, alternating turns, ${r.database}`,
        `${r.withPerSecond.toFixed(0)} / ${r.withoutPerSecond.toFixed(0)} orders/s (×${r.ratio.toFixed(3)} the time)`,
        `≤ ×${CODE_COST_BUDGET}`,
        r.ratio <= CODE_COST_BUDGET && r.failures === 0,
      );
    }
    const price = await benchCartPrice({ root, buildDir, seconds: duration });
    record(
      "/api/cart/price with a code, 10,000 products, 1,000 discounts, one request at a time (embedded)",
      `p50 ${price.p50.toFixed(1)} ms, p95 ${price.p95.toFixed(1)} ms (${price.n} answers, ${price.errors} errors)`,
      `p95 < ${CART_PRICE_P95_BUDGET_MS} ms`,
      price.p95 < CART_PRICE_P95_BUDGET_MS && price.errors === 0,
    );
  }

  if (runs("reviews")) {
    // — 15: the product page's reviews —
    const r = await benchReviews({ root, buildDir, seconds: duration });
    for (const line of r.plans) log(`  plan: ${line}`);
    record(
      "product page with 500 reviews / with none, uncached, one at a time, alternating turns (embedded)",
      `p50 ${r.reviewed.p50.toFixed(1)} / ${r.quiet.p50.toFixed(1)} ms (×${r.ratio.toFixed(2)}), p95 ${r.reviewed.p95.toFixed(1)} / ${r.quiet.p95.toFixed(1)} ms (×${r.ratioP95.toFixed(2)}); filtered p50 ${r.filtered.p50.toFixed(1)} ms`,
      `≤ ×${REVIEWS_RENDER_BUDGET}`,
      r.ratio <= REVIEWS_RENDER_BUDGET && r.errors === 0,
    );
  }

  if (runs("returns")) {
    // — 16: the owner's returns —
    const r = await benchReturns({ root, buildDir, seconds: duration });
    for (const g of r.groups)
      log(`  ${g.label}: p50 ${g.p50.toFixed(1)} ms, p95 ${g.p95.toFixed(1)} ms (${g.paths.join(", ")})`);
    record(
      `/admin/returns (first page, by status, searches) and a return's page, ${RETURN_COUNT.toLocaleString("en")} returns over ${ORDER_COUNT.toLocaleString("en")} orders, one at a time, uncached`,
      r.groups.map((g) => `${g.label} p50 ${g.p50.toFixed(1)} / p95 ${g.p95.toFixed(1)} ms`).join("; ") +
        ` (${r.errors} errors)`,
      `p95 < ${RETURNS_P95_BUDGET_MS} ms`,
      r.p95 < RETURNS_P95_BUDGET_MS && r.errors === 0,
    );
  }

  if (runs("restock")) {
    // — 17: back in stock —
    for (const r of await benchRestock()) {
      record(
        `back-in-stock round, ${SUBSCRIPTION_COUNT.toLocaleString("en")} waiting subscriptions, 20 variants back (${r.database})`,
        restockLine(r),
        `p95 < ${RESTOCK_ROUND_BUDGET_MS} ms`,
        r.round.p95 < RESTOCK_ROUND_BUDGET_MS && r.notified > 0,
      );
    }
  }

  if (runs("packing")) {
    // — 19: packing slips and the pick list (issue 32) —
    const r = await benchPacking({ seconds: duration });
    log(
      `Seeded ${ORDER_COUNT.toLocaleString("en")} orders in ${r.seedSeconds.toFixed(1)} s; paid, not shipped: ${r.paidOrders}`,
    );
    record(
      `a print run on the embedded database over ${ORDER_COUNT.toLocaleString("en")} orders: ${PACKING_SLIP_MAX} chosen orders (read, every slip and the pick list, ${r.chosenUnits} units) / 'All paid, not shipped'`,
      `chosen p50 ${r.chosen.p50.toFixed(1)} / p95 ${r.chosen.p95.toFixed(1)} ms (${r.chosen.n} runs); paid-unshipped p50 ${r.paid.p50.toFixed(1)} / p95 ${r.paid.p95.toFixed(1)} ms (${r.paid.n} runs)`,
      `p95 < ${PACKING_RUN_BUDGET_MS} ms`,
      r.chosen.p95 < PACKING_RUN_BUDGET_MS && r.paid.p95 < PACKING_RUN_BUDGET_MS,
    );
  }

  if (runs("recovery")) {
    // — 18: the abandoned-checkout scan (issue 31) —
    const r = await benchRecovery({ seconds: duration });
    log(
      `Seeded ${CHECKOUT_COUNT.toLocaleString("en")} checkouts and ${ORDER_COUNT.toLocaleString("en")} orders in ${r.seedSeconds.toFixed(1)} s`,
    );
    record(
      `abandoned-checkout scan on the embedded database, ${CHECKOUT_COUNT.toLocaleString("en")} checkout records over ${ORDER_COUNT.toLocaleString("en")} orders: nothing due / 20 reminders due (composed, handed to a mailer that answers at once)`,
      `idle p50 ${r.idle.p50.toFixed(1)} / p95 ${r.idle.p95.toFixed(1)} ms (${r.idle.n} runs); 20 due p50 ${r.due.p50.toFixed(1)} / p95 ${r.due.p95.toFixed(1)} ms (${r.due.n} runs, ${r.sent} sent)`,
      `p95 < ${RECOVERY_SCAN_BUDGET_MS} ms per run`,
      r.idle.p95 < RECOVERY_SCAN_BUDGET_MS && r.due.p95 < RECOVERY_SCAN_BUDGET_MS,
    );
  }

  if (runs("analytics")) {
    // — 13: the analytics by discount, on orders that have discounts —
    const benchDiscounts = async (label: string, database: Awaited<ReturnType<typeof openDatabase>>) => {
      const started = Date.now();
      await seedOrders(database.db);
      await seedDiscounts(database.db);
      log(
        `Seeded ${ORDER_COUNT.toLocaleString("en")} orders with discounts on ${label} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      // The roll-up's part alone first: how busy the machine is, to read the rest with.
      const rollUp = await timeCalls(duration, () => salesAnalytics(database.db, presetRange(365)));
      record(
        `the roll-up's part alone (salesAnalytics) over the year on ${label}`,
        `p50 ${rollUp.p50.toFixed(0)} ms, p95 ${rollUp.p95.toFixed(0)} ms (${rollUp.n} calls)`,
      );
      const page = await benchAnalytics(database.db, duration);
      record(
        `Analytics page's figures (sales and discounts) over the year on ${label}, ${ORDER_COUNT.toLocaleString("en")} orders, ~30 % discounted, one at a time, no cache`,
        `p50 ${page.p50.toFixed(0)} ms, p95 ${page.p95.toFixed(0)} ms (${page.n} calls)`,
      );
      for (const [days, budget] of [
        [365, DISCOUNT_YEAR_P95_BUDGET_MS],
        [30, DISCOUNT_MONTH_P95_BUDGET_MS],
      ] as const) {
        const r = await benchDiscountAnalytics(database.db, duration, days);
        record(
          `analytics by discount alone, the last ${days} days, on ${label}`,
          `p50 ${r.p50.toFixed(0)} ms, p95 ${r.p95.toFixed(0)} ms (${r.n} calls)`,
          label === "PGlite" ? `p95 < ${budget} ms` : "",
          label === "PGlite" ? r.p95 < budget : null,
        );
      }
    };
    const embedded = await openDatabase({ dataDir: tempDir("analytics") });
    try {
      await benchDiscounts("PGlite", embedded);
    } finally {
      await embedded.close();
    }
    await withFreshPostgres("analytics", async (databaseUrl) => {
      const server = await openDatabase({ databaseUrl, dataDir: os.tmpdir(), poolSize: 4 });
      try {
        await benchDiscounts("PostgreSQL", server);
      } finally {
        await server.close();
      }
    });
  }

  if (runs("notifications")) {
    // — 9: notifications —
    const { checkout, backlogs, drains } = await benchNotifications({ seconds: duration });
    for (const database of new Set(checkout.map((r) => r.database))) {
      const off = checkout.find((r) => r.database === database && !r.notifications)!;
      const on = checkout.find((r) => r.database === database && r.notifications)!;
      const ratio = on.perSecond / off.perSecond;
      record(
        `checkouts (place + pay) on ${database}, 10 at a time, notifications on / off`,
        `${on.perSecond.toFixed(0)} / ${off.perSecond.toFixed(0)} per s (${(ratio * 100).toFixed(0)}%), p99 ${on.p99.toFixed(0)} / ${off.p99.toFixed(0)} ms`,
        "on ≥ 90% of off",
        ratio >= 0.9,
      );
    }
    for (const b of backlogs) {
      record(
        `the messages those checkouts wrote on ${b.database} (sends wait while the server is saturated)`,
        `${b.written} written, ${b.waitingAtEnd} waiting at the end, all sent ${b.drainedAfter.toFixed(1)} s later`,
      );
    }
    for (const d of drains) {
      record(
        `1,000 queued messages (500 WhatsApp, 500 e-mails) drained to the fakes on ${d.database}`,
        `${d.seconds.toFixed(2)} s (${d.sent} sent)`,
        "< 10 s",
        d.seconds < 10 && d.sent === 1000,
      );
    }
  }

  // — 10: memory —
  for (const r of runs("memory") ? await benchMemory({ seconds: duration, connections, buildDir }) : []) {
    record(
      `RSS of the server's first start on ${r.label}: an empty DATA_DIR or database migrated, the demo catalogue loaded`,
      firstStartLine(r),
      `≤ ${r.budgetMb} MB a process`,
      firstStartWithinBudget(r),
    );
    record(
      `RSS of the server on ${r.label}: idle, and its peak under guest and signed-in load`,
      memoryLine(r),
      `≤ ${r.budgetMb} MB a process under load`,
      withinBudget(r),
    );
  }

  // — 11, 12: the uncached render; one process to one per core on PostgreSQL —
  const renderSettings = { root, buildDir, port, seconds: duration };
  if (runs("render")) {
    const r = await benchRender(renderSettings);
    record(
      "signed-in /shop without the viewer hint (server render, no page cache), 10 conns, one process, embedded",
      renderLine(r),
      "≥ 500 req/s",
      r.requestsPerSecond >= 500 && r.errors === 0,
    );
    // Against the commit before the render work, in turns on this machine: the CPU and size budgets.
    const sideBySide = await benchRenderSideBySide(renderSettings);
    if (!sideBySide) {
      log(`  (no side-by-side render: commit ${RENDER_BEFORE_COMMIT} is not in this checkout's history)`);
    } else {
      const cpu = (runs: RenderFigures[]) => median(runs.map((run) => run.cpuMsPerRender));
      const rps = (runs: RenderFigures[]) => median(runs.map((run) => run.requestsPerSecond));
      const ratio = cpu(sideBySide.now) / cpu(sideBySide.before);
      const sizeRatio = sideBySide.now[0]!.documentBytes / sideBySide.before[0]!.documentBytes;
      const each = (runs: RenderFigures[]) => runs.map((run) => run.cpuMsPerRender.toFixed(2)).join(", ");
      record(
        `the same, side by side with ${sideBySide.commit} (before the render work), ${sideBySide.now.length} turns each: CPU per render, req/s, document`,
        `${cpu(sideBySide.before).toFixed(2)} → ${cpu(sideBySide.now).toFixed(2)} ms (×${ratio.toFixed(2)}; turns: ${each(sideBySide.before)} → ${each(sideBySide.now)}), ${rps(sideBySide.before)} → ${rps(sideBySide.now)} req/s, ${(sideBySide.before[0]!.documentBytes / 1024).toFixed(1)} → ${(sideBySide.now[0]!.documentBytes / 1024).toFixed(1)} KB (×${sizeRatio.toFixed(2)})`,
        "CPU ×0.5 or less, document ×0.67 or less",
        ratio <= 0.5 && sizeRatio <= 2 / 3,
      );
    }
    // Against the commit before variants: cards with swatches cost at most 10 % more CPU a render.
    const beforeVariants = await benchRenderSideBySide(renderSettings, VARIANTS_BEFORE_COMMIT);
    if (beforeVariants) {
      const cpu = (runs: RenderFigures[]) => median(runs.map((run) => run.cpuMsPerRender));
      const ratio = cpu(beforeVariants.now) / cpu(beforeVariants.before);
      const each = (runs: RenderFigures[]) => runs.map((run) => run.cpuMsPerRender.toFixed(2)).join(", ");
      record(
        `the same, side by side with ${beforeVariants.commit} (before variants), ${beforeVariants.now.length} turns each: CPU per render, document`,
        `${cpu(beforeVariants.before).toFixed(2)} → ${cpu(beforeVariants.now).toFixed(2)} ms (×${ratio.toFixed(2)}; turns: ${each(beforeVariants.before)} → ${each(beforeVariants.now)}), ${(beforeVariants.before[0]!.documentBytes / 1024).toFixed(1)} → ${(beforeVariants.now[0]!.documentBytes / 1024).toFixed(1)} KB`,
        "CPU ×1.10 or less",
        ratio <= 1.1,
      );
    }
  }
  // Issue 33: the uncached signed-in /shop and product renders at 20 connections against bare Node.
  const againstBareRow = (who: string, result: AgainstBare) =>
    record(
      `signed-in ${result.page === "/shop" ? "/shop" : "/product/{slug}"} without the viewer hint (server render, no page cache), 20 conns, one process, ${who}, against bare Node answering the same bytes, median of 3 turns`,
      againstBareLine(result),
      "≥ 3% of bare, p99 < 100 ms",
      againstBareWithinBudget(againstBareMedians(result)),
    );
  const sideBySideRows = (who: string, sideBySide: Awaited<ReturnType<typeof benchAgainstBareSideBySide>>) => {
    for (const [i, now] of (sideBySide?.now ?? []).entries()) {
      const before = againstBareMedians(sideBySide!.before[i]!);
      const after = againstBareMedians(now);
      record(
        `the same (${now.page === "/shop" ? "/shop" : "product"}), ${who}, side by side with ${sideBySide!.commit}${sideBySide!.commit === SHARE_BEFORE_COMMIT ? " (before issue 33)" : ""}, one turn each in 3 rounds: share of bare, p99, CPU per render, document`,
        `${(before.share * 100).toFixed(2)}% → ${(after.share * 100).toFixed(2)}%, p99 ${before.p99} → ${after.p99} ms, ${before.cpuMsPerRender.toFixed(2)} → ${after.cpuMsPerRender.toFixed(2)} ms, ${(before.documentBytes / 1024).toFixed(1)} → ${(after.documentBytes / 1024).toFixed(1)} KB`,
        "",
        null,
      );
    }
  };
  // Side by side with the commit before issue 33, or with the first --before commit.
  const againstBareBefore = args.get("before")?.split(",").find(Boolean) ?? SHARE_BEFORE_COMMIT;
  if (runs("render")) {
    for (const result of await benchAgainstBare(renderSettings)) againstBareRow("embedded", result);
    sideBySideRows("embedded", await benchAgainstBareSideBySide(renderSettings, againstBareBefore));
  }
  const scaling = runs("scaling")
    ? await benchScaling(renderSettings, { sideBySide: true, before: againstBareBefore })
    : undefined;
  for (const result of scaling?.runs[0]?.againstBare ?? []) againstBareRow("PostgreSQL, 10,000 products", result);
  if (scaling?.againstBareSideBySide) sideBySideRows("PostgreSQL", scaling.againstBareSideBySide);
  const loop = (r: Awaited<ReturnType<typeof closedLoop>>) =>
    `p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms (${r.n} answers, ${r.errors} errors)`;
  const scalingRuns = scaling?.runs ?? [];
  for (const run of scalingRuns) {
    const who = `PostgreSQL, 10,000 products, as the store runs (signed in: no page cache; read cache on, with the search results), ${run.processes === 1 ? "one process" : `${run.processes} processes (one per core)`}`;
    const ratio = run.render.requestsPerSecond / scalingRuns[0]!.render.requestsPerSecond;
    record(
      `signed-in /shop server render, 10 conns — ${who}`,
      `${renderLine(run.render)}${run.processes > 1 ? ` (${ratio.toFixed(2)}× one process)` : ""}`,
      run.processes === 1 ? "≥ 500 req/s" : "",
      run.processes === 1 ? run.render.requestsPerSecond >= 500 && run.render.errors === 0 : null,
    );
    const allCores = run.processes > 1 || scalingRuns.length === 1;
    record(
      `/search?q=… at 10 concurrent — ${who}`,
      loop(run.search),
      allCores ? "p95 < 50 ms" : "",
      allCores ? run.search.p95 < 50 && run.search.errors === 0 : null,
    );
    record(
      `/shop?page=50 at 10 concurrent — ${who}`,
      loop(run.deepShop),
      allCores ? "p95 < 50 ms" : "",
      allCores ? run.deepShop.p95 < 50 && run.deepShop.errors === 0 : null,
    );
  }
  if (scaling) {
    const off = scaling.cachesOff;
    const who = `PostgreSQL, 10,000 products, every cache off (PAGE_CACHE_SECONDS=0): each answer queries and renders, ${off.processes} processes`;
    record(`/search?q=… at 10 concurrent — ${who}`, loop(off.search), "", null);
    record(`/shop?page=50 at 10 concurrent — ${who}`, loop(off.deepShop), "", null);
  }

  // — 22: first paint, Lighthouse mobile —
  if (runs("lighthouse")) {
    const loadBefore = os.loadavg();
    const beforeCommits = args.get("before")?.split(",").filter(Boolean);
    const throttling = args.get("throttling") === "devtools" ? "devtools" : "simulate";
    const { results, missing } = await benchFirstPaint({ root, buildDir, beforeCommits, throttling, progress: log });
    const loadAfter = os.loadavg();
    if (missing.length) log(`  (not measured side by side: ${missing.join(", ")} could not be checked out)`);
    const b = FIRST_PAINT_BUDGETS;
    for (const r of results) {
      const missed = missedBudgets(r.now);
      const befores = r.before.map(({ commit, figures }) => `${commit}: ${figuresLine(figures)}; `).join("");
      const blockingBefore = r.before
        .map(({ commit, figures }) => `${commit}: ${figures.renderBlocking.join(", ") || "none"}`)
        .join("; ");
      const simulated = throttling === "simulate";
      record(
        `Lighthouse mobile${simulated ? "" : " (devtools throttling: real slow 4G and 4x CPU)"} ${r.page}, median of 3: LCP element; render-blocking requests`,
        `${befores}${befores ? "now: " : ""}${figuresLine(r.now)}; LCP element: ${r.now.lcpElement}; render-blocking: ${r.now.renderBlocking.join(", ") || "none"}${blockingBefore ? ` (${blockingBefore})` : ""}`,
        simulated
          ? `LCP ≤ ${b.lcpMs / 1000} s, FCP ≤ ${b.fcpMs / 1000} s, CLS ≤ ${b.cls}, TBT ≤ ${b.tbtMs} ms, score ≥ ${b.score}${missed.length ? ` (missed: ${missed.join(", ")})` : ""}`
          : "",
        simulated ? missed.length === 0 : null,
      );
    }
    const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(" ");
    log(`  load average during the first-paint runs: ${load(loadBefore)} at the start, ${load(loadAfter)} at the end`);
  }

  // — 23: hydration on a slow line, for real —
  if (runs("hydration")) {
    const beforeCommits = args.get("before")?.split(",").filter(Boolean);
    const { results, missing } = await benchHydration({ root, buildDir, beforeCommits, progress: log });
    if (missing.length) log(`  (not measured side by side: ${missing.join(", ")} could not be checked out)`);
    for (const r of results) {
      const befores = r.before.map(({ commit, figures }) => `${commit}: ${hydrationLine(figures)}; `).join("");
      record(
        `${r.page} on a slow line for real (slow 4G, 4x CPU, first visit), median of 3`,
        `${befores}${befores ? "now: " : ""}${hydrationLine(r.now)}`,
      );
    }
  }

  const cpuAfter = cpuTimes();
  const steal = (cpuAfter.steal - cpuBefore.steal) / Math.max(1, cpuAfter.total - cpuBefore.total);
  log();
  log(
    `${os.cpus().length} cores (${os.cpus()[0]?.model ?? "cpu"}); CPU steal during the run: ${(steal * 100).toFixed(0)}% (time the host gave to other machines)`,
  );
  log();
  log("| measurement | result | budget | met |");
  log("|---|---|---|---|");
  for (const r of rows) log(`| ${r.label} | ${r.value} | ${r.budget} | ${r.ok === null ? "" : r.ok ? "yes" : "NO"} |`);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    await Promise.all(children.map(stop));
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  });
