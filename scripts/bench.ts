/**
 * `npm run bench`: builds for production, starts the store on an embedded database, and measures
 * pages with autocannon next to a bare Node `http` server answering the same bytes.
 * Options: --no-build, --duration=SECONDS (default 8), --connections=N (default 50).
 */
import { spawn, execSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, "").split("=") as [string, string | undefined]));
const duration = Number(args.get("duration") ?? 8);
const connections = Number(args.get("connections") ?? 50);
const root = path.resolve(import.meta.dirname, "..");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "abundance-bench-"));
const admin = { email: "bench-admin@example.com", password: "BenchAdmin123" };

interface Measure {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** CPU time this virtual machine's host gave to others ("steal"), as a share of all CPU time. */
function cpuTimes(): { steal: number; total: number } {
  try {
    const fields = readFileSync("/proc/stat", "utf8").split("\n", 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
    return { steal: fields[7] ?? 0, total: fields.reduce((a, b) => a + b, 0) };
  } catch {
    return { steal: 0, total: 0 };
  }
}

function log(line = "") {
  process.stdout.write(`${line}\n`);
}

async function waitFor(url: string, timeoutMs = 60_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return Date.now() - started;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > timeoutMs) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function startStore(port: number): { child: ChildProcess; startedAt: number } {
  const startedAt = Date.now();
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      NODE_ENV: "development",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return { child, startedAt };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

function startBare(port: number, bodies: Record<string, Buffer>): ChildProcess {
  // The baseline: a bare Node http server answering the same bytes from memory.
  const code = `
    const http = require("node:http");
    const bodies = Object.fromEntries(Object.entries(JSON.parse(process.env.BODIES)).map(([k, v]) => [k, Buffer.from(v, "base64")]));
    http.createServer((req, res) => {
      const body = bodies[req.url] ?? bodies["/"];
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
      res.end(body);
    }).listen(${port}, "127.0.0.1");`;
  const encoded = Object.fromEntries(Object.entries(bodies).map(([k, v]) => [k, v.toString("base64")]));
  return spawn(process.execPath, ["-e", code], { env: { ...process.env, BODIES: JSON.stringify(encoded) }, stdio: "inherit" });
}

async function measure(label: string, url: string, headers: Record<string, string> = {}, conns = connections): Promise<Measure> {
  // Warm-up (JIT, caches, connection set-up) is not part of the figures.
  await autocannon({ url, connections: conns, duration: 3, headers });
  const result = await autocannon({ url, connections: conns, duration, headers });
  return {
    label,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function main() {
  if (args.get("no-build") === undefined) {
    log("Building for production…");
    execSync("npx react-router build", { cwd: root, stdio: "ignore" });
  }
  const port = 3300 + Math.floor(Math.random() * 500);
  const base = `http://127.0.0.1:${port}`;

  // First start creates, migrates and seeds the database; the second measures a start on it.
  let store = startStore(port);
  await waitFor(`${base}/healthz`);
  await stop(store.child);
  store = startStore(port);
  const startMs = (await waitFor(`${base}/healthz`)) + 0;
  const startToHealthy = Date.now() - store.startedAt;

  const pages = ["/"];
  const bodies: Record<string, Buffer> = {};
  for (const page of pages) bodies[page] = Buffer.from(await (await fetch(`${base}${page}`)).arrayBuffer());

  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(admin),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!cookie.includes("session_token")) throw new Error("Could not sign in for the uncached measurement");

  const barePort = port + 1000;
  const bare = startBare(barePort, bodies);
  await waitFor(`http://127.0.0.1:${barePort}/`);

  const rows: Array<{ ours: Measure; bare?: Measure; budget: string; ok: boolean }> = [];
  const cpuBefore = cpuTimes();
  try {
    for (const page of pages) {
      await fetch(`${base}${page}`); // warm the cache
      const ours = await measure(`anonymous ${page} (page cache)`, `${base}${page}`);
      const baseline = await measure(`bare node ${page}`, `http://127.0.0.1:${barePort}${page}`);
      const ratio = ours.rps / baseline.rps;
      rows.push({ ours, bare: baseline, budget: "≥ 25% of bare", ok: ratio >= 0.25 });
    }
    const uncached = await measure("signed-in / (SSR, no cache)", `${base}/`, { cookie });
    rows.push({ ours: uncached, budget: "p99 < 100 ms", ok: uncached.p99 < 100 });
  } finally {
    await stop(bare);
    await stop(store.child);
    rmSync(dataDir, { recursive: true, force: true });
  }

  const cpuAfter = cpuTimes();
  const stealShare = (cpuAfter.steal - cpuBefore.steal) / Math.max(1, cpuAfter.total - cpuBefore.total);
  log();
  log(`autocannon: ${connections} connections, ${duration} s each, on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "cpu"})`);
  log(`CPU steal during the measurements: ${(stealShare * 100).toFixed(0)}% (time the host ran other machines)`);
  log();
  log("| measurement | req/s | p50 ms | p99 ms | errors | bare req/s | ours / bare | budget | ok |");
  log("|---|---:|---:|---:|---:|---:|---:|---|---|");
  for (const { ours, bare: b, budget, ok } of rows) {
    const ratio = b ? `${((ours.rps / b.rps) * 100).toFixed(0)}%` : "";
    log(
      `| ${ours.label} | ${ours.rps} | ${ours.p50} | ${ours.p99} | ${ours.errors} | ${b?.rps ?? ""} | ${ratio} | ${budget} | ${ok ? "yes" : "NO"} |`,
    );
  }
  log(`| start to first 200 on /healthz (existing database) | | | | | | | < 5000 ms: ${startToHealthy} ms | ${startToHealthy < 5000 ? "yes" : "NO"} |`);
  void startMs;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
