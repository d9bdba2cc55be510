import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, products } from "#db/schema/index";
import { markOrderPaid } from "~/modules/orders/order-payment.server";
import { PACKING_SLIP_MAX, SLIP_SELECTION_MESSAGES } from "~/modules/orders/packing-slips";
import { placeOrder } from "~/modules/orders/place-order.server";
import { setProductStock } from "../support/catalog-fixtures";
import { testAddress, testLimits } from "../support/fixtures";
import { signIn, signUp } from "../support/sessions";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * Packing slips and the pick list over HTTP (issue 32): the batch of slips for chosen orders or for every
 * paid order not shipped, the pick list's sums, the 4xx answers to bad input, and the guard — a visitor
 * and a customer read nothing, on the page nor its .data URL.
 */

const ADMIN = { email: "owner@example.com", password: "OwnerPass123" };
let server: TestServer;
let adminCookie = "";
let customer: { cookie: string; id: string };
let productId = "";
let productSku = "";
let key = 0;
const n: { a: string; b: string; unpaid: string; shipped: string } = { a: "", b: "", unpaid: "", shipped: "" };

const db = () => server.services().database.db;

async function place(
  lines: Array<{ size: string; color: string; quantity: number }>,
  name: string,
  paid: boolean,
): Promise<string> {
  const placed = await placeOrder(db(), {
    userId: customer.id,
    idempotencyKey: `packing-slips-${++key}`,
    lines: lines.map((line) => ({ productId, ...line })),
    shippingAddress: { ...testAddress, firstName: name, lastName: "Parcel", address: `${key} Harbour Road` },
    shippingMethod: "standard",
    paymentMethod: "demo",
    limits: testLimits,
  });
  if (paid) await markOrderPaid(db(), server.services().events, { orderId: placed.id, paymentMethod: "demo" });
  return placed.orderNumber;
}

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, DEMO_PAYMENTS: "true" });
  adminCookie = await signIn(server.url, ADMIN.email, ADMIN.password);
  customer = await signUp(server, "customer@example.com");
  const [product] = await db()
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(eq(products.isActive, true))
    .limit(1);
  productId = product!.id;
  productSku = product!.sku;
  await setProductStock(db(), productId, 100, { sizes: ["S", "M", "L"], colors: ["Sage", "Clay"] });
  n.a = await place(
    [
      { size: "L", color: "Sage", quantity: 2 },
      { size: "S", color: "Clay", quantity: 1 },
    ],
    "Amara",
    true,
  );
  n.b = await place([{ size: "L", color: "Sage", quantity: 3 }], "Bruno", true);
  n.unpaid = await place([{ size: "M", color: "Sage", quantity: 1 }], "Unpaid", false);
  n.shipped = await place([{ size: "M", color: "Clay", quantity: 1 }], "Shipped", true);
  await db().update(orders).set({ status: "shipped" }).where(eq(orders.orderNumber, n.shipped));
});
afterAll(async () => {
  await server?.stop();
});

