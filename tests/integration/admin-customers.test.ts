import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/lib/db/client.server";
import { ADMIN_ACCESS_MESSAGES } from "~/modules/accounts/admin-grant";
import { cookieHeader, signIn, signUp } from "../support/sessions";
import { databaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * Customers in the back office (issue 32) over HTTP: the list's search and sorts, a customer's page and
 * its figures to the cent, the CSV export (formula cells neutralised), and who may see any of it: the
 * admin account only — a customer, a visitor and a shared-password holder get nothing, .data URLs and
 * the CSV included.
 */

const ADMIN = { email: "owner@example.com", password: "OwnerPass123" };
const SHARED_PASSWORD = "SharedPass123!";
const DAY = 86_400_000;

let server: TestServer;
let adminCookie = "";
let customerCookie = "";
let passHolderCookie = "";
const db = () => server.services().database.db;

const address = (city: string) => ({
  firstName: "Maya",
  lastName: "Zephyrine",
  email: "maya.zephyrine@example.com",
  phone: "+1 555 0100",
  address: "1 Main St",
  city,
  state: "OR",
  postalCode: "97204",
  country: "US",
});

async function customer(id: string, name: string, email: string, phone: string | null, subscribed: boolean) {
  await db().execute(sql`insert into "user" (id, name, email, role) values (${id}, ${name}, ${email}, 'customer')`);
  await db().execute(
    sql`insert into profiles (user_id, full_name, phone, subscribe_newsletter) values (${id}, ${name}, ${phone}, ${subscribed})`,
  );
}

let orderNo = 0;
async function order(
  userId: string,
  o: {
    total: number;
    daysAgo: number;
    status?: string;
    payment?: string;
    paid?: boolean;
    refunded?: number;
    test?: boolean;
    city?: string;
    lines?: Array<[string, string, number]>;
  },
) {
  const at = new Date(Date.now() - o.daysAgo * DAY);
  const number = `ORD-7${String(++orderNo).padStart(7, "0")}`;
  const [row] = await queryRows<{ id: string }>(
    db(),
    sql`insert into orders (order_number, user_id, status, payment_status, subtotal_cents, total_cents, shipping_address,
          customer_email, is_test, paid_at, refunded_cents, created_at, updated_at)
        values (${number}, ${userId}, ${o.status ?? "processing"}, ${o.payment ?? "paid"}, ${o.total}, ${o.total},
          ${JSON.stringify(address(o.city ?? "Portland"))}::jsonb, 'maya.zephyrine@example.com', ${o.test ?? false},
          ${o.paid === false ? null : at}, ${o.refunded ?? 0}, ${at}, ${at})
        returning id`,
  );
  for (const [size, color, quantity] of o.lines ?? []) {
    await db().execute(
      sql`insert into order_items (order_id, product_name, product_sku, size, color, quantity, unit_price_cents, total_price_cents)
          values (${row!.id}, 'Linen Shirt', 'LIN-1', ${size}, ${color}, ${quantity}, 1000, ${quantity * 1000})`,
    );
  }
  return { id: row!.id, number };
}

let mayaOrder = "";

beforeAll(async () => {
  server = await startTestServer({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SECURE_ADMIN_PASSWORD: SHARED_PASSWORD,
    // The shared password in a role without this area (issue 32: SHARED_PASSWORD_ROLE; manager by default).
    SHARED_PASSWORD_ROLE: "catalogue",
  });
  adminCookie = await signIn(server.url, ADMIN.email, ADMIN.password);
  customerCookie = (await signUp(server, "plain.shopper@example.com")).cookie;
  const holder = await signUp(server, "pass.holder@example.com");
  const grant = await fetch(`${server.url}/admin`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, cookie: holder.cookie },
    body: new URLSearchParams({ intent: "admin-password", password: SHARED_PASSWORD }),
  });
  expect(await grant.text()).toContain(ADMIN_ACCESS_MESSAGES.granted);
  passHolderCookie = `${holder.cookie}; ${cookieHeader(grant)}`;

  await customer("cust-maya", "Maya Zephyrine", "maya.zephyrine@example.com", "+1 555 0100", true);
  await customer("cust-ben", "Ben Zephyrine", "ben.zephyrine@example.com", "+44 20 7946 0000", false);
  await customer("cust-cmd", "=cmd|' /C calc'!A0 Zephyrine", "cmd.zephyrine@example.com", null, false);
  // Maya: three orders count (paid, part-refunded, unpaid pending); a test order and an abandoned one do not.
  mayaOrder = (
    await order("cust-maya", {
      total: 10_000,
      daysAgo: 3,
      lines: [
        ["M", "Black", 2],
        ["L", "Black", 1],
      ],
    })
  ).number;
  await order("cust-maya", {
    total: 5_050,
    daysAgo: 5,
    status: "cancelled",
    payment: "refunded",
    refunded: 2_525,
    city: "Seattle",
    lines: [["M", "Red", 1]],
  });
  await order("cust-maya", {
    total: 3_000,
    daysAgo: 1,
    status: "pending",
    payment: "pending",
    paid: false,
    lines: [["S", "Blue", 1]],
  });
  await order("cust-maya", { total: 99_999, daysAgo: 0, test: true, lines: [["XL", "Green", 9]] });
  await order("cust-maya", {
    total: 7_000,
    daysAgo: 2,
    status: "cancelled",
    payment: "failed",
    paid: false,
    lines: [["XL", "Green", 9]],
  });
  // Ben: one large order a month ago.
  await order("cust-ben", { total: 20_000, daysAgo: 30, lines: [["L", "White", 1]] });
  // A return and a review of Maya's.
  const [first] = await queryRows<{ id: string }>(db(), sql`select id from orders where order_number = ${mayaOrder}`);
  await db().execute(
    sql`insert into returns (rma_number, order_id, user_id, status) values (${`RMA-${mayaOrder.slice(4)}-1`}, ${first!.id}, 'cust-maya', 'requested')`,
  );
  const [product] = await queryRows<{ id: string }>(db(), sql`select id from products order by slug limit 1`);
  if (product) {
    await db().execute(
      sql`insert into reviews (product_id, user_id, rating, title, body, author_name)
          values (${product.id}, 'cust-maya', 4, 'Lovely linen', 'Fits well.', 'Maya Z.')`,
    );
  }
});
afterAll(async () => {
  await server?.stop();
});

