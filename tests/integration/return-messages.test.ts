import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orderItems, orderNotifications, orders, products, returns, user } from "#db/schema/index";
import type { ReturnStep } from "~/lib/events.server";
import type { Db } from "~/lib/db/client.server";
import { EventBus } from "~/lib/events.server";
import { seedDemoCatalogIfEmpty } from "~/modules/catalog/seed.server";
import { SmtpMailer } from "~/modules/notifications/mailer.server";
import { createNotifications, type Notifications } from "~/modules/notifications/notifications.server";
import { recordReturnMessage } from "~/modules/notifications/return-messages.server";
import { RETURN_MESSAGE_ERRORS } from "~/modules/notifications/return-texts";
import { moveOrder } from "~/modules/orders/order-fulfilment.server";
import { markOrderPaid } from "~/modules/orders/order-payment.server";
import { placeOrder } from "~/modules/orders/place-order.server";
import { setProductStock } from "../support/catalog-fixtures";
import { testAddress, testLimits } from "../support/fixtures";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { createTestDatabase, databaseKind, type TestDatabase } from "../support/test-database";
import { mailText } from "../support/mail-text";
import { ensureTestStaff, testStaff } from "../support/staff";

/**
 * A return's e-mails (issue 30) against the real database (PGlite, and PostgreSQL in the second pass),
 * the real EventBus and notifications service, the real worker and a real local SMTP server: each step
 * recorded in a move's transaction e-mails the order's customer once, worded from the return as it is
 * when sent (its lines, the owner's reason, the refund's amount, the exchange's order, the shop's
 * return address from the settings); a move rolled back e-mails nothing.
 */
const PUBLIC_URL = "http://shop.test";
const RETURN_ADDRESS = "Abundance Returns\n12 Dock Road\nPortland, OR 97201";
const BUYER_EMAIL = "returner@example.com";

let t: TestDatabase;
let db: Db;
let smtp: SmtpSink;
let mailer: SmtpMailer;
let events: EventBus;
let notifications: Notifications;
let productId: string;
let key = 0;
let rmaCount = 0;
const actor = testStaff("Ada");

function makeNotifications(bus: EventBus) {
  return createNotifications({
    db,
    events: bus,
    mailer,
    config: {
      enabled: true,
      publicUrl: PUBLIC_URL,
      settings: async () => ({
        store: {
          name: "Abundance Collection",
          contactEmail: "hello@abundance.example",
          contactPhone: "",
          returnAddress: RETURN_ADDRESS,
        },
        notifications: { ownerEmail: "", newOrderAlerts: false },
      }),
      sendTimeoutMs: 2_000,
      twilio: undefined,
    },
  });
}

