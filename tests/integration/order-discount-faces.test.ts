import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discountCodes, discounts, orderDiscounts, orders, products } from "#db/schema/index";
import { formatCents } from "~/lib/money";
import { setProductStock } from "../support/catalog-fixtures";
import { checkoutForm } from "../support/fixtures";
import { signIn, signUp } from "../support/sessions";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { databaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";
import { mailText } from "../support/mail-text";
import { asRead } from "../support/html";

/**
 * Issue 28: an order placed with discounts shows them on every face that shows its totals — its
 * confirmation page, /orders, the confirmation e-mail, the admin's order page (and the console's), the
 * CSV export — a line each below Subtotal ('SUMMER20 — −$12.00', 'FREESHIP — Free shipping', an
 * automatic offer by its title), to the cent. Placed over HTTP as the checkout does, with the code in
 * its body. After the discounts are edited, disabled and deleted, every face still shows what the order
 * was charged.
 */
const ADMIN = { email: "owner@example.com", password: "OwnerPass123" };
let server: TestServer;
let smtp: SmtpSink;
let adminCookie = "";
let shopper: { cookie: string; id: string };
let productId = "";
let key = 0;
/** The product's price: $30.00, in M and Black. */
const PRICE = 3000;
const LINE = { size: "M", color: "Black" } as const;
const ids = { summer: "", freeShip: "", weekend: "" };

/**
 * Order A: 2 × $30.00 with SUMMER20 (20%): $60.00 − $12.00, standard shipping $9.99 (the $50.00
 * threshold counts the discounted $48.00), 8% tax on $48.00 = $3.84, total $61.83.
 * Order B: 1 × $30.00 with FREESHIP and the automatic 'Weekend sale' ($5.00 off, combinable): $30.00 −
 * $5.00, shipping free (its $9.99 waived), 8% of $25.00 = $2.00, total $27.00.
 */
const A = { subtotal: 6000, discount: 1200, shipping: 999, tax: 384, total: 6183 };
const B = { subtotal: 3000, discount: 500, shipping: 0, tax: 200, total: 2700 };
const placed = { a: { id: "", number: "" }, b: { id: "", number: "" } };

const db = () => server.services().database.db;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO_PAYMENTS: "true",
    SMTP_URL: smtp.url,
    RATE_LIMIT_IP_MULTIPLIER: "20",
    UNPAID_ORDERS_PER_ACCOUNT: "100",
  });
  adminCookie = await signIn(server.url, ADMIN.email, ADMIN.password);
  shopper = await signUp(server, "saver@example.com");
  const [row] = await db().select({ id: products.id }).from(products).where(eq(products.isActive, true)).limit(1);
  productId = row!.id;
  await db().update(products).set({ priceCents: PRICE, originalPriceCents: null }).where(eq(products.id, productId));
  await setProductStock(db(), productId, 100, { sizes: ["M"], colors: ["Black"] });

  const [summer] = await db()
    .insert(discounts)
    .values({ title: "Summer 20%", method: "code", valueType: "percentage", value: 20 })
    .returning({ id: discounts.id });
  const [freeShip] = await db()
    .insert(discounts)
    .values({ title: "Free standard shipping", method: "code", valueType: "free_shipping", value: null })
    .returning({ id: discounts.id });
  ids.summer = summer!.id;
  ids.freeShip = freeShip!.id;
  // Codes are looked up whatever their case: the order keeps the upper case.
  await db()
    .insert(discountCodes)
    .values([
      { discountId: ids.summer, code: "Summer20" },
      { discountId: ids.freeShip, code: "FREESHIP" },
    ]);
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const postJson = (path: string, body: unknown, cookie = shopper.cookie) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url, cookie },
    body: JSON.stringify(body),
  });

async function html(path: string, cookie: string): Promise<string> {
  const res = await fetch(`${server.url}${path}`, { redirect: "manual", headers: { cookie } });
  expect(res.status, path).toBe(200);
  return asRead(await res.text());
}

/** Fills the cart with `quantity` of the product, places its order over HTTP with this code, and pays it. */
async function placeWith(quantity: number, discountCode: string | null, expectedTotalCents: number) {
  expect((await postJson("/api/cart", { intent: "clear" })).status).toBe(200);
  expect((await postJson("/api/cart", { intent: "add", productId, ...LINE, quantity })).status).toBe(200);
  const res = await postJson("/api/checkout", {
    intent: "place",
    idempotencyKey: `discount-faces-${++key}`,
    paymentMethod: "demo",
    form: checkoutForm,
    discountCode,
    // The total the summary showed: the server prices the order again and refuses another.
    expectedTotalCents,
  });
  const body = (await res.json()) as { orderId: string; orderNumber: string; totalCents: number };
  expect(res.status, JSON.stringify(body)).toBe(200);
  expect(body.totalCents).toBe(expectedTotalCents);
  const paid = await postJson("/api/checkout", { intent: "demo-pay", orderId: body.orderId });
  expect(paid.status, await paid.clone().text()).toBe(200);
  return { id: body.orderId, number: body.orderNumber };
}

