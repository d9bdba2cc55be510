import cluster, { type Worker } from "node:cluster";
import type { AppConfig } from "~/lib/config/config.server";

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
  let stopping = false;
  const ready: WorkerReady[] = [];
  const fork = () => {
    // Two malloc arenas, as `npm start` gives the process it starts (decision 0017), unless the operator chose.
    const worker = cluster.fork({ MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2" });
    worker.on("message", (message: unknown) => {
      if (!isWorkerReady(message)) return;
      ready.push(message);
      if (ready.length === config.webConcurrency && !options.quiet) {
        const shown = ready.find((r) => r.seeded) ?? ready[0]!;
        console.log(`${shown.banner}  Processes:              ${config.webConcurrency} (WEB_CONCURRENCY)\n`);
      }
    });
    return worker;
  };
  for (let i = 0; i < config.webConcurrency; i++) fork();
  cluster.on("exit", (worker: Worker, code, signal) => {
    if (stopping) return;
    console.warn(`[cluster] worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    fork();
  });

  return {
    stop: async () => {
      stopping = true;
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
