import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orderRefunds, orders, products, returnItems, returns } from "#db/schema/index";
import type { ReturnReason, ReturnStatus } from "#db/schema/returns";
import { formatCents } from "~/lib/money";
import { FIT_TABLE_CAPTION } from "~/components/back-office/fit-table";
import { RETURN_CAPTIONS } from "~/components/back-office/returns-report";
import { testAddress } from "../support/fixtures";
import { consolePass, signIn, signUp } from "../support/sessions";
import { startTestServer, type TestServer } from "../support/test-server";
import { asRead } from "../support/html";

/**
 * What the owner learns from returns (issue 30) over HTTP, on both faces (/admin/analytics for the
 * owner's account, the console's Analytics tab): the return rate of the range's sales by product and by
 * product, size and colour, the reasons, this month's top reasons, the refunds made in the range and
 * revenue net of refunds — every figure worked out by hand below — and 'Too small' / 'Too large' returns
 * counted toward the product's fit flag. Orders, returns and refunds are written straight into the
 * database; orders and returns just outside the range, refused and cancelled returns, a cancelled order's
 * refund, a refund after the range and an exchange's replacement order would each change a figure if
 * they were counted.
 *
 * The range is 2026-06-01 … 2026-06-10 (UTC days). Its sales (by order date):
 *   O1 06-01 shirt M/Blue ×3 @20.00, shirt L/Blue ×1 @20.00, scarf Red ×1 @10.00, +5.00 shipping +4.00 tax = 99.00
 *   O2 06-02 shirt M/Blue ×4 @20.00 = 80.00, refunded in full after its return (it stays a sale)
 *   O3 06-03 23:30Z scarf Red ×2 @10.00 = 20.00
 * Not sales of the range: O4 05-31 (shirt M/Blue ×1, 20.00: a day early), O5 06-02 cancelled and refunded
 * (30.00), O6 06-04 the exchange's replacement for O1 (shirt M/Blue ×1, total 0).
 * → 3 orders, 199.00 revenue, units: shirt 3+1+4 = 8 (M/Blue 7, L/Blue 1), scarf 1+2 = 3 (Red).
 *
 * Returns (status, created, order): R1 received 06-05 O1: M/Blue 1 too small (refund), L/Blue 1 too large
 * (exchange for M); R2 closed 06-06 O2: M/Blue 4 too small; R3 refused 06-06 O3: scarf 1 damaged;
 * R4 requested 06-07 O3: scarf 1 changed mind; R5 cancelled 06-07 O1: scarf 1 not as pictured; R6 closed
 * 06-02 O4: M/Blue 1 too small (its order is outside the range); this month: R7 approved O1: M/Blue 1
 * other; R8 refused O3: scarf 1 damaged; R9 requested O4: M/Blue 1 too small.
 * → returned of the range's sales (R1, R2, R4, R7): shirt 7 of 8 (87.5%; M/Blue 6 of 7 = 85.7%,
 *   L/Blue 1 of 1 = 100.0%), scarf 1 of 3 (33.3%); 8 of 11 units (72.7%) in 4 returns; reasons too small 5
 *   (62.5%), too large, changed my mind, other 1 each (12.5%).
 * → this month (R7, R9): too small 1, other 1 (50.0% each), 2 units in 2 returns.
 *
 * Refunds (day made): O2 80.00 on 06-07, O1 22.00 on 06-08, O4 20.00 on 06-09 (an earlier sale: counted on
 * its refund's day), O5 30.00 on 06-02 (cancelled: its revenue never counted, nor is its refund), O3 10.00
 * on 06-11 (after the range). → 3 refunds, 122.00; revenue net of refunds 199.00 − 122.00 = 77.00.
 *
 * Fit (all time, returns not refused or cancelled): shirt too small 1 + 4 + 1 + 1 = 7 (all M), too large 1
 * (L) → 8 answers, 7 'runs small' (88%): flagged 'runs small', with no review; its M too (7 of 7).
 */
const ADMIN = { email: "owner@example.com", password: "OwnerPass123" };
const SHARED_PASSWORD = "Shared-Admin-Secret-42";
const RANGE = "?from=2026-06-01&to=2026-06-10";
let server: TestServer;
let adminCookie = "";
let pass = "";
const db = () => server.services().database.db;

const SHIRT = "Returns Test Shirt";
const SCARF = "Returns Test Scarf";
let shirtId = "";
let scarfId = "";

interface Line {
  product: "shirt" | "scarf";
  size: string | null;
  color: string;
  quantity: number;
  unitCents: number;
}
const shirt = (size: "M" | "L", quantity: number, unitCents = 2000): Line => ({
  product: "shirt",
  size,
  color: "Blue",
  quantity,
  unitCents,
});
const scarf = (quantity: number): Line => ({ product: "scarf", size: null, color: "Red", quantity, unitCents: 1000 });

