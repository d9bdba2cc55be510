import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Services } from "~/services.server";
import type { RunningServer } from "../../server/app";
import { freePort } from "./ports";
import { prepareDatabaseLocation, type DatabaseLocation } from "./test-database";

interface ServerBundle {
  start(options: { env: Record<string, string | undefined>; quiet?: boolean }): Promise<RunningServer>;
  services(): Services;
}

export interface TestServer {
  url: string;
  running: RunningServer;
  services: () => Services;
  stop(): Promise<void>;
}

/**
 * Starts the production server bundle on a fresh database and a free port, or on the database of
 * `location` (which the caller then owns: stop() leaves it as it is).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: { location?: DatabaseLocation } = {},
): Promise<TestServer> {
  const location = options.location ?? (await prepareDatabaseLocation());
  const port = await freePort();
  const bundlePath = path.resolve(process.env.BUILD_DIR || "build", "server/index.js");
  const bundle = (await import(pathToFileURL(bundlePath).href)) as ServerBundle;
  const running = await bundle.start({
    quiet: true,
    env: {
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // Tests wait for messages while the machine is busy running other tests: send at once.
      NOTIFICATION_YIELD_SECONDS: "0",
      // Warnings and errors only: an access line per request would bury the test's own output.
      LOG_LEVEL: "warn",
      // Every test shopper comes from 127.0.0.1: what an address may hold unpaid is off here, and
      // tests/integration/stock-holds.test.ts turns it on (as a shop has it) to test it.
      UNPAID_ORDERS_PER_ADDRESS: "10000",
      UNPAID_HOLD_SHARE_PERCENT: "100",
      UNPAID_HOLD_COOLDOWN_MINUTES: "0",
      ...location.env,
      ...env,
    },
  });
  return {
    url: `http://127.0.0.1:${port}`,
    running,
    services: bundle.services,
    stop: async () => {
      await running.stop();
      if (!options.location) await location.cleanup();
    },
  };
}
