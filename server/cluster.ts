import cluster, { type Worker } from "node:cluster";
import { createServer } from "node:http";
import type { AppConfig } from "~/lib/config/config.server";
import { log, setLogLevel } from "~/lib/log.server";
import { answerMetrics, serveClusterMetrics } from "./metrics-http";

/**
 * One server process per core (issue 15, `WEB_CONCURRENCY`): the primary process forks the workers,
 * which share the port (node:cluster hands connections round) and each run the whole shop — its own
 * event loop, connection pool and caches, kept in step with the others through PostgreSQL
 * (event-broadcast.server.ts). The primary serves nothing and opens no database: it has read the
 * configuration (so generated secrets are written once, before any worker reads them), prints one
 * banner when every worker answers, replaces a worker that dies, and stops them all on SIGTERM.
 */
export interface WorkerReady {
  type: "abundance:ready";
  banner: string;
  seeded: boolean;
}

export const isWorkerReady = (message: unknown): message is WorkerReady =>
  typeof message === "object" && message !== null && (message as { type?: unknown }).type === "abundance:ready";

/** How long the workers have to finish their requests and background work before they are killed. */
const STOP_GRACE_MS = 10_000;

export function runPrimary(config: AppConfig, options: { quiet?: boolean } = {}): { stop(): Promise<void> } {
  setLogLevel(config.logLevel);
  let stopping = false;
  // Every worker's metrics, summed: for a worker asked on the shop's port, and on METRICS_PORT.
  const clusterMetrics = serveClusterMetrics();
  const ops =
    config.metrics.port === undefined
      ? undefined
      : listenForClusterOps(config, clusterMetrics, () => readyWorkers.size);
  const ready: WorkerReady[] = [];
  /** The workers alive that have said they are ready (for METRICS_PORT's /readyz). */
  const readyWorkers = new Set<number>();
  const fork = () => {
    // Two malloc arenas, as `npm start` gives the process it starts (decision 0017), unless the operator chose.
    const worker = cluster.fork({ MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2" });
    worker.on("message", (message: unknown) => {
      if (!isWorkerReady(message)) return;
      ready.push(message);
      readyWorkers.add(worker.id);
      if (ready.length === config.webConcurrency && !options.quiet) {
        const shown = ready.find((r) => r.seeded) ?? ready[0]!;
        process.stdout.write(`${shown.banner}  Processes:              ${config.webConcurrency} (WEB_CONCURRENCY)\n\n`);
      }
    });
    return worker;
  };
  for (let i = 0; i < config.webConcurrency; i++) fork();
  cluster.on("exit", (worker: Worker, code, signal) => {
    readyWorkers.delete(worker.id);
    if (stopping) return;
    log.warn({ worker: worker.process.pid, code, signal }, "[cluster] worker exited; starting another");
    fork();
  });

  return {
    stop: async () => {
      stopping = true;
      ops?.close();
      ops?.closeAllConnections();
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
      await Promise.all(
        workers.map(
          (worker) =>
            new Promise<void>((resolve) => {
              if (worker.isDead()) return resolve();
              const kill = setTimeout(() => worker.process.kill("SIGKILL"), STOP_GRACE_MS);
              worker.once("exit", () => {
                clearTimeout(kill);
                resolve();
              });
              worker.process.kill("SIGTERM");
            }),
        ),
      );
    },
  };
}

/**
 * METRICS_PORT in a cluster: the primary listens on it (workers do not), and answers /metrics with every
 * worker's metrics summed, /healthz, and /readyz — 200 once every worker has said it is ready.
 */
function listenForClusterOps(
  config: AppConfig,
  read: () => Promise<string>,
  readyWorkers: () => number,
): ReturnType<typeof createServer> {
  const ops = createServer((req, res) => {
    const path = (req.url ?? "/").split("?", 1)[0];
    if (path === "/metrics") return void answerMetrics(req, res, { token: config.metrics.token, open: true, read });
    if (path === "/healthz" || path === "/readyz") {
      const ok = path === "/healthz" || readyWorkers() >= config.webConcurrency;
      res.writeHead(ok ? 200 : 503, { "Content-Type": "application/json", "Cache-Control": "no-store" });
      return void res.end(JSON.stringify({ status: ok ? (path === "/healthz" ? "ok" : "ready") : "starting" }));
    }
    res.writeHead(404, { "Content-Type": "text/plain" }).end("Not Found");
  });
  ops.on("error", (error) => log.error({ err: error }, "[metrics] the metrics port could not be opened"));
  ops.listen(config.metrics.port, config.metrics.host);
  return ops;
}
