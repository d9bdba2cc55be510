import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { discounts, orders, products, user } from "#db/schema/index";
import { createGuestLinks } from "~/modules/orders/guest-links.server";
import { LOOKUP_SENT } from "~/modules/orders/order-lookup-forms";
import { setProductStock } from "../support/catalog-fixtures";
import { checkoutForm } from "../support/fixtures";
import { signUp } from "../support/sessions";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * Guest checkout (issue 31, GUEST_CHECKOUT=true) through the real HTTP server and database: a visitor's
 * order from the browser's cart lines, priced and checked by the server; the limits, idempotency and
 * unpaid hold of an account applied per e-mail (and per client address); the signed order link; the order
 * lookup by e-mail through a real local SMTP server; and 'Create an account' attaching guest orders only
 * for an e-mail that was proven. With the setting off, a guest is refused as before (401).
 */
let server: TestServer;
let smtp: SmtpSink;
let tee: { id: string; name: string; priceCents: number; size: string; color: string };
let keyCounter = 0;
const AUTH_SECRET = "guest-checkout-test-secret-0123456789abcdef";
const links = createGuestLinks(AUTH_SECRET);

const db = () => server.services().database.db;
const key = () => `guest-key-${++keyCounter}-${Date.now()}`;
const formFor = (email: string) => ({ ...checkoutForm, email });
const line = (quantity = 1) => ({ id: tee.id, size: tee.size, color: tee.color, quantity });

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({
    GUEST_CHECKOUT: "true",
    AUTH_SECRET,
    SMTP_URL: smtp.url,
    DEMO_PAYMENTS: "true",
    RATE_LIMIT_IP_MULTIPLIER: "50",
    UNPAID_ORDERS_PER_ADDRESS: "4",
  });
  const [row] = await db()
    .select({ id: products.id, name: products.name, priceCents: products.priceCents })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(products.slug)
    .limit(1);
  await setProductStock(db(), row!.id, 50, { sizes: ["M"], colors: ["Black"] });
  tee = { ...row!, size: "M", color: "Black" };
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});
beforeEach(async () => {
  await setProductStock(db(), tee.id, 50);
  // No unpaid order of an earlier test left (each e-mail and the address have a limit).
  await db().update(orders).set({ status: "cancelled", paymentStatus: "failed" }).where(eq(orders.status, "pending"));
});

async function post(path: string, body: unknown, cookie = "", base = server.url) {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown>, res };
}

/** The cookie pair a response sets (name=value), to send back like a browser. */
const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

async function placeAsGuest(
  email: string,
  options: { lines?: unknown[]; idempotencyKey?: string; cookie?: string; expectedTotalCents?: number } = {},
) {
  const answer = await post(
    "/api/checkout",
    {
      intent: "place",
      idempotencyKey: options.idempotencyKey ?? key(),
      paymentMethod: "demo",
      form: formFor(email),
      lines: options.lines ?? [line()],
      ...(options.expectedTotalCents !== undefined ? { expectedTotalCents: options.expectedTotalCents } : {}),
    },
    options.cookie,
  );
  return { ...answer, cookie: cookieOf(answer.res) };
}

/** Places and pays a guest order; answers its number and the browser's placed-orders cookie. */
async function buyAsGuest(email: string, cookie = "") {
  const placed = await placeAsGuest(email, { cookie });
  expect(placed.status).toBe(200);
  const browser = placed.cookie || cookie;
  const paid = await post("/api/checkout", { intent: "demo-pay", orderId: placed.body.orderId }, browser);
  expect(paid.status).toBe(200);
  return { orderNumber: placed.body.orderNumber as string, orderId: placed.body.orderId as string, cookie: browser };
}

const orderRow = async (orderNumber: string) =>
  (await db().select().from(orders).where(eq(orders.orderNumber, orderNumber)))[0]!;

