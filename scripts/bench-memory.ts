/**
 * Memory in `npm run bench` (issue 15): the resident set (RSS) of `node server.js` idle and under load, on
 * the embedded database, and on a fresh PostgreSQL database in one process and as the default cluster
 * (WEB_CONCURRENCY = cores: the primary and its workers, summed; the largest process is what the budget
 * is held to). RSS is read from /proc/<pid>/status (VmRSS) every 100 ms during the load, and the peak is
 * reported. The first start, on an empty DATA_DIR or database (migrations, the demo catalogue, the admin
 * account), is measured on its own: the most each process held until /healthz answered and a second after
 * (VmHWM, the kernel's own high-water mark, which no sampling interval misses). The rest is measured as the
 * server usually runs: started a second time, on the database that first start migrated and seeded. The
 * load, for `seconds`, asking for compressed answers as browsers do:
 *  - guests, `connections` of them: the catalogue's pages (home, every collection, every product) from
 *    the page cache, and every other request a URL never seen before (`/shop?ref=N`), which is rendered
 *    and stored, so the page cache fills;
 *  - 10 signed-in connections: their own pages, rendered every time (profile, search, shop, orders).
 * Runs alone with `node --import tsx scripts/bench-memory.ts [--seconds=N] [--build-dir=DIR] [--root=DIR]`
 * (after a build into DIR; `--root` measures another checkout of the shop).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { demoCategories, demoProducts } from "#db/seed/demo-catalog";
import { freePort, signInShopper, startStoreProcess, withFreshPostgres } from "./bench-support";

/** Issue 15's budgets for a server process's RSS under load, in MB (2^20 bytes). */
export const RSS_BUDGET_MB = { embedded: 450, postgres: 300 } as const;

export interface MemoryRun {
  /** "embedded (PGlite)", "PostgreSQL, one process" or "PostgreSQL, primary + N workers". */
  label: string;
  processes: number;
  /** The first start on an empty DATA_DIR or database: the most one process held (VmHWM). */
  firstStartMb: number;
  /** Started, catalogue pages fetched once, then 2 s of quiet; all processes summed. */
  idleMb: number;
  /** The most seen during the load, all processes summed. */
  peakMb: number;
  /** The most one process reached during the load. */
  largestMb: number;
  /** 3 s after the load stopped, summed. */
  afterMb: number;
  requests: number;
  errors: number;
  budgetMb: number;
}

const MB = 1024 * 1024;

