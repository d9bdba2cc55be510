/**
 * Issue 15's render and scaling figures (`npm run bench -- --only=render,scaling`, or this file alone):
 *  - render: the server render of /shop that no cache answers — a signed-in shopper whose browser has not
 *    got the viewer hint — on one process of the embedded database: requests per second at 10
 *    connections, the server's CPU time per render (its own clock, not the load generator's), and the
 *    document's size (HTML and hydration data); and side by side with the commit before the render work;
 *  - scaling: on a fresh PostgreSQL database with 10,000 products, one process and then one per core
 *    (WEB_CONCURRENCY): that render, and search and /shop?page=50 at 10 concurrent requests, as the
 *    store runs: signed in, so no page cache; the shared read cache on (it holds shop pages, not search
 *    results). The catalogue section measures the same on the embedded database with every cache off.
 *  - issue 33: the uncached signed-in /shop and product renders at 20 connections, each against a bare Node
 *    server answering the same bytes in the same turn (3 turns, the median against ≥ 3 % and p99 < 100 ms),
 *    on the embedded database (render) and on PostgreSQL (scaling), and side by side with b9b6e2e.
 * The load generator runs on the same machine: on two cores it takes a good part of one.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import {
  closedLoop,
  processTreeCpuMs,
  signInShopper,
  startBareServer,
  startStoreProcess,
  withCommitWorktree,
  withFreshPostgres,
} from "./bench-support";

export interface RenderFigures {
  requestsPerSecond: number;
  p99: number;
  errors: number;
  cpuMsPerRender: number;
  documentBytes: number;
}

/** The commit before issue 15's render work, which the render section measures side by side with this one. */
export const RENDER_BEFORE_COMMIT = "eacf93b";
/** The commit before variants (issue 25): cards with swatches may cost at most 10 % more CPU a render than there. */
export const VARIANTS_BEFORE_COMMIT = "cc9f0e0";
export const SEARCH_QUERIES = [
  "hoodie",
  "linen shirt",
  "merino sweater",
  "denim",
  "navy",
  "cotton t-shirt",
  "jaket",
  "relaxed fit",
  "wool coat",
  "cap",
];

interface Settings {
  root: string;
  buildDir: string;
  port: number;
  seconds: number;
}

/** The uncached signed-in render of `page` (/shop) against a running store whose main process is `pid`. */
export async function measureRender(
  base: string,
  pid: number,
  cookie: string,
  seconds: number,
  page = "/shop",
  connections = 10,
) {
  const documentBytes = (await (await fetch(`${base}${page}`, { headers: { cookie } })).arrayBuffer()).byteLength;
  const options = { url: `${base}${page}`, connections, headers: { cookie } };
  await autocannon({ ...options, duration: 3 });
  const cpuBefore = processTreeCpuMs(pid);
  const run = await autocannon({ ...options, duration: seconds });
  const cpuMs = processTreeCpuMs(pid) - cpuBefore;
  return {
    requestsPerSecond: Math.round(run.requests.average),
    p99: run.latency.p99,
    errors: run.errors + run.non2xx,
    cpuMsPerRender: cpuMs / Math.max(1, run.requests.total),
    documentBytes,
  } satisfies RenderFigures;
}

/** Issue 33's budget: the uncached signed-in render at this many connections, against bare Node. */
export const AGAINST_BARE_CONNECTIONS = 20;
/** The commit before issue 33's render work, measured side by side with this one. */
export const SHARE_BEFORE_COMMIT = "b9b6e2e";

export interface AgainstBareTurn {
  ours: RenderFigures;
  bareRequestsPerSecond: number;
  /** ours / bare, in the same turn. */
  share: number;
}

export interface AgainstBare {
  /** "/shop" and the first product it lists. */
  page: string;
  turns: AgainstBareTurn[];
}

/**
 * The signed-in page a browser without the viewer hint gets: rendered for it, never from the page cache.
 * Fails when the store answers it from the cache, which would measure the cache instead of the render.
 */
