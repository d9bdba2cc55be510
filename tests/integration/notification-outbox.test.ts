import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orderNotifications, orders, products, user } from "#db/schema/index";
import { openDatabase, queryRows, type Database, type Db } from "~/lib/db/client.server";
import { EventBus } from "~/lib/events.server";
import { seedDemoCatalogIfEmpty } from "~/modules/catalog/seed.server";
import { MAX_ATTEMPTS, NOTIFICATION_MESSAGES } from "~/modules/notifications/delivery-policy";
import { SmtpMailer } from "~/modules/notifications/mailer.server";
import { createNotifications, type Notifications } from "~/modules/notifications/notifications.server";
import { createNotificationWorker, type NotificationWorkerDeps } from "~/modules/notifications/outbox-worker.server";
import { applyTwilioStatus } from "~/modules/notifications/status-callback.server";
import { createTwilioClient } from "~/modules/notifications/twilio-client.server";
import { moveOrder } from "~/modules/orders/order-fulfilment.server";
import { markOrderPaid } from "~/modules/orders/order-payment.server";
import { placeOrder } from "~/modules/orders/place-order.server";
import { testAddress, testLimits } from "../support/fixtures";
import {
  FAKE_TWILIO_ACCOUNT_SID,
  FAKE_TWILIO_AUTH_TOKEN,
  FAKE_TWILIO_FROM,
  startFakeTwilio,
  twilioSignature,
  type FakeTwilio,
} from "../support/fake-twilio";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { setProductStock } from "../support/catalog-fixtures";
import { createTestDatabase, databaseKind, type TestDatabase } from "../support/test-database";
import { ensureTestStaff, testStaff } from "../support/staff";

/**
 * The notification outbox against the real database (PGlite, and PostgreSQL in CI's second pass), a
 * fake Twilio speaking its Messages API and a real local SMTP server: rows written with the order
 * change, sent once, retried while the provider is away, never retried when it cannot succeed, shared
 * by two workers without a double send, interrupted sends marked, and status callbacks believed only
 * when signed.
 */
const OWNER = "+14155550100";
const PUBLIC_URL = "http://shop.test";

let t: TestDatabase;
let db: Db;
let twilio: FakeTwilio;
let smtp: SmtpSink;
let mailer: SmtpMailer;
let events: EventBus;
let notifications: Notifications;
let product: string;
let key = 0;

function twilioConfig(overrides: Partial<{ adminTo: string | undefined }> = {}) {
  return {
    accountSid: FAKE_TWILIO_ACCOUNT_SID,
    authToken: FAKE_TWILIO_AUTH_TOKEN,
    whatsappFrom: FAKE_TWILIO_FROM,
    adminTo: OWNER,
    apiBase: twilio.url,
    ...overrides,
  };
}

function makeNotifications(bus: EventBus, twilioSettings: ReturnType<typeof twilioConfig> | undefined) {
  return createNotifications({
    db,
    events: bus,
    mailer,
    config: {
      enabled: true,
      publicUrl: PUBLIC_URL,
      shopName: "Abundance Collection",
      sendTimeoutMs: 400,
      twilio: twilioSettings,
    },
  });
}

beforeAll(async () => {
  t = await createTestDatabase();
  await ensureTestStaff(t.database.db);
  db = t.database.db;
  await seedDemoCatalogIfEmpty(db);
  await db.insert(user).values({ id: "buyer", name: "Buyer", email: "buyer@example.com" });
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.isActive, true)).limit(1);
  product = row!.id;
  await setProductStock(db, product, 100_000, { sizes: ["M"], colors: [] });
  twilio = await startFakeTwilio();
  smtp = await startSmtpSink();
  mailer = new SmtpMailer(smtp.url, "Abundance Collection <shop@example.com>", { ignoreTLS: true, timeoutMs: 2_000 });
});
afterAll(async () => {
  mailer?.close();
  await twilio?.stop();
  await smtp?.close();
  await t?.cleanup();
});
beforeEach(() => {
  events = new EventBus();
  notifications = makeNotifications(events, twilioConfig());
});
afterEach(async () => {
  await notifications.worker.stop();
  twilio.down(false);
  twilio.delay(0);
  await twilio.start();
  await db.delete(orderNotifications);
  await db.update(orders).set({ status: "cancelled" }).where(eq(orders.status, "pending"));
});

