import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discountCodes, discounts, orderDiscounts, orders, products, user } from "#db/schema/index";
import { addDays, utcDay } from "~/modules/analytics/analytics-range";
import { markOrderPaid } from "~/modules/orders/order-payment.server";
import { placeOrder } from "~/modules/orders/place-order.server";
import { createTestOrder } from "~/modules/orders/test-orders.server";
import { setProductStock } from "../support/catalog-fixtures";
import { testAddress, testLimits } from "../support/fixtures";
import { consolePass, cookieHeader, signIn, signUp } from "../support/sessions";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * The analytics by discount (issue 28) over HTTP, on both faces (/admin/analytics for the owner, the
 * console's Analytics tab with the shared password) and on the /admin dashboard's card. Orders are
 * placed by the checkout's placeOrder (a product at $20.00: standard shipping $9.99, free above $50,
 * tax 8%), then given their discounts in SQL as the checkout records them — `order_discounts` rows, and
 * `discount_cents`, shipping, tax and total to match — and moved to their day before being paid. Every
 * expected figure is worked out by hand below. A cancelled order (its rows released), an unpaid one, a
 * test order and one a millisecond before the range would each change a figure if counted. Nobody but
 * the owner and the console sees any of it.
 */

const ADMIN = { email: "owner@example.com", password: "OwnerPass123" };
/** The shared password: the console's, and what lets a signed-in customer into /admin's orders. */
const SHARED_PASSWORD = "Shared-Admin-Secret-42";
let server: TestServer;
let adminCookie = "";
let pass = "";
let customer: { cookie: string; id: string };
let productId = "";
let key = 0;
const db = () => server.services().database.db;

// The range: the day before yesterday to today (UTC), fixed when the file starts.
const today = utcDay(new Date());
const D0 = addDays(today, -2);
const D1 = addDays(today, -1);
const D2 = today;
const range = `from=${D0}&to=${D2}`;

const ids: Record<string, string> = {};
const discountIds: Record<string, string> = {};
const codeIds: Record<string, string> = {};

interface Amounts {
  discount: number;
  shipping: number;
  tax: number;
  total: number;
}
interface Use {
  discount: "summer" | "welcome" | "freeShipping" | "loyalty";
  kind: "amount" | "shipping";
  cents: number;
}

/** Places an order of `quantity` × $20.00 for the customer and answers its id. */
async function place(quantity: number): Promise<string> {
  const placed = await placeOrder(db(), {
    userId: customer.id,
    idempotencyKey: `discount-analytics-${++key}`,
    lines: [{ productId, quantity }],
    shippingAddress: testAddress,
    shippingMethod: "standard",
    paymentMethod: "demo",
    limits: testLimits,
  });
  return placed.id;
}

const CODES: Partial<Record<Use["discount"], string>> = { summer: "SUMMER20", welcome: "WELCOME10" };

/** Moves an order to `at` and records its discounts as the checkout would: the rows, then the amounts. */
async function discount(orderId: string, at: string, amounts: Amounts | null, uses: Use[]): Promise<void> {
  await db().transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    if (amounts) {
      // The amounts must add up (orders_amounts_check): subtotal − discount + shipping + tax.
      expect(order!.subtotalCents - amounts.discount + amounts.shipping + amounts.tax).toBe(amounts.total);
    }
    await tx
      .update(orders)
      .set({
        createdAt: new Date(at),
        ...(amounts
          ? {
              discountCents: amounts.discount,
              shippingCents: amounts.shipping,
              taxCents: amounts.tax,
              totalCents: amounts.total,
            }
          : {}),
      })
      .where(eq(orders.id, orderId));
    for (const use of uses) {
      const code = CODES[use.discount] ?? null;
      await tx.insert(orderDiscounts).values({
        orderId,
        discountId: discountIds[use.discount]!,
        codeId: code ? codeIds[use.discount]! : null,
        userId: order!.userId,
        code,
        title: TITLES[use.discount],
        kind: use.kind,
        amountCents: use.cents,
      });
    }
  });
}

