import { parse } from "csv-parse/sync";
import { count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, orderStatusHistory, products } from "#db/schema/index";
import { ADMIN_ACCESS_MESSAGES } from "~/modules/accounts/admin-grant";
import { ORDER_MOVE_MESSAGES } from "~/modules/orders/order-move-forms";
import { markOrderPaid } from "~/modules/orders/order-payment.server";
import { placeOrder } from "~/modules/orders/place-order.server";
import { testAddress, testLimits } from "../support/fixtures";
import { cookieHeader, signIn, signUp } from "../support/sessions";
import { setProductStock } from "../support/catalog-fixtures";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * The orders back office over HTTP (issue 12): who gets into /admin (an admin; a customer with the shared
 * password, for that session only; nobody else), the dashboard's figures, list, search, filters and
 * paging, an order's page and its fulfilment moves, the test-order tool and the CSV export. Every write
 * by someone without admin access is checked against the database: nothing changes.
 */

const ADMIN = { email: "owner@example.com", password: "OwnerPass123" };
const SHARED_PASSWORD = "Shared-Admin-Secret-42";
const FORMULA_NAME = '=HYPERLINK("http://evil.example","click")';
let server: TestServer;
let adminCookie = "";
let customer: { cookie: string; id: string };
let other: { cookie: string; id: string };
let productId = "";
let key = 0;
const numbers: { zelda: string; pending: string; formula: string; bulk: string[] } = {
  zelda: "",
  pending: "",
  formula: "",
  bulk: [],
};
const ids = new Map<string, string>();

const db = () => server.services().database.db;

async function place(address: Partial<typeof testAddress>, paid: boolean): Promise<string> {
  const placed = await placeOrder(db(), {
    userId: customer.id,
    idempotencyKey: `admin-orders-${++key}`,
    lines: [{ productId, quantity: 1 }],
    shippingAddress: { ...testAddress, ...address },
    shippingMethod: "standard",
    paymentMethod: "demo",
    limits: testLimits,
  });
  if (paid) await markOrderPaid(db(), server.services().events, { orderId: placed.id, paymentMethod: "demo" });
  ids.set(placed.orderNumber, placed.id);
  return placed.orderNumber;
}

beforeAll(async () => {
  server = await startTestServer({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SECURE_ADMIN_PASSWORD: SHARED_PASSWORD,
    DEMO_PAYMENTS: "true",
    // Every request comes from 127.0.0.1: the per-account limit is what the tests count.
    RATE_LIMIT_IP_MULTIPLIER: "20",
  });
  adminCookie = await signIn(server.url, ADMIN.email, ADMIN.password);
  customer = await signUp(server, "customer@example.com");
  other = await signUp(server, "other@example.com");
  const [product] = await db().select({ id: products.id }).from(products).where(eq(products.isActive, true)).limit(1);
  productId = product!.id;
  await setProductStock(db(), productId, 500, { sizes: ["M", "L"], colors: [] });
  for (let i = 0; i < 22; i++) {
    numbers.bulk.push(
      await place({ firstName: "Bulk", lastName: "Buyer", email: `bulk${i}@example.com` }, i % 2 === 0),
    );
  }
  numbers.pending = await place({ firstName: "Penny", lastName: "O. Okafor", email: "penny@example.com" }, false);
  numbers.formula = await place({ firstName: FORMULA_NAME, lastName: "Hack", email: "hack@example.com" }, true);
  numbers.zelda = await place({ firstName: "Zelda", lastName: "Quartz", email: "zelda.q@example.com" }, true);
});
afterAll(async () => {
  await server?.stop();
});