async function paidOrder(address = testAddress): Promise<{ id: string; orderNumber: string }> {
  const placed = await placeOrder(db, {
    userId: "buyer",
    paymentMethod: "demo",
    lines: [{ productId: product, quantity: 2, size: "M", color: null }],
    shippingAddress: address,
    billingAddress: null,
    shippingMethod: "standard",
    idempotencyKey: `notify-${++key}`,
    limits: testLimits,
  });
  await markOrderPaid(db, events, { orderId: placed.id, paymentMethod: "demo" });
  return { id: placed.id, orderNumber: placed.orderNumber };
}

async function rowsOf(orderId: string) {
  return db.select().from(orderNotifications).where(eq(orderNotifications.orderId, orderId));
}

/** Makes every pending row due now, as if its back-off had passed. */
async function backoffPassed() {
  await db
    .update(orderNotifications)
    .set({ nextAttemptAt: new Date(Date.now() - 1000) })
    .where(eq(orderNotifications.status, "pending"));
}

/** A worker of its own on `db`, sending to the fakes (as the shop's is, with these options on top). */
function workerOn(on: Db, options: Partial<NotificationWorkerDeps> = {}) {
  return createNotificationWorker({
    db: on,
    mailer,
    whatsapp: createTwilioClient({
      accountSid: FAKE_TWILIO_ACCOUNT_SID,
      authToken: FAKE_TWILIO_AUTH_TOKEN,
      from: `whatsapp:${FAKE_TWILIO_FROM}`,
      apiBase: twilio.url,
      timeoutMs: 2_000,
    }),
    ownerWhatsApp: OWNER,
    shop: { name: "Abundance Collection", url: PUBLIC_URL },
    statusCallbackUrl: (id) => `${PUBLIC_URL}/api/notifications/twilio-status?n=${id}`,
    sendTimeoutMs: 2_000,
    ...options,
  });
}

const messagesFor = (orderNumber: string) => twilio.messages.filter((m) => m.body.includes(orderNumber));
const mailsFor = (orderNumber: string) => smtp.mails.filter((m) => m.subject.includes(orderNumber));