let seq = 0;
/** An order and its lines; answers its id and its lines' ids in order. */
async function insertOrder(spec: {
  at: string;
  status?: "processing" | "delivered" | "cancelled";
  payment?: "paid" | "refunded";
  shippingCents?: number;
  taxCents?: number;
  exchangeFor?: string;
  lines: Line[];
}): Promise<{ id: string; lines: string[] }> {
  const subtotalCents = spec.lines.reduce((sum, line) => sum + line.quantity * line.unitCents, 0);
  const totalCents = subtotalCents + (spec.shippingCents ?? 0) + (spec.taxCents ?? 0);
  const createdAt = new Date(spec.at);
  const [row] = await db()
    .insert(orders)
    .values({
      orderNumber: `ORD-${String(90_000_000 + ++seq)}`,
      status: spec.status ?? "delivered",
      paymentStatus: spec.payment ?? "paid",
      subtotalCents,
      shippingCents: spec.shippingCents ?? 0,
      taxCents: spec.taxCents ?? 0,
      totalCents,
      refundedCents: spec.payment === "refunded" ? totalCents : 0,
      shippingAddress: { ...testAddress, email: "buyer@example.com" },
      customerEmail: "buyer@example.com",
      paymentMethod: "demo",
      exchangeForOrderId: spec.exchangeFor ?? null,
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: orders.id });
  const lines = await db()
    .insert(orderItems)
    .values(
      spec.lines.map((line, i) => ({
        orderId: row!.id,
        productId: line.product === "shirt" ? shirtId : scarfId,
        productName: line.product === "shirt" ? SHIRT : SCARF,
        productSku: `RT-${seq}-${i}`,
        size: line.size,
        color: line.color,
        quantity: line.quantity,
        unitPriceCents: line.unitCents,
        totalPriceCents: line.quantity * line.unitCents,
        createdAt,
      })),
    )
    .returning({ id: orderItems.id });
  return { id: row!.id, lines: lines.map((line) => line.id) };
}

let rma = 0;
async function insertReturn(
  order: { id: string },
  status: ReturnStatus,
  at: Date | string,
  items: Array<{
    line: string;
    product: "shirt" | "scarf";
    size?: string;
    quantity: number;
    reason: ReturnReason;
    exchange?: string;
  }>,
) {
  const [row] = await db()
    .insert(returns)
    .values({
      rmaNumber: `RMA-RT-${++rma}`,
      orderId: order.id,
      status,
      createdAt: new Date(at),
      updatedAt: new Date(at),
    })
    .returning({ id: returns.id });
  await db()
    .insert(returnItems)
    .values(
      items.map((item) => ({
        returnId: row!.id,
        orderItemId: item.line,
        productId: item.product === "shirt" ? shirtId : scarfId,
        size: item.size ?? "",
        color: item.product === "shirt" ? "Blue" : "Red",
        quantity: item.quantity,
        reason: item.reason,
        note: item.reason === "other" ? "Not for me" : null,
        resolution: item.exchange ? ("exchange" as const) : ("refund" as const),
        exchangeSize: item.exchange ?? null,
      })),
    );
}

async function refund(order: { id: string }, cents: number, at: string) {
  await db()
    .insert(orderRefunds)
    .values({ orderId: order.id, amountCents: cents, method: "manual", createdAt: new Date(at) });
}

