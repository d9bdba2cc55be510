import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { discountCodes, discounts, orderDiscounts, orderItems, orders, products } from "#db/schema/index";
import { CHECKOUT_MESSAGES } from "~/modules/orders/checkout-forms";
import { DISCOUNT_MESSAGES } from "~/modules/promotions/discount-engine";
import { setProductStock } from "../support/catalog-fixtures";
import { checkoutForm } from "../support/fixtures";
import {
  FAKE_PAYPAL_CLIENT_ID,
  FAKE_PAYPAL_CLIENT_SECRET,
  startFakePayPal,
  type FakePayPal,
} from "../support/fake-paypal";
import { signUp } from "../support/sessions";
import { databaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * Issue 28 over the real HTTP server: a code priced in the cart (`/api/cart/price`) and at checkout, the
 * order keeping what it was discounted, its use counted in the order's transaction (exactly `limit`
 * orders out of 50 racing shoppers), given back when the order is cancelled, and PayPal asked for the
 * discounted total with the discount in its breakdown.
 */
let server: TestServer;
let paypal: FakePayPal;
let shopper: { cookie: string; id: string };
let tee: { id: string };
let keyCounter = 0;
/** $20.00 in M and Black. */
const PRICE = 2000;
const LINE = { size: "M", color: "Black" } as const;

const db = () => server.services().database.db;

beforeAll(async () => {
  paypal = await startFakePayPal();
  server = await startTestServer({
    PAYPAL_CLIENT_ID: FAKE_PAYPAL_CLIENT_ID,
    PAYPAL_CLIENT_SECRET: FAKE_PAYPAL_CLIENT_SECRET,
    PAYPAL_API_BASE: paypal.url,
    UNPAID_ORDERS_PER_ACCOUNT: "100",
  });
  shopper = await signUp(server, "discounts@example.com");
  const [row] = await db().select({ id: products.id }).from(products).where(eq(products.isActive, true)).limit(1);
  tee = row!;
  await db().update(products).set({ priceCents: PRICE, originalPriceCents: null }).where(eq(products.id, tee.id));
  await setProductStock(db(), tee.id, 1000, { sizes: ["M"], colors: ["Black"] });
});
afterAll(async () => {
  await server?.stop();
  await paypal?.stop();
});
beforeEach(async () => {
  await setProductStock(db(), tee.id, 1000);
  await db().update(orders).set({ status: "cancelled", paymentStatus: "failed" }).where(eq(orders.status, "pending"));
  await db().delete(discounts);
  await server.services().catalog.invalidateCatalog("test: discounts");
});

/** A code discount (20% off the order unless told otherwise) with its codes. */
async function codeDiscount(codes: string[], over: Partial<typeof discounts.$inferInsert> = {}) {
  const [row] = await db()
    .insert(discounts)
    .values({
      title: "Summer",
      method: "code",
      valueType: "percentage",
      value: 20,
      startsAt: new Date(Date.now() - 60_000),
      ...over,
    })
    .returning({ id: discounts.id });
  await db()
    .insert(discountCodes)
    .values(codes.map((code) => ({ discountId: row!.id, code })));
  return row!.id;
}

async function api(path: string, body: unknown, cookie = shopper.cookie) {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url, cookie },
    body: JSON.stringify(body),
  });
  // The answers' shapes are what the tests look at.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, any> };
}

async function fillCart(quantity: number, cookie = shopper.cookie) {
  expect((await api("/api/cart", { intent: "clear" }, cookie)).status).toBe(200);
  const added = await api("/api/cart", { intent: "add", productId: tee.id, ...LINE, quantity }, cookie);
  expect(added.status).toBe(200);
}

function place(
  body: { discountCode?: string; expectedTotalCents?: number; paymentMethod?: string } = {},
  cookie = shopper.cookie,
) {
  return api(
    "/api/checkout",
    {
      intent: "place",
      idempotencyKey: `discount-key-${++keyCounter}`,
      paymentMethod: body.paymentMethod ?? "demo",
      form: checkoutForm,
      ...body,
    },
    cookie,
  );
}

/** The count kept against a discount's limit. */
async function usage(discountId: string) {
  const [row] = await db().select({ uses: discounts.usageCount }).from(discounts).where(eq(discounts.id, discountId));
  return row!.uses;
}

/** The orders using a discount now: its order_discounts rows not given back. */
async function uses(discountId: string) {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(orderDiscounts)
    .where(sql`${orderDiscounts.discountId} = ${discountId} and ${orderDiscounts.releasedAt} is null`);
  return row!.n;
}