describe(`order notifications through the outbox (${databaseKind})`, () => {
  it("a paid order writes one owner WhatsApp and one customer e-mail with the payment, and they are sent once", async () => {
    const order = await paidOrder();
    const rows = await rowsOf(order.id);
    expect(rows.map((r) => `${r.channel}:${r.audience}:${r.notificationType}:${r.status}`).sort()).toEqual([
      "email:customer:order_confirmation:pending",
      "whatsapp:owner:order_confirmation:pending",
    ]);
    // Paying again (a retried capture) changes nothing and writes nothing.
    await markOrderPaid(db, events, { orderId: order.id, paymentMethod: "demo" });
    expect(await rowsOf(order.id)).toHaveLength(2);

    await notifications.worker.drain();
    await notifications.worker.drain();
    const wa = messagesFor(order.orderNumber);
    expect(wa).toHaveLength(1);
    expect(wa[0]!.to).toBe(`whatsapp:${OWNER}`);
    expect(wa[0]!.from).toBe(`whatsapp:${FAKE_TWILIO_FROM}`);
    expect(wa[0]!.body).toMatch(/\$\d+\.\d\d/);
    expect(wa[0]!.statusCallback).toMatch(new RegExp(`^${PUBLIC_URL}/api/notifications/twilio-status\\?n=`));
    const mails = mailsFor(order.orderNumber);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([testAddress.email]);
    expect(mails[0]!.subject).toBe(`Order confirmed: ${order.orderNumber}`);
    expect(mails[0]!.raw).toContain("text/html");
    expect(mails[0]!.raw).toContain("text/plain");
    const after = await rowsOf(order.id);
    expect(after.every((r) => r.status === "sent" && r.sentAt && r.providerMessageId && r.messageBody)).toBe(true);
    expect(after.find((r) => r.channel === "whatsapp")!.recipient).toBe(OWNER);
    expect(mails[0]!.messageId).toBe(`<${after.find((r) => r.channel === "email")!.id}@shop.test>`);
  });

  it("rows and payment commit together: a failing outbox write leaves the order unpaid", async () => {
    const placed = await placeOrder(db, {
      userId: "buyer",
      paymentMethod: "demo",
      lines: [{ productId: product, quantity: 1, size: "M", color: null }],
      shippingAddress: testAddress,
      billingAddress: null,
      shippingMethod: "standard",
      idempotencyKey: `notify-${++key}`,
      limits: testLimits,
    });
    const broken = new EventBus();
    broken.onRecord("order.paid", async (tx) => {
      await tx.execute(sql`select 1`);
      throw new Error("outbox write failed");
    });
    await expect(markOrderPaid(db, broken, { orderId: placed.id, paymentMethod: "demo" })).rejects.toThrow();
    const [row] = await db.select().from(orders).where(eq(orders.id, placed.id));
    expect(row!.paymentStatus).toBe("pending");
    expect(await rowsOf(placed.id)).toHaveLength(0);
  });

  it("fulfilment moves write their messages: shipped (e-mail with tracking, WhatsApp to the checkout phone), delivered, cancelled", async () => {
    const order = await paidOrder({ ...testAddress, phone: "(503) 555-0101", country: "US" });
    const deps = { db, events, paypal: undefined };
    const actor = testStaff("Ada");
    await moveOrder(deps, {
      orderId: order.id,
      move: "ship",
      actor,
      trackingNumber: "1Z999AA10123456784",
      carrier: "UPS",
    });
    await moveOrder(deps, { orderId: order.id, move: "deliver", actor });
    await notifications.worker.drain();
    const rows = await rowsOf(order.id);
    expect(rows.map((r) => `${r.channel}:${r.notificationType}:${r.status}`).sort()).toEqual([
      "email:delivery_notification:sent",
      "email:order_confirmation:sent",
      "email:shipping_notification:sent",
      "whatsapp:order_confirmation:sent",
      "whatsapp:shipping_notification:sent",
    ]);
    const shipped = mailsFor(order.orderNumber).find((m) => m.subject.includes("shipped"))!;
    expect(shipped.raw).toContain("1Z999AA10123456784");
    expect(shipped.raw).toContain("ups.com/track");
    const customerWa = twilio.messages.find((m) => m.to === "whatsapp:+15035550101")!;
    expect(customerWa.body).toContain("1Z999AA10123456784");

    const other = await paidOrder();
    await moveOrder(deps, { orderId: other.id, move: "cancel", actor });
    await notifications.worker.drain();
    const cancelled = mailsFor(other.orderNumber).find((m) => m.subject.includes("cancelled"))!;
    expect(cancelled.subject).toBe(`Your order ${other.orderNumber} was cancelled`);
  });

  it("Twilio down (500), refusing connections, or too slow: the order is fine and the message goes out once Twilio is back", async () => {
    for (const outage of ["500", "refused", "timeout"] as const) {
      if (outage === "500") twilio.down(true);
      if (outage === "refused") await twilio.stop();
      if (outage === "timeout") twilio.delay(1_500);
      const order = await paidOrder();
      const [paid] = await db.select().from(orders).where(eq(orders.id, order.id));
      expect(paid!.paymentStatus).toBe("paid");
      await notifications.worker.drain();
      const [waiting] = (await rowsOf(order.id)).filter((r) => r.channel === "whatsapp");
      expect(waiting!.status, outage).toBe("pending");
      expect(waiting!.attempts).toBe(1);
      expect(waiting!.errorMessage).toContain(NOTIFICATION_MESSAGES.sendFailed);
      expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
      // Not due yet: a drain now sends nothing.
      await notifications.worker.drain();
      expect(messagesFor(order.orderNumber)).toHaveLength(0);

      twilio.down(false);
      twilio.delay(0);
      await twilio.start();
      await backoffPassed();
      await notifications.worker.drain();
      expect(messagesFor(order.orderNumber), outage).toHaveLength(1);
      const [sent] = (await rowsOf(order.id)).filter((r) => r.channel === "whatsapp");
      expect(sent!.status).toBe("sent");
      expect(sent!.attempts).toBe(2);
      expect(sent!.errorMessage).toBeNull();
    }
  });

  it("gives up after the bounded number of tries, as failed with the provider's error", async () => {
    twilio.down(true);
    const order = await paidOrder();
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
      await backoffPassed();
      await notifications.worker.drain();
    }
    const [row] = (await rowsOf(order.id)).filter((r) => r.channel === "whatsapp");
    expect(row!.status).toBe("failed");
    expect(row!.attempts).toBe(MAX_ATTEMPTS);
    expect(row!.errorMessage).toContain("Internal Server Error");
  });

  it("21211 fails at once and is never retried; a resend to a corrected number goes out", async () => {
    const order = await paidOrder();
    await notifications.worker.drain();
    const before = twilio.requests;
    const row = await notifications.sendCustomWhatsApp(
      order.id,
      {
        customMessage: "Your parcel is on its way",
        phoneNumber: "+15035550199",
        isAdminNotification: false,
        key: "custom-key-0001",
      },
      testStaff(),
    );
    expect(row.status).toBe("sent");
    twilio.failNext({ status: 400, code: 21211, message: "The 'To' number is not a valid phone number." });
    const bad = await notifications.sendCustomWhatsApp(
      order.id,
      {
        customMessage: "Second note",
        phoneNumber: "+15035550198",
        isAdminNotification: false,
        key: "custom-key-0002",
      },
      testStaff(),
    );
    expect(bad.status).toBe("failed");
    expect(bad.errorMessage).toBe("Invalid phone number format. Please use international format: +1234567890");
    expect(bad.errorCode).toBe("21211");
    expect(twilio.requests).toBe(before + 2);
    await backoffPassed();
    await notifications.worker.drain();
    expect(twilio.requests).toBe(before + 2);

    const resent = await notifications.resend(
      order.id,
      { notificationId: bad.id, phoneNumber: "+15035550197" },
      testStaff(),
    );
    expect(resent.status).toBe("sent");
    expect(resent.recipient).toBe("+15035550197");
    expect(twilio.messages.at(-1)!.to).toBe("whatsapp:+15035550197");
    expect(twilio.messages.at(-1)!.body).toBe("Second note");
    // A sent message is not sent again.
    await expect(
      notifications.resend(order.id, { notificationId: resent.id, phoneNumber: null }, testStaff()),
    ).rejects.toThrow(NOTIFICATION_MESSAGES.onlyFailedResend);
    // The same form posted twice writes one message.
    const again = await notifications.sendCustomWhatsApp(
      order.id,
      {
        customMessage: "Your parcel is on its way",
        phoneNumber: "+15035550199",
        isAdminNotification: false,
        key: "custom-key-0001",
      },
      testStaff(),
    );
    expect(again.id).toBe(row.id);
    expect(twilio.messages.filter((m) => m.body === "Your parcel is on its way")).toHaveLength(1);
  });

  it("63007 and 63016 are final; a customer phone that is no number fails without calling Twilio", async () => {
    const order = await paidOrder({ ...testAddress, phone: "call me", country: "UK" });
    await notifications.worker.drain();
    for (const [code, text] of [
      [63007, NOTIFICATION_MESSAGES.notVerified],
      [63016, NOTIFICATION_MESSAGES.outsideWindow],
    ] as const) {
      twilio.failNext({ status: 400, code, message: "final" });
      const row = await notifications.sendCustomWhatsApp(
        order.id,
        {
          customMessage: `code ${code}`,
          phoneNumber: null,
          isAdminNotification: true,
          key: `final-${code}-key`,
        },
        testStaff(),
      );
      expect(row.status).toBe("failed");
      expect(row.errorMessage).toBe(text);
    }
    expect(NOTIFICATION_MESSAGES.notVerified.startsWith("Phone number not verified...")).toBe(true);
    const before = twilio.requests;
    await moveOrder(
      { db, events, paypal: undefined },
      { orderId: order.id, move: "ship", actor: testStaff("A"), trackingNumber: "T1", carrier: "DHL" },
    );
    await notifications.worker.drain();
    const [wa] = (await rowsOf(order.id)).filter(
      (r) => r.notificationType === "shipping_notification" && r.channel === "whatsapp",
    );
    expect(wa!.status).toBe("failed");
    expect(wa!.errorMessage).toBe(NOTIFICATION_MESSAGES.invalidPhone);
    expect(twilio.requests).toBe(before);
  });

  it("without Twilio, no WhatsApp message is written and a send is refused; without the owner's number, only theirs", async () => {
    await notifications.worker.stop();
    notifications = makeNotifications((events = new EventBus()), undefined);
    expect(notifications.whatsappConfigured).toBe(false);
    const order = await paidOrder();
    await notifications.worker.drain();
    const rows = await rowsOf(order.id);
    expect(rows.map((r) => `${r.channel}:${r.audience}:${r.status}`)).toEqual(["email:customer:sent"]);
    // A send by hand is refused with the reason, and writes nothing.
    await expect(
      notifications.sendCustomWhatsApp(
        order.id,
        {
          customMessage: "Hello",
          phoneNumber: "+15035550199",
          isAdminNotification: false,
        },
        testStaff(),
      ),
    ).rejects.toMatchObject({ message: NOTIFICATION_MESSAGES.whatsappOff });
    await expect(
      notifications.sendOrderMessage(
        order.id,
        { channel: "whatsapp", type: "order_confirmation", audience: "owner" },
        testStaff(),
      ),
    ).rejects.toMatchObject({ message: NOTIFICATION_MESSAGES.whatsappOff });
    expect(await rowsOf(order.id)).toHaveLength(1);

    await notifications.worker.stop();
    notifications = makeNotifications((events = new EventBus()), twilioConfig({ adminTo: undefined }));
    expect(notifications.ownerWhatsAppConfigured).toBe(false);
    const second = await paidOrder();
    await notifications.worker.drain();
    expect((await rowsOf(second.id)).map((r) => `${r.channel}:${r.audience}`)).toEqual(["email:customer"]);
    await expect(
      notifications.sendCustomWhatsApp(
        second.id,
        { customMessage: "Hi", phoneNumber: "", isAdminNotification: true },
        testStaff(),
      ),
    ).rejects.toMatchObject({ message: NOTIFICATION_MESSAGES.ownerWhatsAppOff });
  });

  it("SMTP 5xx fails at once; 4xx is retried", async () => {
    smtp.rejectNext(550);
    const order = await paidOrder();
    await notifications.worker.drain();
    const failed = (await rowsOf(order.id)).find((r) => r.channel === "email")!;
    expect(failed.status).toBe("failed");
    expect(failed.errorCode).toBe("550");
    smtp.rejectNext(451);
    const second = await paidOrder();
    await notifications.worker.drain();
    const retrying = (await rowsOf(second.id)).find((r) => r.channel === "email")!;
    expect(retrying.status).toBe("pending");
    expect(retrying.errorCode).toBe("451");
    await backoffPassed();
    await notifications.worker.drain();
    expect(mailsFor(second.orderNumber)).toHaveLength(1);
  });

  it("a name with CR/LF cannot add a header to the e-mail", async () => {
    const order = await paidOrder({
      ...testAddress,
      firstName: "Eve\r\nBcc: spy@evil.example",
      lastName: "X\nSubject: hi",
    });
    await notifications.worker.drain();
    const [mail] = mailsFor(order.orderNumber);
    expect(mail!.to).toEqual([testAddress.email]);
    const head = mail!.raw.split(/\r?\n\r?\n/, 1)[0]!;
    expect(head).not.toMatch(/^Bcc:/im);
    expect(head.match(/^Subject:/gim)).toHaveLength(1);
  });

  it("two workers on one database never send a row twice (100 rows)", async () => {
    const order = await paidOrder();
    await notifications.worker.drain();
    await db.insert(orderNotifications).values(
      Array.from({ length: 100 }, (_, i) => ({
        orderId: order.id,
        channel: "whatsapp",
        notificationType: "custom",
        audience: "owner",
        recipient: "",
        messageBody: `bulk message ${i}`,
        dedupeKey: `bulk-${i}`,
      })),
    );
    // The second worker has its own connections where the database has more than one.
    let second: Database | null = null;
    if (t.databaseUrl) second = await openDatabase({ databaseUrl: t.databaseUrl, dataDir: t.dataDir, poolSize: 5 });
    twilio.delay(5);
    const a = workerOn(db, { concurrency: 8 });
    const b = workerOn(second?.db ?? db, { concurrency: 8 });
    try {
      const [na, nb] = await Promise.all([a.drain(), b.drain()]);
      expect(na + nb).toBe(100);
      if (databaseKind === "postgres") expect(Math.min(na, nb)).toBeGreaterThan(0);
    } finally {
      await second?.close();
    }
    const bulk = twilio.messages.filter((m) => m.body.startsWith("bulk message "));
    expect(bulk).toHaveLength(100);
    expect(new Set(bulk.map((m) => m.body)).size).toBe(100);
    const [counts] = await queryRows<{ sent: number }>(
      db,
      sql`select count(*)::int as sent from order_notifications where dedupe_key like 'bulk-%' and status = 'sent' and attempts = 1`,
    );
    expect(counts!.sent).toBe(100);
  });

  it("records each outcome as it completes: a fast e-mail is marked sent while a slow WhatsApp send of its batch still waits", async () => {
    const order = await paidOrder();
    twilio.delay(1_200);
    const worker = workerOn(db);
    const draining = worker.drain();
    try {
      const deadline = Date.now() + 1_000;
      let email = (await rowsOf(order.id)).find((r) => r.channel === "email")!;
      while (email.status !== "sent" && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        email = (await rowsOf(order.id)).find((r) => r.channel === "email")!;
      }
      // Twilio has not answered yet (it records a message only when it answers), and the e-mail is sent.
      expect(messagesFor(order.orderNumber)).toHaveLength(0);
      expect(mailsFor(order.orderNumber)).toHaveLength(1);
      expect(email.status).toBe("sent");
      expect(email.sendingSince).toBeNull();
      const wa = (await rowsOf(order.id)).find((r) => r.channel === "whatsapp")!;
      expect(wa.status).toBe("pending");
      expect(wa.sendingSince).not.toBeNull();
    } finally {
      await draining;
    }
    expect((await rowsOf(order.id)).map((r) => r.status)).toEqual(["sent", "sent"]);
    expect(messagesFor(order.orderNumber)).toHaveLength(1);
  });

  it("a message asked to go now that another worker took first answers with that send's outcome, not 'queued'", async () => {
    const order = await paidOrder();
    await notifications.worker.drain();
    const [row] = await db
      .insert(orderNotifications)
      .values({
        orderId: order.id,
        channel: "whatsapp",
        notificationType: "custom",
        audience: "owner",
        recipient: "",
        messageBody: `taken first ${order.orderNumber}`,
        dedupeKey: `taken-first-${order.orderNumber}`,
      })
      .returning({ id: orderNotifications.id });
    twilio.delay(400);
    // The background worker, woken by the same write, claims the row before the admin's request does.
    const background = workerOn(db);
    const draining = background.drain();
    const deadline = Date.now() + 2_000;
    while (!(await rowsOf(order.id)).find((r) => r.id === row!.id)?.sendingSince && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    const asked = await workerOn(db).sendNow(row!.id);
    await draining;
    expect(asked?.status).toBe("sent");
    expect(messagesFor(order.orderNumber).filter((m) => m.body.startsWith("taken first"))).toHaveLength(1);
  });

  it("a send left unfinished past its lease (a worker killed mid-send) is marked failed, not sent again", async () => {
    const order = await paidOrder();
    // As a killed worker leaves it: claimed (attempts counted, sending since long ago), never recorded.
    await db
      .update(orderNotifications)
      .set({ sendingSince: new Date(Date.now() - 60_000), attempts: 1 })
      .where(eq(orderNotifications.orderId, order.id));
    // One claimed just now is another worker's send under way: left alone.
    const other = await paidOrder();
    await db
      .update(orderNotifications)
      .set({ sendingSince: new Date(), attempts: 1 })
      .where(eq(orderNotifications.orderId, other.id));
    expect(await notifications.worker.recoverInterrupted()).toBe(2);
    await notifications.worker.drain();
    const rows = await rowsOf(order.id);
    expect(rows.every((r) => r.status === "failed" && r.errorMessage === NOTIFICATION_MESSAGES.interrupted)).toBe(true);
    expect(messagesFor(order.orderNumber)).toHaveLength(0);
    expect((await rowsOf(other.id)).every((r) => r.status === "pending")).toBe(true);
    // The owner resends it by hand.
    const wa = rows.find((r) => r.channel === "whatsapp")!;
    expect(
      (await notifications.resend(order.id, { notificationId: wa.id, phoneNumber: null }, testStaff())).status,
    ).toBe("sent");
  });

  it("status callbacks move a message on only when signed by our auth token, and only forward", async () => {
    const order = await paidOrder();
    await notifications.worker.drain();
    const wa = (await rowsOf(order.id)).find((r) => r.channel === "whatsapp")!;
    const url = `${PUBLIC_URL}/api/notifications/twilio-status?n=${wa.id}`;
    const settings = { authToken: FAKE_TWILIO_AUTH_TOKEN, publicUrl: PUBLIC_URL };
    const params = (status: string) => ({
      MessageSid: wa.providerMessageId!,
      MessageStatus: status,
      AccountSid: FAKE_TWILIO_ACCOUNT_SID,
    });
    const call = (status: string, signature: string | null, p = params(status)) =>
      applyTwilioStatus(db, settings, { url, signature, params: p });
    const status = async () => (await rowsOf(order.id)).find((r) => r.id === wa.id)!.status;

    expect(await call("delivered", null)).toBe("forbidden");
    expect(await call("delivered", twilioSignature("wrong-token", url, params("delivered")))).toBe("forbidden");
    // Signed for other parameters (a replayed signature with the status changed).
    expect(await call("failed", twilioSignature(FAKE_TWILIO_AUTH_TOKEN, url, params("delivered")))).toBe("forbidden");
    // Another message's sid under this row's URL.
    const foreign = { ...params("delivered"), MessageSid: "SMforeign" };
    expect(await call("delivered", twilioSignature(FAKE_TWILIO_AUTH_TOKEN, url, foreign), foreign)).toBe("ignored");
    expect(await status()).toBe("sent");

    expect(await call("delivered", twilioSignature(FAKE_TWILIO_AUTH_TOKEN, url, params("delivered")))).toBe("applied");
    expect(await status()).toBe("delivered");
    // A late 'sent' does not move it back.
    expect(await call("sent", twilioSignature(FAKE_TWILIO_AUTH_TOKEN, url, params("sent")))).toBe("ignored");
    expect(await status()).toBe("delivered");
  });
});