beforeAll(async () => {
  server = await startTestServer({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SECURE_ADMIN_PASSWORD: SHARED_PASSWORD,
    RATE_LIMIT_IP_MULTIPLIER: "20",
  });
  adminCookie = await signIn(server.url, ADMIN.email, ADMIN.password);
  pass = await consolePass(server.url, SHARED_PASSWORD);
  // The demo catalogue's reviews out of the way: the fit table's flagged products are this test's.
  await db().execute(sql`delete from reviews`);
  await db().execute(sql`delete from review_stats`);
  const inserted = await db()
    .insert(products)
    .values([
      { name: SHIRT, slug: "returns-test-shirt", priceCents: 2000, sku: "RT-SHIRT", sizes: ["S", "M", "L"] },
      { name: SCARF, slug: "returns-test-scarf", priceCents: 1000, sku: "RT-SCARF" },
    ])
    .returning({ id: products.id, slug: products.slug });
  shirtId = inserted.find((p) => p.slug === "returns-test-shirt")!.id;
  scarfId = inserted.find((p) => p.slug === "returns-test-scarf")!.id;

  const o1 = await insertOrder({
    at: "2026-06-01T10:00:00Z",
    shippingCents: 500,
    taxCents: 400,
    lines: [shirt("M", 3), shirt("L", 1), scarf(1)],
  });
  const o2 = await insertOrder({ at: "2026-06-02T12:00:00Z", lines: [shirt("M", 4)] });
  const o3 = await insertOrder({ at: "2026-06-03T23:30:00Z", lines: [scarf(2)] });
  const o4 = await insertOrder({ at: "2026-05-31T23:59:00Z", lines: [shirt("M", 1)] });
  const o5 = await insertOrder({
    at: "2026-06-02T08:00:00Z",
    status: "cancelled",
    payment: "refunded",
    lines: [shirt("L", 1, 3000)],
  });
  await insertOrder({
    at: "2026-06-04T09:00:00Z",
    status: "processing",
    exchangeFor: o1.id,
    lines: [shirt("M", 1, 0)],
  });

  const [o1m, o1l, o1scarf] = o1.lines as [string, string, string];
  await insertReturn(o1, "received", "2026-06-05T10:00:00Z", [
    { line: o1m, product: "shirt", size: "M", quantity: 1, reason: "too_small" },
    { line: o1l, product: "shirt", size: "L", quantity: 1, reason: "too_large", exchange: "M" },
  ]);
  await insertReturn(o2, "closed", "2026-06-06T10:00:00Z", [
    { line: o2.lines[0]!, product: "shirt", size: "M", quantity: 4, reason: "too_small" },
  ]);
  await insertReturn(o3, "refused", "2026-06-06T11:00:00Z", [
    { line: o3.lines[0]!, product: "scarf", quantity: 1, reason: "damaged" },
  ]);
  await insertReturn(o3, "requested", "2026-06-07T11:00:00Z", [
    { line: o3.lines[0]!, product: "scarf", quantity: 1, reason: "changed_mind" },
  ]);
  await insertReturn(o1, "cancelled", "2026-06-07T12:00:00Z", [
    { line: o1scarf, product: "scarf", quantity: 1, reason: "not_as_pictured" },
  ]);
  await insertReturn(o4, "closed", "2026-06-02T12:00:00Z", [
    { line: o4.lines[0]!, product: "shirt", size: "M", quantity: 1, reason: "too_small" },
  ]);
  const now = new Date();
  await insertReturn(o1, "approved", now, [{ line: o1m, product: "shirt", size: "M", quantity: 1, reason: "other" }]);
  await insertReturn(o3, "refused", now, [{ line: o3.lines[0]!, product: "scarf", quantity: 1, reason: "damaged" }]);
  await insertReturn(o4, "requested", now, [
    { line: o4.lines[0]!, product: "shirt", size: "M", quantity: 1, reason: "too_small" },
  ]);

  await refund(o2, 8000, "2026-06-07T15:00:00Z");
  // O2 refunded in full: its payment status moves as the returns' refund makes it (an UPDATE of the order).
  await db().execute(
    sql`update orders set payment_status = 'refunded', refunded_cents = total_cents where id = ${o2.id}::uuid`,
  );
  await refund(o1, 2200, "2026-06-08T15:00:00Z");
  await db().execute(sql`update orders set refunded_cents = 2200 where id = ${o1.id}::uuid`);
  await refund(o4, 2000, "2026-06-09T23:59:59Z");
  await refund(o5, 3000, "2026-06-02T09:00:00Z");
  await refund(o3, 1000, "2026-06-11T00:00:00Z");
});
afterAll(async () => {
  await server?.stop();
});

