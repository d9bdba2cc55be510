import { and, eq, inArray } from "drizzle-orm";
import { checkoutForm } from "../support/fixtures";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orderItems, orders, products, productVariants } from "#db/schema/index";
import { setProductStock } from "../support/catalog-fixtures";
import {
  FAKE_PAYPAL_CLIENT_ID,
  FAKE_PAYPAL_CLIENT_SECRET,
  startFakePayPal,
  type FakePayPal,
} from "../support/fake-paypal";
import { databaseKind } from "../support/test-database";
import { signUp } from "../support/sessions";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * Checkout through the real HTTP server: /api/cart and /api/checkout as the browser calls them,
 * with tampered requests, the demo payment, PayPal against a local fake, and the confirmation page.
 * The order is placed from the account's cart on the server; paying takes exactly its lines out.
 */
let server: TestServer;
let paypal: FakePayPal;
let shopper: { cookie: string; id: string };
let tee: { id: string; name: string; priceCents: number };
let jeans: { id: string; name: string; priceCents: number };
let keyCounter = 0;
/** The products' own sizes and colours (set in beforeAll): a tee in M and Black, jeans in 32 and Blue. */
const T = { size: "M", color: "Black" } as const;
const J = { size: "32", color: "Blue" } as const;

const form = checkoutForm;

beforeAll(async () => {
  paypal = await startFakePayPal();
  server = await startTestServer({
    PAYPAL_CLIENT_ID: FAKE_PAYPAL_CLIENT_ID,
    PAYPAL_CLIENT_SECRET: FAKE_PAYPAL_CLIENT_SECRET,
    PAYPAL_API_BASE: paypal.url,
  });
  shopper = await signUp(server, "ana@example.com");
  const rows = await server
    .services()
    .database.db.select({ id: products.id, name: products.name, priceCents: products.priceCents })
    .from(products)
    .where(eq(products.isActive, true))
    .limit(2);
  [tee, jeans] = rows as [typeof tee, typeof jeans];
  await setProductStock(db(), tee.id, 20, { sizes: ["S", "M", "L"], colors: ["Black", "White"] });
  await setProductStock(db(), jeans.id, 20, { sizes: ["30", "32", "34"], colors: ["Blue"] });
});
afterAll(async () => {
  await server?.stop();
  await paypal?.stop();
});
beforeEach(async () => {
  // 20 of every size and colour.
  await db()
    .update(products)
    .set({ isActive: true })
    .where(inArray(products.id, [tee.id, jeans.id]));
  for (const id of [tee.id, jeans.id]) await setProductStock(db(), id, 20);
  // No order of an earlier test left waiting for payment (an account may have only 2, UNPAID_ORDERS_PER_ACCOUNT).
  await db().update(orders).set({ status: "cancelled", paymentStatus: "failed" }).where(eq(orders.status, "pending"));
});

const db = () => server.services().database.db;

async function api(path: string, body: unknown, cookie = shopper.cookie, origin = server.url) {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown>, res };
}

type CartLine = { productId: string; size?: string; color?: string; quantity: number };

/** Puts exactly these lines in the account's cart, through /api/cart as the browser does. */
async function fillCart(lines: CartLine[], cookie = shopper.cookie) {
  expect((await api("/api/cart", { intent: "clear" }, cookie)).status).toBe(200);
  for (const line of lines) expect((await api("/api/cart", { intent: "add", ...line }, cookie)).status).toBe(200);
}

/** The account's cart as /api/cart reads it: [product id, size, colour, quantity] per line. */
async function cartOf(cookie = shopper.cookie) {
  const res = await fetch(`${server.url}/api/cart`, { headers: { cookie } });
  const { items } = (await res.json()) as { items: Array<Record<"id" | "size" | "color" | "quantity", unknown>> };
  return items.map((i) => [i.id, i.size, i.color, i.quantity]);
}