const paid = (orderId: string) => markOrderPaid(db(), server.services().events, { orderId, paymentMethod: "demo" });

const TITLES: Record<Use["discount"], string> = {
  summer: "Summer sale",
  welcome: "Welcome offer",
  freeShipping: "Free shipping weekend",
  loyalty: "Loyalty extra",
};

beforeAll(async () => {
  server = await startTestServer({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SECURE_ADMIN_PASSWORD: SHARED_PASSWORD,
    RATE_LIMIT_IP_MULTIPLIER: "20",
  });
  adminCookie = await signIn(server.url, ADMIN.email, ADMIN.password);
  pass = await consolePass(server.url, SHARED_PASSWORD);
  customer = await signUp(server, "shopper@example.com");

  const [product] = await db().select({ id: products.id }).from(products).where(eq(products.isActive, true)).limit(1);
  productId = product!.id;
  await db().update(products).set({ priceCents: 2000, originalPriceCents: null }).where(eq(products.id, productId));
  await setProductStock(db(), productId, 500, { sizes: [], colors: [] });

  const made = await db()
    .insert(discounts)
    .values([
      { title: TITLES.summer, method: "code", valueType: "percentage", value: 20 },
      { title: TITLES.welcome, method: "code", valueType: "fixed", value: 1000 },
      { title: TITLES.freeShipping, method: "automatic", valueType: "free_shipping", value: null },
      { title: TITLES.loyalty, method: "automatic", valueType: "percentage", value: 5, combinable: true },
    ])
    .returning({ id: discounts.id, title: discounts.title });
  for (const [name, title] of Object.entries(TITLES)) discountIds[name] = made.find((d) => d.title === title)!.id;
  const codes = await db()
    .insert(discountCodes)
    .values([
      { discountId: discountIds.summer!, code: "Summer20" },
      { discountId: discountIds.welcome!, code: "WELCOME10" },
    ])
    .returning({ id: discountCodes.id, discountId: discountCodes.discountId });
  codeIds.summer = codes.find((c) => c.discountId === discountIds.summer)!.id;
  codeIds.welcome = codes.find((c) => c.discountId === discountIds.welcome)!.id;

  // O1, D0 00:00:00Z (the range's first instant): 1 × $20.00 with SUMMER20 (20 %: 400); $9.99 shipping;
  //     tax 8 % of 1600 = 128; total 2000 − 400 + 999 + 128 = 2727.
  ids.o1 = await place(1);
  await discount(ids.o1, `${D0}T00:00:00Z`, { discount: 400, shipping: 999, tax: 128, total: 2727 }, [
    { discount: "summer", kind: "amount", cents: 400 },
  ]);
  // O2, D0 12:00Z: 3 × $20.00 with SUMMER20 (1200) and the combinable offer Loyalty extra (5 %: 300);
  //     free shipping (above $50); tax 8 % of 4500 = 360; total 6000 − 1500 + 0 + 360 = 4860.
  ids.o2 = await place(3);
  await discount(ids.o2, `${D0}T12:00:00Z`, { discount: 1500, shipping: 0, tax: 360, total: 4860 }, [
    { discount: "summer", kind: "amount", cents: 1200 },
    { discount: "loyalty", kind: "amount", cents: 300 },
  ]);
  // O3, D1 10:00Z: 1 × $20.00 with the automatic free shipping (its $9.99 waived): discount_cents 0;
  //     tax 160; total 2000 + 0 + 160 = 2160. With a discount all the same.
  ids.o3 = await place(1);
  await discount(ids.o3, `${D1}T10:00:00Z`, { discount: 0, shipping: 0, tax: 160, total: 2160 }, [
    { discount: "freeShipping", kind: "shipping", cents: 999 },
  ]);
  // O4, D1 11:00Z: 2 × $20.00 with WELCOME10 ($10.00 off); $9.99 shipping; tax 8 % of 3000 = 240;
  //     total 4000 − 1000 + 999 + 240 = 4239.
  ids.o4 = await place(2);
  await discount(ids.o4, `${D1}T11:00:00Z`, { discount: 1000, shipping: 999, tax: 240, total: 4239 }, [
    { discount: "welcome", kind: "amount", cents: 1000 },
  ]);
  // O5, D2 00:00:00Z: 2 × $20.00, no discount: 4000 + 999 + 320 = 5319.
  ids.o5 = await place(2);
  await discount(ids.o5, `${D2}T00:00:00Z`, null, []);
  // O6, D1 09:00Z: 1 × $20.00, no discount: 2000 + 999 + 160 = 3159.
  ids.o6 = await place(1);
  await discount(ids.o6, `${D1}T09:00:00Z`, null, []);
  for (const id of [ids.o1, ids.o2, ids.o3, ids.o4, ids.o5, ids.o6]) await paid(id!);

  // Not counted once cancelled (the first test). O7, D1 12:00Z: 3 × $20.00 with WELCOME10, paid, then
  //     cancelled by the owner: its row is released. 6000 − 1000 + 0 + 400 = 5400.
  ids.o7 = await place(3);
  await discount(ids.o7, `${D1}T12:00:00Z`, { discount: 1000, shipping: 0, tax: 400, total: 5400 }, [
    { discount: "welcome", kind: "amount", cents: 1000 },
  ]);
  await paid(ids.o7);
  // O8, D2 00:00:00Z: 2 × $20.00 with SUMMER20 (800), not paid: 4000 − 800 + 999 + 256 = 4455.
  ids.o8 = await place(2);
  await discount(ids.o8, `${D2}T00:00:00Z`, { discount: 800, shipping: 999, tax: 256, total: 4455 }, [
    { discount: "summer", kind: "amount", cents: 800 },
  ]);
  // A test order (paid, D1) with SUMMER20 (100 off its 2999).
  const [owner] = await db().select().from(user).where(eq(user.email, ADMIN.email));
  const { orderNumber } = await createTestOrder(db(), {
    kind: "member" as const,
    id: owner!.id,
    name: "Owner",
    email: owner!.email,
  });
  const [testOrder] = await db().select().from(orders).where(eq(orders.orderNumber, orderNumber));
  ids.test = testOrder!.id;
  await discount(ids.test, `${D1}T08:00:00Z`, { discount: 100, shipping: 0, tax: 0, total: 2899 }, [
    { discount: "summer", kind: "amount", cents: 100 },
  ]);
  await db().update(orders).set({ paymentStatus: "paid", status: "processing" }).where(eq(orders.id, ids.test));
  // O9: a millisecond before the range (in the dashboard's 30 days): 1 × $20.00 with SUMMER20, as O1: 2727.
  ids.o9 = await place(1);
  await discount(ids.o9, `${addDays(D0, -1)}T23:59:59.999Z`, { discount: 400, shipping: 999, tax: 128, total: 2727 }, [
    { discount: "summer", kind: "amount", cents: 400 },
  ]);
  await paid(ids.o9);
});
afterAll(async () => {
  await server?.stop();
});

