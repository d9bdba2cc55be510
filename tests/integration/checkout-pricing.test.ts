import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orderNotifications, orders, products } from "#db/schema/index";
import { formatCents } from "~/lib/money";
import type { OutboxMailer } from "~/modules/notifications/mailer.server";
import { CHECKOUT_MESSAGES } from "~/modules/orders/checkout-forms";
import { DEFAULT_SETTINGS } from "~/modules/settings/settings-defaults";
import type { ShippingSettings } from "~/modules/settings/settings-schema";
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
 * Issue 26, shipping and tax: the owner's settings price the orders placed after a save (rates, the
 * free-shipping threshold, tax by country and US state, the countries shipped to), through the real HTTP
 * server as the checkout page calls it; an order keeps what it was charged whatever the settings become
 * (its row, its confirmation page, its e-mail and the amounts PayPal is asked for).
 */
let server: TestServer;
let paypal: FakePayPal;
let shopper: { cookie: string; id: string };
let owner: { kind: "member"; id: string; email: string; name: string };
let tee: { id: string };
let keyCounter = 0;
/** The test product's price: $20.00, in M and Black. */
const PRICE = 2000;
const LINE = { size: "M", color: "Black" } as const;

const db = () => server.services().database.db;

beforeAll(async () => {
  paypal = await startFakePayPal();
  server = await startTestServer({
    PAYPAL_CLIENT_ID: FAKE_PAYPAL_CLIENT_ID,
    PAYPAL_CLIENT_SECRET: FAKE_PAYPAL_CLIENT_SECRET,
    PAYPAL_API_BASE: paypal.url,
    // Each test leaves several orders unpaid: the limit has tests of its own.
    UNPAID_ORDERS_PER_ACCOUNT: "100",
  });
  shopper = await signUp(server, "pricing@example.com");
  owner = {
    kind: "member",
    id: (await signUp(server, "owner-pricing@example.com")).id,
    email: "owner-pricing@example.com",
    name: "Owner",
  };
  const [row] = await db().select({ id: products.id }).from(products).where(eq(products.isActive, true)).limit(1);
  tee = row!;
  await db().update(products).set({ priceCents: PRICE }).where(eq(products.id, tee.id));
  await setProductStock(db(), tee.id, 100, { sizes: ["M"], colors: ["Black"] });
});
afterAll(async () => {
  await server?.stop();
  await paypal?.stop();
});
beforeEach(async () => {
  await setProductStock(db(), tee.id, 100);
  // No order of an earlier test left waiting for payment (UNPAID_ORDERS_PER_ACCOUNT).
  await db().update(orders).set({ status: "cancelled", paymentStatus: "failed" }).where(eq(orders.status, "pending"));
  await saveShipping(DEFAULT_SETTINGS.shipping);
});

/** Saves the shipping and tax section as the Settings page does (validated, version-checked, announced). */
async function saveShipping(value: ShippingSettings) {
  const settings = server.services().settings;
  const { shipping } = await settings.editable();
  await settings.save(owner, "shipping", value, shipping.version);
}

const withShipping = (changes: Partial<ShippingSettings>): ShippingSettings => ({
  ...DEFAULT_SETTINGS.shipping,
  ...changes,
});

async function api(path: string, body: unknown, cookie = shopper.cookie) {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url, cookie },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> };
}

/** Puts `quantity` of the $20.00 product in the cart, then places the order with this form. */
async function placeFor(quantity: number, form: Record<string, unknown> = {}, paymentMethod = "demo") {
  await fillCart(quantity);
  return placeSeen(undefined, form, paymentMethod);
}

async function fillCart(quantity: number) {
  expect((await api("/api/cart", { intent: "clear" })).status).toBe(200);
  expect((await api("/api/cart", { intent: "add", productId: tee.id, ...LINE, quantity })).status).toBe(200);
}

/** Places the cart's order, saying the total the shopper saw (none: a client that shows no summary). */
async function placeSeen(
  expectedTotalCents: number | undefined,
  form: Record<string, unknown> = {},
  paymentMethod = "demo",
) {
  return api("/api/checkout", {
    intent: "place",
    idempotencyKey: `pricing-key-${++keyCounter}`,
    paymentMethod,
    form: { ...checkoutForm, ...form },
    ...(expectedTotalCents === undefined ? {} : { expectedTotalCents }),
  });
}

async function ordersOfShopper() {
  return db().select({ id: orders.id }).from(orders).where(eq(orders.userId, shopper.id));
}

/** The amounts stored with an order. */
async function chargedOf(orderId: unknown) {
  const [row] = await db()
    .select({
      subtotal: orders.subtotalCents,
      shipping: orders.shippingCents,
      tax: orders.taxCents,
      total: orders.totalCents,
    })
    .from(orders)
    .where(eq(orders.id, String(orderId)));
  return row!;
}