async function waitForMail(to: string, subject: RegExp, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mail = smtp.mails.find((m) => m.to.includes(to) && subject.test(m.subject));
    if (mail) return mail;
    if (Date.now() > until) throw new Error(`no mail to ${to} about ${subject}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The links in a raw mail (quoted-printable soft breaks undone). */
const linksIn = (raw: string) =>
  [
    ...raw
      .replace(/=\r?\n/g, "")
      .replace(/=3D/g, "=")
      .matchAll(/https?:\/\/[^\s"<>]+/g),
  ].map((m) => m[0]);

async function createAccount(orderNumber: string, fields: Record<string, string>, cookie = "", query = "") {
  const res = await fetch(`${server.url}/order-confirmation/${orderNumber}${query}`, {
    method: "POST",
    headers: { origin: server.url, ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams({
      fullName: "Gia Guest",
      password: "Guest1234",
      confirmPassword: "Guest1234",
      agreeToTerms: "on",
      ...fields,
    }),
    redirect: "manual",
  });
  return { status: res.status, location: res.headers.get("location"), cookie: cookieOf(res) };
}

describe("placing a guest order", () => {
  it("places it from the request's lines at the server's prices, for the e-mail, and pays it by demo", async () => {
    const email = "Gia.Place@Example.com";
    // Prices sent with the lines are not read; the total the summary showed must match the server's.
    const placed = await placeAsGuest(email, {
      lines: [{ ...line(2), price: 1, name: "Free" }],
    });
    expect(placed.status).toBe(200);
    const row = await orderRow(placed.body.orderNumber as string);
    expect(row.userId).toBeNull();
    expect(row.customerEmail).toBe(email);
    expect(row.subtotalCents).toBe(tee.priceCents * 2);
    const paid = await post("/api/checkout", { intent: "demo-pay", orderId: row.id }, placed.cookie);
    expect(paid.status).toBe(200);
    expect((await orderRow(row.orderNumber)).paymentStatus).toBe("paid");
    // The confirmation page for the browser that placed it.
    const page = await fetch(`${server.url}/order-confirmation/${row.orderNumber}`, {
      headers: { cookie: placed.cookie },
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Create an account");
  });

  it("refuses a total other than the server's, an empty cart and a line over the per-product cap", async () => {
    const wrong = await placeAsGuest("gia.total@example.com", { expectedTotalCents: 1 });
    expect(wrong.status).toBe(409);
    expect((await placeAsGuest("gia.total@example.com", { lines: [] })).status).toBe(400);
    const over = await placeAsGuest("gia.total@example.com", { lines: [line(11)] });
    expect(over.status).toBe(400);
    expect(over.body.error).toMatch(/at most 10/);
    const count = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(sql`lower(${orders.customerEmail}) = 'gia.total@example.com'`);
    expect(count[0]!.n).toBe(0);
  });

  it("refuses out-of-stock lines and takes the stock it orders", async () => {
    await setProductStock(db(), tee.id, 1);
    expect((await placeAsGuest("gia.stock@example.com", { lines: [line(2)] })).status).toBe(409);
    expect((await placeAsGuest("gia.stock@example.com", { lines: [line(1)] })).status).toBe(200);
    expect((await placeAsGuest("gia.stock2@example.com", { lines: [line(1)] })).status).toBe(409);
  });

  it("places one order for one idempotency key sent twice (and for the e-mail in other letter case)", async () => {
    const idempotencyKey = key();
    const first = await placeAsGuest("gia.twice@example.com", { idempotencyKey });
    const again = await placeAsGuest("GIA.TWICE@example.com", { idempotencyKey });
    const [a, b] = await Promise.all([
      placeAsGuest("gia.twice@example.com", { idempotencyKey }),
      placeAsGuest("gia.twice@example.com", { idempotencyKey }),
    ]);
    for (const answer of [first, again, a, b]) {
      expect(answer.status).toBe(200);
      expect(answer.body.orderNumber).toBe(first.body.orderNumber);
    }
    // The same key from another e-mail is another checkout.
    const other = await placeAsGuest("gia.other@example.com", { idempotencyKey });
    expect(other.body.orderNumber).not.toBe(first.body.orderNumber);
    const rows = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.idempotencyKey, idempotencyKey));
    expect(rows[0]!.n).toBe(2);
  });

  it("holds at most UNPAID_ORDERS_PER_ACCOUNT (2) unpaid orders per e-mail, and cancels them after the hold", async () => {
    const email = "gia.unpaid@example.com";
    expect((await placeAsGuest(email)).status).toBe(200);
    expect((await placeAsGuest(email.toUpperCase())).status).toBe(200);
    const third = await placeAsGuest(email);
    expect(third.status).toBe(409);
    expect(third.body.error).toMatch(/You have unpaid orders/);
    // Another e-mail is another holder.
    expect((await placeAsGuest("gia.unpaid2@example.com")).status).toBe(200);
    // The hold runs out (15 minutes): the sweeper cancels them and returns their stock.
    await db()
      .update(orders)
      .set({ updatedAt: sql`now() - interval '16 minutes'` })
      .where(and(isNull(orders.userId), eq(orders.status, "pending")));
    expect(await server.services().sweepUnpaidOrders()).toBeGreaterThanOrEqual(3);
    expect((await placeAsGuest(email)).status).toBe(200);
  });

  it("holds at most UNPAID_ORDERS_PER_ADDRESS per client address, whatever the e-mails", async () => {
    for (let i = 0; i < 4; i++) expect((await placeAsGuest(`gia.address${i}@example.com`)).status).toBe(200);
    const fifth = await placeAsGuest("gia.address-more@example.com");
    expect(fifth.status).toBe(409);
  });

  it("gives a guest no first-order discount (a typed e-mail proves no first order), as the cart's summary prices it", async () => {
    const [offer] = await db()
      .insert(discounts)
      .values({
        title: "Welcome",
        method: "automatic",
        valueType: "percentage",
        value: 10,
        firstOrderOnly: true,
        startsAt: new Date(Date.now() - 60_000),
      })
      .returning({ id: discounts.id });
    await server.services().catalog.invalidateCatalog("test: offers");
    try {
      // The summary the browser shows a guest (/api/cart/price) and the order agree: no discount.
      const priced = await post("/api/cart/price", { lines: [line()], code: null });
      expect(priced.status).toBe(200);
      const placed = await placeAsGuest("gia.first@example.com");
      expect(placed.status).toBe(200);
      const row = await orderRow(placed.body.orderNumber as string);
      expect(row.discountCents).toBe(0);
      expect(row.subtotalCents).toBe(tee.priceCents);
    } finally {
      await db().delete(discounts).where(eq(discounts.id, offer!.id));
      await server.services().catalog.invalidateCatalog("test: offers");
    }
  });

  it("never reads lines for an account: its order is its server cart's", async () => {
    const account = await signUp(server, "gia.account-lines@example.com");
    const answer = await placeAsGuest("gia.account-lines@example.com", { cookie: account.cookie });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe("Your cart is empty");
  });

  it("pays only the orders this browser placed", async () => {
    const placed = await placeAsGuest("gia.pay@example.com");
    const stranger = await post("/api/checkout", { intent: "demo-pay", orderId: placed.body.orderId });
    expect(stranger.status).toBe(404);
    const cancel = await post("/api/checkout", { intent: "paypal-cancel", orderId: placed.body.orderId });
    expect(cancel.status).toBe(404);
    expect((await orderRow(placed.body.orderNumber as string)).status).toBe("pending");
  });
});

describe("the signed order link", () => {
  it("is in the order e-mail and shows the order without a session; forged or expired links do not", async () => {
    const email = "gia.link@example.com";
    const { orderNumber } = await buyAsGuest(email);
    const mail = await waitForMail(email, new RegExp(orderNumber));
    const url = linksIn(mail.raw).find((u) => u.includes(`/order-confirmation/${orderNumber}?t=`));
    expect(url).toBeDefined();
    const page = await fetch(url!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(orderNumber);
    // Without the token, with another order's token, forged, or expired: the same 404.
    const other = await buyAsGuest("gia.link-other@example.com");
    const otherToken = links.orderToken(other.orderNumber, "gia.link-other@example.com");
    const expired = links.orderToken(orderNumber, email, new Date(Date.now() - 91 * 24 * 3600 * 1000));
    const token = new URL(url!).searchParams.get("t")!;
    const forged = token.slice(0, -2) + (token.endsWith("AA") ? "BB" : "AA");
    const wrongEmail = links.orderToken(orderNumber, "someone@example.com");
    for (const t of [null, otherToken, expired, forged, wrongEmail, "nonsense"]) {
      const res = await fetch(
        `${server.url}/order-confirmation/${orderNumber}${t ? `?t=${encodeURIComponent(t)}` : ""}`,
      );
      expect(res.status).toBe(404);
    }
  });
});

describe("creating an account from the confirmation page", () => {
  it("attaches the order this browser placed, and no other order of the e-mail until it is proven", async () => {
    const email = "gia.account@example.com";
    // An earlier guest order of the same e-mail, from another browser.
    const earlier = await buyAsGuest(email);
    const now = await buyAsGuest(email);
    // Someone else's guest order.
    const stranger = await buyAsGuest("gia.stranger@example.com");
    const created = await createAccount(now.orderNumber, { email }, now.cookie);
    expect(created.status).toBe(302);
    expect(created.location).toBe("/orders");
    const [account] = await db().select().from(user).where(eq(user.email, email));
    expect((await orderRow(now.orderNumber)).userId).toBe(account!.id);
    expect((await orderRow(earlier.orderNumber)).userId).toBeNull();
    expect((await orderRow(stranger.orderNumber)).userId).toBeNull();
    // The account sees it under /orders.
    const list = await fetch(`${server.url}/orders`, { headers: { cookie: created.cookie } });
    const html = await list.text();
    expect(html).toContain(now.orderNumber);
    expect(html).not.toContain(earlier.orderNumber);

    // The claim link mailed to the e-mail proves it: the earlier guest order joins the account.
    const claim = await waitForMail(email, /earlier orders/);
    const claimUrl = linksIn(claim.raw).find((u) => u.includes("/orders/claim?token="))!;
    const forged = claimUrl.replace(/token=([^&]+)/, (_m, t: string) => `token=${t.slice(0, -3)}xyz`);
    expect((await fetch(forged, { headers: { cookie: created.cookie } })).status).toBe(400);
    // Not signed in: to the sign-in page first. Signed in to another account: nothing.
    const anonymous = await fetch(claimUrl, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/login\?redirect=/);
    const other = await signUp(server, "gia.someone-else@example.com");
    expect((await fetch(claimUrl, { headers: { cookie: other.cookie } })).status).toBe(400);
    expect((await orderRow(earlier.orderNumber)).userId).toBeNull();
    const opened = await fetch(claimUrl, { headers: { cookie: created.cookie } });
    expect(opened.status).toBe(200);
    expect((await orderRow(earlier.orderNumber)).userId).toBe(account!.id);
    expect((await orderRow(stranger.orderNumber)).userId).toBeNull();
  });

  it("attaches nothing when the account's e-mail is not the order's (typing an e-mail proves nothing)", async () => {
    const victim = "gia.victim@example.com";
    const theirs = await buyAsGuest(victim);
    const mine = await buyAsGuest("gia.attacker@example.com");
    // From my own order's page, an account with the victim's e-mail typed in: none of their orders, nor mine.
    const created = await createAccount(mine.orderNumber, { email: "gia.attacker2@example.com" }, mine.cookie);
    expect(created.status).toBe(302);
    expect((await orderRow(theirs.orderNumber)).userId).toBeNull();
    expect((await orderRow(mine.orderNumber)).userId).toBeNull();
    // A token of another e-mail's order, sent with the form, proves nothing about this e-mail.
    const token = links.orderToken(mine.orderNumber, "gia.attacker@example.com");
    const claimed = await createAccount(mine.orderNumber, { email: victim, t: token }, mine.cookie);
    expect(claimed.status).toBe(302);
    expect((await orderRow(theirs.orderNumber)).userId).toBeNull();
  });

  it("attaches every guest order of the e-mail when the page came from its signed order link", async () => {
    const email = "gia.proven@example.com";
    const first = await buyAsGuest(email);
    const second = await buyAsGuest(email);
    const token = links.orderToken(second.orderNumber, email);
    // Another browser (no cookie), opened from the e-mail's link.
    const page = await fetch(`${server.url}/order-confirmation/${second.orderNumber}?t=${encodeURIComponent(token)}`);
    expect(await page.text()).toContain('name="t"');
    const created = await createAccount(second.orderNumber, { email, t: token });
    expect(created.status).toBe(302);
    const [account] = await db().select().from(user).where(eq(user.email, email));
    const rows = await db()
      .select({ userId: orders.userId })
      .from(orders)
      .where(inArray(orders.orderNumber, [first.orderNumber, second.orderNumber]));
    expect(rows.map((r) => r.userId)).toEqual([account!.id, account!.id]);
  });

  it("refuses an e-mail that already has an account, attaching nothing", async () => {
    const email = "gia.exists@example.com";
    await signUp(server, email);
    const { orderNumber, cookie } = await buyAsGuest(email);
    const created = await createAccount(orderNumber, { email }, cookie);
    expect(created.status).toBe(400);
    expect((await orderRow(orderNumber)).userId).toBeNull();
  });

  it("lets a signed-in account add a guest order of its e-mail placed in this browser, and no other", async () => {
    const email = "gia.signed-in@example.com";
    const account = await signUp(server, email);
    const mine = await buyAsGuest(email);
    const elsewhere = await buyAsGuest(email);
    const other = await buyAsGuest("gia.not-mine@example.com");
    const attach = (orderNumber: string, cookie: string) =>
      fetch(`${server.url}/order-confirmation/${orderNumber}`, {
        method: "POST",
        headers: { origin: server.url, cookie },
        body: new URLSearchParams({ intent: "attach" }),
        redirect: "manual",
      });
    const page = await fetch(`${server.url}/order-confirmation/${mine.orderNumber}`, {
      headers: { cookie: `${account.cookie}; ${mine.cookie}` },
    });
    expect(await page.text()).toContain("Add this order to your account");
    // Another e-mail's order placed in this browser, and this e-mail's order from another browser: nothing.
    expect((await attach(other.orderNumber, `${account.cookie}; ${other.cookie}`)).status).toBe(302);
    expect((await attach(elsewhere.orderNumber, `${account.cookie}; ${mine.cookie}`)).status).toBe(302);
    expect((await orderRow(other.orderNumber)).userId).toBeNull();
    expect((await orderRow(elsewhere.orderNumber)).userId).toBeNull();
    expect((await attach(mine.orderNumber, `${account.cookie}; ${mine.cookie}`)).status).toBe(302);
    expect((await orderRow(mine.orderNumber)).userId).toBe(account.id);
    expect((await orderRow(elsewhere.orderNumber)).userId).toBeNull();
  });
});

describe("the order lookup", () => {
  async function lookup(fields: Record<string, string>) {
    const res = await fetch(`${server.url}/orders/lookup`, {
      method: "POST",
      headers: { origin: server.url },
      body: new URLSearchParams(fields),
    });
    return { status: res.status, html: await res.text() };
  }

  it("mails signed links to the e-mail's guest orders, and answers the same for an unknown e-mail", async () => {
    const email = "gia.lookup@example.com";
    const a = await buyAsGuest(email);
    const b = await buyAsGuest(email);
    const known = await lookup({ email: "GIA.Lookup@example.com" });
    const unknown = await lookup({ email: "nobody-here@example.com" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.html).toContain(LOOKUP_SENT);
    expect(unknown.html).toContain(LOOKUP_SENT);
    const mail = await waitForMail(email, /Your .* orders/);
    const urls = linksIn(mail.raw).filter((u) => u.includes("/order-confirmation/"));
    expect(urls.some((u) => u.includes(a.orderNumber))).toBe(true);
    expect(urls.some((u) => u.includes(b.orderNumber))).toBe(true);
    for (const url of urls) expect((await fetch(url)).status).toBe(200);
    // With one order number: that order only.
    smtp.mails.length = 0;
    await lookup({ email, orderNumber: a.orderNumber });
    const one = await waitForMail(email, /Your .* orders/);
    const oneUrls = linksIn(one.raw).filter((u) => u.includes("/order-confirmation/"));
    expect(oneUrls).toHaveLength(1);
    expect(oneUrls[0]).toContain(a.orderNumber);
    // Nothing went to the unknown address.
    expect(smtp.mails.some((m) => m.to.includes("nobody-here@example.com"))).toBe(false);
  });

  it("mails one e-mail at most 3 times an hour, answering the same after", async () => {
    const email = "gia.lookup-limit@example.com";
    await buyAsGuest(email);
    smtp.mails.length = 0;
    for (let i = 0; i < 5; i++) expect((await lookup({ email })).html).toContain(LOOKUP_SENT);
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.mails.filter((m) => m.to.includes(email) && /Your .* orders/.test(m.subject))).toHaveLength(3);
  });

  it("refuses a malformed e-mail with its message", async () => {
    const answer = await lookup({ email: "not-an-email" });
    expect(answer.status).toBe(400);
  });
});