async function uncachedDocument(base: string, page: string, cookie: string): Promise<Buffer> {
  const res = await fetch(`${base}${page}`, { headers: { cookie } });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200 || res.headers.has("x-cache") || !/private/.test(res.headers.get("cache-control") ?? ""))
    throw new Error(`${page}: expected an uncached personal render, got ${res.status} ${res.headers.get("x-cache")}`);
  return body;
}

/**
 * Issue 33's rows: the uncached signed-in /shop and a product page at 20 connections, each followed in the
 * same turn by a bare Node server (its own process) answering the same bytes, `turns` times; the budget
 * reads the median turn.
 */
export async function measureAgainstBare(
  base: string,
  pid: number,
  cookie: string,
  seconds: number,
  barePort: number,
  turns = 3,
): Promise<AgainstBare[]> {
  const shop = (await uncachedDocument(base, "/shop", cookie)).toString("utf8");
  const product = /href="(\/product\/[a-z0-9-]+)"/.exec(shop)?.[1];
  if (!product) throw new Error("/shop lists no product");
  const pages = ["/shop", product];
  const bodies: Record<string, Buffer> = {};
  for (const page of pages) bodies[page] = await uncachedDocument(base, page, cookie);
  const bare = await startBareServer(barePort, bodies);
  try {
    const results: AgainstBare[] = pages.map((page) => ({ page, turns: [] }));
    for (let turn = 0; turn < turns; turn++) {
      for (const result of results) {
        const ours = await measureRender(base, pid, cookie, seconds, result.page, AGAINST_BARE_CONNECTIONS);
        const options = { url: `${bare.base}${result.page}`, connections: AGAINST_BARE_CONNECTIONS };
        await autocannon({ ...options, duration: 3 });
        const bareRequestsPerSecond = Math.round(
          (await autocannon({ ...options, duration: seconds })).requests.average,
        );
        result.turns.push({ ours, bareRequestsPerSecond, share: ours.requestsPerSecond / bareRequestsPerSecond });
      }
    }
    return results;
  } finally {
    await bare.stop();
  }
}

/** The median turn's figures of `measureAgainstBare`, each figure's median on its own. */
export function againstBareMedians(result: AgainstBare) {
  const of = (pick: (turn: AgainstBareTurn) => number) => median(result.turns.map(pick));
  return {
    requestsPerSecond: of((t) => t.ours.requestsPerSecond),
    bareRequestsPerSecond: of((t) => t.bareRequestsPerSecond),
    share: of((t) => t.share),
    p99: of((t) => t.ours.p99),
    cpuMsPerRender: of((t) => t.ours.cpuMsPerRender),
    errors: result.turns.reduce((sum, t) => sum + t.ours.errors, 0),
    documentBytes: result.turns[0]!.ours.documentBytes,
  };
}

export const againstBareWithinBudget = (m: ReturnType<typeof againstBareMedians>) =>
  m.share >= 0.03 && m.p99 < 100 && m.errors === 0;

export function againstBareLine(result: AgainstBare): string {
  const m = againstBareMedians(result);
  const shares = result.turns.map((t) => `${(t.share * 100).toFixed(2)}%`).join(", ");
  return `${m.requestsPerSecond} req/s of bare ${m.bareRequestsPerSecond}: ${(m.share * 100).toFixed(2)}% (turns ${shares}), p99 ${m.p99} ms, ${m.cpuMsPerRender.toFixed(2)} ms CPU per render, document ${(m.documentBytes / 1024).toFixed(1)} KB, errors ${m.errors}`;
}

