import { asc, count, eq } from "drizzle-orm";
import { UNSAFE_decodeViaTurboStream as decodeTurboStream } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderNotifications, orders, user } from "#db/schema/index";
import { NOTIFICATION_MESSAGES } from "~/modules/notifications/delivery-policy";
import { NOTIFY_INTENTS } from "~/modules/notifications/notification-forms";
import { createTestOrder } from "~/modules/orders/test-orders.server";
import {
  FAKE_TWILIO_ACCOUNT_SID,
  FAKE_TWILIO_AUTH_TOKEN,
  FAKE_TWILIO_FROM,
  startFakeTwilio,
  type FakeTwilio,
} from "../support/fake-twilio";
import { consolePass, signIn, signUp } from "../support/sessions";
import { sleep } from "../support/shop-load";
import { databaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * Issue 26, "one code path for both faces", for the notification forms: the order page's panel in
 * /admin (the admin's session, posting to /admin/orders/:orderNumber) and the console's WhatsApp tab
 * (the console's pass, posting to /secure-admin/whatsapp with the order number in the form) send the
 * same WhatsApp and e-mail requests. Each case goes through both faces, each on its own twin order; the
 * answers (status, ok, message, field messages) and the notification rows they leave must be equal, so
 * a console action that drifted from /admin's — its own checks, its own order lookup, its own words —
 * fails here. And neither face does anything for a signed-in customer or a visitor.
 */
const ADMIN = { email: "owner@example.com", password: "OwnerPass123" };
const CONSOLE_PASSWORD = "Faces-Console-2026";
const OWNER_PHONE = "+14155550100";
const CONSOLE_WHATSAPP = "/secure-admin/whatsapp";

let server: TestServer;
let twilio: FakeTwilio;
let adminCookie = "";
let consoleCookie = "";
let customerCookie = "";

const db = () => server.services().database.db;

type Face = "admin" | "console";
const FACES: Face[] = ["admin", "console"];
/** Each face's own order: { admin, console }. */
const orderOf = {} as Record<Face, { id: string; orderNumber: string }>;

beforeAll(async () => {
  twilio = await startFakeTwilio();
  server = await startTestServer({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SECURE_ADMIN_PASSWORD: CONSOLE_PASSWORD,
    TWILIO_ACCOUNT_SID: FAKE_TWILIO_ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: FAKE_TWILIO_AUTH_TOKEN,
    TWILIO_WHATSAPP_FROM: `whatsapp:${FAKE_TWILIO_FROM}`,
    ADMIN_WHATSAPP_TO: OWNER_PHONE,
    TWILIO_API_BASE: twilio.url,
    NOTIFICATION_SEND_TIMEOUT_MS: "1000",
  });
  adminCookie = await signIn(server.url, ADMIN.email, ADMIN.password);
  customerCookie = (await signUp(server, "notify-faces@example.com")).cookie;
  consoleCookie = await consolePass(server.url, CONSOLE_PASSWORD);
  const [owner] = await db().select().from(user).where(eq(user.email, ADMIN.email));
  for (const face of FACES) {
    const { orderNumber } = await createTestOrder(db(), {
      kind: "member" as const,
      id: owner!.id,
      name: "Twin Order",
      email: owner!.email,
    });
    const [row] = await db().select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, orderNumber));
    orderOf[face] = { id: row!.id, orderNumber };
    await sleep(5); // test order numbers carry the time
  }
});
afterAll(async () => {
  await server?.stop();
  await twilio?.stop();
});

interface Answer {
  intent: string | null;
  ok: boolean;
  message: string;
  errors: Record<string, string>;
}

/**
 * A notification form through a face, as its page's fetcher posts it: to the order's page in /admin
 * (`orderNumber` names the page), or to the console's tab with the order number as a form field.
 */
async function send(face: Face, orderNumber: string, fields: Record<string, string>, cookie?: string) {
  const path = face === "admin" ? `/admin/orders/${encodeURIComponent(orderNumber)}.data` : `${CONSOLE_WHATSAPP}.data`;
  const body = new URLSearchParams(face === "admin" ? fields : { ...fields, orderNumber });
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, cookie: cookie ?? (face === "admin" ? adminCookie : consoleCookie) },
    body,
  });
  const { value } = await decodeTurboStream(res.body!, globalThis);
  return { status: res.status, body: (value as { data: Answer }).data };
}

const rulesOf = ({ status, body }: { status: number; body: Answer }) => ({
  status,
  ok: body.ok,
  message: body.message,
  errors: body.errors ?? {},
});

/** The same request through both faces, each on its own order: both answers. */
async function both(fields: (face: Face) => Record<string, string>, orderNumber?: (face: Face) => string) {
  const answers = [] as ReturnType<typeof rulesOf>[];
  for (const face of FACES) {
    answers.push(rulesOf(await send(face, orderNumber?.(face) ?? orderOf[face].orderNumber, fields(face))));
  }
  return { admin: answers[0]!, console: answers[1]! };
}

