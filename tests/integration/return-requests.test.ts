import { randomUUID } from "node:crypto";
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, products, productVariants, returnItems, returns } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import { RETURN_MESSAGES } from "~/modules/returns/return-rules";
import { RETURN_FORM_MESSAGES } from "~/components/returns/return-request-fields";
import { setProductStock } from "../support/catalog-fixtures";
import { testAddress } from "../support/fixtures";
import { signIn, signUp } from "../support/sessions";
import { databaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * The shopper's side of returns and exchanges over HTTP (issue 30), on the real server and database:
 * the request form of a delivered order of theirs, a request (one line refunded, one exchanged for another
 * size) that lands on the return's page, the window, another account's order and return (404, nothing
 * written), forged lines and replacements (400, nothing written), quantities beyond what is left, 'Other'
 * without a note (values kept), 20 shoppers racing for the last 3 units of a size, and a cancel giving the
 * reserved unit back.
 */

const ADMIN = { email: "returns-owner@example.com", password: "OwnerPass123" };
let server: TestServer;
let adminCookie = "";
const db = (): Db => server.services().database.db;

const DAY = 24 * 60 * 60 * 1000;
let productId = "";
let productName = "";
/** The product's variants by size (one colour): S sold out, M plenty, L a few. */
const variant: Record<"S" | "M" | "L", string> = { S: "", M: "", L: "" };

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  adminCookie = await signIn(server.url, ADMIN.email, ADMIN.password);
  const [product] = await db()
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(sql`cardinality(${products.sizes}) > 2 and ${products.isActive}`)
    .orderBy(asc(products.slug))
    .limit(1);
  productId = product!.id;
  productName = product!.name;
  await setProductStock(db(), productId, ({ size }) => ({ S: 0, M: 100, L: 10 })[size] ?? 0, {
    sizes: ["S", "M", "L"],
    colors: ["Black"],
  });
  const rows = await db()
    .select({ id: productVariants.id, size: productVariants.size })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  for (const row of rows) variant[row.size as "S" | "M" | "L"] = row.id;
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

let seq = 0;
const customer = (name = "shopper") => signUp(server, `${name}-${++seq}-${databaseKind}@example.com`);

/** A delivered order of `userId` (delivered `daysAgo` days ago) with lines of the product in M. */
async function deliveredOrder(
  userId: string | null,
  options: { daysAgo?: number; lines?: Array<{ size: "S" | "M" | "L"; quantity: number }> } = {},
) {
  const lines = options.lines ?? [{ size: "M", quantity: 1 }];
  const orderNumber = `ORD-${String(70000000 + ++seq)}`;
  const total = lines.reduce((n, l) => n + l.quantity * 4000, 0);
  const [order] = await db()
    .insert(orders)
    .values({
      orderNumber,
      userId,
      status: "delivered",
      paymentStatus: "paid",
      paymentMethod: "demo",
      subtotalCents: total,
      totalCents: total,
      shippingAddress: testAddress,
      customerEmail: testAddress.email,
      deliveredAt: new Date(Date.now() - (options.daysAgo ?? 2) * DAY),
    })
    .returning({ id: orders.id });
  const items = await db()
    .insert(orderItems)
    .values(
      lines.map((line, index) => ({
        orderId: order!.id,
        productId,
        variantId: variant[line.size],
        productName,
        productSku: `RET-${seq}-${index}`,
        size: line.size,
        color: "Black",
        quantity: line.quantity,
        unitPriceCents: 4000,
        totalPriceCents: 4000 * line.quantity,
        // Distinct times keep the lines in this order on the form.
        createdAt: new Date(Date.now() - (lines.length - index) * 1000),
      })),
    )
    .returning({ id: orderItems.id });
  return { id: order!.id, orderNumber, itemIds: items.map((i) => i.id) };
}

interface Line {
  id: string;
  quantity?: string;
  reason?: string;
  note?: string;
  resolution?: "refund" | "exchange";
  exchange?: string;
}

function requestBody(lines: Line[]): URLSearchParams {
  const body = new URLSearchParams();
  for (const line of lines) {
    body.append("items", line.id);
    body.append(`${line.id}.quantity`, line.quantity ?? "1");
    body.append(`${line.id}.reason`, line.reason ?? "too_small");
    body.append(`${line.id}.note`, line.note ?? "");
    body.append(`${line.id}.resolution`, line.resolution ?? "refund");
    body.append(`${line.id}.exchange`, line.exchange ?? "");
  }
  return body;
}

async function post(path: string, body: URLSearchParams, cookie = "") {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, ...(cookie ? { cookie } : {}) },
    body,
  });
  return { status: res.status, location: res.headers.get("location"), text: await res.text() };
}