describe(`the background worker gives way to a saturated machine (${databaseKind})`, () => {
  it("holds fresh messages while the CPUs are saturated, sends those waiting longer than the yield, and the rest once the rush is over", async () => {
    await notifications.worker.stop();
    let saturated = true;
    const worker = workerOn(db, { pollMs: 50, saturated: () => saturated, yieldMs: 60_000 });
    const row = (i: number, waitedMs: number) => ({
      channel: "whatsapp",
      notificationType: "custom",
      audience: "owner",
      recipient: "",
      messageBody: `rush message ${i}`,
      dedupeKey: `rush-${i}`,
      nextAttemptAt: new Date(Date.now() - waitedMs),
    });
    await db.insert(orderNotifications).values([row(0, 0), row(1, 0), row(2, 61_000)]);
    worker.start();
    try {
      const sentBodies = () => twilio.messages.map((m) => m.body).filter((b) => b.startsWith("rush message"));
      const deadline = Date.now() + 5_000;
      while (!sentBodies().includes("rush message 2") && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      // Only the message past its yield went out; the fresh ones wait while the machine is busy.
      await new Promise((r) => setTimeout(r, 400));
      expect(sentBodies()).toEqual(["rush message 2"]);
      saturated = false;
      const until = Date.now() + 5_000;
      while (sentBodies().length < 3 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      expect(sentBodies().sort()).toEqual(["rush message 0", "rush message 1", "rush message 2"]);
    } finally {
      await worker.stop();
    }
  });
});
