import { describe, expect, it } from "vitest";
import { broadcastCatalogChanges, CATALOG_CHANNEL } from "~/lib/event-broadcast.server";
import { EventBus } from "~/lib/events.server";

/** One channel shared by several "processes", as PostgreSQL NOTIFY delivers it: to every listener, the sender too. */
function fakeDatabase() {
  const listeners = new Set<{ channel: string; onMessage(m: string): void; onReconnect(): void }>();
  const sent: string[] = [];
  return {
    sent,
    reconnectAll: () => listeners.forEach((l) => l.onReconnect()),
    connection: () => ({
      notify: async (channel: string, message: string) => {
        sent.push(message);
        for (const l of [...listeners]) if (l.channel === channel) l.onMessage(message);
      },
      subscribe: (channel: string, handlers: { onMessage(m: string): void; onReconnect(): void }) => {
        const entry = { channel, ...handlers };
        listeners.add(entry);
        return async () => void listeners.delete(entry);
      },
    }),
  };
}

function process(db: ReturnType<typeof fakeDatabase>, id: string) {
  const events = new EventBus();
  const seen: Array<{ reason: string; remote?: boolean }> = [];
  events.on("catalog.changed", (payload) => void seen.push(payload));
  const stop = broadcastCatalogChanges(db.connection(), events, id);
  return { events, seen, stop };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("catalogue changes told to every process", () => {
  it("tells the others once, each empties its caches once, and nobody tells it again", async () => {
    const db = fakeDatabase();
    const [a, b, c] = ["a", "b", "c"].map((id) => process(db, id));
    await a!.events.emit("catalog.changed", { reason: "price of tee" });
    await tick();
    expect(db.sent).toHaveLength(1);
    expect(JSON.parse(db.sent[0]!)).toEqual({ from: "a", reason: "price of tee" });
    expect(a!.seen).toEqual([{ reason: "price of tee" }]);
    for (const other of [b!, c!]) {
      expect(other.seen).toEqual([{ reason: "price of tee (another process)", remote: true }]);
    }
  });

  it("empties the caches after the listener reconnects, and ignores messages that are not ours", async () => {
    const db = fakeDatabase();
    const a = process(db, "a");
    db.reconnectAll();
    await db.connection().notify(CATALOG_CHANNEL, "not json");
    await db.connection().notify(CATALOG_CHANNEL, JSON.stringify({ from: 1, reason: [] }));
    await tick();
    expect(a.seen).toEqual([{ reason: "listener reconnected: changes may have been missed", remote: true }]);
  });

  it("cuts a long reason to fit a NOTIFY, and stops listening and telling when stopped", async () => {
    const db = fakeDatabase();
    const a = process(db, "a");
    const b = process(db, "b");
    await a.events.emit("catalog.changed", { reason: "x".repeat(10_000) });
    expect((JSON.parse(db.sent[0]!) as { reason: string }).reason).toHaveLength(200);
    await b.stop();
    await a.events.emit("catalog.changed", { reason: "after" });
    await tick();
    expect(b.seen).toHaveLength(1);
    await a.stop();
    await a.events.emit("catalog.changed", { reason: "stopped" });
    expect(db.sent).toHaveLength(2);
  });
});