/** `measureAgainstBare` on one process of the embedded database, with the demo catalogue. */
export async function benchAgainstBare(settings: Settings): Promise<AgainstBare[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "abundance-bench-bare-render-"));
  const store = await startStoreProcess({ ...settings, dataDir, env: { WEB_CONCURRENCY: "1" } });
  try {
    const cookie = await signInShopper(store.base);
    return await measureAgainstBare(store.base, store.child.pid!, cookie, settings.seconds, settings.port + 1000);
  } finally {
    await store.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `benchAgainstBare` for this build and `commit`'s, in alternating turns (one turn each per round), so
 * both meet the same moments of a shared host. Undefined when the commit cannot be checked out.
 */
export async function benchAgainstBareSideBySide(
  settings: Settings,
  commit = SHARE_BEFORE_COMMIT,
  rounds = 3,
  /** The store's environment: a DATABASE_URL for PostgreSQL (both builds on the same database). */
  env: Record<string, string> = {},
): Promise<{ commit: string; before: AgainstBare[]; now: AgainstBare[] } | undefined> {
  return withCommitWorktree(settings.root, commit, { build: true }, async (worktree) => {
    const beforeSettings = { ...settings, root: worktree, buildDir: "build" };
    const before: AgainstBare[][] = [];
    const now: AgainstBare[][] = [];
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? (["before", "now"] as const) : (["now", "before"] as const);
      for (const which of order) {
        const s = which === "before" ? beforeSettings : settings;
        const dataDir = mkdtempSync(path.join(os.tmpdir(), "abundance-bench-bare-render-"));
        const store = await startStoreProcess({ ...s, dataDir, env: { WEB_CONCURRENCY: "1", ...env } });
        try {
          const cookie = await signInShopper(store.base);
          const result = await measureAgainstBare(store.base, store.child.pid!, cookie, s.seconds, s.port + 1000, 1);
          (which === "before" ? before : now).push(result);
        } finally {
          await store.stop();
          rmSync(dataDir, { recursive: true, force: true });
        }
      }
    }
    // One AgainstBare a page, its turns the rounds'.
    const merge = (all: AgainstBare[][]) =>
      all[0]!.map((first, i) => ({ page: first.page, turns: all.flatMap((r) => r[i]!.turns) }));
    return { commit, before: merge(before), now: merge(now) };
  });
}

