import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orderNotes, products } from "#db/schema/index";
import { ADMIN_ACCESS_MESSAGES } from "~/modules/accounts/admin-grant";
import { markOrderPaid } from "~/modules/orders/order-payment.server";
import { placeOrder } from "~/modules/orders/place-order.server";
import { testAddress, testLimits } from "../support/fixtures";
import { cookieHeader, signIn, signUp } from "../support/sessions";
import { setProductStock } from "../support/catalog-fixtures";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * An order's timeline and internal notes over HTTP (issue 32): the admin's page shows the order's placing,
 * payment, shipping, messages and notes newest first; only who may see the admin order may add a note
 * (a shared-password holder signs as 'shared password'); a customer or visitor changes nothing; a note
 * never reaches the customer's pages.
 */

const ADMIN = { email: "owner@example.com", password: "OwnerPass123" };
const SHARED_PASSWORD = "Shared-Admin-Secret-42";
let server: TestServer;
let adminCookie = "";
let customer: { cookie: string; id: string };
let orderNumber = "";
let orderId = "";
let productId = "";

const db = () => server.services().database.db;

const get = (path: string, cookie?: string) =>
  fetch(`${server.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });

const postForm = (path: string, fields: Record<string, string>, cookie?: string) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields),
  });

const noteCount = async () =>
  (await db().select({ n: count() }).from(orderNotes).where(eq(orderNotes.orderId, orderId)))[0]!.n;

/** The timeline's entries as the page lists them: kind and text, top to bottom. */
function timelineOf(page: string): Array<{ kind: string; text: string; actor: string | null }> {
  const section = page.slice(page.indexOf('id="timeline-heading"'));
  return [
    ...section.matchAll(
      /data-kind="(\w+)"[\s\S]*?<span class="font-medium">([^<]*)<\/span>[\s\S]*?<\/time>(?:<!-- -->)?(?: · ([^<]*))?<\/p>/g,
    ),
  ].map((m) => ({ kind: m[1]!, text: m[2]!, actor: m[3] ?? null }));
}

beforeAll(async () => {
  server = await startTestServer({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SECURE_ADMIN_PASSWORD: SHARED_PASSWORD,
    DEMO_PAYMENTS: "true",
    RATE_LIMIT_IP_MULTIPLIER: "20",
  });
  adminCookie = await signIn(server.url, ADMIN.email, ADMIN.password);
  customer = await signUp(server, "timeline-customer@example.com");
  const [product] = await db().select({ id: products.id }).from(products).where(eq(products.isActive, true)).limit(1);
  productId = product!.id;
  await setProductStock(db(), productId, 50, { sizes: ["M"], colors: [] });
  const placed = await placeOrder(db(), {
    userId: customer.id,
    idempotencyKey: "timeline-1",
    lines: [{ productId: product!.id, quantity: 1 }],
    shippingAddress: { ...testAddress, email: "timeline-customer@example.com" },
    shippingMethod: "standard",
    paymentMethod: "demo",
    limits: testLimits,
  });
  orderNumber = placed.orderNumber;
  orderId = placed.id;
  await markOrderPaid(db(), server.services().events, { orderId, paymentMethod: "demo" });
  const shipped = await postForm(
    `/admin/orders/${orderNumber}`,
    { intent: "ship", trackingNumber: "1Z999AA10123456784", carrier: "UPS" },
    adminCookie,
  );
  expect(shipped.status).toBe(200);
});
afterAll(async () => {
  await server?.stop();
});

describe("an order's timeline", () => {
  it("shows placed, paid, shipped and a note, newest first, with who did it", async () => {
    const added = await postForm(
      `/admin/orders/${orderNumber}`,
      { intent: "note", body: "  Customer called: leave at the back door.  " },
      adminCookie,
    );
    expect(added.status).toBe(200);
    expect(await noteCount()).toBe(1);
    const [note] = await db().select().from(orderNotes).where(eq(orderNotes.orderId, orderId));
    expect(note!.body).toBe("Customer called: leave at the back door.");
    expect(note!.authorId).not.toBeNull();

    const page = await (await get(`/admin/orders/${orderNumber}`, adminCookie)).text();
    expect(page).toContain('id="timeline-heading"');
    expect(page).toMatch(/<label[^>]*for="[^"]+"[^>]*>Internal note/);
    const entries = timelineOf(page);
    const statusTexts = entries.filter((e) => e.kind === "status").map((e) => e.text);
    // Newest first: shipped before paid before placed.
    expect(statusTexts).toEqual(["Shipped", "Paid by demo payment", "Placed, awaiting payment"]);
    // Who did it: the placing and paying were the customer's or the system's, the shipping the admin's.
    const shipped = entries.find((e) => e.text === "Shipped")!;
    expect(shipped.actor).toBeTruthy();
    expect(["System", "Customer"]).not.toContain(shipped.actor);
    expect(entries.find((e) => e.kind === "note")!.actor).toBe(shipped.actor);
    // The note, added last, is above the shipping (a message sent since may be above it).
    const noteAt = entries.findIndex((e) => e.kind === "note");
    expect(noteAt).toBeGreaterThanOrEqual(0);
    expect(noteAt).toBeLessThan(entries.findIndex((e) => e.text === "Shipped"));
    expect(page).toContain("Customer called: leave at the back door.");
    // The messages the order's events queued are on it too.
    expect(entries.some((e) => e.kind === "notification")).toBe(true);
  });

  it("shows a cancelled paid order's refund and the cancellation, newest first", async () => {
    const placed = await placeOrder(db(), {
      userId: customer.id,
      idempotencyKey: "timeline-2",
      lines: [{ productId, quantity: 1 }],
      shippingAddress: { ...testAddress, email: "timeline-customer@example.com" },
      shippingMethod: "standard",
      paymentMethod: "demo",
      limits: testLimits,
    });
    await markOrderPaid(db(), server.services().events, { orderId: placed.id, paymentMethod: "demo" });
    const cancelled = await postForm(`/admin/orders/${placed.orderNumber}`, { intent: "cancel" }, adminCookie);
    expect(cancelled.status).toBe(200);
    const entries = timelineOf(await (await get(`/admin/orders/${placed.orderNumber}`, adminCookie)).text());
    const cancelAt = entries.findIndex((e) => e.text === "Cancelled and refunded");
    const refundAt = entries.findIndex((e) => e.kind === "refund");
    expect(cancelAt).toBeGreaterThanOrEqual(0);
    expect(entries[refundAt]!.text).toMatch(/^Refunded \$[\d.,]+ \(manual\)$/);
    // Written in the same transaction (same instant): what followed from the change sits above it.
    expect(refundAt).toBeLessThan(cancelAt);
    expect(entries.at(-1)!.text).toBe("Placed, awaiting payment");
  });

  it("shows a return's steps with who took them", async () => {
    const delivered = await postForm(`/admin/orders/${orderNumber}`, { intent: "deliver" }, adminCookie);
    expect(delivered.status).toBe(200);
    const [line] = await db().select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, orderId));
    const requested = await server.services().returns.request({
      orderNumber,
      userId: customer.id,
      lines: [{ orderItemId: line!.id, quantity: 1, reason: "too_small", resolution: "refund" }],
    });
    const entries = timelineOf(await (await get(`/admin/orders/${orderNumber}`, adminCookie)).text());
    expect(entries.find((e) => e.kind === "return")).toMatchObject({
      text: `Return ${requested.rmaNumber}: requested`,
      actor: "Customer",
    });
    expect(entries.findIndex((e) => e.kind === "return")).toBeLessThan(
      entries.findIndex((e) => e.text === "Delivered"),
    );
  });

  it("refuses an empty or too-long note with a clear message and the text kept (400, nothing written)", async () => {
    const before = await noteCount();
    const empty = await postForm(`/admin/orders/${orderNumber}`, { intent: "note", body: "   " }, adminCookie);
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Write a note.");
    const long = "x".repeat(2001);
    const tooLong = await postForm(`/admin/orders/${orderNumber}`, { intent: "note", body: long }, adminCookie);
    expect(tooLong.status).toBe(400);
    const body = await tooLong.text();
    expect(body).toContain("A note is at most 2,000 characters.");
    expect(body).toContain(long);
    // Without JavaScript the page itself comes back, the text in the textarea.
    const page = await fetch(`${server.url}/admin/orders/${orderNumber}`, {
      method: "POST",
      headers: { origin: server.url, cookie: adminCookie, "sec-fetch-dest": "document" },
      body: new URLSearchParams({ intent: "note", body: `${"y".repeat(2001)}` }),
    });
    expect(page.status).toBe(400);
    const pageHtml = await page.text();
    expect(pageHtml).toMatch(/<textarea[^>]*aria-invalid="true"[^>]*>y{2001}<\/textarea>/);
    expect(pageHtml).toContain('role="alert"');
    expect(await noteCount()).toBe(before);
  });

  it("records a shared-password holder's note as 'shared password'", async () => {
    const holder = await signUp(server, "timeline-pass@example.com");
    const granted = await postForm("/admin", { intent: "admin-password", password: SHARED_PASSWORD }, holder.cookie);
    expect(await granted.text()).toContain(ADMIN_ACCESS_MESSAGES.granted);
    const both = `${holder.cookie}; ${cookieHeader(granted)}`;
    const res = await postForm(`/admin/orders/${orderNumber}`, { intent: "note", body: "Packed twice." }, both);
    expect(res.status).toBe(200);
    const rows = await db().select().from(orderNotes).where(eq(orderNotes.body, "Packed twice."));
    expect(rows.map((r) => r.authorName)).toEqual(["shared password"]);
    const page = await (await get(`/admin/orders/${orderNumber}`, adminCookie)).text();
    expect(page).toContain("Packed twice.");
    expect(page).toContain("shared password");
  });

  it("changes nothing for a customer or a visitor (page and .data)", async () => {
    const before = await noteCount();
    for (const cookie of [customer.cookie, undefined]) {
      for (const path of [`/admin/orders/${orderNumber}`, `/admin/orders/${orderNumber}.data`]) {
        const res = await postForm(path, { intent: "note", body: "Sneaky note" }, cookie);
        expect([302, 401, 403], `${path} ${cookie ? "customer" : "visitor"}`).toContain(res.status);
      }
    }
    expect(await noteCount()).toBe(before);
    const rows = await db().select().from(orderNotes).where(eq(orderNotes.body, "Sneaky note"));
    expect(rows).toHaveLength(0);
  });

  it("never shows a note on the customer's pages", async () => {
    for (const path of [
      "/orders",
      "/orders.data",
      `/order-confirmation/${orderNumber}`,
      `/order-confirmation/${orderNumber}.data`,
    ]) {
      const res = await get(path, customer.cookie);
      expect(res.status, path).toBeLessThan(500);
      const text = await res.text();
      expect(text, path).not.toContain("leave at the back door");
      expect(text, path).not.toContain("Packed twice");
    }
    // The customer does see their order there (so the check above read a real page).
    expect(await (await get("/orders", customer.cookie)).text()).toContain(orderNumber);
  });
});