async function get(path: string, cookie = "") {
  const res = await fetch(`${server.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
  return { status: res.status, location: res.headers.get("location"), text: await res.text() };
}

const stockOf = async (variantId: string) =>
  (
    await db().select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, variantId))
  )[0]!.stock;
const returnCount = async (orderIds?: string[]) =>
  (
    await db()
      .select({ n: count() })
      .from(returns)
      .where(orderIds ? inArray(returns.orderId, orderIds) : undefined)
  )[0]!.n;
const setStock = (variantId: string, stock: number) =>
  db().update(productVariants).set({ stock }).where(eq(productVariants.id, variantId));

/** HTML-escaped, as React renders text. */
const html = (text: string) => text.replaceAll("&", "&amp;").replaceAll("'", "&#x27;").replaceAll('"', "&quot;");

describe(`the shopper's returns (${databaseKind})`, () => {
  it("offers 'Return or exchange' on a delivered order and shows the form of its lines", async () => {
    const ana = await customer("ana");
    const order = await deliveredOrder(ana.id, { lines: [{ size: "M", quantity: 2 }] });

    const list = await get("/orders", ana.cookie);
    expect(list.text).toContain(`href="/orders/${order.orderNumber}/return"`);
    expect(list.text).toContain("Return or exchange");
    const page = await get(`/order-confirmation/${order.orderNumber}`, ana.cookie);
    expect(page.text).toContain(`href="/orders/${order.orderNumber}/return"`);

    const form = await get(`/orders/${order.orderNumber}/return`, ana.cookie);
    expect(form.status).toBe(200);
    for (const text of ["Return this item", "Quantity", "Too small", "Damaged or faulty", "Other", "Refund"]) {
      expect(form.text).toContain(text);
    }
    expect(form.text).toContain("Up to 2 can be returned");
    // The other sizes of the product: S sold out and not choosable, L choosable; M (bought) not offered.
    expect(form.text).toMatch(new RegExp(`<option value="${variant.S}" disabled="">S \\(sold out\\)</option>`));
    expect(form.text).toContain(`<option value="${variant.L}">L</option>`);
    expect(form.text).not.toContain(`value="${variant.M}"`);
    expect(form.text).toContain("<fieldset");
    expect(form.text).toContain("<legend");
  });

  it("sends a signed-out visitor to sign in", async () => {
    const res = await get("/orders/ORD-70000001/return");
    expect(res.status).toBe(302);
    expect(res.location).toBe(`/login?redirect=${encodeURIComponent("/orders/ORD-70000001/return")}`);
  });

  it("asks to refund one line and exchange another for L: 303 to the return's page, L set aside", async () => {
    const ben = await customer("ben");
    const order = await deliveredOrder(ben.id, {
      lines: [
        { size: "M", quantity: 1 },
        { size: "M", quantity: 1 },
      ],
    });
    const [refundLine, exchangeLine] = order.itemIds as [string, string];
    const before = await stockOf(variant.L);
    const res = await post(
      `/orders/${order.orderNumber}/return`,
      requestBody([
        { id: refundLine, reason: "changed_mind" },
        { id: exchangeLine, reason: "too_small", resolution: "exchange", exchange: variant.L },
      ]),
      ben.cookie,
    );
    expect(res.status).toBe(303);
    expect(res.location).toMatch(/^\/returns\/RMA-\d+-1$/);
    expect(await stockOf(variant.L)).toBe(before - 1);
    const rma = res.location!.slice("/returns/".length);

    const stored = await db()
      .select({ resolution: returnItems.resolution, reason: returnItems.reason, size: returnItems.exchangeSize })
      .from(returnItems)
      .innerJoin(returns, eq(returns.id, returnItems.returnId))
      .where(eq(returns.rmaNumber, rma))
      .orderBy(asc(returnItems.resolution));
    expect(stored).toEqual([
      { resolution: "exchange", reason: "too_small", size: "L" },
      { resolution: "refund", reason: "changed_mind", size: null },
    ]);

    const page = await get(res.location!, ben.cookie);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`Return <!-- -->${rma}`);
    expect(page.text).toContain("Requested");
    expect(page.text).toContain("Exchange for L");
    expect(page.text).toContain("Changed my mind");
    expect(page.text).toContain("Return instructions");
    expect(page.text).toContain("200 Market Street, Suite 4");
    expect(page.text).toContain("Cancel return");
    expect(page.text).toContain('aria-current="step"');

    // The order's list and page show the return, linked.
    const list = await get("/orders", ben.cookie);
    expect(list.text).toContain(`href="/returns/${rma}"`);
    const orderPage = await get(`/order-confirmation/${order.orderNumber}`, ben.cookie);
    expect(orderPage.text).toContain(`href="/returns/${rma}"`);

    // Both lines are taken now: the form shows them as returned, not choosable.
    const form = await get(`/orders/${order.orderNumber}/return`, ben.cookie);
    expect(form.text.match(/Already returned/g)).toHaveLength(2);
    expect(form.text).not.toContain('name="items"');
  });

  it("refuses a delivery older than the window, with the message, and shows no form", async () => {
    const cara = await customer("cara");
    const order = await deliveredOrder(cara.id, { daysAgo: 31 });
    const message = RETURN_MESSAGES.windowClosed(30);
    const form = await get(`/orders/${order.orderNumber}/return`, cara.cookie);
    expect(form.status).toBe(200);
    expect(form.text).toContain(html(message));
    expect(form.text).not.toContain("Send return request");
    expect((await get("/orders", cara.cookie)).text).not.toContain(`/orders/${order.orderNumber}/return`);

    const res = await post(
      `/orders/${order.orderNumber}/return`,
      requestBody([{ id: order.itemIds[0]! }]),
      cara.cookie,
    );
    expect(res.status).toBe(409);
    expect(res.text).toContain(html(message));
    expect(await returnCount([order.id])).toBe(0);
  });

  it("answers another account's order as not found, and writes nothing", async () => {
    const owner = await customer("owner");
    const other = await customer("other");
    const order = await deliveredOrder(owner.id);
    const form = await get(`/orders/${order.orderNumber}/return`, other.cookie);
    expect(form.status).toBe(404);
    expect(form.text).toContain("Order not found");
    expect(form.text).not.toContain(productName);
    const stockBefore = await stockOf(variant.L);
    const res = await post(
      `/orders/${order.orderNumber}/return`,
      requestBody([{ id: order.itemIds[0]!, resolution: "exchange", exchange: variant.L }]),
      other.cookie,
    );
    expect(res.status).toBe(404);
    expect(await returnCount([order.id])).toBe(0);
    expect(await stockOf(variant.L)).toBe(stockBefore);
  });

  it("answers a forged line or replacement with a clear 400, and writes nothing", async () => {
    const dan = await customer("dan");
    const order = await deliveredOrder(dan.id);
    const other = await deliveredOrder((await customer("someone")).id);
    const path = `/orders/${order.orderNumber}/return`;
    const stockBefore = await stockOf(variant.L);

    for (const forged of [randomUUID(), other.itemIds[0]!, "'; drop table returns; --"]) {
      const res = await post(path, requestBody([{ id: forged }]), dan.cookie);
      expect(res.status).toBe(400);
      expect(res.text).toContain(html(RETURN_FORM_MESSAGES.unknownLine));
      expect(res.text).not.toMatch(/at \w+ \(|stack|syntax error/i);
    }
    // A replacement that is not another size of this product (another product's variant, a made-up id, M itself).
    const [foreign] = await db()
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(sql`${productVariants.productId} <> ${productId}`)
      .limit(1);
    for (const exchange of [foreign!.id, randomUUID(), variant.M, "not-a-uuid"]) {
      const res = await post(
        path,
        requestBody([{ id: order.itemIds[0]!, resolution: "exchange", exchange }]),
        dan.cookie,
      );
      expect(res.status).toBe(400);
      expect(res.text).toContain(html(RETURN_MESSAGES.replacementUnavailable));
    }
    // Fields that are not what the form offers.
    const bad = await post(path, requestBody([{ id: order.itemIds[0]!, reason: "bored", quantity: "-1" }]), dan.cookie);
    expect(bad.status).toBe(400);
    expect(bad.text).toContain(RETURN_FORM_MESSAGES.reason);
    expect(bad.text).toContain(RETURN_FORM_MESSAGES.quantity);
    expect(await returnCount([order.id])).toBe(0);
    expect(await stockOf(variant.L)).toBe(stockBefore);
  });

  it("refuses more units than are left to return", async () => {
    const eve = await customer("eve");
    const order = await deliveredOrder(eve.id, { lines: [{ size: "M", quantity: 2 }] });
    const path = `/orders/${order.orderNumber}/return`;
    const line = order.itemIds[0]!;
    const tooMany = await post(path, requestBody([{ id: line, quantity: "3" }]), eve.cookie);
    expect(tooMany.status).toBe(400);
    expect(tooMany.text).toContain(html(RETURN_MESSAGES.tooMany(productName, 2)));

    expect((await post(path, requestBody([{ id: line, quantity: "1" }]), eve.cookie)).status).toBe(303);
    const again = await post(path, requestBody([{ id: line, quantity: "2" }]), eve.cookie);
    expect(again.status).toBe(400);
    expect(again.text).toContain(html(RETURN_MESSAGES.tooMany(productName, 1)));
    expect(await returnCount([order.id])).toBe(1);
    expect((await get(path, eve.cookie)).text).toContain("1 can be returned");
  });

  it("asks for a note with 'Other', keeping what was typed", async () => {
    const fay = await customer("fay");
    const order = await deliveredOrder(fay.id, { lines: [{ size: "M", quantity: 3 }] });
    const line = order.itemIds[0]!;
    const res = await post(
      `/orders/${order.orderNumber}/return`,
      requestBody([{ id: line, quantity: "2", reason: "other", resolution: "exchange", exchange: variant.L }]),
      fay.cookie,
    );
    expect(res.status).toBe(400);
    expect(res.text).toContain(RETURN_MESSAGES.noteRequired);
    // The message is tied to the note, and every typed value is back in the form.
    expect(res.text).toMatch(/<textarea[^>]*aria-invalid="true"[^>]*aria-describedby="[^"]*-error/);
    expect(res.text).toMatch(/<input[^>]*name="items"[^>]*checked=""/);
    expect(res.text).toMatch(/name="[^"]+\.quantity"[^>]*value="2"/);
    expect(res.text).toContain('<option value="other" selected="">Other</option>');
    expect(res.text).toMatch(/<input(?=[^>]*name="[^"]+\.resolution")(?=[^>]*value="exchange")(?=[^>]*checked="")/);
    expect(res.text).toContain(`<option value="${variant.L}" selected="">L</option>`);
    expect(await returnCount([order.id])).toBe(0);

    const ok = await post(
      `/orders/${order.orderNumber}/return`,
      requestBody([{ id: line, quantity: "2", reason: "other", note: "Colour is off", resolution: "refund" }]),
      fay.cookie,
    );
    expect(ok.status).toBe(303);
  });

  it("20 shoppers racing to exchange M for the last 3 L: exactly 3 returns, 17 told it is sold out", async () => {
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => customer("racer")));
    const placed = await Promise.all(shoppers.map((s) => deliveredOrder(s.id)));
    await setStock(variant.L, 3);
    const answers = await Promise.all(
      placed.map((order, i) =>
        post(
          `/orders/${order.orderNumber}/return`,
          requestBody([{ id: order.itemIds[0]!, resolution: "exchange", exchange: variant.L }]),
          shoppers[i]!.cookie,
        ),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 303)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(17);
    const soldOut = html(RETURN_MESSAGES.outOfStock(`${productName} (L / Black)`));
    for (const answer of answers.filter((a) => a.status === 409)) expect(answer.text).toContain(soldOut);
    expect(await returnCount(placed.map((o) => o.id))).toBe(3);
    expect(await stockOf(variant.L)).toBe(0);
  }, 120_000);

  it("lets the shopper cancel, giving the reserved unit back; others cannot see or cancel it", async () => {
    const gus = await customer("gus");
    const other = await customer("nosy");
    await setStock(variant.L, 5);
    const order = await deliveredOrder(gus.id);
    const asked = await post(
      `/orders/${order.orderNumber}/return`,
      requestBody([{ id: order.itemIds[0]!, resolution: "exchange", exchange: variant.L }]),
      gus.cookie,
    );
    expect(asked.status).toBe(303);
    const path = asked.location!;
    const rma = path.slice("/returns/".length);
    expect(await stockOf(variant.L)).toBe(4);

    // Signed out and another account: the same 404; the owner of the shop sees it.
    for (const cookie of ["", other.cookie]) {
      const page = await get(path, cookie);
      expect(page.status).toBe(404);
      expect(page.text).toContain("Return not found");
      expect(page.text).not.toContain(productName);
    }
    expect((await get(path, adminCookie)).status).toBe(200);
    expect((await get("/returns/RMA-00000000-9", gus.cookie)).status).toBe(404);
    expect((await get("/returns", "")).status).toBe(200);

    const nosy = await post(path, new URLSearchParams({ intent: "cancel" }), other.cookie);
    expect(nosy.status).toBe(404);
    expect(
      (await db().select({ status: returns.status }).from(returns).where(eq(returns.rmaNumber, rma)))[0]!.status,
    ).toBe("requested");

    const confirm = await get(`${path}?confirm=cancel`, gus.cookie);
    expect(confirm.text).toContain("Cancel this return?");
    const cancelled = await post(path, new URLSearchParams({ intent: "cancel" }), gus.cookie);
    expect(cancelled.status).toBe(303);
    expect(cancelled.location).toBe(`${path}?cancelled=1`);
    expect(await stockOf(variant.L)).toBe(5);
    const page = await get(cancelled.location!, gus.cookie);
    expect(page.text).toContain(`Return ${rma} cancelled`);
    expect(page.text).toContain("Cancelled");
    expect(page.text).not.toContain("Return instructions");

    const twice = await post(path, new URLSearchParams({ intent: "cancel" }), gus.cookie);
    expect(twice.status).toBe(409);
    expect(await stockOf(variant.L)).toBe(5);
  });

  it("shows partial refunds and a guest order's way to return", async () => {
    const hal = await customer("hal");
    const order = await deliveredOrder(hal.id, { lines: [{ size: "M", quantity: 2 }] });
    await db().update(orders).set({ refundedCents: 1234 }).where(eq(orders.id, order.id));
    expect((await get("/orders", hal.cookie)).text).toContain("Refunded $12.34 of $80.00");
    expect((await get(`/order-confirmation/${order.orderNumber}`, hal.cookie)).text).toContain(
      "Refunded $12.34 of $80.00",
    );
    await db()
      .update(orders)
      .set({ refundedCents: 8000, paymentStatus: "refunded" })
      .where(and(eq(orders.id, order.id)));
    const list = (await get("/orders", hal.cookie)).text;
    expect(list).toContain("Refunded");
    expect(list).not.toContain("Refunded $80.00 of");

    const guest = await deliveredOrder(null);
    const page = await get(`/order-confirmation/${guest.orderNumber}`, adminCookie);
    expect(page.text).toContain("placed without an account");
    expect(page.text).toContain('href="/contact-us"');
    expect(page.text).not.toContain(`/orders/${guest.orderNumber}/return`);
  });
});
