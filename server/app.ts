import cluster from "node:cluster";
import { runPrimary } from "./cluster";
import { configOrExit } from "./config-or-exit";
import type { RunningServer, StartOptions } from "./start";

export type { RunningServer, StartOptions };

/**
 * The server bundle's entry. It loads only the configuration and the cluster's code: the shop itself
 * (Express, React Router, the database, the services) is in `./start`, a chunk of its own imported when
 * this process serves. So a cluster's primary, which serves nothing, stays a small process (about 50 MB
 * rather than 120).
 */

/**
 * What `node server.js` runs: the shop in this process, or — with WEB_CONCURRENCY above 1 (PostgreSQL)
 * — this process as the cluster's primary and one worker per process (server/cluster.ts), each of which
 * runs `start`. Answers what stops it.
 */
export async function main(options: StartOptions = {}): Promise<{ stop(): Promise<void> }> {
  const env = options.env ?? process.env;
  const config = configOrExit(env);
  if (cluster.isPrimary && !options.vite && config.webConcurrency > 1) return runPrimary(config, options);
  const running = await start({ ...options, quiet: options.quiet || cluster.isWorker });
  if (cluster.isWorker) {
    // The primary is gone (killed, crashed): so is its port; stop rather than linger.
    process.once("disconnect", () => void running.stop().then(() => process.exit(0)));
  }
  return running;
}

/** Starts everything: configuration, database (migrated, seeded), admin account, HTTP server. */
export async function start(options: StartOptions = {}): Promise<RunningServer> {
  const shop = await import("./start");
  return shop.start(options);
}

// Tests drive the running server's services (database, events) through the bundle.
export { services } from "~/services-holder";
