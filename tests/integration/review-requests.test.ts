import { and, asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orderItems, orderNotifications, products, reviewRequests, user, type AddressJson } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import { EventBus } from "~/lib/events.server";
import { seedDemoCatalogIfEmpty } from "~/modules/catalog/seed.server";
import { SmtpMailer } from "~/modules/notifications/mailer.server";
import { createNotifications, type Notifications } from "~/modules/notifications/notifications.server";
import { REVIEW_REQUEST_MESSAGES } from "~/modules/notifications/review-request-texts";
import { recordReviewRequest } from "~/modules/notifications/review-requests.server";
import { WHATSAPP_BODY_MAX } from "~/modules/notifications/whatsapp-texts";
import { moveOrder } from "~/modules/orders/order-fulfilment.server";
import { markOrderPaid } from "~/modules/orders/order-payment.server";
import { placeOrder } from "~/modules/orders/place-order.server";
import { createReviewLinks, REVIEW_LINK_DAYS } from "~/modules/reviews/review-links.server";
import { insertReview } from "~/modules/reviews/review-store.server";
import { setProductStock } from "../support/catalog-fixtures";
import {
  FAKE_TWILIO_ACCOUNT_SID,
  FAKE_TWILIO_AUTH_TOKEN,
  FAKE_TWILIO_FROM,
  startFakeTwilio,
  type FakeTwilio,
} from "../support/fake-twilio";
import { testAddress, testLimits } from "../support/fixtures";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { createTestDatabase, databaseKind, type TestDatabase } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";
import { mailText } from "../support/mail-text";
import { ensureTestStaff, testStaff } from "../support/staff";

/**
 * The review request after delivery (issue 29) against the real database (PGlite, and PostgreSQL in
 * the second pass), a real local SMTP server and a fake Twilio: one request per delivered order however
 * often or at once it is delivered, an e-mail and — with a phone — a WhatsApp, each line with its own
 * signed link naming it; none for an order already reviewed; a line reviewed before the send left out.
 */
const PUBLIC_URL = "http://shop.test";
const SECRET = "review-request-test-secret";
const links = createReviewLinks(SECRET);
const PHONE = { ...testAddress, phone: "(503) 555-0101", country: "US" };
const PHONE_E164 = "+15035550101";

let t: TestDatabase;
let db: Db;
let twilio: FakeTwilio;
let smtp: SmtpSink;
let mailer: SmtpMailer;
let events: EventBus;
let notifications: Notifications;
const productIds: string[] = [];
let key = 0;
/** The account the orders are placed by. */
let buyer = "reviewer";
const actor = testStaff("Ada");

function makeNotifications(bus: EventBus, options: { delayDays?: number; whatsapp?: boolean } = {}) {
  return createNotifications({
    db,
    events: bus,
    mailer,
    config: {
      enabled: true,
      publicUrl: PUBLIC_URL,
      shopName: "Abundance Collection",
      sendTimeoutMs: 2_000,
      twilio:
        options.whatsapp === false
          ? undefined
          : {
              accountSid: FAKE_TWILIO_ACCOUNT_SID,
              authToken: FAKE_TWILIO_AUTH_TOKEN,
              whatsappFrom: FAKE_TWILIO_FROM,
              adminTo: undefined,
              apiBase: twilio.url,
            },
      reviewRequests: { delayDays: options.delayDays ?? 0, links },
    },
  });
}

beforeAll(async () => {
  t = await createTestDatabase();
  await ensureTestStaff(t.database.db);
  db = t.database.db;
  await seedDemoCatalogIfEmpty(db);
  await db.insert(user).values([
    { id: "reviewer", name: "Reviewer", email: "reviewer@example.com" },
    { id: "patient", name: "Patient", email: "patient@example.com" },
  ]);
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(asc(products.slug))
    .limit(2);
  for (const row of rows) {
    productIds.push(row.id);
    await setProductStock(db, row.id, 100_000, { sizes: ["M"], colors: [] });
  }
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
  notifications = makeNotifications(events);
});
afterEach(async () => {
  await notifications.worker.stop();
});

/** A paid order of one unit of each product (size M), shipped: ready to be delivered. */
async function shippedOrder(address: AddressJson = PHONE, bus = events) {
  const placed = await placeOrder(db, {
    userId: buyer,
    paymentMethod: "demo",
    lines: productIds.map((productId) => ({ productId, quantity: 1, size: "M", color: null })),
    shippingAddress: address,
    billingAddress: null,
    shippingMethod: "standard",
    idempotencyKey: `review-request-${++key}`,
    limits: testLimits,
  });
  await markOrderPaid(db, bus, { orderId: placed.id, paymentMethod: "demo" });
  await moveOrder(
    { db, events: bus, paypal: undefined },
    {
      orderId: placed.id,
      move: "ship",
      actor,
      trackingNumber: "1Z999AA10123456784",
      carrier: "UPS",
    },
  );
  const items = await db
    .select({ id: orderItems.id, productId: orderItems.productId, name: orderItems.productName })
    .from(orderItems)
    .where(eq(orderItems.orderId, placed.id))
    .orderBy(asc(orderItems.createdAt), asc(orderItems.id));
  return { id: placed.id, orderNumber: placed.orderNumber, items };
}

