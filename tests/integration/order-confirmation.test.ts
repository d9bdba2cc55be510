import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, productVariants, user } from "#db/schema/index";
import { placeOrder } from "~/modules/orders/place-order.server";
import { rememberPlacedOrder } from "~/modules/orders/placed-orders.server";
import { testAddress, testLimits } from "../support/fixtures";
import { databaseKind } from "../support/test-database";
import { signIn, signUp } from "../support/sessions";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
let ownerCookie = "";
let otherCookie = "";
let adminCookie = "";
let orderNumber = "";

const address = { ...testAddress, apartment: "Apt 4B", email: "owner@example.com", phone: "+15550177" };
/** Texts of the order that nobody but its viewers may see. */
const PRIVATE = ["1 Main St", "Apt 4B", "Portland", "+15550177", "owner@example.com"];

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAIL: "boss@example.com", ADMIN_PASSWORD: "BossPass123" });
  ownerCookie = (await signUp(server, "owner@example.com")).cookie;
  otherCookie = (await signUp(server, "other@example.com")).cookie;
  adminCookie = await signIn(server.url, "boss@example.com", "BossPass123");

  const db = server.services().database.db;
  const [owner] = await db.select({ id: user.id }).from(user).where(eq(user.email, "owner@example.com"));
  // An active product whose M in Black has the two pieces the order takes (the demo's stock is per size).
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(productVariants, eq(productVariants.productId, products.id))
    .where(
      and(
        eq(products.isActive, true),
        sql`${productVariants.size} = 'M' and ${productVariants.color} = 'Black' and ${productVariants.stock} >= 2`,
      ),
    )
    .orderBy(products.slug)
    .limit(1);
  const placed = await placeOrder(db, {
    userId: owner!.id,
    idempotencyKey: "order-confirmation-test",
    lines: [{ productId: product!.id, quantity: 2, size: "M", color: "Black" }],
    shippingAddress: address,
    shippingMethod: "express",
    paymentMethod: "demo",
    limits: testLimits,
  });
  orderNumber = placed.orderNumber;
});
afterAll(async () => {
  await server?.stop();
});

const get = (path: string, cookie?: string) =>
  fetch(`${server.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
const page = () => `/order-confirmation/${orderNumber}`;

/** The Cookie header of a browser that placed these orders, signed as the server signs it. */
async function placedCookie(...numbers: string[]): Promise<string> {
  let cookie = "";
  for (const n of numbers) {
    const setCookie = await rememberPlacedOrder(
      new Request(`${server.url}/checkout`, { headers: cookie ? { cookie } : {} }),
      n,
      server.services().config.authSecret,
    );
    cookie = setCookie.split(";")[0]!;
  }
  return cookie;
}

async function expectConfirmed(res: Response) {
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).toContain("Order Confirmed!");
  expect(html).toContain(orderNumber);
  return html;
}

async function expectNotFound(res: Response) {
  expect(res.status).toBe(404);
  expect(res.headers.get("cache-control")).toBe("private, no-store");
  const html = await res.text();
  expect(html).toContain("Order Not Found");
  expect(html).toContain('href="/shop"');
  expect(html).not.toContain("Order Confirmed!");
  for (const text of PRIVATE) expect(html).not.toContain(text);
  return html;
}

describe(`order confirmation (${databaseKind})`, () => {
  it("shows the owner their order, with everything the spec lists", async () => {
    const res = await get(page(), ownerCookie);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const html = await expectConfirmed(res);
    expect(html).toContain(`<title>Order ${orderNumber} | Abundance Collection</title>`);
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
    for (const text of PRIVATE) expect(html).toContain(text);
    expect(html).toContain("United States");
    expect(html).toContain("Express Shipping");
    expect(html).toContain("2-3 business days");
    expect(html).toContain("bg-yellow-100"); // pending: yellow badge
    expect(html).toContain("What&#x27;s Next?");
    expect(html).toContain("3-5 business days");
    expect(html).toContain('href="/contact-us"');
    expect(html).toContain("Continue Shopping");
    expect(html).toContain('href="/orders"');
    expect(html).toContain("View Order History");
    expect(html).toContain("Size M · Black · Qty 2");
  });

  it("answers another customer 404 'Order Not Found', page and data URL alike", async () => {
    await expectNotFound(await get(page(), otherCookie));
    const data = await get(`${page()}.data`, otherCookie);
    const body = await data.text();
    for (const text of PRIVATE) expect(body).not.toContain(text);
  });

  it("answers an anonymous visitor 'Order Not Found'", async () => {
    await expectNotFound(await get(page()));
  });

  it("shows the order to an admin", async () => {
    const html = await expectConfirmed(await get(page(), adminCookie));
    expect(html).toContain("1 Main St");
  });

  it("shows the order to the browser that placed it, signed in or not", async () => {
    const cookie = await placedCookie("ORD-00000001", orderNumber);
    await expectConfirmed(await get(page(), cookie));
    await expectConfirmed(await get(page(), `${otherCookie}; ${cookie}`));
  });

  it("does not open an order another browser placed", async () => {
    await expectNotFound(await get(page(), await placedCookie("ORD-00000001")));
  });

  it("answers 'Order Not Found' to a tampered or unsigned cookie", async () => {
    const cookie = await placedCookie(orderNumber);
    const [name, value] = [cookie.slice(0, cookie.indexOf("=")), cookie.slice(cookie.indexOf("=") + 1)];
    const signature = value.slice(value.lastIndexOf(".") + 1);
    const forged = btoa(JSON.stringify([orderNumber]));
    await expectNotFound(await get(page(), `${name}=${forged}`));
    await expectNotFound(await get(page(), `${name}=${forged}x.${signature}`));
    await expectNotFound(
      await get(
        page(),
        `${name}=${value.slice(0, value.lastIndexOf(".") + 1)}${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`,
      ),
    );
  });

  it("answers 'Order Not Found' for an unknown number and for junk", async () => {
    // Even an admin, who may see every order, finds none.
    await expectNotFound(await get("/order-confirmation/ORD-00000000", adminCookie));
    await expectNotFound(await get(`/order-confirmation/${"A".repeat(500)}`, adminCookie));
    await expectNotFound(await get("/order-confirmation/%27%3B%20drop%20table%20orders", adminCookie));
  });

  it("is forgotten at sign-out, so the next person at a shared computer cannot open it", async () => {
    const shopper = await signUp(server, "shared-computer@example.com");
    const cookie = `${shopper.cookie}; ${await placedCookie(orderNumber)}`;
    const res = await fetch(`${server.url}/api/auth/sign-out`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json", origin: server.url },
      body: "{}",
    });
    expect(res.status).toBe(200);
    const cleared = res.headers.getSetCookie().find((c) => c.startsWith("ac_placed_orders="));
    expect(cleared).toBeDefined();
    expect(cleared).toMatch(/Max-Age=0/);
  });
});