const get = (path: string, cookie?: string) =>
  fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });

/** The customer names of a list page, in order. */
async function listed(query: string): Promise<string[]> {
  const res = await get(`/admin/customers?${query}`, adminCookie);
  expect(res.status).toBe(200);
  const html = await res.text();
  return [...html.matchAll(/href="\/admin\/customers\/([^"?]+)"/g)].map((m) => m[1]!);
}

describe(`customers in the back office (${databaseKind})`, () => {
  it("searches by name, e-mail prefix and phone", async () => {
    expect((await listed("q=zephyrine")).sort()).toEqual(["cust-ben", "cust-cmd", "cust-maya"]);
    expect(await listed("q=maya%20zep")).toEqual(["cust-maya"]);
    expect(await listed("q=BEN.zephyrine%40")).toEqual(["cust-ben"]);
    expect(await listed("q=7946%200000")).toEqual(["cust-ben"]);
    expect(await listed("q=%2B44%2020%207946%200000")).toEqual(["cust-ben"]);
    expect(await listed("q=555-0100")).toEqual(["cust-maya"]);
    expect(await listed("q=nobody-like-this")).toEqual([]);
    // The admin account is no customer.
    expect(await listed("q=owner%40")).toEqual([]);
  });

  it("sorts by last order, orders and total spent", async () => {
    expect(await listed("q=zephyrine")).toEqual(["cust-maya", "cust-ben", "cust-cmd"]);
    expect(await listed("q=zephyrine&sort=orders")).toEqual(["cust-maya", "cust-ben", "cust-cmd"]);
    expect(await listed("q=zephyrine&sort=spent")).toEqual(["cust-ben", "cust-maya", "cust-cmd"]);
  });

  it("shows a customer's page with its figures to the cent", async () => {
    const res = await get("/admin/customers/cust-maya", adminCookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    const cell = (id: string) => html.match(new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`))?.[1];
    expect(cell("orders-count")).toBe("3");
    // 100.00 + (50.50 − 25.25 refunded); the unpaid, test and abandoned orders do not count.
    expect(cell("spent")).toBe("$125.25");
    // Over the two paid orders: 12,525 / 2 = 6,262.5 → $62.63.
    expect(cell("average")).toBe("$62.63");
    expect(cell("sizes")).toBe("M (3), L (1), S (1)");
    expect(cell("colors")).toBe("Black (3), Blue (1), Red (1)");
    expect(cell("consent")).toMatch(/^Subscribed to the newsletter \(agreed \d{4}-\d\d-\d\d\)$/);
    expect(html).toContain("Portland");
    expect(html).toContain("Seattle");
    expect(html).toContain(`href="/admin/orders/${mayaOrder}"`);
    expect(html).toContain(`RMA-${mayaOrder.slice(4)}-1`);
    expect(html).toContain("+1 555 0100");
    const ben = await (await get("/admin/customers/cust-ben", adminCookie)).text();
    expect(ben).toContain("Not subscribed");
    expect((await get("/admin/customers/no-such-one", adminCookie)).status).toBe(404);
  });

  it("exports the filtered list as CSV with formula cells neutralised", async () => {
    const res = await get("/admin/customers/export?q=zephyrine&sort=spent", adminCookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="customers-\d{4}-\d\d-\d\d\.csv"/);
    const rows = parse((await res.text()).replace(/^\ufeff/, "")) as string[][];
    expect(rows[0]).toEqual([
      "name",
      "email",
      "phone",
      "orders",
      "total_spent",
      "last_order_at",
      "newsletter",
      "joined_at",
    ]);
    expect(rows.slice(1).map((r) => r.slice(0, 5))).toEqual([
      ["Ben Zephyrine", "ben.zephyrine@example.com", "'+44 20 7946 0000", "1", "200.00"],
      ["Maya Zephyrine", "maya.zephyrine@example.com", "'+1 555 0100", "3", "125.25"],
      ["'=cmd|' /C calc'!A0 Zephyrine", "cmd.zephyrine@example.com", "", "0", "0.00"],
    ]);
  });

  it("gives a customer, a visitor and a shared-password holder nothing", async () => {
    const others = { customer: customerCookie, visitor: undefined, "shared-password holder": passHolderCookie };
    const paths = [
      "/admin/customers",
      "/admin/customers.data",
      "/admin/customers?q=zephyrine",
      "/admin/customers.data?q=zephyrine&sort=spent",
      "/admin/customers/cust-maya",
      "/admin/customers/cust-maya.data",
      "/admin/customers/export",
      "/admin/customers/export?q=maya",
    ];
    for (const [who, cookie] of Object.entries(others)) {
      for (const path of paths) {
        const res = await get(path, cookie);
        const text = await res.text();
        // (The URL's own search words may be echoed back; no customer's data may.)
        for (const secret of ["Maya Zephyrine", "ben.zephyrine@", "555 0100", "cust-ben", "$125.25"]) {
          expect(text, `${path} ${who}`).not.toContain(secret);
        }
        if (path.includes("export")) expect(res.status, `${path} ${who}`).toBe(403);
      }
    }
    // The pass holder, in a role without customers (SHARED_PASSWORD_ROLE), is refused in words, and sees
    // no 'Customers' entry on the dashboard.
    const held = await get("/admin/customers/cust-maya", passHolderCookie);
    expect(held.status).toBe(403);
    expect(await held.text()).toContain("Your role (Catalogue) does not include customers.");
    const dashboard = await (await get("/admin", passHolderCookie)).text();
    expect(dashboard).not.toContain('href="/admin/customers"');
    const owner = await (await get("/admin", adminCookie)).text();
    expect(owner).toContain('href="/admin/customers"');
  });
});