beforeAll(async () => {
  t = await createTestDatabase();
  await ensureTestStaff(t.database.db);
  db = t.database.db;
  await seedDemoCatalogIfEmpty(db);
  await db.insert(user).values({ id: "returner", name: "Returner", email: BUYER_EMAIL });
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.isActive, true)).limit(1);
  productId = row!.id;
  await setProductStock(db, productId, 100_000, { sizes: ["M", "L"], colors: [] });
  smtp = await startSmtpSink();
  mailer = new SmtpMailer(smtp.url, "Abundance Collection <shop@example.com>", { ignoreTLS: true, timeoutMs: 2_000 });
});
afterAll(async () => {
  mailer?.close();
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

/** A delivered order of two units of size M, made without notifications (a bus nobody listens to). */
async function deliveredOrder() {
  const quiet = new EventBus();
  const placed = await placeOrder(db, {
    userId: "returner",
    paymentMethod: "demo",
    lines: [{ productId, quantity: 2, size: "M", color: null }],
    shippingAddress: { ...testAddress, email: BUYER_EMAIL, firstName: "Rosa" },
    billingAddress: null,
    shippingMethod: "standard",
    idempotencyKey: `return-messages-${++key}`,
    limits: testLimits,
  });
  await markOrderPaid(db, quiet, { orderId: placed.id, paymentMethod: "demo" });
  const deps = { db, events: quiet, paypal: undefined };
  await moveOrder(deps, {
    orderId: placed.id,
    move: "ship",
    actor,
    trackingNumber: "1Z999AA10123456784",
    carrier: "UPS",
  });
  await moveOrder(deps, { orderId: placed.id, move: "deliver", actor });
  const [item] = await db
    .select({ id: orderItems.id, name: orderItems.productName })
    .from(orderItems)
    .where(eq(orderItems.orderId, placed.id));
  const [order] = await db.select({ customerEmail: orders.customerEmail }).from(orders).where(eq(orders.id, placed.id));
  return { id: placed.id, orderNumber: placed.orderNumber, item: item!, customerEmail: order!.customerEmail };
}

type Order = Awaited<ReturnType<typeof deliveredOrder>>;

/** A return of the order's line, by plain SQL as the returns' store writes it: one unit exchanged for L. */
async function returnOf(order: Order, status = "requested") {
  const rmaNumber = `RMA-${order.orderNumber.replace(/^[A-Z]+-/, "")}-${++rmaCount}`;
  const [ret] = await db
    .insert(returns)
    .values({ rmaNumber, orderId: order.id, userId: "returner", status: status as "requested" })
    .returning({ id: returns.id });
  await db.execute(sql`
    insert into return_items (return_id, order_item_id, product_id, size, color, quantity, reason, resolution, exchange_size)
    values (${ret!.id}, ${order.item.id}, ${productId}, 'M', '', 1, 'too_small', 'exchange', 'L')`);
  return { id: ret!.id, rmaNumber };
}

/** The move's transaction, reduced to what notifications see of it: the event recorded. */
const moved = (order: Order, ret: { id: string; rmaNumber: string }, step: ReturnStep, bus = events) =>
  db.transaction((tx) =>
    bus.record(tx, "return.moved", { returnId: ret.id, rmaNumber: ret.rmaNumber, orderId: order.id, step }),
  );

const returnRows = (orderId: string) =>
  db
    .select()
    .from(orderNotifications)
    .where(and(eq(orderNotifications.orderId, orderId), eq(orderNotifications.notificationType, "return_update")))
    .orderBy(asc(orderNotifications.createdAt), asc(orderNotifications.id));

const mailsAbout = (rmaNumber: string) => smtp.mails.filter((m) => m.subject.includes(rmaNumber));

describe(`a return's e-mails (${databaseKind})`, () => {
  it("requested: one e-mail to the order's customer, however often the step is recorded", async () => {
    const order = await deliveredOrder();
    const ret = await returnOf(order);
    await moved(order, ret, "requested");
    const rows = await returnRows(order.id);
    expect(rows.map((r) => [r.channel, r.audience, r.status, r.dedupeKey])).toEqual([
      ["email", "customer", "pending", `return:${ret.id}:requested`],
    ]);

    await notifications.worker.drain();
    // The step again (a retried move, another instance), through the bus and directly: nothing more.
    await moved(order, ret, "requested");
    expect(
      await db.transaction((tx) =>
        recordReturnMessage(tx, { returnId: ret.id, rmaNumber: ret.rmaNumber, orderId: order.id, step: "requested" }),
      ),
    ).toBe(false);
    await notifications.worker.drain();

    const mails = mailsAbout(ret.rmaNumber);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([order.customerEmail]);
    expect(mails[0]!.subject).toBe(`Return requested: ${ret.rmaNumber}`);
    const text = mailText(mails[0]!.raw);
    expect(text).toContain(`Hi Rosa, thank you: we have your request to return items from order ${order.orderNumber}.`);
    expect(text).toContain("The replacement you asked for is set aside for you");
    expect(text).toContain(order.item.name);
    expect(text).toContain("Too small");
    expect(text).toContain("Exchange for size L");
    expect(text).toContain(`${PUBLIC_URL}/returns/${ret.rmaNumber}`);
    const [sent] = await returnRows(order.id);
    expect([sent!.status, sent!.recipient, sent!.subject]).toEqual([
      "sent",
      order.customerEmail,
      `Return requested: ${ret.rmaNumber}`,
    ]);
  });

  it("approved: printable instructions with the settings' return address and the number to put in the parcel", async () => {
    const order = await deliveredOrder();
    const ret = await returnOf(order, "approved");
    await moved(order, ret, "approved");
    await notifications.worker.drain();
    const [mail] = mailsAbout(ret.rmaNumber);
    expect(mail!.subject).toBe(`Your return ${ret.rmaNumber} is approved`);
    const text = mailText(mail!.raw);
    expect(text).toContain(`Put the return number ${ret.rmaNumber} inside the parcel`);
    expect(text).toContain("Send the parcel to the address below.");
    expect(text).toContain("Abundance Returns\n12 Dock Road\nPortland, OR 97201");
  });

  it("refused: the owner's reason, as the return has it when the e-mail is sent", async () => {
    const order = await deliveredOrder();
    const ret = await returnOf(order);
    await db.transaction(async (tx) => {
      await tx
        .update(returns)
        .set({ status: "refused", refusalReason: "Worn and washed" })
        .where(eq(returns.id, ret.id));
      await events.record(tx, "return.moved", {
        returnId: ret.id,
        rmaNumber: ret.rmaNumber,
        orderId: order.id,
        step: "refused",
      });
    });
    await notifications.worker.drain();
    const [mail] = mailsAbout(ret.rmaNumber);
    expect(mail!.subject).toBe(`Your return ${ret.rmaNumber} was not approved`);
    const text = mailText(mail!.raw);
    expect(text).toContain("The reason: Worn and washed");
    expect(text).toContain("Please do not send these items back.");
  });

  it("received, refunded (items + tax + shipping) and the exchange's new order: one e-mail each", async () => {
    const order = await deliveredOrder();
    const ret = await returnOf(order, "received");
    await db.execute(sql`
      insert into return_items (return_id, order_item_id, product_id, size, color, quantity, reason, resolution)
      values (${ret.id}, ${order.item.id}, ${productId}, 'M', '', 1, 'damaged', 'refund')`);
    await moved(order, ret, "received");
    await notifications.worker.drain();

    await db
      .update(returns)
      .set({
        status: "closed",
        refundStatus: "refunded",
        refundCents: 2999,
        refundTaxCents: 240,
        refundShippingCents: 599,
        refundMethod: "manual",
      })
      .where(eq(returns.id, ret.id));
    await moved(order, ret, "refunded");
    const exchange = await deliveredOrder();
    await db.update(returns).set({ exchangeOrderId: exchange.id }).where(eq(returns.id, ret.id));
    await moved(order, ret, "exchange_created");
    await notifications.worker.drain();

    const mails = mailsAbout(ret.rmaNumber);
    // The last two went out in one round, side by side: in either order.
    expect(mails.map((m) => m.subject).sort()).toEqual(
      [
        `We received your return ${ret.rmaNumber}`,
        `We refunded $38.38 for your return ${ret.rmaNumber}`,
        `Your exchange for ${ret.rmaNumber} ships soon`,
      ].sort(),
    );
    const textOf = (subject: string) => mailText(mails.find((m) => m.subject.startsWith(subject))!.raw);
    expect(textOf("We received")).toContain(
      "Your refund and your replacement come next: we will e-mail you when each is on its way.",
    );
    const refunded = textOf("We refunded");
    expect(refunded).toContain(`Hi Rosa, we have refunded $38.38 for the items of your return ${ret.rmaNumber}`);
    expect(refunded).toMatch(/Items\s+\$29\.99/);
    expect(refunded).toMatch(/Tax\s+\$2\.40/);
    expect(refunded).toMatch(/Shipping\s+\$5\.99/);
    expect(refunded).toContain("Damaged or faulty");
    expect(textOf("Your exchange")).toContain(
      `your ${order.item.name} in size L ships soon, as order ${exchange.orderNumber}.`,
    );
    expect((await returnRows(order.id)).map((r) => r.status)).toEqual(["sent", "sent", "sent"]);
    // The exchange's own order heard nothing of the return.
    expect(await returnRows(exchange.id)).toHaveLength(0);
  });

  it("a move rolled back e-mails nothing; a return gone before the send is not sent, and says why", async () => {
    const order = await deliveredOrder();
    const ret = await returnOf(order);
    await expect(
      db.transaction(async (tx) => {
        await events.record(tx, "return.moved", {
          returnId: ret.id,
          rmaNumber: ret.rmaNumber,
          orderId: order.id,
          step: "cancelled",
        });
        throw new Error("the move failed");
      }),
    ).rejects.toThrow("the move failed");
    expect(await returnRows(order.id)).toHaveLength(0);

    await moved(order, ret, "cancelled");
    await db.delete(returns).where(eq(returns.id, ret.id));
    await notifications.worker.drain();
    expect(mailsAbout(ret.rmaNumber)).toHaveLength(0);
    const rows = await returnRows(order.id);
    expect(rows.map((r) => [r.status, r.errorMessage])).toEqual([["failed", RETURN_MESSAGE_ERRORS.returnNotFound]]);
  });

  it("two instances recording the same step at once write one e-mail", async () => {
    const second = new EventBus();
    const other = makeNotifications(second);
    try {
      const order = await deliveredOrder();
      const ret = await returnOf(order, "approved");
      await Promise.all([moved(order, ret, "approved", events), moved(order, ret, "approved", second)]);
      expect(await returnRows(order.id)).toHaveLength(1);
      await Promise.all([notifications.worker.drain(), other.worker.drain()]);
      expect(mailsAbout(ret.rmaNumber)).toHaveLength(1);
    } finally {
      await other.worker.stop();
    }
  });

  it("with notifications off, a move writes no e-mail", async () => {
    const bus = new EventBus();
    const off = createNotifications({
      db,
      events: bus,
      mailer,
      config: { enabled: false, publicUrl: PUBLIC_URL, sendTimeoutMs: 2_000, twilio: undefined },
    });
    try {
      const order = await deliveredOrder();
      const ret = await returnOf(order);
      await moved(order, ret, "requested", bus);
      expect(await returnRows(order.id)).toHaveLength(0);
    } finally {
      await off.worker.stop();
    }
  });
});
