import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderNotifications } from "#db/schema/index";
import { queryRows } from "~/lib/db/client.server";
import { NOTIFICATION_MESSAGES } from "~/modules/notifications/delivery-policy";
import {
  FAKE_TWILIO_ACCOUNT_SID,
  FAKE_TWILIO_AUTH_TOKEN,
  FAKE_TWILIO_FROM,
  startFakeTwilio,
  type FakeTwilio,
} from "../support/fake-twilio";
import { startServerProcess, type ServerProcess } from "../support/server-process";
import { sleep } from "../support/shop-load";
import { databaseKind, prepareDatabaseLocation, type DatabaseLocation } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * The server is killed (SIGKILL) while its worker is sending a queue of WhatsApp messages, then started
 * again on the same data. Every message is then either sent exactly once or marked failed as interrupted
 * (it was being sent when the process died: it may have gone out, so it is not sent blindly again and the
 * owner sees it) — none is lost, none reaches Twilio twice.
 */
const ROWS = 150;

describe(`the server is killed while sending notifications (${databaseKind})`, () => {
  let location: DatabaseLocation;
  let twilio: FakeTwilio;
  let child: ServerProcess | undefined;
  let server: TestServer | undefined;

  beforeAll(async () => {
    location = await prepareDatabaseLocation();
    twilio = await startFakeTwilio();
  });
  afterAll(async () => {
    await child?.kill("SIGKILL");
    await server?.stop();
    await twilio?.stop();
    await location?.cleanup();
  });

  it("sends every message exactly once or marks it interrupted", async () => {
    const twilioEnv = {
      TWILIO_ACCOUNT_SID: FAKE_TWILIO_ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: FAKE_TWILIO_AUTH_TOKEN,
      TWILIO_WHATSAPP_FROM: FAKE_TWILIO_FROM,
      ADMIN_WHATSAPP_TO: "+14155550100",
      TWILIO_API_BASE: twilio.url,
      // A one-second send timeout: a claimed row's lease ends 5 s after its send began.
      NOTIFICATION_SEND_TIMEOUT_MS: "1000",
    };
    // The queue, written while no worker runs.
    const first = await startTestServer({ NOTIFICATIONS: "false" }, { location });
    await first
      .services()
      .database.db.insert(orderNotifications)
      .values(
        Array.from({ length: ROWS }, (_, i) => ({
          channel: "whatsapp",
          notificationType: "custom",
          audience: "owner",
          recipient: "",
          messageBody: `queued message ${i}`,
          dedupeKey: `crash-${i}`,
        })),
      );
    await first.stop();

    // A server process drains it, slowly, and dies in the middle.
    twilio.delay(40);
    child = await startServerProcess({ ...location.env, ...twilioEnv });
    const deadline = Date.now() + 30_000;
    while (twilio.messages.length < 40) {
      if (Date.now() > deadline) throw new Error(`only ${twilio.messages.length} messages sent:\n${child.output()}`);
      await sleep(5);
    }
    await child.kill("SIGKILL");
    child = undefined;
    const sentBeforeCrash = twilio.messages.length;
    expect(sentBeforeCrash).toBeLessThan(ROWS);

    // Started again: the rest goes out, the sends the crash cut are marked once their lease is over.
    twilio.delay(0);
    server = await startTestServer(twilioEnv, { location });
    const db = server.services().database.db;
    const settleBy = Date.now() + 30_000;
    for (;;) {
      const [left] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from order_notifications where status = 'pending'`,
      );
      if (left!.n === 0) break;
      if (Date.now() > settleBy) throw new Error(`${left!.n} messages still pending`);
      await sleep(100);
    }

    const rows = await queryRows<{ message_body: string; status: string; error_message: string | null }>(
      db,
      sql`select message_body, status, error_message from order_notifications`,
    );
    expect(rows).toHaveLength(ROWS);
    const received = new Map<string, number>();
    for (const m of twilio.messages) received.set(m.body, (received.get(m.body) ?? 0) + 1);
    // Nothing reached Twilio twice.
    expect([...received.values()].every((n) => n === 1)).toBe(true);
    let interrupted = 0;
    for (const row of rows) {
      if (row.status === "sent") {
        expect(received.get(row.message_body), row.message_body).toBe(1);
      } else {
        expect(row.status).toBe("failed");
        expect(row.error_message).toBe(NOTIFICATION_MESSAGES.interrupted);
        expect(received.get(row.message_body) ?? 0).toBeLessThanOrEqual(1);
        interrupted++;
      }
    }
    // The crash cut at most one round of sends (16 at once); everything else went out.
    expect(interrupted).toBeLessThanOrEqual(16);
    expect(rows.filter((r) => r.status === "sent").length).toBeGreaterThanOrEqual(ROWS - 16);
  });
});