const get = (path: string, cookie?: string) =>
  fetch(`${server.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });

async function html(path: string, cookie: string): Promise<string> {
  const res = await get(path, cookie);
  expect(res.status, path).toBe(200);
  return res.text();
}

/** A cell's text: tags and React's text separators dropped, entities read. */
const text = (cell: string) =>
  cell
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

/** The body rows of the table with this caption, each as its cells' text. */
function tableRows(page: string, caption: string): string[][] {
  const start = page.indexOf(`<caption class="sr-only">${caption}</caption>`);
  expect(start, `table "${caption}"`).toBeGreaterThan(-1);
  const table = page.slice(start, page.indexOf("</table>", start));
  const body = table.slice(table.indexOf("<tbody>"));
  return [...body.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map((row) =>
    [...row[1]!.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((cell) => text(cell[1]!)),
  );
}

const BY_DISCOUNT =
  "Orders, revenue, average order value and discount given by discount code and offer, most revenue first";
const PER_DAY = "Revenue and orders per day";
const TOP = "The discount codes and offers with the most revenue in the last 30 days";

// By discount over D0 … D2, most revenue first. SUMMER20: O1 + O2 = 2727 + 4860 = 7587, average 3793.5 →
// $37.94, given 400 + 1200. Loyalty extra: O2. WELCOME10: O4 (O7 cancelled). Free shipping: O3, 999 waived.
const expectedByDiscount = [
  ["SUMMER20 Code · Summer sale", "2", "$75.87", "$37.94", "$16.00"],
  ["Loyalty extra Automatic offer", "1", "$48.60", "$48.60", "$3.00"],
  ["WELCOME10 Code · Welcome offer", "1", "$42.39", "$42.39", "$10.00"],
  ["Free shipping weekend Automatic offer", "1", "$21.60", "$21.60", "$9.99"],
];
// Per day: D0 O1 + O2, all with a discount; D1 O3 + O4 with, O6 without (3159); D2 O5 without.
const expectedPerDay = [
  [D0, "2", "$75.87", "$75.87", "$0.00"],
  [D1, "3", "$95.58", "$63.99", "$31.59"],
  [D2, "1", "$53.19", "$0.00", "$53.19"],
];
// 4 sales with a discount: 2727 + 4860 + 2160 + 4239 = 13986, average 3496.5 → $34.97; given 400 + 1200 +
// 300 + 999 + 1000 = 3899.
const expectedSummary = "4 sales with a discount, $139.86 (average order $34.97); $38.99 given in discounts.";

describe("the analytics by discount", () => {
  it("count a paid order with a discount, and leave it out once it is cancelled (its row released)", async () => {
    const before = await html(`/admin/analytics?${range}`, adminCookie);
    // O7 paid: WELCOME10 has O4 + O7, 4239 + 5400 = 9639, average 4819.5 → $48.20, $20.00 given.
    expect(tableRows(before, BY_DISCOUNT)).toContainEqual([
      "WELCOME10 Code · Welcome offer",
      "2",
      "$96.39",
      "$48.20",
      "$20.00",
    ]);
    const res = await fetch(`${server.url}/admin/orders/${await numberOf(ids.o7!)}`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, cookie: adminCookie },
      body: new URLSearchParams({ intent: "cancel" }),
    });
    expect(res.status).toBe(200);
    const [row] = await db().select().from(orderDiscounts).where(eq(orderDiscounts.orderId, ids.o7!));
    expect(row!.releasedAt).not.toBeNull();
    const after = await html(`/admin/analytics?${range}`, adminCookie);
    expect(tableRows(after, BY_DISCOUNT)).toEqual(expectedByDiscount);
  });

  it("give each code and offer its orders, revenue, average order and discount given, on /admin/analytics", async () => {
    const page = await html(`/admin/analytics?${range}`, adminCookie);
    expect(page).toContain("By discount");
    expect(tableRows(page, BY_DISCOUNT)).toEqual(expectedByDiscount);
    expect(text(page)).toContain(expectedSummary);
  });

  it("split the revenue per day into sales with and without a discount", async () => {
    const page = await html(`/admin/analytics?${range}`, adminCookie);
    expect(tableRows(page, PER_DAY)).toEqual(expectedPerDay);
    // The page's figures: 6 sales, 7587 + 9558 + 5319 = 22464, of which 13986 with a discount.
    expect(text(page)).toContain("$224.64 over 3 days, $139.86 of it from sales with a discount");
  });

  it("show the same figures in the console's Analytics tab", async () => {
    const page = await html(`/secure-admin/analytics?${range}`, pass);
    expect(tableRows(page, BY_DISCOUNT)).toEqual(expectedByDiscount);
    expect(tableRows(page, PER_DAY)).toEqual(expectedPerDay);
    expect(text(page)).toContain(expectedSummary);
  });

  it("say so when the range has no sale with a discount", async () => {
    const before = addDays(D0, -10);
    const page = await html(`/admin/analytics?from=${before}&to=${before}`, adminCookie);
    expect(page).toContain("No sales with a discount code or offer in this range.");
    expect(page).not.toContain(BY_DISCOUNT);
  });

  it("show the owner the top discounts of the last 30 days on /admin", async () => {
    const page = await html("/admin", adminCookie);
    // O9 is in these 30 days: SUMMER20 3 orders, 7587 + 2727 = 10314, average 3438.
    expect(tableRows(page, TOP)).toEqual([
      ["SUMMER20 Code · Summer sale", "3", "$103.14", "$34.38"],
      ["Loyalty extra Automatic offer", "1", "$48.60", "$48.60"],
      ["WELCOME10 Code · Welcome offer", "1", "$42.39", "$42.39"],
      ["Free shipping weekend Automatic offer", "1", "$21.60", "$21.60"],
    ]);
    // 5 sales with a discount: 13986 + 2727 = 16713.
    expect(text(page)).toContain("5 sales with a discount, $167.13");
    // The link opens Analytics on the same 30 days, ending today (or tomorrow: the test may cross midnight, UTC).
    const link = /href="\/admin\/analytics\?from=(\d{4}-\d{2}-\d{2})&amp;to=(\d{4}-\d{2}-\d{2})"/.exec(page);
    expect([today, addDays(today, 1)]).toContain(link?.[2]);
    expect(link?.[1]).toBe(addDays(link![2]!, -29));
  });

  it("count an order on the dashboard's card as soon as it is paid", async () => {
    // O8 (SUMMER20, 4455) paid now: its day D2 is in the 30 days.
    await paid(ids.o8!);
    const page = await html("/admin", adminCookie);
    // SUMMER20: 4 orders, 10314 + 4455 = 14769, average 3692.25 → $36.92.
    expect(tableRows(page, TOP)[0]).toEqual(["SUMMER20 Code · Summer sale", "4", "$147.69", "$36.92"]);
  });
});

async function numberOf(orderId: string): Promise<string> {
  const [row] = await db().select({ n: orders.orderNumber }).from(orders).where(eq(orders.id, orderId));
  return row!.n;
}

describe("nobody else sees them", () => {
  const secrets = ["SUMMER20", "Loyalty extra", "Top discounts", "By discount"];
  const hidden = (body: string, what: string) => {
    for (const secret of secrets) expect(body, `${what}: ${secret}`).not.toContain(secret);
  };

  it("not a visitor, nor a signed-in customer, on either face or their data", async () => {
    for (const cookie of ["", customer.cookie]) {
      for (const path of [
        `/admin?${range}`,
        "/admin.data",
        `/admin/analytics?${range}`,
        `/admin/analytics.data?${range}`,
        `/secure-admin/analytics?${range}`,
        `/secure-admin/analytics.data?${range}`,
      ]) {
        const res = await get(path, cookie);
        hidden(await res.text(), `${cookie ? "customer" : "visitor"} ${path}`);
      }
    }
  });

  // What the shared password may see is its role's (issue 32: SHARED_PASSWORD_ROLE, manager by default,
  // which has analytics); a role without analytics is refused them in back-office-matrix.test.ts.
  it("a customer holding the shared password, in its default role (manager): the analytics too", async () => {
    const account = await signUp(server, "helper@example.com");
    const res = await fetch(`${server.url}/admin`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, cookie: account.cookie },
      body: new URLSearchParams({ intent: "admin-password", password: SHARED_PASSWORD }),
    });
    expect(res.status).toBe(200);
    const both = `${account.cookie}; ${cookieHeader(res)}`;
    const dashboard = await html("/admin", both);
    expect(dashboard).toContain("Admin Dashboard");
    const analytics = await get(`/admin/analytics?${range}`, both);
    expect(analytics.status).toBe(200);
  });
});