/** A page's `dt`/`dd` pairs as 'term value' texts (tags dropped, entities of React's output decoded). */
function pairs(page: string): string[] {
  const text = (fragment: string) =>
    fragment
      .replace(/<[^>]*>/g, "")
      .replace(/&amp;/g, "&")
      .replace(/&#x27;/g, "'")
      .replace(/\s+/g, " ")
      .trim();
  return [...page.matchAll(/<dt[^>]*>([\s\S]*?)<\/dt>\s*<dd[^>]*>([\s\S]*?)<\/dd>/g)].map(
    (m) => `${text(m[1]!)} ${text(m[2]!)}`,
  );
}

/** The totals' rows of a page: from 'Subtotal' on, as many as expected. */
function totalsOf(page: string, count: number): string[] {
  const all = pairs(page);
  const from = all.findIndex((p) => p.startsWith("Subtotal "));
  expect(from, all.join(" | ")).toBeGreaterThanOrEqual(0);
  return all.slice(from, from + count);
}

/** The totals as each page shows them (the shipping row says Free when a discount or the threshold waived it). */
const expectedTotals = {
  a: [
    `Subtotal ${formatCents(A.subtotal)}`,
    "SUMMER20 — −$12.00",
    `Shipping ${formatCents(A.shipping)}`,
    `Tax ${formatCents(A.tax)}`,
    `Total ${formatCents(A.total)}`,
  ],
  b: [
    `Subtotal ${formatCents(B.subtotal)}`,
    "Weekend sale — −$5.00",
    "FREESHIP — Free shipping",
    "Shipping Free",
    `Tax ${formatCents(B.tax)}`,
    `Total ${formatCents(B.total)}`,
  ],
};

/** The totals of a mail's text: each label on a line, its amount on the next. */
function mailTotals(raw: string, count: number): string[] {
  const lines = mailText(raw)
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  const from = lines.indexOf("Subtotal");
  expect(from, lines.join(" | ")).toBeGreaterThanOrEqual(0);
  const rows: string[] = [];
  for (let i = from; rows.length < count; i += 2) rows.push(`${lines[i]} ${lines[i + 1]}`);
  return rows;
}

/** The same totals as a mail words them: the shipping row names its method, a discount has no dash. */
const mailed = (expected: string[]) =>
  expected.map((row) => row.replace(" — ", " ").replace(/^Shipping /, "Shipping (Standard) "));

async function until<T>(what: string, probe: () => T | null | undefined | false, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function exported(orderNumber: string): Promise<Record<string, string>> {
  const res = await fetch(`${server.url}/admin/orders/export?q=${orderNumber}`, { headers: { cookie: adminCookie } });
  expect(res.status).toBe(200);
  const rows = parse((await res.text()).replace(/^\ufeff/, ""), { columns: true }) as Record<string, string>[];
  expect(rows.map((r) => r["Order number"])).toEqual([orderNumber]);
  return rows[0]!;
}

/** Every face of both orders shows their discounts and amounts, to the cent. */
async function expectEveryFace() {
  for (const [name, order] of [
    ["a", placed.a],
    ["b", placed.b],
  ] as const) {
    const totals = expectedTotals[name];
    // The confirmation page, to its shopper.
    const confirmation = await html(`/order-confirmation/${order.number}`, shopper.cookie);
    expect(totalsOf(confirmation, totals.length)).toEqual(totals);
    // The admin's order page, and the console's order panel (the same component).
    const admin = await html(`/admin/orders/${order.number}`, adminCookie);
    expect(totalsOf(admin, totals.length)).toEqual(totals);
    const consolePanel = await html(`/secure-admin/orders?order=${order.number}`, adminCookie);
    expect(totalsOf(consolePanel, totals.length)).toEqual(totals);
  }

  // /orders: each card its own discounts beside its total, and no other's.
  const history = await html("/orders", shopper.cookie);
  const card = (number: string) => {
    const start = history.indexOf(`>${number}</h2>`);
    expect(start, number).toBeGreaterThan(0);
    return history.slice(start, history.indexOf("View Details", start));
  };
  expect(pairs(card(placed.a.number))).toEqual(["SUMMER20 — −$12.00"]);
  expect(card(placed.a.number)).toContain(formatCents(A.total));
  expect(pairs(card(placed.b.number))).toEqual(["Weekend sale — −$5.00", "FREESHIP — Free shipping"]);
  expect(card(placed.b.number)).toContain(formatCents(B.total));

  // The CSV export: the discount in cents off, the codes (an offer by its title) beside the subtotal.
  expect(await exported(placed.a.number)).toMatchObject({
    Subtotal: "60.00",
    Discount: "12.00",
    "Discount codes": "SUMMER20",
    Shipping: "9.99",
    Tax: "3.84",
    Total: "61.83",
  });
  expect(await exported(placed.b.number)).toMatchObject({
    Subtotal: "30.00",
    Discount: "5.00",
    "Discount codes": "Weekend sale; FREESHIP",
    Shipping: "0.00",
    Tax: "2.00",
    Total: "27.00",
  });
}

describe(`an order's discounts on every face that shows its totals (${databaseKind})`, () => {
  it("places the orders with their discounts: the order rows hold what applied and why", async () => {
    placed.a = await placeWith(2, "summer20", A.total);
    // An automatic offer from now on (combinable with a code): it goes live as the checkout reads offers again.
    const [weekend] = await db()
      .insert(discounts)
      .values({ title: "Weekend sale", method: "automatic", valueType: "fixed", value: 500, combinable: true })
      .returning({ id: discounts.id });
    ids.weekend = weekend!.id;
    await server.services().events.emit("catalog.changed", { reason: "a new automatic offer" });
    placed.b = await placeWith(1, "FREESHIP", B.total);

    for (const [order, amounts] of [
      [placed.a, A],
      [placed.b, B],
    ] as const) {
      const [row] = await db()
        .select({
          subtotal: orders.subtotalCents,
          discount: orders.discountCents,
          shipping: orders.shippingCents,
          tax: orders.taxCents,
          total: orders.totalCents,
        })
        .from(orders)
        .where(eq(orders.id, order.id));
      expect(row).toEqual(amounts);
    }
    const applied = await db()
      .select({ orderId: orderDiscounts.orderId, code: orderDiscounts.code, kind: orderDiscounts.kind })
      .from(orderDiscounts);
    expect(applied.filter((r) => r.orderId === placed.a.id)).toEqual([
      { orderId: placed.a.id, code: "SUMMER20", kind: "amount" },
    ]);
    expect(applied.filter((r) => r.orderId === placed.b.id)).toHaveLength(2);
  });

  it("shows them on the confirmation page, /orders, the admin's and the console's order pages and the export", async () => {
    await expectEveryFace();
    // Marked up as the totals are: a term and its value, the dash read out to screen readers only.
    const page = await html(`/order-confirmation/${placed.a.number}`, shopper.cookie);
    expect(page).toMatch(/<dt>SUMMER20<span class="sr-only"> — <\/span><\/dt><dd>−\$12\.00<\/dd>/);
  });

  it("shows them in the confirmation e-mail each order sent when paid", async () => {
    for (const [order, totals] of [
      [placed.a, expectedTotals.a],
      [placed.b, expectedTotals.b],
    ] as const) {
      const mail = await until("the confirmation e-mail", () =>
        smtp.mails.find((m) => m.subject === `Order confirmed: ${order.number}`),
      );
      expect(mailTotals(mail.raw, totals.length)).toEqual(mailed(totals));
    }
  });

  it("keeps showing what the orders were charged after their discounts are edited, disabled and deleted", async () => {
    await db()
      .update(discounts)
      .set({ title: "Summer 50%", value: 50, isEnabled: false })
      .where(eq(discounts.id, ids.summer));
    await db().update(discountCodes).set({ code: "WINTER50" }).where(eq(discountCodes.discountId, ids.summer));
    await db()
      .update(discounts)
      .set({ title: "Ten off", valueType: "fixed", value: 1000, isEnabled: false })
      .where(eq(discounts.id, ids.freeShip));
    await db().delete(discounts).where(eq(discounts.id, ids.weekend));
    await server.services().events.emit("catalog.changed", { reason: "discounts edited" });

    await expectEveryFace();

    // An order e-mail sent now (the admin's 'Send e-mail') says the same as the first.
    const before = smtp.mails.length;
    for (const [order, totals] of [
      [placed.a, expectedTotals.a],
      [placed.b, expectedTotals.b],
    ] as const) {
      const sent = await fetch(`${server.url}/admin/orders/${order.number}`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: server.url, cookie: adminCookie },
        body: new URLSearchParams({ intent: "notify-email", notificationType: "order_confirmation" }),
      });
      expect(sent.status, await sent.clone().text()).toBe(200);
      const mail = await until("the e-mail sent again", () =>
        smtp.mails.slice(before).find((m) => m.subject === `Order confirmed: ${order.number}`),
      );
      expect(mailTotals(mail.raw, totals.length)).toEqual(mailed(totals));
    }
  });
});
