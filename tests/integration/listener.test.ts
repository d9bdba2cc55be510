import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Subscriber } from "~/lib/db/client.server";
import { createTestDatabase, databaseKind, type TestDatabase } from "../support/test-database";

/**
 * The PostgreSQL listener (lib/db/client.server.ts): one connection per process for every channel
 * (catalogue changes, sessions), which comes back after a loss and says so.
 */
let t: TestDatabase;
beforeAll(async () => {
  if (databaseKind === "postgres") t = await createTestDatabase();
});
afterAll(async () => {
  await t?.cleanup();
});

function recorder() {
  const heard: string[] = [];
  const events: string[] = [];
  const subscriber: Subscriber = {
    onMessage: (message) => heard.push(message),
    onReconnect: () => events.push("reconnect"),
    onListening: () => events.push("listening"),
    onLost: () => events.push("lost"),
  };
  return { heard, events, subscriber };
}

const listeners = async () =>
  (
    await queryRows<{ pid: number }>(
      t.database.db,
      sql`select pid from pg_stat_activity where datname = current_database() and query ilike 'listen %'`,
    )
  ).map((row) => row.pid);
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 25 });

describe.skipIf(databaseKind !== "postgres")("listening on PostgreSQL", () => {
  it("listens on every channel over one connection, comes back after a loss, and ends with the last subscriber", async () => {
    const a = recorder();
    const b = recorder();
    const stopA = t.database.subscribe("test_channel_a", a.subscriber);
    const stopB = t.database.subscribe("test_channel_b", b.subscriber);
    await poll(() => a.events.includes("listening") && b.events.includes("listening")).toBe(true);
    expect(await listeners()).toHaveLength(1);

    await t.database.notify("test_channel_a", "to a");
    await poll(() => a.heard).toEqual(["to a"]);
    expect(b.heard).toEqual([]);

    const [pid] = await listeners();
    await t.database.db.execute(sql`select pg_terminate_backend(${pid})`);
    await poll(() => a.events.includes("reconnect") && b.events.includes("reconnect")).toBe(true);
    expect(a.events).toEqual(["listening", "lost", "listening", "reconnect"]);
    await t.database.notify("test_channel_b", "to b");
    await poll(() => b.heard).toEqual(["to b"]);

    // A second subscriber on a channel already listened on is told it is listening too.
    const c = recorder();
    const stopC = t.database.subscribe("test_channel_b", c.subscriber);
    await poll(() => c.events).toEqual(["listening"]);
    await stopC();

    await stopA();
    await t.database.notify("test_channel_a", "nobody");
    await t.database.notify("test_channel_b", "still b");
    await poll(() => b.heard).toEqual(["to b", "still b"]);
    expect(a.heard).toEqual(["to a"]);
    await stopB();
    await poll(() => listeners()).toEqual([]);
  });
});
