/**
 * What the bench's sections share: starting the store as operators do (`node server.js`), waiting for it,
 * signing the bench's admin in, a fresh PostgreSQL database, closed-loop latencies and the CPU time a
 * server's processes used.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";

export const BENCH_ADMIN = { email: "bench-admin@example.com", password: "BenchAdmin123" };

export interface StartedStore {
  child: ChildProcess;
  base: string;
  stop(): Promise<void>;
}

/** `node server.js` from `root` with the bench's settings and `env`, as operators start it. */
export function spawnStore(options: {
  root: string;
  buildDir: string;
  port: number;
  dataDir: string;
  env?: Record<string, string>;
}): ChildProcess {
  return spawn(process.execPath, ["server.js"], {
    cwd: options.root,
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${options.port}`,
      DATA_DIR: options.dataDir,
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      NODE_ENV: "development",
      GUEST_SEARCH: "false",
      BUILD_DIR: options.buildDir,
      // As `npm start` runs it: two malloc arenas (decision 0017).
      MALLOC_ARENA_MAX: "2",
      // Every shopper of the bench is 127.0.0.1: one address may not hold their unpaid orders' stock alone.
      UNPAID_ORDERS_PER_ADDRESS: "10000",
      UNPAID_HOLD_SHARE_PERCENT: "100",
      ...options.env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/** `spawnStore`, resolved once /healthz answers 200. */
export async function startStoreProcess(options: Parameters<typeof spawnStore>[0]): Promise<StartedStore> {
  const base = `http://127.0.0.1:${options.port}`;
  const child = spawnStore(options);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
  try {
    // A store that exits while starting (a missing build, a taken port) fails at once, not at the timeout.
    await waitFor(`${base}/healthz`, 120_000, () => child.exitCode !== null || child.signalCode !== null);
  } catch (error) {
    await stop();
    throw error;
  }
  return { child, base, stop };
}

/** Polls `url` until it answers 2xx; fails after `timeoutMs`, or as soon as `gaveUp` says so. */
export async function waitFor(url: string, timeoutMs = 60_000, gaveUp: () => boolean = () => false): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (gaveUp()) throw new Error(`${url}: the server exited before it answered`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > timeoutMs) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The session cookies an answer sets, as a `Cookie` header. */
function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/**
 * Signs an account (the bench's admin by default) in through /login, as a browser without JavaScript
 * does; answers the cookie.
 */
export async function signIn(
  base: string,
  account: { email: string; password: string } = BENCH_ADMIN,
): Promise<string> {
  const res = await fetch(`${base}/login`, {
    method: "POST",
    headers: { origin: base },
    body: new URLSearchParams(account),
    redirect: "manual",
  });
  const cookie = cookiesOf(res);
  if (!cookie.includes("session_token")) throw new Error(`Could not sign in (${res.status})`);
  return cookie;
}

export const BENCH_SHOPPER = { email: "bench-shopper@example.com", password: "BenchShopper123" };

/**
 * Signs in a shopper (a customer account, made on first use through /register): what the storefront
 * figures measure, since the issue is about signed-in shoppers; an admin's session is read afresh on
 * every request (decision 0018).
 */
export async function signInShopper(base: string): Promise<string> {
  const res = await fetch(`${base}/register`, {
    method: "POST",
    headers: { origin: base },
    body: new URLSearchParams({
      fullName: "Bench Shopper",
      email: BENCH_SHOPPER.email,
      password: BENCH_SHOPPER.password,
      confirmPassword: BENCH_SHOPPER.password,
      agreeToTerms: "on",
    }),
    redirect: "manual",
  });
  const cookie = cookiesOf(res);
  return cookie.includes("session_token") ? cookie : signIn(base, BENCH_SHOPPER);
}

/**
 * `concurrency` connections, each sending the next of the given paths as soon as its last answer is in,
 * for `seconds`: latency percentiles of every answer. Driven by autocannon, which costs ~0.2 ms of CPU a
 * request where Node's fetch cost 1.3–1.6: on two cores the load generator takes that from the store.
 * Like a browser's first visit, and like the render figures, it asks for no compression.
 */
export async function closedLoop(
  base: string,
  paths: string[],
  headers: Record<string, string>,
  concurrency: number,
  seconds: number,
) {
  const options = {
    url: base,
    connections: concurrency,
    headers,
    requests: paths.map((path) => ({ method: "GET" as const, path })),
  };
  // Warm-up, then the measured run.
  await autocannon({ ...options, duration: 1.5 });
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon({ ...options, duration: seconds }, (error, result) =>
      error ? reject(error as Error) : resolve(result),
    );
    run.on("response", (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  return { n: latencies.length, p50: at(50), p95: at(95), p99: at(99), errors: result.errors + result.non2xx };
}

/**
 * Runs `work` with the URL of a database created for it on the PostgreSQL server at `adminUrl`, dropped
 * afterwards. Answers undefined, without running `work`, when no server answers there.
 */
export async function withFreshPostgres<T>(
  label: string,
  work: (databaseUrl: string) => Promise<T>,
  adminUrl = "postgres://postgres@127.0.0.1:5432/postgres",
): Promise<T | undefined> {
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch {
    return undefined; // no PostgreSQL server here
  }
  const name = `abundance_bench_${label}_${process.pid}_${Date.now()}`;
  try {
    await admin.query(`create database "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await work(url.toString());
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`).catch(() => undefined);
    await admin.end();
  }
}

/** The CPU time (user + system, in ms) a process and its children (cluster workers) have used so far. */
export function processTreeCpuMs(pid: number): number {
  const ticksPerSecond = 100; // USER_HZ: 100 on Linux, whatever the kernel's own tick rate
  const cpuOf = (id: number): number => {
    try {
      // The fields after the command name, which is in parentheses and may hold spaces.
      const stat = readFileSync(`/proc/${id}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
    } catch {
      return 0;
    }
  };
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    // no children file: count the process alone
  }
  return cpuOf(pid) + children.reduce((sum, child) => sum + processTreeCpuMs(child), 0);
}

/** A TCP port free on 127.0.0.1 at the time of asking. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const port = (probe.address() as { port: number }).port;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Runs `work` in a temporary worktree of `commit` (sharing this checkout's node_modules), built first
 * when `build` is set, and removes it after. Undefined when the commit cannot be checked out (a clone
 * without that history).
 */
export async function withCommitWorktree<T>(
  root: string,
  commit: string,
  options: { build: boolean },
  work: (worktree: string) => Promise<T>,
): Promise<T | undefined> {
  const worktree = mkdtempSync(path.join(os.tmpdir(), "abundance-bench-before-"));
  const git = (...args: string[]) => execFileSync("git", args, { cwd: root, stdio: "ignore" });
  try {
    git("worktree", "add", "--detach", "--force", worktree, commit);
  } catch {
    rmSync(worktree, { recursive: true, force: true });
    return undefined;
  }
  try {
    symlinkSync(path.join(root, "node_modules"), path.join(worktree, "node_modules"), "dir");
    if (options.build)
      execFileSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
        cwd: worktree,
        stdio: "ignore",
        env: { ...process.env, NODE_ENV: "production" },
      });
    return await work(worktree);
  } finally {
    try {
      git("worktree", "remove", "--force", worktree);
    } catch {
      rmSync(worktree, { recursive: true, force: true });
    }
  }
}

export interface BareServer {
  base: string;
  stop(): Promise<void>;
}

/**
 * The baseline the page budgets are read against: a bare Node http server, in a process of its own,
 * answering `bodies` (by path; the first for any other) from memory with a content length.
 */
export async function startBareServer(port: number, bodies: Record<string, Buffer>): Promise<BareServer> {
  const code = `
    const http = require("node:http");
    const raw = JSON.parse(require("node:fs").readFileSync(process.env.BODIES_FILE, "utf8"));
    const bodies = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Buffer.from(v, "base64")]));
    const first = Object.values(bodies)[0];
    http.createServer((req, res) => {
      const body = bodies[req.url] ?? first;
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
      res.end(body);
    }).listen(${port}, "127.0.0.1");`;
  const dir = mkdtempSync(path.join(os.tmpdir(), "abundance-bench-bare-"));
  const file = path.join(dir, "bodies.json");
  writeFileSync(
    file,
    JSON.stringify(Object.fromEntries(Object.entries(bodies).map(([k, v]) => [k, v.toString("base64")]))),
  );
  const child = spawn(process.execPath, ["-e", code], { env: { ...process.env, BODIES_FILE: file }, stdio: "inherit" });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(`http://127.0.0.1:${port}/`, 10_000, () => child.exitCode !== null);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base: `http://127.0.0.1:${port}`, stop };
}

/**
 * `visit` for each subject `runs` times, the subjects' order reversed every other run, so that none always
 * goes first (a host's moments fall on each alike).
 */
export async function inTurns<S>(
  subjects: readonly S[],
  runs: number,
  visit: (subject: S, run: number) => Promise<void>,
): Promise<void> {
  for (let run = 0; run < runs; run++)
    for (const subject of run % 2 ? [...subjects].reverse() : subjects) await visit(subject, run);
}

/**
 * Runs `measure` with this build (`buildDir` under `root`) started as "now" and each of `commits` checked
 * out and built in a temporary worktree and started beside it, as `before(<commit>)`. The worktrees are
 * nested, so every subject runs while `measure` does; a commit that cannot be checked out is left out and
 * named in `missing`. Each subject's store is stopped afterwards.
 */
export async function withBeforeCommits<S extends { store: StartedStore }, T>(options: {
  root: string;
  buildDir: string;
  commits: readonly string[];
  start: (name: string, root: string, buildDir: string) => Promise<S>;
  measure: (now: S, befores: ReadonlyArray<{ commit: string; subject: S }>) => Promise<T>;
}): Promise<{ results: T; missing: string[] }> {
  const missing: string[] = [];
  const befores: { commit: string; subject: S }[] = [];
  const started = async (subject: S, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } finally {
      await subject.store.stop();
    }
  };
  const withBefores = async (commits: readonly string[]): Promise<T> => {
    const [commit, ...rest] = commits;
    if (commit === undefined) {
      const now = await options.start("now", options.root, options.buildDir);
      return started(now, () => options.measure(now, befores));
    }
    const results = await withCommitWorktree(options.root, commit, { build: true }, async (worktree) => {
      const subject = await options.start(`before(${commit})`, worktree, "build");
      befores.push({ commit, subject });
      return started(subject, () => withBefores(rest));
    });
    if (results !== undefined) return results;
    missing.push(commit);
    return withBefores(rest);
  };
  return { results: await withBefores(options.commits), missing };
}
