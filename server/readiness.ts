import type { ServerResponse } from "node:http";
import type { Database } from "~/lib/db/client.server";

/**
 * `/readyz` (issue 27): whether this process should be sent traffic. 503 `starting` until the database
 * is migrated and the server listens, 503 `stopping` once a graceful stop has begun (so a load balancer
 * drains it), 503 `unavailable` while the database does not answer a trivial query within two seconds,
 * otherwise 200 `ready`. `/healthz` stays what it was: the database answers (a liveness check should not
 * use it to restart a process whose database is away: the process recovers by itself).
 */
export interface Readiness {
  started(): void;
  stopping(): void;
  /** The state now, checking the database when started and not stopping. */
  check(): Promise<"ready" | "starting" | "stopping" | "unavailable">;
  answer(res: ServerResponse): Promise<void>;
}

const PING_TIMEOUT_MS = 2_000;

export function readiness(database: () => Database | undefined): Readiness {
  let state: "starting" | "started" | "stopping" = "starting";

  async function check(): Promise<"ready" | "starting" | "stopping" | "unavailable"> {
    if (state !== "started") return state;
    const db = database();
    if (!db) return "unavailable";
    // The timer goes with the answer: left to run, each check's would hold it for two seconds.
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        db.ping(),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("timeout")), PING_TIMEOUT_MS))),
      ]);
      return "ready";
    } catch {
      return "unavailable";
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    started: () => {
      if (state === "starting") state = "started";
    },
    stopping: () => {
      state = "stopping";
    },
    check,
    async answer(res) {
      const status = await check();
      res.writeHead(status === "ready" ? 200 : 503, {
        "Content-Type": "application/json; charset=utf-8",
        "Cache-Control": "no-store",
      });
      res.end(JSON.stringify({ status }));
    },
  };
}