/** Places an order from the account's cart, as the checkout page does (form, payment method, key). */
const place = (extra: Record<string, unknown> = {}, cookie?: string) =>
  api(
    "/api/checkout",
    { intent: "place", idempotencyKey: `checkout-key-${++keyCounter}`, paymentMethod: "demo", form, ...extra },
    cookie,
  );

/** The stock of one size and colour of a product. */
async function stockOf(id: string, option: { size: string; color: string }) {
  const [row] = await db()
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(
      and(
        eq(productVariants.productId, id),
        eq(productVariants.size, option.size),
        eq(productVariants.color, option.color),
      ),
    );
  return row!.stock;
}

describe(`cart on the server (${databaseKind})`, () => {
  it("caps each size at its own stock, for an account's cart and a guest's preview alike", async () => {
    await setProductStock(db(), tee.id, (o) => (o.size === "M" && o.color === "Black" ? 2 : 20));
    await api("/api/cart", { intent: "clear" });
    let r = await api("/api/cart", { intent: "add", productId: tee.id, ...T, quantity: 5 });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe("Only 2 left in stock");
    r = await api("/api/cart", { intent: "add", productId: tee.id, size: "L", color: "Black", quantity: 5 });
    expect(r.status).toBe(200);
    expect(r.body.message).toBeUndefined();
    const lines = (items: unknown) =>
      (items as Array<Record<string, unknown>>).map((i) => [i.size, i.quantity, i.inventory, i.problem]);
    expect(lines(r.body.items)).toEqual([
      ["M", 2, 2, null],
      ["L", 5, 20, null],
    ]);
    const guest = await api("/api/cart", { intent: "preview", lines: [{ id: tee.id, ...T, quantity: 3 }] }, "");
    expect(guest.status).toBe(200);
    expect(lines(guest.body.items)).toEqual([["M", 2, 2, "reduced"]]);
    await setProductStock(db(), tee.id, (o) => (o.size === "M" ? 0 : 20));
    r = await api("/api/cart", { intent: "add", productId: tee.id, ...T, quantity: 1 });
    expect(r.status).toBe(409);
    expect(r.body.error).toBe("Size M in Black is out of stock");
    await api("/api/cart", { intent: "clear" });
  });

  it("keeps a signed-in shopper's cart, caps it at the stock and says so", async () => {
    await setProductStock(db(), tee.id, 3);
    await api("/api/cart", { intent: "clear" });
    let r = await api("/api/cart", {
      intent: "add",
      productId: tee.id,
      size: "L",
      color: "Black",
      quantity: 2,
      price: 1,
    });
    expect(r.status).toBe(200);
    r = await api("/api/cart", { intent: "add", productId: tee.id, size: "L", color: "Black", quantity: 2 });
    expect(r.body.message).toBe("Only 3 left in stock");
    const items = r.body.items as Array<Record<string, unknown>>;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      id: tee.id,
      quantity: 3,
      price: tee.priceCents,
      name: tee.name,
      size: "L",
      color: "Black",
    });
    const read = await fetch(`${server.url}/api/cart`, { headers: { cookie: shopper.cookie } });
    expect(((await read.json()) as { items: unknown[] }).items).toHaveLength(1);
    expect(read.headers.get("cache-control")).toContain("no-store");
  });

  it("refuses a signed-out visitor's writes but re-prices a guest cart without storing it", async () => {
    const write = await api("/api/cart", { intent: "add", productId: tee.id, ...T, quantity: 1 }, "");
    expect(write.status).toBe(401);
    await db().update(products).set({ isActive: false }).where(eq(products.id, jeans.id));
    const preview = await api(
      "/api/cart",
      {
        intent: "preview",
        lines: [
          { id: tee.id, size: "M", color: "Black", quantity: 1 },
          { id: jeans.id, size: "32", color: "Blue", quantity: 1 },
          { id: "00000000-0000-4000-8000-000000000000", quantity: 1 },
        ],
      },
      "",
    );
    expect(preview.status).toBe(200);
    const items = preview.body.items as Array<Record<string, unknown>>;
    expect(items.map((i) => [i.id, i.price, i.problem])).toEqual([
      [tee.id, tee.priceCents, null],
      [jeans.id, jeans.priceCents, "unavailable"],
    ]);
  });

  it("merges a guest cart into the account's at sign-in", async () => {
    const ben = await signUp(server, "ben-merge@example.com");
    await api("/api/cart", { intent: "add", productId: tee.id, size: "S", color: "White", quantity: 1 }, ben.cookie);
    const merged = await api(
      "/api/cart",
      {
        intent: "merge",
        lines: [
          { id: tee.id, size: "S", color: "White", quantity: 2 },
          { id: jeans.id, size: "32", color: "Blue", quantity: 1 },
        ],
      },
      ben.cookie,
    );
    expect((merged.body.items as Array<{ id: string; quantity: number }>).map((i) => [i.id, i.quantity])).toEqual([
      [tee.id, 3],
      [jeans.id, 1],
    ]);
  });

  it("refuses a cross-site cart change", async () => {
    const r = await api("/api/cart", { intent: "clear" }, shopper.cookie, "https://evil.example");
    expect(r.status).toBe(403);
  });
});