/** The render figures on one process of the embedded database, with the demo catalogue. */
export async function benchRender(settings: Settings): Promise<RenderFigures> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "abundance-bench-render-"));
  const store = await startStoreProcess({ ...settings, dataDir, env: { WEB_CONCURRENCY: "1" } });
  try {
    return await measureRender(store.base, store.child.pid!, await signInShopper(store.base), settings.seconds);
  } finally {
    await store.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export interface SideBySide {
  commit: string;
  before: RenderFigures[];
  now: RenderFigures[];
}

/**
 * The render of `benchRender`, this build against `commit`'s (checked out in a temporary worktree and
 * built there), in turns — before, now; now, before; … — on the same machine, so the ratio holds however
 * fast the host runs that day. Undefined when the commit cannot be checked out (no git history).
 */
export async function benchRenderSideBySide(
  settings: Settings,
  commit = RENDER_BEFORE_COMMIT,
  rounds = 3,
): Promise<SideBySide | undefined> {
  return withCommitWorktree(settings.root, commit, { build: true }, async (worktree) => {
    const result: SideBySide = { commit, before: [], now: [] };
    const beforeSettings = { ...settings, root: worktree, buildDir: "build" };
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? (["before", "now"] as const) : (["now", "before"] as const);
      for (const which of order) {
        result[which].push(await benchRender(which === "before" ? beforeSettings : settings));
      }
    }
    return result;
  });
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

type Latencies = Awaited<ReturnType<typeof closedLoop>>;

export interface ScalingRun {
  processes: number;
  render: RenderFigures;
  /** One process only: issue 33's rows against bare Node. */
  againstBare?: AgainstBare[];
  search: Latencies;
  deepShop: Latencies;
}

export interface ScalingFigures {
  /** One process, then one per core, as the store runs. */
  runs: ScalingRun[];
  /** Search and /shop?page=50 with one process per core and every cache off: what the database and a render cost. */
  cachesOff: { processes: number; search: Latencies; deepShop: Latencies };
  /** Issue 33's rows against the commit before it, on the same database (when asked for). */
  againstBareSideBySide?: Awaited<ReturnType<typeof benchAgainstBareSideBySide>>;
}

const searchPaths = () => SEARCH_QUERIES.map((q) => `/search?q=${encodeURIComponent(q)}`);

/**
 * One process, then one per core, on a fresh PostgreSQL database holding 10,000 products; then one per
 * core again with every cache off. Answers undefined when no PostgreSQL server answers.
 */
export async function benchScaling(
  settings: Settings,
  options: { sideBySide?: boolean; before?: string } = {},
): Promise<ScalingFigures | undefined> {
  const cores = os.availableParallelism();
  return withFreshPostgres("scaling", async (databaseUrl) => {
    execFileSync(process.execPath, ["--import", "tsx", "scripts/fill-catalog.ts", "--count=10000"], {
      cwd: settings.root,
      stdio: "ignore",
      env: { ...process.env, DATABASE_URL: databaseUrl },
    });
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "abundance-bench-scaling-"));
    const withStore = async <T>(
      env: Record<string, string>,
      work: (base: string, pid: number, cookie: string) => Promise<T>,
    ) => {
      const store = await startStoreProcess({ ...settings, dataDir, env: { DATABASE_URL: databaseUrl, ...env } });
      try {
        return await work(store.base, store.child.pid!, await signInShopper(store.base));
      } finally {
        await store.stop();
      }
    };
    const latencies = async (base: string, cookie: string) => ({
      search: await closedLoop(base, searchPaths(), { cookie }, 10, settings.seconds),
      deepShop: await closedLoop(base, ["/shop?page=50"], { cookie }, 10, settings.seconds),
    });
    try {
      const runs: ScalingRun[] = [];
      for (const processes of [...new Set([1, cores])]) {
        runs.push(
          await withStore({ WEB_CONCURRENCY: String(processes) }, async (base, pid, cookie) => ({
            processes,
            render: await measureRender(base, pid, cookie, settings.seconds),
            againstBare:
              processes === 1
                ? await measureAgainstBare(base, pid, cookie, settings.seconds, settings.port + 1000)
                : undefined,
            ...(await latencies(base, cookie)),
          })),
        );
      }
      const cachesOff = await withStore(
        { WEB_CONCURRENCY: String(cores), PAGE_CACHE_SECONDS: "0" },
        async (base, _pid, cookie) => ({ processes: cores, ...(await latencies(base, cookie)) }),
      );
      const againstBareSideBySide = options.sideBySide
        ? await benchAgainstBareSideBySide(settings, options.before ?? SHARE_BEFORE_COMMIT, 3, {
            DATABASE_URL: databaseUrl,
          })
        : undefined;
      return { runs, cachesOff, againstBareSideBySide };
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

export function renderLine(r: RenderFigures): string {
  return `${r.requestsPerSecond} req/s, p99 ${r.p99} ms, ${r.cpuMsPerRender.toFixed(2)} ms CPU per render, document ${(r.documentBytes / 1024).toFixed(1)} KB, errors ${r.errors}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const settings = {
    root: path.resolve(import.meta.dirname, ".."),
    buildDir: process.env.BUILD_DIR ?? "build",
    port: 3700 + Math.floor(Math.random() * 200),
    seconds: Number(process.env.BENCH_SECONDS ?? 8),
  };
  console.log(`render, embedded, 1 process: ${renderLine(await benchRender(settings))}`);
  for (const r of await benchAgainstBare(settings)) console.log(`  ${r.page}, 20 conns: ${againstBareLine(r)}`);
  const scaling = await benchScaling(settings);
  for (const run of scaling?.runs ?? []) {
    console.log(`PostgreSQL, ${run.processes} process(es): ${renderLine(run.render)}`);
    for (const r of run.againstBare ?? []) console.log(`  ${r.page}, 20 conns: ${againstBareLine(r)}`);
    console.log(`  search p95 ${run.search.p95.toFixed(1)} ms, /shop?page=50 p95 ${run.deepShop.p95.toFixed(1)} ms`);
  }
  if (scaling) {
    const off = scaling.cachesOff;
    console.log(
      `PostgreSQL, ${off.processes} process(es), every cache off: search p95 ${off.search.p95.toFixed(1)} ms, /shop?page=50 p95 ${off.deepShop.p95.toFixed(1)} ms`,
    );
  }
}
