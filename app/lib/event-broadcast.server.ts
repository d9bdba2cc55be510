import { randomUUID } from "node:crypto";
import type { Database } from "./db/client.server";
import type { EventBus } from "./events.server";
import { log } from "./log.server";

/**
 * Keeps every process of the shop in step (issue 15): a `catalog.changed` emitted in one process is
 * told to all the others through PostgreSQL NOTIFY on one channel, and each of them emits it locally
 * (marked `remote`, so it is not told again) — their page and read caches are emptied at once, not at
 * the end of a TTL. A process that lost its listening connection empties its caches when it is back,
 * since what was said meanwhile did not reach it. On the embedded database (one process) nothing is sent.
 *
 * A message is `{ from, reason }` as JSON: `from` is the sending process's id, so it ignores its own.
 */
export const CATALOG_CHANNEL = "abundance_catalog_changed";

/** NOTIFY takes at most 8000 bytes; a reason is for the log, so it is cut well short of that. */
const MAX_REASON = 200;

export function broadcastCatalogChanges(
  database: Pick<Database, "notify" | "subscribe">,
  events: EventBus,
  instanceId: string = randomUUID(),
): () => Promise<void> {
  const unsubscribe = database.subscribe(CATALOG_CHANNEL, {
    onMessage: (raw) => {
      const message = parse(raw);
      if (!message || message.from === instanceId) return;
      void events.emit("catalog.changed", { reason: `${message.reason} (another process)`, remote: true });
    },
    onReconnect: () => {
      void events.emit("catalog.changed", {
        reason: "listener reconnected: changes may have been missed",
        remote: true,
      });
    },
  });
  const off = events.on("catalog.changed", async ({ reason, remote }) => {
    if (remote) return;
    const message = JSON.stringify({ from: instanceId, reason: reason.slice(0, MAX_REASON) });
    try {
      await database.notify(CATALOG_CHANNEL, message);
    } catch (error) {
      // The change is committed and this process's caches are emptied; the others catch up by their TTL.
      log.warn({ err: error }, "[events] could not tell the other processes");
    }
  });
  return async () => {
    off();
    await unsubscribe();
  };
}

function parse(raw: string): { from: string; reason: string } | null {
  try {
    const value = JSON.parse(raw) as unknown;
    if (value && typeof value === "object" && "from" in value && "reason" in value) {
      const { from, reason } = value as { from: unknown; reason: unknown };
      if (typeof from === "string" && typeof reason === "string") return { from, reason };
    }
  } catch {
    // not ours
  }
  return null;
}