const get = (path: string, cookie?: string) =>
  fetch(`${server.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });

const postForm = (path: string, fields: Record<string, string>, cookie?: string) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields),
  });

const postJson = (path: string, body: unknown, cookie?: string) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

async function html(path: string, cookie = adminCookie): Promise<string> {
  const res = await get(path, cookie);
  expect(res.status, path).toBe(200);
  return res.text();
}

/** The order numbers the list shows, in order. */
const listed = (page: string) => [...page.matchAll(/href="\/admin\/orders\/((?:ORD|TEST)-\d+)"/g)].map((m) => m[1]!);

function stat(page: string, label: string): string {
  return new RegExp(`<dt[^>]*>${label.replace(/[()]/g, "\\$&")}</dt><dd[^>]*>([^<]+)</dd>`).exec(page)?.[1] ?? "";
}

async function row(orderNumber: string) {
  const [found] = await db()
    .select({
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      trackingNumber: orders.trackingNumber,
      carrier: orders.carrier,
      updatedAt: orders.updatedAt,
    })
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber));
  return found!;
}

async function snapshot() {
  const rows = await db()
    .select({
      n: orders.orderNumber,
      s: orders.status,
      p: orders.paymentStatus,
      t: orders.trackingNumber,
      u: orders.updatedAt,
    })
    .from(orders)
    .orderBy(orders.orderNumber);
  const [history] = await db().select({ n: count() }).from(orderStatusHistory);
  return { rows, history: history!.n };
}

/** A customer who typed the shared password: their session cookie plus the pass. */
async function customerWithPass(email: string) {
  const account = await signUp(server, email);
  const res = await postForm("/admin", { intent: "admin-password", password: ` ${SHARED_PASSWORD} ` }, account.cookie);
  expect(res.status).toBe(200);
  expect(await res.text()).toContain(ADMIN_ACCESS_MESSAGES.granted);
  const pass = cookieHeader(res);
  expect(pass).toMatch(/^abundance\.admin_grant=/);
  const setCookie = res.headers.get("set-cookie") ?? "";
  expect(setCookie).toMatch(/HttpOnly/i);
  expect(setCookie).toMatch(/SameSite=Lax/i);
  expect(setCookie).toMatch(/Max-Age=28800/);
  return { ...account, pass, both: `${account.cookie}; ${pass}` };
}

describe("access to /admin", () => {
  it("shows a visitor 'Admin Access Required' with a sign-in link, and no order data", async () => {
    const page = await html("/admin", "");
    expect(page).toContain("Admin Access Required");
    expect(page).toContain('href="/login?redirect=%2Fadmin"');
    expect(page).not.toContain(numbers.zelda);
    expect(page).not.toContain("Revenue today");
    const data = await (await get("/admin.data")).text();
    expect(data).not.toContain(numbers.zelda);
    expect(data).not.toContain("zelda.q@example.com");
  });

  it("shows a customer the shared-password prompt, and no order data", async () => {
    const page = await html("/admin", customer.cookie);
    expect(page).toContain("Admin Password");
    expect(page).toMatch(/<button[^>]*type="submit"[^>]*>Login<\/button>/);
    expect(page).not.toContain(numbers.zelda);
    const data = await (await get("/admin.data", customer.cookie)).text();
    expect(data).not.toContain(numbers.zelda);
    expect(data).not.toContain("zelda.q@example.com");
  });

  it("answers a wrong password 'Invalid admin password', with no pass and still no data", async () => {
    const res = await postForm("/admin", { intent: "admin-password", password: "not-it" }, customer.cookie);
    expect(res.status).toBe(403);
    const text = await res.text();
    expect(text).toContain(ADMIN_ACCESS_MESSAGES.invalidPassword);
    expect(text).not.toContain(numbers.zelda);
    expect(res.headers.get("set-cookie") ?? "").not.toContain("admin_grant");
    expect(await html("/admin", customer.cookie)).not.toContain(numbers.zelda);
  });

  it("stops an account after 5 wrong passwords, even when the next one is right", async () => {
    const account = await signUp(server, "guesser@example.com");
    for (let i = 0; i < 5; i++) {
      const res = await postForm("/admin", { intent: "admin-password", password: `guess-${i}` }, account.cookie);
      expect(res.status).toBe(403);
    }
    const refused = await postForm("/admin", { intent: "admin-password", password: SHARED_PASSWORD }, account.cookie);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain("Too many attempts");
    expect(refused.headers.get("set-cookie") ?? "").not.toContain("admin_grant");
  });

  it("gives a customer with the right password admin access to /admin and to an order's page", async () => {
    const granted = await customerWithPass("granted@example.com");
    const page = await html("/admin", granted.both);
    expect(page).toContain("Admin Dashboard");
    expect(page).toContain(numbers.zelda);
    const order = await html(`/admin/orders/${numbers.zelda}`, granted.both);
    expect(order).toContain("zelda.q@example.com");
    // The pass alone, without the session it was given to, is nothing.
    expect(await html("/admin", granted.pass)).toContain('href="/login?redirect=%2Fadmin"');
  });

  it("does not let the pass work for another account's session, or for another session of the same account", async () => {
    const granted = await customerWithPass("holder@example.com");
    const borrowed = `${other.cookie}; ${granted.pass}`;
    const page = await html("/admin", borrowed);
    expect(page).toContain("Admin Password");
    expect(page).not.toContain(numbers.zelda);
    const detail = await get(`/admin/orders/${numbers.zelda}`, borrowed);
    expect(detail.status).toBe(302);
    expect(detail.headers.get("location")).toBe("/admin");
    // The same account signed in again elsewhere: a new session, which the old pass does not name.
    const second = await signIn(server.url, "holder@example.com", "Shopper123");
    expect(await html("/admin", `${second}; ${granted.pass}`)).not.toContain(numbers.zelda);
    // A pass with a forged signature is no pass.
    // (A character inside the signature: the last one's low bits are base64 padding, so changing only
    // them would leave the same signature.)
    const forged = granted.pass.replace(/.(?=.{4}$)/, (c) => (c === "A" ? "Q" : "A"));
    expect(await html("/admin", `${granted.cookie}; ${forged}`)).not.toContain(numbers.zelda);
  });

  it("drops the pass at sign-out", async () => {
    const granted = await customerWithPass("leaving@example.com");
    const res = await fetch(`${server.url}/api/auth/sign-out`, {
      method: "POST",
      headers: { cookie: granted.both, origin: server.url, "content-type": "application/json" },
      body: "{}",
      redirect: "manual",
    });
    expect(res.status).toBe(200);
    const cleared = res.headers.getSetCookie().find((c) => c.startsWith("abundance.admin_grant="));
    expect(cleared).toMatch(/^abundance\.admin_grant=;/);
    expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect(await html("/admin", granted.both)).not.toContain(numbers.zelda);
  });

  it("sends a customer's and a visitor's request for an order's page to /admin", async () => {
    for (const cookie of [customer.cookie, undefined]) {
      const res = await get(`/admin/orders/${numbers.zelda}`, cookie);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/admin");
      const data = await (await get(`/admin/orders/${numbers.zelda}.data`, cookie)).text();
      expect(data).not.toContain("zelda.q@example.com");
    }
  });
});

describe("the dashboard", () => {
  it("shows an admin the figures and the 20 newest orders, then the rest on page 2", async () => {
    const page = await html("/admin");
    expect(page).toContain("Admin Dashboard");
    expect(page).toContain('href="/admin/products"');
    // 25 orders placed today, 13 paid (11 bulk + formula + zelda), 12 pending (none are test orders).
    expect(stat(page, "Orders today")).toBe("25");
    expect(stat(page, "Orders (30 days)")).toBe("25");
    expect(stat(page, "Paid orders (30 days)")).toBe("13");
    expect(stat(page, "Pending orders")).toBe("12");
    expect(stat(page, "Revenue today")).toMatch(/^\$[\d,]+\.\d\d$/);
    expect(stat(page, "Low-stock sizes")).toMatch(/^\d+$/);
    const first = listed(page);
    expect(first).toHaveLength(20);
    expect(first[0]).toBe(numbers.zelda);
    expect(page).toContain("Export CSV");
    const second = listed(await html("/admin?page=2"));
    expect(second).toHaveLength(5);
    expect(new Set([...first, ...second]).size).toBe(25);
  });

  it("searches by order number, e-mail and name", async () => {
    expect(listed(await html(`/admin?q=${numbers.zelda}`))).toEqual([numbers.zelda]);
    expect(listed(await html("/admin?q=ZELDA.Q%40example"))).toEqual([numbers.zelda]);
    expect(listed(await html("/admin?q=zelda"))).toEqual([numbers.zelda]);
    expect(listed(await html("/admin?q=quartz"))).toEqual([numbers.zelda]);
    expect(listed(await html("/admin?q=penny"))).toEqual([numbers.pending]);
    // Any word of the name by its start ('O. Okafor' is the last name the checkout took), in any case.
    for (const q of ["okafor", "OKA", "penny okafor", "penny o okafor", "o.%20okafor", "okafor%20penny"])
      expect(listed(await html(`/admin?q=${q}`)), q).toEqual([numbers.pending]);
    // Words start where the name's do: no match inside a word, and every word must match.
    for (const q of ["kafor", "penny zelda", "%3A*"]) expect(listed(await html(`/admin?q=${q}`)), q).toEqual([]);
    const none = await html("/admin?q=nobody-like-this");
    expect(listed(none)).toEqual([]);
    expect(none).toContain("No orders found");
  });

  it("filters by status and payment, and keeps the filter in the export link", async () => {
    const pending = await html("/admin?status=pending");
    expect(listed(pending)).toContain(numbers.pending);
    expect(listed(pending)).not.toContain(numbers.zelda);
    expect(listed(pending)).toHaveLength(12);
    const paid = listed(await html("/admin?payment=paid"));
    expect(paid).toHaveLength(13);
    expect(paid).toContain(numbers.zelda);
    expect(listed(await html("/admin?status=processing&payment=pending"))).toEqual([]);
    expect(await html("/admin?q=penny&status=pending")).toContain(
      'href="/admin/orders/export?q=penny&amp;status=pending"',
    );
  });
});

describe("an order's page", () => {
  it("shows the customer, items, totals, payment and the timeline", async () => {
    const page = await html(`/admin/orders/${numbers.zelda}`);
    expect(page).toContain("Zelda Quartz");
    expect(page).toContain("zelda.q@example.com");
    expect(page).toContain(testAddress.phone);
    expect(page).toContain("Portland");
    for (const heading of ["Product", "SKU", "Size/Color", "Quantity", "Price", "Total"]) {
      expect(page).toContain(`>${heading}</th>`);
    }
    const [product] = await db().select({ sku: products.sku }).from(products).where(eq(products.id, productId));
    expect(page).toContain(product!.sku);
    // Placed, then paid: two status entries on the timeline, in words; the methods too.
    expect(page.match(/data-testid="timeline-entry" data-kind="status"/g)).toHaveLength(2);
    expect(page).toContain("Placed, awaiting payment");
    expect(page).toContain("Paid by demo payment");
    expect(page).toContain("Standard Shipping (5-7 business days)");
    expect(page).toContain(">Demo payment</dd>");
    expect(page).not.toMatch(/pending \/ pending|→ processing/);
    expect(page).toContain("Mark as shipped");
    expect(page).toContain("Cancel order");
    expect(page).not.toContain("Mark as delivered");
    expect(page).toContain("Notifications");
  });

  it("says 'No phone number' when there is none, and answers an unknown order 404", async () => {
    const res = await get("/admin/orders/ORD-00000000", adminCookie);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Order not found or could not be loaded");
    const bare = await place({ firstName: "No", lastName: "Phone", email: "nophone@example.com", phone: "" }, false);
    expect(await html(`/admin/orders/${bare}`)).toContain("No phone number");
  });

  it("refuses a tracking number of 10 kB or with control characters (400, nothing written)", async () => {
    const before = await row(numbers.zelda);
    for (const trackingNumber of ["1Z".repeat(5000), "1Z999\u0007AA1", "1Z\r\n999"]) {
      const res = await postForm(
        `/admin/orders/${numbers.zelda}`,
        { intent: "ship", trackingNumber, carrier: "UPS" },
        adminCookie,
      );
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(ORDER_MOVE_MESSAGES.trackingInvalid);
    }
    const noCarrier = await postForm(
      `/admin/orders/${numbers.zelda}`,
      { intent: "ship", trackingNumber: "1Z999" },
      adminCookie,
    );
    expect(noCarrier.status).toBe(400);
    expect(await noCarrier.text()).toContain(ORDER_MOVE_MESSAGES.carrierRequired);
    expect(await row(numbers.zelda)).toEqual(before);
  });

  it("ships with tracking, delivers, and answers an illegal move 409", async () => {
    const path = `/admin/orders/${numbers.zelda}`;
    const shipped = await postForm(
      path,
      { intent: "ship", trackingNumber: "1Z 999-AA1", carrier: "UPS", note: "<b>fragile</b>" },
      adminCookie,
    );
    expect(shipped.status).toBe(200);
    expect(await shipped.text()).toContain(`Order ${numbers.zelda} marked as shipped`);
    expect(await row(numbers.zelda)).toMatchObject({ status: "shipped", trackingNumber: "1Z 999-AA1", carrier: "UPS" });
    const page = await html(path);
    expect(page).toContain("1Z 999-AA1");
    // The note is text, not markup.
    expect(page).toContain("&lt;b&gt;fragile&lt;/b&gt;");
    expect(page).not.toContain("<b>fragile</b>");
    expect(page).toContain("Mark as delivered");

    const delivered = await postForm(path, { intent: "deliver" }, adminCookie);
    expect(delivered.status).toBe(200);
    expect(await delivered.text()).toContain(`Order ${numbers.zelda} marked as delivered`);
    expect((await row(numbers.zelda)).status).toBe("delivered");

    const again = await postForm(path, { intent: "ship", trackingNumber: "1Z000", carrier: "UPS" }, adminCookie);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("A delivered order cannot be shipped.");
    const cancel = await postForm(path, { intent: "cancel" }, adminCookie);
    expect(cancel.status).toBe(409);
    expect((await row(numbers.zelda)).status).toBe("delivered");
    const unknown = await postForm(path, { intent: "markPaid" }, adminCookie);
    expect(unknown.status).toBe(400);
  });

  it("cancels a pending order and gives its stock back", async () => {
    const [before] = await db()
      .select({ inventory: products.inventory })
      .from(products)
      .where(eq(products.id, productId));
    const res = await postForm(
      `/admin/orders/${numbers.pending}`,
      { intent: "cancel", note: "Customer asked" },
      adminCookie,
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`Order ${numbers.pending} cancelled`);
    expect((await row(numbers.pending)).status).toBe("cancelled");
    const [after] = await db()
      .select({ inventory: products.inventory })
      .from(products)
      .where(eq(products.id, productId));
    expect(after!.inventory).toBe(before!.inventory + 1);
  });
});

describe("without admin access nothing changes", () => {
  it("refuses a customer's and a visitor's moves, test orders and export", async () => {
    const target = numbers.bulk[0]!; // paid, processing
    const before = await snapshot();
    const moves: Record<string, string>[] = [
      { intent: "ship", trackingNumber: "1Z123", carrier: "UPS" },
      { intent: "deliver" },
      { intent: "cancel" },
      { intent: "refund" },
    ];
    for (const cookie of [customer.cookie, other.cookie, undefined]) {
      for (const path of [`/admin/orders/${target}`, `/admin/orders/${target}.data`]) {
        for (const fields of moves) {
          const res = await postForm(path, fields, cookie);
          const text = await res.text();
          expect([302, 403, 405], `${path} ${fields.intent} ${res.status}`).toContain(res.status);
          expect(text).not.toContain("marked as");
          expect(text).not.toContain("cancelled");
        }
      }
      for (const intent of ["create", "markPaid"]) {
        for (const path of ["/admin/test-orders", "/admin/test-orders.data"]) {
          const res = await postJson(path, { intent }, cookie);
          expect([302, 403, 404, 405], `${path} ${intent} ${res.status}`).toContain(res.status);
          expect(await res.text()).not.toContain("TEST-");
        }
      }
      const csv = await get("/admin/orders/export", cookie);
      expect(csv.status).toBe(403);
      expect(csv.headers.get("content-type") ?? "").not.toContain("text/csv");
      expect(await csv.text()).not.toContain(target);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("the test-order tool", () => {
  it("creates a test order, marks it paid and processing, and lists it with a Test badge", async () => {
    const created = await postJson("/admin/test-orders", { intent: "create" }, adminCookie);
    expect(created.status).toBe(200);
    const body = (await created.json()) as { ok: boolean; message: string; orderNumber: string };
    expect(body.ok).toBe(true);
    expect(body.message).toBe(`Test order ${body.orderNumber} created`);
    const paid = await postJson("/admin/test-orders", { intent: "markPaid" }, adminCookie);
    expect(paid.status).toBe(200);
    expect((await row(body.orderNumber)).status).toBe("processing");
    const none = await postJson("/admin/test-orders", { intent: "markPaid" }, adminCookie);
    expect(none.status).toBe(404);
    expect(((await none.json()) as { message: string }).message).toBe(
      "No pending orders found. Create an order first.",
    );
    const page = await html(`/admin?q=${body.orderNumber}`);
    expect(listed(page)).toEqual([body.orderNumber]);
    expect(page).toMatch(/>Test<\/span>/);
    expect(await html("/admin")).toContain("Create test order");
  });
});

describe("the CSV export", () => {
  it("downloads the filtered orders, with formulas neutralised", async () => {
    const res = await get("/admin/orders/export", adminCookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    // The server's cache layer sets the same header on every personal request: the directives are what count.
    expect(new Set(res.headers.get("cache-control")?.split(/,\s*/))).toEqual(new Set(["private", "no-store"]));
    const bytes = Buffer.from(await res.arrayBuffer());
    // UTF-8 with a byte-order mark, for spreadsheets.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.subarray(3).toString("utf8");
    expect(csv.startsWith("Order number,")).toBe(true);
    for (const n of [numbers.zelda, numbers.pending, numbers.formula, ...numbers.bulk]) expect(csv).toContain(n);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""click"") Hack"`);
    expect(csv).not.toMatch(/(^|,)"?=HYPERLINK/m);

    const filtered = await (await get("/admin/orders/export?q=zelda", adminCookie)).text();
    const lines = filtered.trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(numbers.zelda);
    // Each column holds its order's figure: Zelda bought one piece.
    const [header, zelda] = parse(filtered, { bom: true }) as string[][];
    const cell = (name: string) => zelda![header!.indexOf(name)];
    expect(cell("Order number")).toBe(numbers.zelda);
    expect(cell("Items")).toBe("1");
    expect(cell("Customer")).toBe("Zelda Quartz");
    expect(cell("Payment")).toBe("paid");
    const paidOnly = await (await get("/admin/orders/export?payment=pending", adminCookie)).text();
    expect(paidOnly).not.toContain(numbers.formula);
  });
});

describe("ids of every order", () => {
  it("keeps the orders the tests placed", async () => {
    const rows = await db()
      .select({ n: count() })
      .from(orders)
      .where(inArray(orders.id, [...ids.values()]));
    expect(rows[0]!.n).toBe(ids.size);
  });
});

describe("where demo payments are off", () => {
  it("shows no test-order tool, and its action answers 404 creating nothing", async () => {
    const live = await startTestServer({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_PAYMENTS: "false",
    });
    try {
      const cookie = await signIn(live.url, ADMIN.email, ADMIN.password);
      const page = await (await fetch(`${live.url}/admin`, { headers: { cookie } })).text();
      expect(page).toContain("Admin Dashboard");
      expect(page).not.toContain("Create test order");
      for (const intent of ["create", "markPaid"]) {
        const res = await fetch(`${live.url}/admin/test-orders`, {
          method: "POST",
          headers: { origin: live.url, cookie, "content-type": "application/json" },
          body: JSON.stringify({ intent }),
        });
        expect(res.status).toBe(404);
      }
      const [found] = await live.services().database.db.select({ n: count() }).from(orders);
      expect(found!.n).toBe(0);
    } finally {
      await live.stop();
    }
  });
});