/** An order's messages with what differs between twins by design (ids, keys, times, its number) left out. */
async function rowsOf(face: Face) {
  const { id, orderNumber } = orderOf[face];
  const rows = await db()
    .select({
      channel: orderNotifications.channel,
      type: orderNotifications.notificationType,
      audience: orderNotifications.audience,
      status: orderNotifications.status,
      recipient: orderNotifications.recipient,
      subject: orderNotifications.subject,
      messageBody: orderNotifications.messageBody,
      errorMessage: orderNotifications.errorMessage,
      errorCode: orderNotifications.errorCode,
      attempts: orderNotifications.attempts,
    })
    .from(orderNotifications)
    .where(eq(orderNotifications.orderId, id))
    .orderBy(asc(orderNotifications.createdAt));
  return JSON.parse(JSON.stringify(rows).replaceAll(orderNumber, "{orderNumber}")) as typeof rows;
}

const notificationCount = async () => (await db().select({ n: count() }).from(orderNotifications))[0]!.n;
const idOfLast = async (orderId: string) =>
  (
    await db()
      .select({ id: orderNotifications.id })
      .from(orderNotifications)
      .where(eq(orderNotifications.orderId, orderId))
      .orderBy(asc(orderNotifications.createdAt))
  ).at(-1)!.id;

const WHATSAPP = NOTIFY_INTENTS.whatsapp;
const EMAIL = NOTIFY_INTENTS.email;
let unique = 0;
const key = (face: Face) => `faces-${face}-${Date.now().toString(36)}-${++unique}`;

describe(`the notification forms of both faces, one set of rules (${databaseKind})`, () => {
  it("refuses the same invalid requests with the same answers, writing and sending nothing", async () => {
    const before = { rows: await notificationCount(), twilio: twilio.requests };
    const invalid: Record<string, string>[] = [
      { intent: WHATSAPP, customMessage: "   ", phoneNumber: "+15035550100" },
      { intent: WHATSAPP, customMessage: "Hello", phoneNumber: "555-0100" },
      { intent: WHATSAPP, customMessage: "Hello" },
      { intent: WHATSAPP, customMessage: "Hello", phoneNumber: "" },
      { intent: WHATSAPP, customMessage: "x".repeat(1601), phoneNumber: "+15035550100" },
      { intent: WHATSAPP, customMessage: "Hi\u0007", phoneNumber: "+15035550100" },
      { intent: WHATSAPP, customMessage: "Hello", phoneNumber: "+15035550100", key: "no good!" },
      { intent: WHATSAPP, notificationId: "00000000-0000-4000-8000-000000000000" },
      { intent: WHATSAPP, notificationId: "not-an-id" },
      { intent: WHATSAPP, notificationType: "birthday_card" },
      { intent: EMAIL, notificationType: "birthday_card" },
      { intent: EMAIL, notificationId: "00000000-0000-4000-8000-000000000000" },
    ];
    for (const fields of invalid) {
      const label = JSON.stringify(fields).slice(0, 80);
      const { admin, console } = await both(() => fields);
      expect(admin.status, label).toBeGreaterThanOrEqual(400);
      expect(admin.ok, label).toBe(false);
      expect(console, label).toEqual(admin);
    }
    // Spec texts where the spec has them.
    const { admin: blank } = await both(() => invalid[0]!);
    expect(blank).toEqual({
      status: 400,
      ok: false,
      message: NOTIFICATION_MESSAGES.messageRequired,
      errors: { customMessage: NOTIFICATION_MESSAGES.messageRequired },
    });
    const { admin: badPhone } = await both(() => invalid[1]!);
    expect(badPhone.errors).toEqual({ phoneNumber: NOTIFICATION_MESSAGES.invalidPhone });
    // An order that does not exist: the admin's page of it, the console's typed number.
    for (const missing of ["AC-NOPE-1", " ", "x".repeat(60)]) {
      const { admin, console } = await both(
        () => ({ intent: WHATSAPP, customMessage: "Hello", phoneNumber: "+15035550100" }),
        () => missing,
      );
      expect(admin.status, missing).toBe(404);
      expect(admin.message).toBe(NOTIFICATION_MESSAGES.orderNotFound);
      expect(console, missing).toEqual(admin);
    }
    expect(await notificationCount()).toBe(before.rows);
    expect(twilio.requests).toBe(before.twilio);
  });

  it("sends, deduplicates, fails and resends alike, leaving the same rows", async () => {
    const answers: Record<Face, unknown[]> = { admin: [], console: [] };
    for (const face of FACES) {
      const { id, orderNumber } = orderOf[face];
      const record = async (fields: Record<string, string>) => {
        const answer = rulesOf(await send(face, orderNumber, fields));
        answers[face].push(answer);
        return answer;
      };
      const once = key(face);
      const custom = { intent: WHATSAPP, customMessage: "Your parcel ships today", phoneNumber: "+1 503 555 0100" };
      expect(await record({ ...custom, key: once })).toMatchObject({ status: 200, ok: true });
      expect(twilio.messages.at(-1)).toMatchObject({ to: "whatsapp:+15035550100", body: "Your parcel ships today" });
      // The same Send posted twice writes one message.
      await record({ ...custom, key: once });
      await record({ intent: WHATSAPP, customMessage: "Owner copy", isAdminNotification: "on", key: key(face) });
      expect(twilio.messages.at(-1)).toMatchObject({ to: `whatsapp:${OWNER_PHONE}`, body: "Owner copy" });
      await record({ intent: EMAIL, key: key(face) });
      // Twilio refuses the number: the provider's reason, then a resend to a corrected number.
      twilio.failNext({ status: 400, code: 21211, message: "The 'To' number is not a valid phone number." });
      expect(
        await record({ intent: WHATSAPP, customMessage: "Will fail", phoneNumber: "+15035550111", key: key(face) }),
      ).toMatchObject({ status: 502, ok: false, message: NOTIFICATION_MESSAGES.invalidPhone });
      const failed = await idOfLast(id);
      // A sent message is not resent.
      const sent = (await db().select().from(orderNotifications).where(eq(orderNotifications.orderId, id))).find(
        (r) => r.status === "sent",
      )!;
      await record({ intent: WHATSAPP, notificationId: sent.id });
      expect(await record({ intent: WHATSAPP, notificationId: failed, phoneNumber: "+15035550112" })).toMatchObject({
        status: 200,
        ok: true,
        message: NOTIFICATION_MESSAGES.resent,
      });
      expect(twilio.messages.at(-1)).toMatchObject({ to: "whatsapp:+15035550112", body: "Will fail" });
    }
    expect(answers.console).toEqual(answers.admin);
    expect(await rowsOf("console")).toEqual(await rowsOf("admin"));
    expect(await rowsOf("admin")).toHaveLength(4);
  });

  it("refuses alike to resend another order's message", async () => {
    const before = await rowsOf("admin");
    const theirs = { admin: await idOfLast(orderOf.console.id), console: await idOfLast(orderOf.admin.id) };
    const { admin, console } = await both((face) => ({ intent: WHATSAPP, notificationId: theirs[face] }));
    expect(admin).toEqual({ status: 404, ok: false, message: NOTIFICATION_MESSAGES.notFound, errors: {} });
    expect(console).toEqual(admin);
    expect(await rowsOf("admin")).toEqual(before);
  });
});

