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

/** The uncached signed-in /shop render against a running store whose main process is `pid`. */
export async function measureRender(base: string, pid: number, cookie: string, seconds: number) {
  const documentBytes = (await (await fetch(`${base}/shop`, { headers: { cookie } })).arrayBuffer()).byteLength;
  const options = { url: `${base}/shop`, connections: 10, headers: { cookie } };
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
  search: Latencies;
  deepShop: Latencies;
}

export interface ScalingFigures {
  /** One process, then one per core, as the store runs. */
  runs: ScalingRun[];
  /** Search and /shop?page=50 with one process per core and every cache off: what the database and a render cost. */
  cachesOff: { processes: number; search: Latencies; deepShop: Latencies };
}

const searchPaths = () => SEARCH_QUERIES.map((q) => `/search?q=${encodeURIComponent(q)}`);

/**
 * One process, then one per core, on a fresh PostgreSQL database holding 10,000 products; then one per
 * core again with every cache off. Answers undefined when no PostgreSQL server answers.
 */
export async function benchScaling(settings: Settings): Promise<ScalingFigures | undefined> {
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
            ...(await latencies(base, cookie)),
          })),
        );
      }
      const cachesOff = await withStore(
        { WEB_CONCURRENCY: String(cores), PAGE_CACHE_SECONDS: "0" },
        async (base, _pid, cookie) => ({ processes: cores, ...(await latencies(base, cookie)) }),
      );
      return { runs, cachesOff };
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
  const scaling = await benchScaling(settings);
  for (const run of scaling?.runs ?? []) {
    console.log(`PostgreSQL, ${run.processes} process(es): ${renderLine(run.render)}`);
    console.log(`  search p95 ${run.search.p95.toFixed(1)} ms, /shop?page=50 p95 ${run.deepShop.p95.toFixed(1)} ms`);
  }
  if (scaling) {
    const off = scaling.cachesOff;
    console.log(
      `PostgreSQL, ${off.processes} process(es), every cache off: search p95 ${off.search.p95.toFixed(1)} ms, /shop?page=50 p95 ${off.deepShop.p95.toFixed(1)} ms`,
    );
  }
}