const deliver = (orderId: string, bus = events) =>
  moveOrder({ db, events: bus, paypal: undefined }, { orderId, move: "deliver", actor });

async function deliveredOrder(address: AddressJson = PHONE) {
  const order = await shippedOrder(address);
  await deliver(order.id);
  return order;
}

/** The order's review request messages: channel, status and why not sent. */
async function requestRows(orderId: string) {
  return db
    .select()
    .from(orderNotifications)
    .where(and(eq(orderNotifications.orderId, orderId), eq(orderNotifications.notificationType, "review_request")))
    .orderBy(asc(orderNotifications.channel));
}

const requestsOf = (orderId: string) => db.select().from(reviewRequests).where(eq(reviewRequests.orderId, orderId));

async function review(orderId: string, item: { id: string; productId: string | null }) {
  await db.transaction((tx) =>
    insertReview(tx, {
      productId: item.productId!,
      userId: buyer,
      orderId,
      orderItemId: item.id,
      size: "M",
      color: "",
      rating: 4,
      title: "Fits well",
      body: "True to size.",
      fit: "true",
      authorName: "Ana L.",
      verified: true,
      photos: [],
      status: "published",
      source: "customer",
    }),
  );
}

const mailsFor = (orderNumber: string) =>
  smtp.mails.filter((m) => m.subject === `How do you like your order ${orderNumber}?`);
const whatsappsFor = (orderNumber: string) =>
  twilio.messages.filter((m) => m.body.includes(orderNumber) && m.body.includes("/reviews/new?token="));

/** The review links' tokens in a text, in order. */
const tokensIn = (text: string) =>
  [...text.matchAll(/http:\/\/shop\.test\/reviews\/new\?token=([A-Za-z0-9._%-]+)/g)].map((m) =>
    decodeURIComponent(m[1]!),
  );