describe(`discount codes in the cart and at checkout (${databaseKind})`, () => {
  it("prices the cart with a code, case-insensitively, and says why another does not apply", async () => {
    await codeDiscount(["SUMMER20"]);
    await codeDiscount(["BIG25"], { title: "Big", minSubtotalCents: 5000, value: 25 });
    await fillCart(2);
    const priced = await api("/api/cart/price", { code: "summer20" });
    expect(priced.status).toBe(200);
    expect(priced.body.pricing).toMatchObject({
      subtotalCents: 4000,
      discountCents: 800,
      taxCents: 256,
      totalCents: 3456,
      code: { code: "SUMMER20", problem: null },
      applied: [{ code: "SUMMER20", title: "Summer", kind: "amount", amountCents: 800 }],
    });
    expect(priced.body.items).toHaveLength(1);
    // The browser gets the rule without its counts and limits.
    expect(priced.body.discounts.code.rule).toMatchObject({ usageLimit: null, usageCount: 0 });

    const short = await api("/api/cart/price", { code: "big25" });
    expect(short.body.pricing).toMatchObject({
      discountCents: 0,
      code: { problem: "Spend $10.00 more to use this code" },
    });
    const unknown = await api("/api/cart/price", { code: "NOPE" });
    expect(unknown.body.pricing.code.problem).toBe(DISCOUNT_MESSAGES.invalid);
    // A guest's cart, priced from the lines it sends.
    const guest = await api("/api/cart/price", { code: "SUMMER20", lines: [{ id: tee.id, ...LINE, quantity: 1 }] }, "");
    expect(guest.body.pricing).toMatchObject({ subtotalCents: 2000, discountCents: 400 });
  });

  it("says when a code starts, and that an ended or switched-off one cannot be used", async () => {
    await codeDiscount(["LATER"], { startsAt: new Date("2099-06-01T16:00:00Z") });
    await codeDiscount(["GONE"], { startsAt: new Date("2020-01-01Z"), endsAt: new Date("2021-01-01Z") });
    await codeDiscount(["OFF"], { isEnabled: false });
    await fillCart(1);
    expect((await api("/api/cart/price", { code: "later" })).body.pricing.code.problem).toBe(
      "This code starts on 1 June",
    );
    expect((await api("/api/cart/price", { code: "gone" })).body.pricing.code.problem).toBe(DISCOUNT_MESSAGES.expired);
    expect((await api("/api/cart/price", { code: "off" })).body.pricing.code.problem).toBe(DISCOUNT_MESSAGES.invalid);
    // Placing with it refuses the order with the same words, and writes nothing.
    const before = await db().select({ id: orders.id }).from(orders);
    const refused = await place({ discountCode: "gone" });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(DISCOUNT_MESSAGES.expired);
    expect(await db().select({ id: orders.id }).from(orders)).toHaveLength(before.length);
  });

  it("places an order with the code: the discount, each line's share, and what applied are kept; the use is counted", async () => {
    const id = await codeDiscount(["SUMMER20"]);
    await fillCart(3);
    const placed = await place({ discountCode: "Summer20", expectedTotalCents: 6000 - 1200 + 999 + 384 });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const [order] = await db().select().from(orders).where(eq(orders.id, placed.body.orderId));
    expect(order).toMatchObject({
      subtotalCents: 6000,
      discountCents: 1200,
      // $48.00 after the discount: standard shipping is no longer free (above $50 only).
      shippingCents: 999,
      taxCents: 384,
      totalCents: 6183,
    });
    const [item] = await db().select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(item!.discountCents).toBe(1200);
    const rows = await db().select().from(orderDiscounts).where(eq(orderDiscounts.orderId, order!.id));
    expect(rows).toEqual([
      expect.objectContaining({ discountId: id, code: "SUMMER20", title: "Summer", kind: "amount", amountCents: 1200 }),
    ]);
    expect(await uses(id)).toBe(1);
    // Without a limit no count is kept (nothing to race for): its uses are its rows.
    expect(await usage(id)).toBe(0);

    // Changing the discount afterwards changes nothing of the order.
    await db().update(discounts).set({ value: 50, title: "Renamed" }).where(eq(discounts.id, id));
    const [kept] = await db().select().from(orderDiscounts).where(eq(orderDiscounts.orderId, order!.id));
    expect(kept).toMatchObject({ title: "Summer", amountCents: 1200 });
    const [still] = await db().select({ total: orders.totalCents }).from(orders).where(eq(orders.id, order!.id));
    expect(still!.total).toBe(6183);
  });

  it("refuses an order whose total is not the one the shopper saw with the code", async () => {
    await codeDiscount(["SUMMER20"]);
    await fillCart(1);
    const seenWithout = 2000 + 999 + 160;
    const refused = await place({ discountCode: "SUMMER20", expectedTotalCents: seenWithout });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(CHECKOUT_MESSAGES.pricesChanged);
  });

  it("applies an automatic offer by itself, and a combinable one with the code", async () => {
    await db()
      .insert(discounts)
      .values({
        title: "Tee week",
        method: "automatic",
        valueType: "fixed",
        value: 500,
        combinable: true,
        startsAt: new Date(Date.now() - 60_000),
      });
    await db()
      .insert(discounts)
      .values({
        title: "Free shipping",
        method: "automatic",
        valueType: "free_shipping",
        combinable: true,
        startsAt: new Date(Date.now() - 60_000),
      });
    await server.services().catalog.invalidateCatalog("test: offers");
    await fillCart(1);
    const placed = await place({ expectedTotalCents: 2000 - 500 + 0 + 120 });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const rows = await db()
      .select({ title: orderDiscounts.title, kind: orderDiscounts.kind, amount: orderDiscounts.amountCents })
      .from(orderDiscounts)
      .where(eq(orderDiscounts.orderId, placed.body.orderId));
    expect(rows).toEqual(
      expect.arrayContaining([
        { title: "Tee week", kind: "amount", amount: 500 },
        { title: "Free shipping", kind: "shipping", amount: 999 },
      ]),
    );
  });

  it("holds a per-customer limit, and a cancelled order gives its use back", async () => {
    const id = await codeDiscount(["ONCE"], { perCustomerLimit: 1, usageLimit: 100 });
    await fillCart(1);
    const first = await place({ discountCode: "ONCE", paymentMethod: "paypal" });
    expect(first.status).toBe(200);
    expect(await usage(id)).toBe(1);
    await fillCart(1);
    const again = await place({ discountCode: "ONCE" });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(DISCOUNT_MESSAGES.usedByYou);
    // The shopper closes PayPal's window: the order is cancelled and the code may be used again.
    const cancelled = await api("/api/checkout", { intent: "paypal-cancel", orderId: first.body.orderId });
    expect(cancelled.status).toBe(200);
    expect(await usage(id)).toBe(0);
    const [released] = await db()
      .select({ at: orderDiscounts.releasedAt })
      .from(orderDiscounts)
      .where(eq(orderDiscounts.orderId, first.body.orderId));
    expect(released!.at).not.toBeNull();
    const third = await place({ discountCode: "once" });
    expect(third.status, JSON.stringify(third.body)).toBe(200);
    expect(await usage(id)).toBe(1);
  });

  it("uses each single-use code once, and the other codes of the same discount stay usable", async () => {
    await codeDiscount(["ONE-A", "ONE-B"], { codeUsageLimit: 1 });
    const other = await signUp(server, `single-use-${Date.now()}@example.com`);
    await fillCart(1);
    expect((await place({ discountCode: "one-a" })).status).toBe(200);
    await fillCart(1, other.cookie);
    const priced = await api("/api/cart/price", { code: "ONE-A" }, other.cookie);
    expect(priced.body.pricing.code.problem).toBe(DISCOUNT_MESSAGES.usedUp);
    const refused = await place({ discountCode: "ONE-A" }, other.cookie);
    expect([refused.status, refused.body.error]).toEqual([409, DISCOUNT_MESSAGES.usedUp]);
    expect((await place({ discountCode: "ONE-B" }, other.cookie)).status).toBe(200);
  });

  it("asks PayPal for the discounted total, with the discount in the breakdown", async () => {
    await codeDiscount(["SUMMER20"]);
    await fillCart(2);
    const placed = await place({ discountCode: "SUMMER20", paymentMethod: "paypal" });
    expect(placed.status).toBe(200);
    const created = await api("/api/checkout", { intent: "paypal-create", orderId: placed.body.orderId });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const sent = paypal.requests.filter((r) => r.path === "/v2/checkout/orders" && r.method === "POST").at(-1)!;
    const amount = (sent.body as { purchase_units: { amount: unknown }[] }).purchase_units[0]!.amount;
    expect(amount).toEqual({
      currency_code: "USD",
      value: "44.55",
      breakdown: {
        item_total: { currency_code: "USD", value: "40.00" },
        shipping: { currency_code: "USD", value: "9.99" },
        tax_total: { currency_code: "USD", value: "2.56" },
        discount: { currency_code: "USD", value: "8.00" },
      },
    });
  });

  it("gives a code limited to 10 uses to exactly 10 of 50 shoppers placing at the same moment", async () => {
    const id = await codeDiscount(["RACE10"], { usageLimit: 10 });
    const shoppers = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => signUp(server, `racer-${i}-${Date.now()}@example.com`)),
    );
    await Promise.all(shoppers.map((s) => fillCart(1, s.cookie)));
    const answers = await Promise.all(shoppers.map((s) => place({ discountCode: "RACE10" }, s.cookie)));
    const placed = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(placed).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) expect([r.status, r.body.error]).toEqual([409, DISCOUNT_MESSAGES.usedUp]);
    expect(await usage(id)).toBe(10);
    const withCode = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(orderDiscounts)
      .where(eq(orderDiscounts.discountId, id));
    expect(withCode[0]!.n).toBe(10);
    // The others place their order without it.
    const losers = shoppers.filter((_, i) => answers[i]!.status !== 200);
    const second = await Promise.all(losers.map((s) => place({}, s.cookie)));
    expect(second.every((a) => a.status === 200)).toBe(true);
    const ids = [...placed, ...second].map((a) => a.body.orderId as string);
    const totals = await db().select({ discount: orders.discountCents }).from(orders).where(inArray(orders.id, ids));
    expect(totals.filter((t) => t.discount > 0)).toHaveLength(10);
  });
});