describe(`checkout (${databaseKind})`, () => {
  it("needs a session: 'Please log in to complete your order'", async () => {
    const r = await place({}, "");
    expect(r.status).toBe(401);
    expect(r.body.error).toBe("Please log in to complete your order");
  });

  it("orders the server cart at database prices, ignoring lines and prices sent; pays, empties the cart, confirms", async () => {
    await fillCart([{ productId: tee.id, size: "M", color: "Black", quantity: 2 }]);
    const placed = await place({
      lines: [
        { id: tee.id, size: "M", color: "Black", quantity: 2, price: 1, name: "Free tee" },
        { id: jeans.id, size: "32", color: "Blue", quantity: 5, price: 1 },
      ],
      subtotalCents: 1,
      totalCents: 1,
    });
    expect(placed.status).toBe(200);
    const [order] = await db()
      .select()
      .from(orders)
      .where(eq(orders.id, placed.body.orderId as string));
    const subtotal = tee.priceCents * 2;
    expect(order).toMatchObject({
      subtotalCents: subtotal,
      status: "pending",
      paymentStatus: "pending",
      userId: shopper.id,
    });
    expect(order!.totalCents).toBe(subtotal + (subtotal > 5000 ? 0 : 999) + Math.round(subtotal * 0.08));
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ productId: tee.id, productName: tee.name, quantity: 2 });
    expect(items[0]!.unitPriceCents).toBe(tee.priceCents);
    expect(await stockOf(tee.id, T)).toBe(18);
    expect(await stockOf(jeans.id, J)).toBe(20);

    const cookie = placed.res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(cookie).not.toBe("");
    const paid = await api("/api/checkout", { intent: "demo-pay", orderId: order!.id });
    expect(paid.status).toBe(200);
    expect(paid.body.orderNumber).toBe(order!.orderNumber);
    const [after] = await db().select().from(orders).where(eq(orders.id, order!.id));
    expect(after).toMatchObject({ status: "processing", paymentStatus: "paid", paymentMethod: "demo" });
    expect(await cartOf()).toEqual([]);

    // The browser that placed it sees its confirmation even signed out; a stranger does not.
    const mine = await fetch(`${server.url}/order-confirmation/${order!.orderNumber}`, { headers: { cookie } });
    expect(mine.status).toBe(200);
    expect(await mine.text()).toContain("Order Confirmed!");
    const stranger = await fetch(`${server.url}/order-confirmation/${order!.orderNumber}`);
    expect(stranger.status).toBe(404);
    expect(await stranger.text()).toContain("Order Not Found");
  });

  it("places the same checkout once, however often it is sent, also after its payment emptied the cart", async () => {
    await fillCart([{ productId: jeans.id, ...J, quantity: 1 }]);
    const body = { intent: "place", idempotencyKey: "double-click-key-1", paymentMethod: "demo", form };
    const [a, b] = await Promise.all([api("/api/checkout", body), api("/api/checkout", body)]);
    const c = await api("/api/checkout", body);
    expect(a.body.orderId).toBeDefined();
    expect(new Set([a.body.orderId, b.body.orderId, c.body.orderId]).size).toBe(1);
    expect(await stockOf(jeans.id, J)).toBe(19);

    expect((await api("/api/checkout", { intent: "demo-pay", orderId: a.body.orderId })).status).toBe(200);
    expect(await cartOf()).toEqual([]);
    const late = await api("/api/checkout", body);
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({ orderId: a.body.orderId, orderNumber: a.body.orderNumber });
    // And with something new in the cart meanwhile: the same order, the new line untouched.
    await fillCart([{ productId: tee.id, ...T, quantity: 1 }]);
    expect((await api("/api/checkout", body)).body.orderId).toBe(a.body.orderId);
    expect(await stockOf(tee.id, T)).toBe(20);
    expect(await cartOf()).toEqual([[tee.id, "M", "Black", 1]]);
  });

  it("an empty cart on the server is 'Your cart is empty', whatever lines the browser sends", async () => {
    await fillCart([]);
    const r = await place({ lines: [{ id: tee.id, size: "M", color: "Default", quantity: 1, price: 1 }] });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("Your cart is empty");
    expect(await stockOf(tee.id, T)).toBe(20);
  });

  it("refuses a cart with a product deactivated since it was added, by name, and reserves nothing", async () => {
    await fillCart([
      { productId: tee.id, ...T, quantity: 1 },
      { productId: jeans.id, ...J, quantity: 1 },
    ]);
    await db().update(products).set({ isActive: false }).where(eq(products.id, jeans.id));
    const inactive = await place();
    expect(inactive.status).toBe(409);
    expect(inactive.body.error).toBe(`${jeans.name} is no longer available`);
    expect(await stockOf(tee.id, T)).toBe(20);
  });

  it("names a product sold out since it was added, and writes nothing", async () => {
    await fillCart([{ productId: tee.id, ...T, quantity: 2 }]);
    await setProductStock(db(), tee.id, 0);
    const before = await db().select({ id: orders.id }).from(orders);
    const r = await place();
    expect(r.status).toBe(409);
    expect(r.body.error).toBe(`Not enough stock for ${tee.name} (M, Black)`);
    expect(await db().select({ id: orders.id }).from(orders)).toHaveLength(before.length);
    expect(await stockOf(tee.id, T)).toBe(0);
    expect(await cartOf()).toEqual([[tee.id, "M", "Black", 2]]);
  });

  it("orders a line the stock has shrunk under at what is left, and paying leaves none of it behind", async () => {
    await fillCart([{ productId: tee.id, ...T, quantity: 5 }]);
    await setProductStock(db(), tee.id, 3);
    const placed = await place();
    expect(placed.status).toBe(200);
    const [item] = await db()
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, placed.body.orderId as string));
    expect(item!.quantity).toBe(3);
    expect(await stockOf(tee.id, T)).toBe(0);
    expect((await api("/api/checkout", { intent: "demo-pay", orderId: placed.body.orderId })).status).toBe(200);
    expect(await cartOf()).toEqual([]);
  });

  it("checks the form again on the server with the spec's order-creation messages", async () => {
    await fillCart([{ productId: tee.id, ...T, quantity: 1 }]);
    const noContact = await place({ form: { ...form, phone: " " } });
    expect(noContact.status).toBe(400);
    expect(noContact.body.error).toBe("Please provide contact information");
    const noAddress = await place({ form: { ...form, city: "" } });
    expect(noAddress.body.error).toBe("Please fill in all required shipping information");
    // A country outside the list; one of the list the shop does not ship to is checkout-pricing.test.ts's.
    const badCountry = await place({ form: { ...form, country: "XX" } });
    expect(badCountry.body.error).toBe("Please select a country");
    const billing = await place({ form: { ...form, sameAsShipping: false } });
    expect(billing.body.fieldErrors).toMatchObject({ billingAddress: "Address is required" });
    const garbage = await api("/api/checkout", { intent: "place", form, paymentMethod: "demo" });
    expect(garbage.status).toBe(400);
    expect(await stockOf(tee.id, T)).toBe(20);
  });

  it("a declined demo payment says 'Demo payment failed', cancels the order, gives the stock back, keeps the cart", async () => {
    await fillCart([{ productId: tee.id, ...T, quantity: 3 }]);
    const placed = await place();
    expect(await stockOf(tee.id, T)).toBe(17);
    const declined = await api("/api/checkout", { intent: "demo-pay", orderId: placed.body.orderId, decline: true });
    expect(declined.status).toBe(402);
    expect(declined.body.error).toBe("Demo payment failed");
    const [order] = await db()
      .select()
      .from(orders)
      .where(eq(orders.id, placed.body.orderId as string));
    expect(order).toMatchObject({ status: "cancelled", paymentStatus: "failed" });
    expect(await stockOf(tee.id, T)).toBe(20);
    expect(await cartOf()).toEqual([[tee.id, "M", "Black", 3]]);
    const again = await api("/api/checkout", { intent: "demo-pay", orderId: placed.body.orderId });
    expect(again.body.error).toBe("Payment failed. Please try again.");
    // Its page says so rather than confirming it.
    const page = await fetch(`${server.url}/order-confirmation/${order!.orderNumber}`, {
      headers: { cookie: shopper.cookie },
    });
    const html = await page.text();
    expect(html).toContain("Order Cancelled");
    expect(html).not.toContain("Order Confirmed!");
    // It is no purchase of theirs: My Orders does not list it as a cancelled one.
    const mine = await (await fetch(`${server.url}/orders`, { headers: { cookie: shopper.cookie } })).text();
    expect(mine).toContain("My Orders");
    expect(mine).not.toContain(order!.orderNumber);
  });

  it("paying removes only what was ordered: a line added after placing stays, a raised quantity keeps the rest", async () => {
    await fillCart([
      { productId: tee.id, size: "M", color: "Black", quantity: 2 },
      { productId: jeans.id, size: "32", color: "Blue", quantity: 1 },
    ]);
    const placed = await place();
    expect(placed.status).toBe(200);
    // Another tab, after the order was placed and before it is paid.
    await api("/api/cart", { intent: "set", productId: tee.id, size: "M", color: "Black", quantity: 5 });
    await api("/api/cart", { intent: "add", productId: tee.id, size: "L", color: "Black", quantity: 1 });
    // Paid twice at once (a double click): the lines come out once.
    const paid = await Promise.all([
      api("/api/checkout", { intent: "demo-pay", orderId: placed.body.orderId }),
      api("/api/checkout", { intent: "demo-pay", orderId: placed.body.orderId }),
    ]);
    expect(paid.map((p) => p.status)).toEqual([200, 200]);
    expect(await cartOf()).toEqual([
      [tee.id, "M", "Black", 3],
      [tee.id, "L", "Black", 1],
    ]);
  });

  it("a confirmation link without a number says 'No order number provided'", async () => {
    const res = await fetch(`${server.url}/order-confirmation`, { headers: { cookie: shopper.cookie } });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("No order number provided");
  });

  it("one account cannot churn orders: 30 placed in 15 minutes, even each cancelled at once, then 'Too many attempts'", async () => {
    const churner = await signUp(server, "churner@example.com");
    await fillCart([{ productId: tee.id, ...T, quantity: 1 }], churner.cookie);
    for (let i = 0; i < 30; i++) {
      const placed = await place({}, churner.cookie);
      expect(placed.status).toBe(200);
      // Cancelled as a closed PayPal window cancels it: never more than one unpaid at a time.
      const cancel = { intent: "paypal-cancel", orderId: placed.body.orderId };
      expect((await api("/api/checkout", cancel, churner.cookie)).status).toBe(200);
    }
    const refused = await place({}, churner.cookie);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe("Too many attempts. Please wait a few minutes and try again.");
    expect(await stockOf(tee.id, T)).toBe(20);
    // Others can still buy.
    await fillCart([{ productId: tee.id, ...T, quantity: 1 }]);
    expect((await place()).status).toBe(200);
  });

  it("cannot pay someone else's order", async () => {
    await fillCart([{ productId: tee.id, ...T, quantity: 1 }]);
    const placed = await place();
    const eve = await signUp(server, "eve@example.com");
    const r = await api("/api/checkout", { intent: "demo-pay", orderId: placed.body.orderId }, eve.cookie);
    expect(r.status).toBe(404);
    const [order] = await db()
      .select()
      .from(orders)
      .where(eq(orders.id, placed.body.orderId as string));
    expect(order!.paymentStatus).toBe("pending");
  });

  it("pays through PayPal: the server creates the PayPal order for its own total and captures it once", async () => {
    await fillCart([{ productId: jeans.id, ...J, quantity: 2 }]);
    const placed = await place({ paymentMethod: "paypal", lines: [{ id: jeans.id, quantity: 2, price: 1 }] });
    const created = await api("/api/checkout", { intent: "paypal-create", orderId: placed.body.orderId });
    expect(created.status).toBe(200);
    const paypalOrderId = created.body.paypalOrderId as string;
    const [order] = await db()
      .select()
      .from(orders)
      .where(eq(orders.id, placed.body.orderId as string));
    expect(paypal.orders.get(paypalOrderId)!.amount.value).toBe((order!.totalCents / 100).toFixed(2));

    const early = await api("/api/checkout", { intent: "paypal-capture", paypalOrderId });
    expect(early.status).toBe(402);
    expect(early.body.error).toBe("PayPal payment failed");
  });

  it("marks a PayPal order paid only after a completed capture, and a second capture changes nothing", async () => {
    await fillCart([{ productId: jeans.id, ...J, quantity: 2 }]);
    const placed = await place({ paymentMethod: "paypal" });
    const created = await api("/api/checkout", { intent: "paypal-create", orderId: placed.body.orderId });
    const paypalOrderId = created.body.paypalOrderId as string;
    // While PayPal's window is open: another tab raises the quantity and adds a line.
    await api("/api/cart", { intent: "add", productId: jeans.id, ...J, quantity: 1 });
    await api("/api/cart", { intent: "add", productId: tee.id, size: "S", color: "White", quantity: 1 });
    paypal.approve(paypalOrderId);
    const captured = await api("/api/checkout", { intent: "paypal-capture", paypalOrderId });
    expect(captured.status).toBe(200);
    expect(captured.body.orderNumber).toBe(placed.body.orderNumber);
    const leftOver = [
      [jeans.id, "32", "Blue", 1],
      [tee.id, "S", "White", 1],
    ];
    expect(await cartOf()).toEqual(leftOver);
    const again = await api("/api/checkout", { intent: "paypal-capture", paypalOrderId });
    expect(again.status).toBe(200);
    expect(paypal.captureCount(paypalOrderId)).toBe(1);
    expect(await cartOf()).toEqual(leftOver);
    const [order] = await db()
      .select()
      .from(orders)
      .where(and(eq(orders.id, placed.body.orderId as string), eq(orders.paymentStatus, "paid")));
    expect(order).toMatchObject({ status: "processing", paymentMethod: "paypal" });
  });

  it("a declined PayPal capture says 'PayPal payment failed' and gives the stock back", async () => {
    await fillCart([{ productId: jeans.id, ...J, quantity: 4 }]);
    const placed = await place({ paymentMethod: "paypal" });
    expect(await stockOf(jeans.id, J)).toBe(16);
    const created = await api("/api/checkout", { intent: "paypal-create", orderId: placed.body.orderId });
    const paypalOrderId = created.body.paypalOrderId as string;
    paypal.approve(paypalOrderId);
    paypal.declineNext();
    const r = await api("/api/checkout", { intent: "paypal-capture", paypalOrderId });
    expect(r.status).toBe(402);
    expect(r.body.error).toBe("PayPal payment failed");
    expect(await stockOf(jeans.id, J)).toBe(20);
  });
});