describe(`review requests after delivery (${databaseKind})`, () => {
  it("one e-mail and one WhatsApp per delivered order, each line with a link whose token names it", async () => {
    const order = await deliveredOrder();
    expect((await requestsOf(order.id)).map((r) => r.outcome)).toEqual(["queued"]);
    const rows = await requestRows(order.id);
    expect(rows.map((r) => `${r.channel}:${r.audience}:${r.status}`)).toEqual([
      "email:customer:pending",
      "whatsapp:customer:pending",
    ]);

    await notifications.worker.drain();
    // The delivered event again (a retried job) and the request recorded again: nothing more.
    await db.transaction((tx) =>
      events.record(tx, "order.delivered", { orderId: order.id, orderNumber: order.orderNumber }),
    );
    expect(
      await db.transaction((tx) => recordReviewRequest(tx, order.id, { whatsapp: true, delayDays: 0 })),
    ).toBeNull();
    await notifications.worker.drain();

    const mails = mailsFor(order.orderNumber);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([PHONE.email]);
    const text = mailText(mails[0]!.raw);
    for (const item of order.items) expect(text).toContain(item.name);
    expect(text).toContain("Abundance Collection");
    expect(text.toLowerCase()).not.toContain("unsubscribe");
    const mailTokens = tokensIn(text);
    // Each line's link (once in the text; the HTML part has the same links).
    expect([...new Set(mailTokens)].map((token) => links.read(token)?.orderItemId)).toEqual(
      order.items.map((i) => i.id),
    );

    const whatsapps = whatsappsFor(order.orderNumber);
    expect(whatsapps).toHaveLength(1);
    expect(whatsapps[0]!.to).toBe(`whatsapp:${PHONE_E164}`);
    expect(whatsapps[0]!.body.length).toBeLessThanOrEqual(WHATSAPP_BODY_MAX);
    // One line per item, each with exactly one link, naming its line.
    const itemLines = whatsapps[0]!.body.split("\n").filter((line) => line.includes("/reviews/new?token="));
    expect(itemLines).toHaveLength(order.items.length);
    for (const [i, line] of itemLines.entries()) {
      expect(line.match(/https?:\/\//g)).toHaveLength(1);
      expect(line).toContain(order.items[i]!.name);
      expect(links.read(tokensIn(line)[0]!)?.orderItemId).toBe(order.items[i]!.id);
    }
    expect((await requestRows(order.id)).map((r) => r.status)).toEqual(["sent", "sent"]);
  });

  it("a link's token reads back to its line for 30 days, then expires; a forged one is refused", () => {
    const itemId = "0b7d8947-6776-4067-a538-e7e7540c8804";
    const made = new Date("2026-03-01T12:00:00Z");
    const token = links.tokenFor(itemId, made);
    const day = 24 * 60 * 60 * 1000;
    expect(links.read(token, made)?.orderItemId).toBe(itemId);
    expect(links.read(token, new Date(made.getTime() + (REVIEW_LINK_DAYS - 1) * day))?.orderItemId).toBe(itemId);
    expect(links.read(token, new Date(made.getTime() + REVIEW_LINK_DAYS * day + 1000))).toBeNull();
    // Another secret, another line under the same signature, a changed expiry, garbage.
    expect(createReviewLinks("another-secret").read(token, made)).toBeNull();
    const [, expires, signature] = token.split(".");
    expect(links.read(`1c850fe0-b20a-4549-beef-b3b2746991d7.${expires}.${signature}`, made)).toBeNull();
    expect(links.read(`${itemId}.zzzzzz.${signature}`, made)).toBeNull();
    expect(links.read("not-a-token", made)).toBeNull();
  });

  it("two deliveries at once, on two instances, ask once", async () => {
    const second = new EventBus();
    const other = makeNotifications(second);
    try {
      const order = await shippedOrder();
      const moves = await Promise.allSettled([deliver(order.id, events), deliver(order.id, second)]);
      expect(moves.map((m) => m.status).sort()).toEqual(["fulfilled", "rejected"]);
      expect(await requestsOf(order.id)).toHaveLength(1);
      expect(await requestRows(order.id)).toHaveLength(2);
      await Promise.all([notifications.worker.drain(), other.worker.drain()]);
      expect(mailsFor(order.orderNumber)).toHaveLength(1);
      expect(whatsappsFor(order.orderNumber)).toHaveLength(1);

      // Recorded twice at once (two instances handling one event): one request, one set of messages.
      const bare = new EventBus(); // delivers without notifications
      const quiet = await shippedOrder(PHONE, bare);
      await deliver(quiet.id, bare);
      expect(await requestsOf(quiet.id)).toHaveLength(0);
      const outcomes = await Promise.all(
        [0, 1].map(() => db.transaction((tx) => recordReviewRequest(tx, quiet.id, { whatsapp: true, delayDays: 0 }))),
      );
      expect(outcomes.sort()).toEqual([null, "queued"]);
      expect(await requestsOf(quiet.id)).toHaveLength(1);
      expect(await requestRows(quiet.id)).toHaveLength(2);
    } finally {
      await other.worker.stop();
    }
  });

  it("a WhatsApp only where the customer gave a phone, and only with WhatsApp on", async () => {
    const noPhone = await deliveredOrder({ ...testAddress, phone: "" });
    expect((await requestRows(noPhone.id)).map((r) => r.channel)).toEqual(["email"]);

    await notifications.worker.stop();
    events = new EventBus();
    notifications = makeNotifications(events, { whatsapp: false });
    const off = await deliveredOrder();
    expect((await requestRows(off.id)).map((r) => r.channel)).toEqual(["email"]);
    await notifications.worker.drain();
    expect(mailsFor(off.orderNumber)).toHaveLength(1);
    expect(whatsappsFor(off.orderNumber)).toHaveLength(0);
  });

  it("none for an order whose lines were all reviewed already", async () => {
    const order = await shippedOrder();
    for (const item of order.items) await review(order.id, item);
    await deliver(order.id);
    expect((await requestsOf(order.id)).map((r) => r.outcome)).toEqual(["skipped"]);
    expect(await requestRows(order.id)).toHaveLength(0);
    await notifications.worker.drain();
    expect(mailsFor(order.orderNumber)).toHaveLength(0);
    expect(whatsappsFor(order.orderNumber)).toHaveLength(0);

    // A later order of the same products by the same account: they reviewed them, so nothing is asked.
    const again = await deliveredOrder();
    expect((await requestsOf(again.id)).map((r) => r.outcome)).toEqual(["skipped"]);
    expect(await requestRows(again.id)).toHaveLength(0);
  });
});

describe(`review requests sent after a delay (${databaseKind})`, () => {
  beforeEach(async () => {
    // An account that reviewed nothing yet (the first block's account reviewed both products).
    buyer = "patient";
    await notifications.worker.stop();
    events = new EventBus();
    notifications = makeNotifications(events, { delayDays: 7 });
  });

  /** Makes the order's review request due now, as if the days had passed. */
  const daysPassed = (orderId: string) =>
    db
      .update(orderNotifications)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(and(eq(orderNotifications.orderId, orderId), eq(orderNotifications.notificationType, "review_request")));

  it("waits the days, then leaves out a line reviewed meanwhile", async () => {
    const order = await deliveredOrder();
    const rows = await requestRows(order.id);
    const due = rows[0]!.nextAttemptAt.getTime();
    expect(due).toBeGreaterThan(Date.now() + 6.9 * 24 * 3600 * 1000);
    expect(due).toBeLessThan(Date.now() + 7.1 * 24 * 3600 * 1000);
    await notifications.worker.drain();
    expect(mailsFor(order.orderNumber)).toHaveLength(0);
    expect((await requestRows(order.id)).map((r) => r.status)).toEqual(["pending", "pending"]);

    // The first line is reviewed before the request goes out.
    await review(order.id, order.items[0]!);
    await daysPassed(order.id);
    await notifications.worker.drain();
    const mails = mailsFor(order.orderNumber);
    expect(mails).toHaveLength(1);
    const text = mailText(mails[0]!.raw);
    expect(text).not.toContain(order.items[0]!.name);
    expect(text).toContain(order.items[1]!.name);
    expect([...new Set(tokensIn(text))].map((token) => links.read(token)?.orderItemId)).toEqual([order.items[1]!.id]);
    const [wa] = whatsappsFor(order.orderNumber);
    expect(tokensIn(wa!.body).map((token) => links.read(token)?.orderItemId)).toEqual([order.items[1]!.id]);
  });

  it("sends nothing when every line was reviewed meanwhile, and says why", async () => {
    const order = await deliveredOrder();
    for (const item of order.items) await review(order.id, item);
    await daysPassed(order.id);
    await notifications.worker.drain();
    expect(mailsFor(order.orderNumber)).toHaveLength(0);
    expect(whatsappsFor(order.orderNumber)).toHaveLength(0);
    const rows = await requestRows(order.id);
    expect(rows.map((r) => [r.status, r.errorMessage])).toEqual([
      ["failed", REVIEW_REQUEST_MESSAGES.allReviewed],
      ["failed", REVIEW_REQUEST_MESSAGES.allReviewed],
    ]);
  });
});

describe("the shop's server asks for reviews", () => {
  const AUTH_SECRET = "review-requests-server-secret-0123456789";
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ AUTH_SECRET, SMTP_URL: smtp.url });
    await ensureTestStaff(server.services().database.db);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("after REVIEW_REQUEST_DELAY_DAYS (7 by default), with links signed by its AUTH_SECRET to PUBLIC_URL", async () => {
    const services = server.services();
    const sdb = services.database.db;
    await sdb
      .insert(user)
      .values({ id: "server-buyer", name: "Server Buyer", email: "server-buyer@example.com" })
      .onConflictDoNothing();
    const [product] = await sdb.select({ id: products.id }).from(products).where(eq(products.isActive, true)).limit(1);
    await setProductStock(sdb, product!.id, 1_000, { sizes: ["M"], colors: [] });
    const placed = await placeOrder(sdb, {
      userId: "server-buyer",
      paymentMethod: "demo",
      lines: [{ productId: product!.id, quantity: 1, size: "M", color: null }],
      shippingAddress: { ...testAddress, email: "server-buyer@example.com", phone: "" },
      billingAddress: null,
      shippingMethod: "standard",
      idempotencyKey: `review-request-server-${++key}`,
      limits: testLimits,
    });
    await markOrderPaid(sdb, services.events, { orderId: placed.id, paymentMethod: "demo" });
    const moves = services.fulfilment;
    await moveOrder(moves, { orderId: placed.id, move: "ship", actor, trackingNumber: "1Z1", carrier: "UPS" });
    await moveOrder(moves, { orderId: placed.id, move: "deliver", actor });
    const rows = await sdb
      .select()
      .from(orderNotifications)
      .where(and(eq(orderNotifications.orderId, placed.id), eq(orderNotifications.notificationType, "review_request")));
    expect(rows.map((r) => r.channel)).toEqual(["email"]);
    expect(rows[0]!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * 24 * 3600 * 1000);

    await sdb
      .update(orderNotifications)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(orderNotifications.id, rows[0]!.id));
    const sent = await services.notifications.worker.sendNow(rows[0]!.id);
    expect(sent?.status).toBe("sent");
    const mail = smtp.mails.find((m) => m.subject === `How do you like your order ${placed.orderNumber}?`);
    const text = mailText(mail!.raw);
    const [link] = [...text.matchAll(/(http:\/\/127\.0\.0\.1:\d+)\/reviews\/new\?token=([A-Za-z0-9._%-]+)/g)];
    expect(link?.[1]).toBe(server.url);
    const [item] = await sdb.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, placed.id));
    expect(createReviewLinks(AUTH_SECRET).read(decodeURIComponent(link![2]!))?.orderItemId).toBe(item!.id);
    expect(links.read(decodeURIComponent(link![2]!))).toBeNull();
  });
});