const get = (path: string, cookie?: string) =>
  fetch(`${server.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });

async function html(path: string, status = 200): Promise<string> {
  const res = await get(path, adminCookie);
  const body = await res.text();
  expect(res.status, `${path}: ${body.slice(0, 200)}`).toBe(status);
  expect(res.headers.get("cache-control")).toContain("no-store");
  return body;
}

const slipsIn = (page: string) => [...page.matchAll(/data-testid="packing-slip"/g)].length;

describe("packing slips", () => {
  it("prints one slip per chosen order with the store, the items with size, colour and SKU, the address, no prices", async () => {
    const page = await html(`/admin/orders/packing-slips?orders=${n.a},${n.b}`);
    const shop = await server.services().settings.read();
    expect(slipsIn(page)).toBe(2);
    expect(page.indexOf(`Order ${n.a}`)).toBeLessThan(page.indexOf(`Order ${n.b}`));
    expect(page).toContain(shop.store.name.replace(/&/g, "&amp;"));
    expect(page).toContain(shop.store.returnAddress.split("\n")[0]!.replace(/&/g, "&amp;"));
    expect(page).toContain("Amara Parcel");
    expect(page).toContain("Bruno Parcel");
    expect(page).toContain("Size L · Sage");
    expect(page).toContain("Size S · Clay");
    expect(page).toContain(productSku);
    expect(page).toMatch(/Note<\/h3>/);
    expect(page.split("<main")[1] ?? page).not.toMatch(/\$\d+\.\d\d/);
  });

  it("prints every paid order not yet shipped, oldest first, for ?filter=paid-unshipped", async () => {
    const page = await html("/admin/orders/packing-slips?filter=paid-unshipped");
    expect(slipsIn(page)).toBe(2);
    expect(page).toContain(`Order ${n.a}`);
    expect(page).toContain(`Order ${n.b}`);
    expect(page).not.toContain(`Order ${n.unpaid}`);
    expect(page).not.toContain(`Order ${n.shipped}`);
  });

  it("the single order's slip is the same sheet", async () => {
    const page = await html(`/admin/orders/${n.a}/packing-slip`);
    expect(slipsIn(page)).toBe(1);
    expect(page).toContain("Size L · Sage");
    await html("/admin/orders/ORD-00000000/packing-slip", 404);
  });

  it("the orders list has a labelled checkbox per order, 'select all on this page' and both print buttons", async () => {
    const page = await html("/admin/orders");
    for (const number of [n.a, n.b, n.unpaid, n.shipped]) {
      expect(page).toContain(`aria-label="Select ${number}"`);
      const box = new RegExp(`<input type="checkbox"[^>]*value="${number}"[^>]*>`).exec(page)?.[0] ?? "";
      expect(box).toContain('name="orders"');
      expect(box).toContain('form="print-run"');
    }
    expect(page).toContain('aria-label="Select all orders on this page"');
    expect(page).toContain("All paid, not shipped");
    expect(page).toContain("Print packing slips");
    expect(page).toContain("Print pick list");
  });
});

describe("the pick list", () => {
  it("sums units by SKU, size and colour across the orders, with the total and the orders it covers", async () => {
    const page = await html(`/admin/orders/pick-list?orders=${n.a}&orders=${n.b}`);
    const rows = [...page.matchAll(/<tr[^>]*data-testid="pick-row"[^>]*>(.*?)<\/tr>/g)].map((m) =>
      [...m[1]!.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((c) => c[1]),
    );
    expect(rows.map((cells) => cells.slice(2, 5))).toEqual([
      ["S", "Clay", "1"],
      ["L", "Sage", "5"],
    ]);
    expect(page).toMatch(/data-testid="pick-summary"[^>]*>6 units for 2 orders/);
    expect(page).toContain(`Orders: ${n.a}, ${n.b}`);
  });
});

describe("bad input", () => {
  const cases: Array<[string, number, string]> = [
    ["", 400, SLIP_SELECTION_MESSAGES.none],
    ["?filter=all", 400, SLIP_SELECTION_MESSAGES.filter],
    ["?orders=ORD-1;drop%20table", 400, SLIP_SELECTION_MESSAGES.malformed],
    [
      `?orders=${Array.from({ length: PACKING_SLIP_MAX + 1 }, (_, i) => `ORD-${i}`).join(",")}`,
      400,
      SLIP_SELECTION_MESSAGES.tooMany,
    ],
  ];
  it("answers 4xx with a clear message and no stack, on both pages", async () => {
    for (const path of ["/admin/orders/packing-slips", "/admin/orders/pick-list"]) {
      for (const [query, status, message] of cases) {
        const page = await html(`${path}${query}`, status);
        expect(page).toContain(message.replace(/'/g, "&#x27;"));
        expect(page).not.toMatch(/at [\w.]+ \(|node_modules|ZodError/);
      }
      const unknown = await html(`${path}?orders=${n.a},ORD-99999999`, 404);
      expect(unknown).toContain(`${SLIP_SELECTION_MESSAGES.unknown}: &quot;ORD-99999999&quot;.`);
      expect(unknown).not.toContain("Amara");
    }
  });
});

describe("the guard", () => {
  it("a visitor and a customer get nothing, on the pages nor their .data URLs", async () => {
    const paths = [
      `/admin/orders/packing-slips?orders=${n.a}`,
      `/admin/orders/packing-slips.data?orders=${n.a}`,
      "/admin/orders/packing-slips?filter=paid-unshipped",
      `/admin/orders/pick-list?orders=${n.a}`,
      `/admin/orders/pick-list.data?orders=${n.a}`,
      "/admin/orders/pick-list.data?filter=paid-unshipped",
    ];
    for (const cookie of ["", customer.cookie]) {
      for (const path of paths) {
        const res = await get(path, cookie);
        const body = await res.text();
        expect([200, 202, 204, 302], path).toContain(res.status);
        if (res.status === 302) expect(res.headers.get("location")).toBe("/admin");
        for (const secret of [n.a, n.b, "Amara", "Harbour Road", productSku]) expect(body, path).not.toContain(secret);
      }
    }
    // The admin's .data answer does carry the slips.
    const own = await get(`/admin/orders/packing-slips.data?orders=${n.a}`, adminCookie);
    expect(own.status).toBe(200);
    expect(await own.text()).toContain("Amara");
  });
});