describe(`neither face's notification form does anything for a customer or a visitor (${databaseKind})`, () => {
  it("refuses every request, whatever the cookie, and changes and sends nothing", async () => {
    const snapshot = async () => db().select().from(orderNotifications).orderBy(asc(orderNotifications.id));
    const before = { rows: await snapshot(), twilio: twilio.requests };
    const failed = await idOfLast(orderOf.admin.id);
    const requests: Record<string, string>[] = [
      { intent: WHATSAPP, customMessage: "Hijacked", phoneNumber: "+15035550100" },
      { intent: WHATSAPP, customMessage: "Hijacked", isAdminNotification: "on" },
      { intent: WHATSAPP, notificationId: failed, phoneNumber: "+15035550100" },
      { intent: EMAIL },
      { intent: EMAIL, notificationType: "shipping_notification" },
    ];
    const forged = "abundance.secure_admin=%2200000000-0000-4000-8000-000000000000%22.bogus";
    for (const cookie of [customerCookie, "", forged, `${customerCookie}; ${forged}`]) {
      for (const face of FACES) {
        for (const fields of requests) {
          const path = face === "admin" ? `/admin/orders/${orderOf.admin.orderNumber}` : `${CONSOLE_WHATSAPP}`;
          for (const suffix of ["", ".data"]) {
            const res = await fetch(`${server.url}${path}${suffix}`, {
              method: "POST",
              redirect: "manual",
              headers: { origin: server.url, ...(cookie ? { cookie } : {}) },
              body: new URLSearchParams({ ...fields, orderNumber: orderOf.admin.orderNumber }),
            });
            const label = `${face} ${suffix} ${cookie ? "cookie" : "none"} ${JSON.stringify(fields)}`;
            expect([302, 401, 403], label).toContain(res.status);
            expect(await res.text(), label).not.toContain("Hijacked");
          }
        }
      }
    }
    await sleep(300);
    expect(await snapshot()).toEqual(before.rows);
    expect(twilio.requests).toBe(before.twilio);
  });
});