/** Places an order and answers what it was charged. */
async function charged(quantity: number, form: Record<string, unknown> = {}) {
  const placed = await placeFor(quantity, form);
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const amounts = await chargedOf(placed.body.orderId);
  expect(placed.body.totalCents).toBe(amounts.total);
  return amounts;
}

const ownerRules = withShipping({
  rates: { standard: 500, express: 1500, overnight: 4000 },
  freeShippingOverCents: 10_000,
  shipsTo: ["US", "CA", "UK"],
  taxPercent: 10,
  countryTax: { CA: 13, UK: 20 },
  usStateTax: { NY: 8.875, OR: 0 },
});

describe(`checkout priced by the owner's shipping and tax settings (${databaseKind})`, () => {
  it("charges the spec's rates and 8% while the owner has saved nothing", async () => {
    expect(await charged(2)).toEqual({ subtotal: 4000, shipping: 999, tax: 320, total: 5319 });
    expect(await charged(3)).toEqual({ subtotal: 6000, shipping: 0, tax: 480, total: 6480 });
    expect(await charged(1, { shippingMethod: "overnight" })).toEqual({
      subtotal: 2000,
      shipping: 2999,
      tax: 160,
      total: 5159,
    });
  });

  it("charges the owner's rates, and standard shipping is free above their threshold", async () => {
    await saveShipping(ownerRules);
    // Portland, OR has a rate of 0.
    expect(await charged(2)).toEqual({ subtotal: 4000, shipping: 500, tax: 0, total: 4500 });
    expect(await charged(5)).toEqual({ subtotal: 10_000, shipping: 500, tax: 0, total: 10_500 });
    expect(await charged(6)).toEqual({ subtotal: 12_000, shipping: 0, tax: 0, total: 12_000 });
    expect(await charged(6, { shippingMethod: "express" })).toMatchObject({ shipping: 1500, total: 13_500 });
    expect(await charged(1, { shippingMethod: "overnight" })).toMatchObject({ shipping: 4000, total: 6000 });
  });

  it("taxes a US state's rate, else the country's, else the default", async () => {
    await saveShipping(ownerRules);
    const us = (state: string) => ({ country: "US", state });
    // 8.875% of $40.00 = $3.55.
    expect(await charged(2, us("NY"))).toMatchObject({ tax: 355, total: 4000 + 500 + 355 });
    expect(await charged(2, us("New York"))).toMatchObject({ tax: 355 });
    // Texas has no rate of its own, nor has the United States: the default 10%.
    expect(await charged(2, us("TX"))).toMatchObject({ tax: 400, total: 4900 });
    expect(await charged(2, { country: "CA", state: "ON" })).toMatchObject({ tax: 520, total: 5020 });
    expect(await charged(2, { country: "UK", state: "London" })).toMatchObject({ tax: 800, total: 5300 });
    // A country rate for the United States applies to the states without their own.
    await saveShipping({ ...ownerRules, countryTax: { ...ownerRules.countryTax, US: 6 } });
    expect(await charged(2, us("TX"))).toMatchObject({ tax: 240 });
    expect(await charged(2, us("NY"))).toMatchObject({ tax: 355 });
  });

  it("never makes shipping free once the owner removes the threshold", async () => {
    await saveShipping({ ...ownerRules, freeShippingOverCents: null });
    expect(await charged(10)).toMatchObject({ subtotal: 20_000, shipping: 500 });
    await saveShipping({ ...ownerRules, freeShippingOverCents: 2_000 });
    expect(await charged(2)).toMatchObject({ subtotal: 4000, shipping: 0 });
  });

  it("refuses a country the shop does not ship to, at the country field, and writes no order", async () => {
    await saveShipping(ownerRules);
    const before = await db().select({ id: orders.id }).from(orders).where(eq(orders.userId, shopper.id));
    const refused = await placeFor(1, { country: "AU", state: "NSW" });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      ok: false,
      error: "We do not ship to Australia. Please choose a country from the list.",
      fieldErrors: { country: "We do not ship to Australia. Please choose a country from the list." },
    });
    const after = await db().select({ id: orders.id }).from(orders).where(eq(orders.userId, shopper.id));
    expect(after.length).toBe(before.length);
    // The default settings ship there.
    await saveShipping(DEFAULT_SETTINGS.shipping);
    expect((await placeFor(1, { country: "AU", state: "NSW" })).status).toBe(200);
  });

  it("refuses an order whose total is not the one the shopper saw (a price or the shipping changed), placing nothing", async () => {
    await fillCart(2);
    // The summary the shopper saw: 2 × $20.00 + $9.99 + 8% = $53.19.
    const seen = 5319;
    // The product's price changes after the summary was shown.
    await db().update(products).set({ priceCents: 2500 }).where(eq(products.id, tee.id));
    const before = await ordersOfShopper();
    const refused = await placeSeen(seen);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ ok: false, error: CHECKOUT_MESSAGES.pricesChanged });
    expect(CHECKOUT_MESSAGES.pricesChanged).toBe("Prices have changed — please review your order");
    expect(await ordersOfShopper()).toHaveLength(before.length);
    const [stock] = await db().select({ inventory: products.inventory }).from(products).where(eq(products.id, tee.id));
    expect(stock!.inventory).toBe(100);
    // The cart the page reloads shows the new price; the total it then shows is accepted.
    const cart = await fetch(`${server.url}/api/cart`, { headers: { cookie: shopper.cookie } });
    const { items } = (await cart.json()) as { items: Array<{ price: number }> };
    expect(items.map((i) => i.price)).toEqual([2500]);
    const placed = await placeSeen(2 * 2500 + 999 + 400);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(await chargedOf(placed.body.orderId)).toMatchObject({ total: 6399 });

    // Shipping counts too: the owner raises the standard rate after the summary was shown.
    await fillCart(1);
    await saveShipping(withShipping({ rates: { standard: 1299, express: 1999, overnight: 2999 } }));
    expect((await placeSeen(2500 + 999 + 200)).body).toMatchObject({
      ok: false,
      error: CHECKOUT_MESSAGES.pricesChanged,
    });
    expect((await placeSeen(2500 + 1299 + 200)).status).toBe(200);
    await db().update(products).set({ priceCents: PRICE }).where(eq(products.id, tee.id));
  });

  it("keeps what an order was charged when the settings change: row, payment, confirmation page and e-mail", async () => {
    const placed = await placeFor(2, { country: "US", state: "NY" });
    expect(placed.status).toBe(200);
    const orderId = String(placed.body.orderId);
    const orderNumber = String(placed.body.orderNumber);
    const before = await chargedOf(orderId);
    expect(before).toEqual({ subtotal: 4000, shipping: 999, tax: 320, total: 5319 });

    await saveShipping(ownerRules);
    // Another order is charged by the new settings…
    expect(await charged(2, { country: "US", state: "NY" })).toMatchObject({ shipping: 500, tax: 355 });
    // …the first keeps its amounts, and is paid for them.
    expect(await chargedOf(orderId)).toEqual(before);
    const paid = await api("/api/checkout", { intent: "demo-pay", orderId });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await chargedOf(orderId)).toEqual(before);

    const page = await fetch(`${server.url}/order-confirmation/${orderNumber}`, {
      headers: { cookie: shopper.cookie },
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const cents of [before.subtotal, before.shipping, before.tax, before.total]) {
      expect(html).toContain(formatCents(cents));
    }

    // The confirmation e-mail (the outbox, without SMTP) shows the stored amounts too.
    const mailRow = await until(async () => {
      const [row] = await db()
        .select({ status: orderNotifications.status })
        .from(orderNotifications)
        .where(eq(orderNotifications.orderId, orderId));
      return row && row.status !== "pending" ? row : null;
    });
    expect(mailRow.status).toBe("sent");
    const mails = await (server.services().mailer as OutboxMailer).list();
    const mail = mails.find((m) => m.subject.includes(orderNumber));
    expect(mail, mails.map((m) => m.subject).join(" | ")).toBeDefined();
    for (const cents of [before.subtotal, before.shipping, before.tax, before.total]) {
      expect(mail!.text).toContain(formatCents(cents));
    }
    expect(mail!.text).not.toContain(formatCents(500));
  });

  it("asks PayPal for the order's stored amounts, not the settings of the moment", async () => {
    const placed = await placeFor(2, { country: "US", state: "NY" }, "paypal");
    expect(placed.status).toBe(200);
    const orderId = String(placed.body.orderId);
    const stored = await chargedOf(orderId);
    expect(stored).toEqual({ subtotal: 4000, shipping: 999, tax: 320, total: 5319 });
    await saveShipping(ownerRules);

    const created = await api("/api/checkout", { intent: "paypal-create", orderId });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const paypalOrderId = String(created.body.paypalOrderId);
    const unit = paypal.orders.get(paypalOrderId)!.purchaseUnit as {
      amount: { value: string; breakdown: Record<string, { value: string }> };
    };
    expect(unit.amount.value).toBe("53.19");
    expect(unit.amount.breakdown.item_total!.value).toBe("40.00");
    expect(unit.amount.breakdown.shipping!.value).toBe("9.99");
    expect(unit.amount.breakdown.tax_total!.value).toBe("3.20");
    paypal.approve(paypalOrderId);
    const captured = await api("/api/checkout", { intent: "paypal-capture", paypalOrderId });
    expect(captured.status, JSON.stringify(captured.body)).toBe(200);
    const [row] = await db()
      .select({ paymentStatus: orders.paymentStatus, total: orders.totalCents })
      .from(orders)
      .where(inArray(orders.id, [orderId]));
    expect(row).toEqual({ paymentStatus: "paid", total: 5319 });
  });
});

async function until<T>(probe: () => Promise<T | null | undefined>, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found) return found;
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
