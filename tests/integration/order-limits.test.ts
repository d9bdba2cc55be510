import { and, eq, sql } from "drizzle-orm";
import { checkoutForm } from "../support/fixtures";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cartItems, carts, orderItems, orders, products, productVariants } from "#db/schema/index";
import { setProductStock } from "../support/catalog-fixtures";
import { databaseKind } from "../support/test-database";
import { signUp } from "../support/sessions";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * The limits that keep one account from holding a product's stock unpaid, and the checks that keep
 * made-up input and database text out, through the real HTTP server and database (default settings):
 * at most MAX_QTY_PER_PRODUCT (10) of a product per cart and order, refused rather than lowered;
 * at most UNPAID_ORDERS_PER_ACCOUNT (2) unpaid orders per account; an unpaid order holds its stock for
 * UNPAID_ORDER_HOLD_MINUTES (15); idempotency keys per account; only a product's own sizes and colours.
 */
let server: TestServer;
let shopper: { cookie: string; id: string };
let tee: Product;
let keyCounter = 0;

interface Product {
  id: string;
  name: string;
  sizes: string[];
  colors: string[];
}

const form = checkoutForm;

const db = () => server.services().database.db;

beforeAll(async () => {
  server = await startTestServer();
  shopper = await signUp(server, "limits-ana@example.com");
  const [row] = await db()
    .select({ id: products.id, name: products.name, sizes: products.sizes, colors: products.colors })
    .from(products)
    .where(
      and(
        eq(products.isActive, true),
        sql`cardinality(${products.sizes}) > 1`,
        sql`cardinality(${products.colors}) > 0`,
      ),
    )
    .orderBy(products.slug)
    .limit(1);
  tee = row!;
});
afterAll(async () => {
  await server?.stop();
});
beforeEach(async () => {
  // 50 of each of its sizes and colours.
  await db().update(products).set({ isActive: true }).where(eq(products.id, tee.id));
  await setProductStock(db(), tee.id, 50);
});

async function api(path: string, body: unknown, cookie = shopper.cookie) {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> };
}

/** A line of `product` in its own first size and colour. */
const lineOf = (product: Product, quantity = 1) => ({
  productId: product.id,
  size: product.sizes[0],
  color: product.colors[0],
  quantity,
});

async function fillCart(lines: Array<Record<string, unknown>>, cookie = shopper.cookie) {
  expect((await api("/api/cart", { intent: "clear" }, cookie)).status).toBe(200);
  for (const line of lines) {
    const added = await api("/api/cart", { intent: "add", ...line }, cookie);
    expect(added.body.error).toBeUndefined();
  }
}

const place = (cookie = shopper.cookie, idempotencyKey = `limits-key-${++keyCounter}`) =>
  api("/api/checkout", { intent: "place", idempotencyKey, paymentMethod: "demo", form }, cookie);

/** The account's cart as /api/cart reads it: [size, colour, quantity, problem] per line. */
async function cartOf(cookie = shopper.cookie) {
  const res = await fetch(`${server.url}/api/cart`, { headers: { cookie } });
  const { items } = (await res.json()) as { items: Array<Record<string, unknown>> };
  return items.map((i) => [i.size, i.color, i.quantity, i.problem]);
}

/** Writes a cart line straight into the database, as a cart from before these checks may hold one. */
async function storeLine(userId: string, line: { productId: string; size: string; color: string; quantity: number }) {
  await db().insert(carts).values({ userId }).onConflictDoNothing({ target: carts.userId });
  const [cart] = await db().select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
  await db()
    .insert(cartItems)
    .values({ cartId: cart!.id, ...line });
}

async function orderCount(userId: string) {
  return (await db().select({ id: orders.id }).from(orders).where(eq(orders.userId, userId))).length;
}

/** The stock of a product's first size and colour (the size and colour of `lineOf`). */
async function stockOf(product: typeof tee) {
  const [row] = await db()
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(
      and(
        eq(productVariants.productId, product.id),
        eq(productVariants.size, product.sizes[0]!),
        eq(productVariants.color, product.colors[0]!),
      ),
    );
  return row!.stock;
}

async function statusOf(orderId: string) {
  const [row] = await db()
    .select({ status: orders.status, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, orderId));
  return [row!.status, row!.paymentStatus];
}

/** Cancels the account's unpaid orders, as a declined payment would, so the next test starts clean. */
async function cancelUnpaid(userId: string) {
  await db()
    .update(orders)
    .set({ status: "cancelled", paymentStatus: "failed" })
    .where(and(eq(orders.userId, userId), eq(orders.status, "pending")));
}