const get = (path: string, cookie?: string) =>
  fetch(`${server.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });

async function html(path: string, cookie: string): Promise<string> {
  const res = await get(path, cookie);
  expect(res.status, path).toBe(200);
  return asRead(await res.text());
}

/** Text without tags and React's text separators, entities read. */
const text = (cell: string) =>
  cell
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

const cells = (row: string) => [...row.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((cell) => text(cell[1]!));

/** The body rows of the table captioned `caption`. */
function tableRows(page: string, caption: string): string[][] {
  const start = page.indexOf(`<caption class="sr-only">${caption}</caption>`);
  expect(start, caption).toBeGreaterThan(-1);
  const table = page.slice(start, page.indexOf("</table>", start));
  const body = table.slice(table.indexOf("<tbody>"));
  return [...body.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map((m) => cells(m[1]!));
}

/** The figure cards: label → value. */
function cards(page: string): Record<string, string> {
  return Object.fromEntries(
    [...page.matchAll(/<dt[^>]*>(.*?)<\/dt><dd[^>]*>(.*?)<\/dd>/g)].map((m) => [text(m[1]!), text(m[2]!)]),
  );
}

const testId = (page: string, id: string) => {
  const m = page.match(new RegExp(`data-testid="${id}"[^>]*>(.*?)</p>`));
  expect(m, id).not.toBeNull();
  return text(m![1]!);
};

describe("the returns analytics", () => {
  it("show revenue, refunds made in the range and revenue net of refunds to the cent", async () => {
    const page = await html(`/admin/analytics${RANGE}`, adminCookie);
    expect(cards(page)).toMatchObject({
      "Total Orders": "3",
      "Total Revenue": formatCents(19_900),
      Refunds: formatCents(12_200),
      "Revenue net of refunds": formatCents(7_700),
      "Avg Order Value": formatCents(6_633),
    });
    expect(testId(page, "refunds-summary")).toContain(
      `Refunds made in this range: ${formatCents(12_200)} (3 refunds); revenue ${formatCents(19_900)}, net of refunds ${formatCents(7_700)}.`,
    );
  });

  it("show the return rate and reasons of the range's sales, by product and by size and colour", async () => {
    const page = await html(`/admin/analytics${RANGE}`, adminCookie);
    expect(testId(page, "returns-summary")).toContain(
      "8 of 11 units sold in this range were returned (72.7%), in 4 returns.",
    );
    expect(tableRows(page, RETURN_CAPTIONS.reasons)).toEqual([
      ["Too small", "5", "62.5%"],
      ["Too large", "1", "12.5%"],
      ["Changed my mind", "1", "12.5%"],
      ["Other", "1", "12.5%"],
    ]);
    expect(tableRows(page, RETURN_CAPTIONS.products)).toEqual([
      [SHIRT, "8", "7", "87.5%", "Too small"],
      [SCARF, "3", "1", "33.3%", "Changed my mind"],
    ]);
    expect(tableRows(page, RETURN_CAPTIONS.variants)).toEqual([
      [SHIRT, "M", "Blue", "7", "6", "85.7%", "Too small"],
      [SHIRT, "L", "Blue", "1", "1", "100.0%", "Too large"],
      [SCARF, "No size", "Red", "3", "1", "33.3%", "Changed my mind"],
    ]);
  });

  it("show this month's top reasons, refused returns left out, whatever the range", async () => {
    for (const path of [`/admin/analytics${RANGE}`, "/admin/analytics"]) {
      const page = await html(path, adminCookie);
      expect(tableRows(page, RETURN_CAPTIONS.month), path).toEqual([
        ["Too small", "1", "50.0%"],
        ["Other", "1", "50.0%"],
      ]);
      expect(text(page)).toContain("2 units in 2 returns asked for this month (America/New_York)");
    }
  });

  it("count nothing for a range without sales", async () => {
    const page = await html("/admin/analytics?from=2026-07-01&to=2026-07-10", adminCookie);
    expect(cards(page)).toMatchObject({ Refunds: formatCents(0), "Revenue net of refunds": formatCents(0) });
    expect(text(page)).toContain("No returns of this range's sales.");
  });

  it("count 'Too small' and 'Too large' returns toward the product's fit flag", async () => {
    const page = await html(`/admin/analytics${RANGE}`, adminCookie);
    const start = page.indexOf(`<caption class="sr-only">${FIT_TABLE_CAPTION}</caption>`);
    expect(start).toBeGreaterThan(-1);
    const row = page.slice(start).match(/<tr[^>]*data-fit-product="returns-test-shirt"[^>]*>(.*?)<\/tr>/);
    expect(row).not.toBeNull();
    expect(cells(row![1]!)).toEqual([
      SHIRT,
      "runs small",
      "0",
      "—",
      "7 (88%), 7 returned",
      "0 (0%)",
      "1 (13%), 1 returned",
    ]);
    expect(page).not.toContain('data-fit-product="returns-test-scarf"');
    const sizes = tableRows(page, `${SHIRT} by size`);
    expect(sizes).toEqual([
      ["M", "runs small", "0", "—", "7 (100%), 7 returned", "0 (0%)", "0 (0%)"],
      ["L", "—", "0", "—", "0 (0%)", "0 (0%)", "1 (100%), 1 returned"],
    ]);
    expect(text(page)).toContain("0 products with reviews, 1 more with size returns only, 1 flagged");
  });

  it("show the same figures in the console's Analytics tab, and none to a customer", async () => {
    const admin = await html(`/admin/analytics${RANGE}`, adminCookie);
    const consolePage = await html(`/secure-admin/analytics${RANGE}`, pass);
    expect(cards(consolePage)).toEqual(cards(admin));
    for (const caption of Object.values(RETURN_CAPTIONS)) {
      expect(tableRows(consolePage, caption), caption).toEqual(tableRows(admin, caption));
    }
    expect(testId(consolePage, "refunds-summary")).toEqual(testId(admin, "refunds-summary"));
    const customer = await signUp(server, "returns-shopper@example.com");
    const res = await get(`/admin/analytics${RANGE}`, customer.cookie);
    expect(await res.text()).not.toContain("Refunds made in this range");
  });
});