/** A memory figure of one process from /proc/<pid>/status in bytes (VmRSS now, VmHWM its peak); 0 once it is gone. */
function statusBytes(pid: number, field: "VmRSS" | "VmHWM"): number {
  try {
    const line = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return line ? Number(line[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}
const rssOf = (pid: number) => statusBytes(pid, "VmRSS");

/** The process and its descendants (a cluster's workers), from /proc/<pid>/task/<tid>/children. */
function processTree(pid: number): number[] {
  const found = [pid];
  for (let i = 0; i < found.length; i++) {
    try {
      for (const task of readdirSync(`/proc/${found[i]}/task`)) {
        const children = readFileSync(`/proc/${found[i]}/task/${task}/children`, "utf8").trim();
        if (children) found.push(...children.split(/\s+/).map(Number));
      }
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** The RSS of each process of a tree, by pid. */
export function treeRss(pid: number): Map<number, number> {
  return new Map(processTree(pid).map((p) => [p, rssOf(p)]));
}

const sum = (rss: Map<number, number>) => [...rss.values()].reduce((a, b) => a + b, 0);

/** Samples the tree's RSS every `everyMs` until stopped: the peak of the sum, and of the largest process. */
export function sampleRss(pid: number, everyMs = 100): { stop(): { sum: number; largest: number } } {
  const peak = { sum: 0, largest: 0 };
  const sample = () => {
    const rss = treeRss(pid);
    peak.sum = Math.max(peak.sum, sum(rss));
    peak.largest = Math.max(peak.largest, ...rss.values());
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

/** Paths that come in turn: a cycle of `fixed`, and every `everyNth` request a fresh one. */
function paths(fixed: string[], fresh?: { everyNth: number; make: (n: number) => string }) {
  let i = 0;
  let n = 0;
  return () => {
    i++;
    if (fresh && i % fresh.everyNth === 0) return fresh.make(n++);
    return fixed[i % fixed.length]!;
  };
}

/** autocannon for `seconds`, each request's path from `next`. */
async function load(base: string, connections: number, seconds: number, next: () => string, cookie?: string) {
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    headers: { "accept-encoding": "gzip, deflate, br", ...(cookie ? { cookie } : {}) },
    requests: [{ setupRequest: (req) => ({ ...req, path: next() }) }],
  });
  return { requests: result.requests.total, errors: result.errors + result.non2xx };
}

interface Settings {
  root: string;
  buildDir: string;
  seconds: number;
  connections: number;
}

async function measure(label: string, budgetMb: number, settings: Settings, env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "abundance-bench-memory-"));
  const options = { root: settings.root, buildDir: settings.buildDir, port: await freePort(), dataDir, env };
  // The first start migrates and seeds: its peak, then the one measured under load opens that database.
  const first = await startStoreProcess(options);
  await new Promise((r) => setTimeout(r, 1_000));
  const firstStart = Math.max(...processTree(first.child.pid!).map((pid) => statusBytes(pid, "VmHWM")));
  await first.stop();
  const store = await startStoreProcess(options);
  const { base } = store;
  const pid = store.child.pid!;
  try {
    const catalogue = [
      "/",
      "/shop",
      ...demoCategories.map((c) => `/shop/${c.slug}`),
      ...demoProducts.filter((p) => p.isActive).map((p) => `/product/${p.slug}`),
    ];
    for (const page of catalogue) await (await fetch(`${base}${page}`)).arrayBuffer();
    await new Promise((r) => setTimeout(r, 2_000));
    const idle = treeRss(pid);

    const cookie = await signInShopper(base);
    const sampler = sampleRss(pid);
    const [guests, members] = await Promise.all([
      load(
        base,
        settings.connections,
        settings.seconds,
        paths(catalogue, { everyNth: 2, make: (n) => `/shop?ref=${n}` }),
      ),
      load(
        base,
        10,
        settings.seconds,
        paths(["/profile", "/search?q=hoodie", "/shop", "/orders", "/search?q=jaket", "/shop/women"]),
        cookie,
      ),
    ]);
    const peak = sampler.stop();
    await new Promise((r) => setTimeout(r, 3_000));
    return {
      label,
      processes: idle.size,
      firstStartMb: firstStart / MB,
      idleMb: sum(idle) / MB,
      peakMb: peak.sum / MB,
      largestMb: peak.largest / MB,
      afterMb: sum(treeRss(pid)) / MB,
      requests: guests.requests + members.requests,
      errors: guests.errors + members.errors,
      budgetMb,
    } satisfies MemoryRun;
  } finally {
    await store.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The embedded database, then PostgreSQL in one process and as the default cluster (each on a fresh
 * database, dropped afterwards); PostgreSQL is skipped when no server answers.
 */
export async function benchMemory(
  options: { seconds?: number; connections?: number; buildDir?: string; root?: string } = {},
): Promise<MemoryRun[]> {
  const settings: Settings = {
    root: options.root ?? path.resolve(import.meta.dirname, ".."),
    buildDir: options.buildDir ?? process.env.BUILD_DIR ?? "build",
    seconds: options.seconds ?? 8,
    connections: options.connections ?? 50,
  };
  const runs = [await measure("embedded (PGlite)", RSS_BUDGET_MB.embedded, settings, {})];
  const cores = os.availableParallelism();
  for (const [label, processes] of [
    ["PostgreSQL, one process", 1],
    [`PostgreSQL, primary + ${cores} workers`, cores],
  ] as const) {
    const run = await withFreshPostgres(`memory_${processes}`, (url) =>
      measure(label, RSS_BUDGET_MB.postgres, settings, { DATABASE_URL: url, WEB_CONCURRENCY: String(processes) }),
    );
    if (run) runs.push(run);
  }
  return runs;
}

/** Whether a run kept within its budget under load: every process at most the budget, and no failed request. */
export const withinBudget = (r: MemoryRun) => r.largestMb <= r.budgetMb && r.errors === 0;

/** Whether the first start kept every process within the budget. */
export const firstStartWithinBudget = (r: MemoryRun) => r.firstStartMb <= r.budgetMb;

const mb = (n: number) => `${n.toFixed(0)} MB`;

/** One line of the bench's table for a run: idle and under load. */
export function memoryLine(r: MemoryRun): string {
  const cluster = r.processes > 1 ? ` (${r.processes} processes summed; the largest ${mb(r.largestMb)})` : "";
  return `idle ${mb(r.idleMb)}, peak under load ${mb(r.peakMb)}${cluster}, 3 s after ${mb(r.afterMb)}; ${r.requests} requests, ${r.errors} errors`;
}

/** The first start's line: the most one process held. */
export const firstStartLine = (r: MemoryRun) =>
  `peak ${mb(r.firstStartMb)}${r.processes > 1 ? " (the largest process)" : ""}`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
  const root = arg("root");
  const runs = await benchMemory({
    seconds: Number(arg("seconds") ?? 8),
    buildDir: arg("build-dir"),
    root: root && path.resolve(root),
  });
  const met = (ok: boolean) => (ok ? "met" : "NOT met");
  for (const r of runs) {
    console.log(`${r.label}, first start: ${firstStartLine(r)}; ≤ ${r.budgetMb} MB: ${met(firstStartWithinBudget(r))}`);
    console.log(`${r.label}: ${memoryLine(r)}; ≤ ${r.budgetMb} MB a process: ${met(withinBudget(r))}`);
  }
  process.exit(0);
}