describe(`idempotency keys are per account (${databaseKind})`, () => {
  it("another account's key places that account's own order, and no database text is shown", async () => {
    const ben = await signUp(server, "limits-ben@example.com");
    await fillCart([lineOf(tee)]);
    await fillCart([lineOf(tee, 2)], ben.cookie);
    const mine = await place(shopper.cookie, "shared-key-1");
    expect(mine.status).toBe(200);
    const theirs = await place(ben.cookie, "shared-key-1");
    expect(theirs.status).toBe(200);
    expect(JSON.stringify(theirs.body)).not.toMatch(/duplicate|constraint|idempotency|Database error/i);
    expect(theirs.body.orderId).not.toBe(mine.body.orderId);
    const [order] = await db()
      .select({ userId: orders.userId, idempotencyKey: orders.idempotencyKey })
      .from(orders)
      .where(eq(orders.id, theirs.body.orderId as string));
    expect(order).toEqual({ userId: ben.id, idempotencyKey: "shared-key-1" });
    // The same key from the same account is still the same order.
    const again = await place(ben.cookie, "shared-key-1");
    expect(again.body.orderId).toBe(theirs.body.orderId);
    await cancelUnpaid(shopper.id);
    await cancelUnpaid(ben.id);
  });
});

describe(`an unpaid order holds its stock for UNPAID_ORDER_HOLD_MINUTES, 15 by default (${databaseKind})`, () => {
  it("the server's sweep cancels an order unpaid for 16 minutes and keeps one unpaid for 14", async () => {
    expect(server.services().config.orderLimits.unpaidOrderHoldMinutes).toBe(15);
    await fillCart([lineOf(tee, 3)]);
    const old = await place();
    const fresh = await place();
    expect(await stockOf(tee)).toBe(50 - 6);
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await db()
      .update(orders)
      .set({ updatedAt: minutesAgo(16) })
      .where(eq(orders.id, old.body.orderId as string));
    await db()
      .update(orders)
      .set({ updatedAt: minutesAgo(14) })
      .where(eq(orders.id, fresh.body.orderId as string));

    expect(await server.services().sweepUnpaidOrders()).toBe(1);
    expect(await statusOf(old.body.orderId as string)).toEqual(["cancelled", "failed"]);
    expect(await statusOf(fresh.body.orderId as string)).toEqual(["pending", "pending"]);
    expect(await stockOf(tee)).toBe(50 - 3);
    await cancelUnpaid(shopper.id);
  });
});

describe(`a quantity is a whole number from 1 to MAX_QTY_PER_PRODUCT, refused otherwise (${databaseKind})`, () => {
  it("the cart API refuses 1e9, a fraction, zero or 11 with a clear 400, and changes nothing", async () => {
    await fillCart([lineOf(tee, 2)]);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ intent: "add", ...lineOf(tee, 1e9) }, "You can add at most 10 of this item"],
      [{ intent: "add", ...lineOf(tee, 11) }, "You can add at most 10 of this item"],
      [{ intent: "add", ...lineOf(tee, 2.5) }, "Quantity must be a whole number"],
      [{ intent: "add", ...lineOf(tee, 0) }, "Quantity must be at least 1"],
      [{ intent: "set", ...lineOf(tee, 1e9) }, "You can add at most 10 of this item"],
      [{ intent: "set", ...lineOf(tee, 50) }, "You can add at most 10 of this item"],
      [{ intent: "set", ...lineOf(tee, 1.5) }, "Quantity must be a whole number"],
    ];
    for (const [body, error] of cases) {
      const r = await api("/api/cart", body);
      expect([r.status, r.body.error]).toEqual([400, error]);
    }
    expect(await cartOf()).toEqual([[tee.sizes[0], tee.colors[0], 2, null]]);
  });

  it("holds at most 10 of a product over all its sizes, capping the sum with a message", async () => {
    const [first, second, third] = tee.sizes as [string, string, string];
    await fillCart([{ ...lineOf(tee, 6), size: first }]);
    const capped = await api("/api/cart", { intent: "add", ...lineOf(tee, 6), size: second });
    expect([capped.status, capped.body.message]).toEqual([200, "You can add at most 10 of this item"]);
    const full = await api("/api/cart", { intent: "add", ...lineOf(tee, 1), size: third ?? first });
    expect([full.status, full.body.error]).toEqual([409, "You can add at most 10 of this item"]);
    expect((await cartOf()).map((l) => l[2])).toEqual([6, 4]);
  });

  it("checkout refuses an order over the cap, from a cart that holds more (stored before the cap), taking nothing", async () => {
    await api("/api/cart", { intent: "clear" });
    await storeLine(shopper.id, { productId: tee.id, size: tee.sizes[0]!, color: tee.colors[0]!, quantity: 40 });
    const before = await orderCount(shopper.id);
    const r = await place();
    expect([r.status, r.body.error]).toEqual([400, `You can order at most 10 of ${tee.name}`]);
    expect(await orderCount(shopper.id)).toBe(before);
    expect(await stockOf(tee)).toBe(50);
  });
});

describe(`at most UNPAID_ORDERS_PER_ACCOUNT (2) unpaid orders per account (${databaseKind})`, () => {
  it("the third checkout gets a clear 409 and holds nothing; the same checkout sent again is still its order; paying one frees a place", async () => {
    const cleo = await signUp(server, "limits-cleo@example.com");
    await fillCart([lineOf(tee, 10)], cleo.cookie);
    const first = await place(cleo.cookie);
    const second = await place(cleo.cookie, "cleo-second");
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await stockOf(tee)).toBe(30);

    const third = await place(cleo.cookie);
    expect(third.status).toBe(409);
    expect(third.body.error).toBe(
      "You have unpaid orders. They are cancelled after 15 minutes without payment; please try again then.",
    );
    expect(await stockOf(tee)).toBe(30);
    expect(await orderCount(cleo.id)).toBe(2);
    // A double click on the second checkout: its order, not a refusal.
    const again = await place(cleo.cookie, "cleo-second");
    expect([again.status, again.body.orderId]).toEqual([200, second.body.orderId]);
    // Someone else can still buy what is left.
    await fillCart([lineOf(tee, 1)]);
    expect((await place()).status).toBe(200);

    const paid = await api("/api/checkout", { intent: "demo-pay", orderId: first.body.orderId }, cleo.cookie);
    expect(paid.status).toBe(200);
    await fillCart([lineOf(tee, 1)], cleo.cookie);
    expect((await place(cleo.cookie)).status).toBe(200);
    await cancelUnpaid(cleo.id);
    await cancelUnpaid(shopper.id);
  });
});

describe(`only the product's own sizes and colours (${databaseKind})`, () => {
  it("the cart API refuses a size or colour the product does not offer with a clear 400", async () => {
    await fillCart([]);
    const bad = await api("/api/cart", { intent: "add", ...lineOf(tee), size: "XXXXXL", color: "Chartreuse" });
    expect([bad.status, bad.body.error]).toEqual([400, "This size is not available for this product"]);
    const color = await api("/api/cart", { intent: "add", ...lineOf(tee), color: "Chartreuse" });
    expect([color.status, color.body.error]).toEqual([400, "This color is not available for this product"]);
    // Without a colour the line would be the cart's "Default", not one of the tee's colours.
    const none = await api("/api/cart", { intent: "add", productId: tee.id, size: tee.sizes[0], quantity: 1 });
    expect(none.status).toBe(400);
    const merged = await api("/api/cart", {
      intent: "merge",
      lines: [
        { id: tee.id, size: "XXXXXL", color: "Chartreuse", quantity: 1 },
        { id: tee.id, size: tee.sizes[0], color: tee.colors[0], quantity: 1 },
      ],
    });
    expect((merged.body.items as unknown[]).length).toBe(1);
    const preview = await api(
      "/api/cart",
      { intent: "preview", lines: [{ id: tee.id, size: "XXXXXL", color: "Chartreuse", quantity: 1 }] },
      "",
    );
    expect((preview.body.items as Array<Record<string, unknown>>).map((i) => i.problem)).toEqual(["unavailable"]);
  });

  it("a cart line in a size the product does not offer is flagged, and an order leaves it out ('No valid items in cart' alone)", async () => {
    await api("/api/cart", { intent: "clear" });
    await storeLine(shopper.id, { productId: tee.id, size: "XXXXXL", color: "Chartreuse", quantity: 1 });
    expect(await cartOf()).toEqual([["XXXXXL", "Chartreuse", 1, "unavailable"]]);
    const before = await orderCount(shopper.id);
    const alone = await place();
    expect([alone.status, alone.body.error]).toEqual([400, "No valid items in cart"]);
    expect(await orderCount(shopper.id)).toBe(before);

    const added = await api("/api/cart", { intent: "add", ...lineOf(tee, 2) });
    expect(added.status).toBe(200);
    const placed = await place();
    expect(placed.status).toBe(200);
    const items = await db()
      .select({ size: orderItems.size, color: orderItems.color, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, placed.body.orderId as string));
    expect(items).toEqual([{ size: tee.sizes[0], color: tee.colors[0], quantity: 2 }]);
    expect(await stockOf(tee)).toBe(48);
    await cancelUnpaid(shopper.id);
  });
});
