import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { abandonedCheckouts, discountCodes, discounts, orders, products, profiles } from "#db/schema/index";
import { openDatabase, type Database } from "~/lib/db/client.server";
import { SmtpMailer } from "~/modules/notifications/mailer.server";
import { createCheckoutRecovery, GUEST_RECORDS_PER_IP } from "~/modules/recovery/checkout-recovery.server";
import { RECOVERY_MESSAGES } from "~/modules/recovery/recovery-api";
import { createRecoveryLinks } from "~/modules/recovery/recovery-rules";
import { createTwilioClient } from "~/modules/notifications/twilio-client.server";
import { setProductStock } from "../support/catalog-fixtures";
import {
  FAKE_TWILIO_ACCOUNT_SID,
  FAKE_TWILIO_AUTH_TOKEN,
  FAKE_TWILIO_FROM,
  startFakeTwilio,
} from "../support/fake-twilio";
import { checkoutForm } from "../support/fixtures";
import { cookieHeader, signIn, signUp } from "../support/sessions";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../support/smtp-sink";
import { databaseKind, prepareDatabaseLocation, type DatabaseLocation } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";
import { mailHeader, mailText } from "../support/mail-text";

/**
 * Abandoned-checkout recovery (issue 31) over the real HTTP server, the real database (PGlite, and
 * PostgreSQL in the second pass) and a real local SMTP server: recording as the checkout page does, the
 * scan with a controllable clock (one reminder at the first due time, the second 24 h later, none after
 * payment, unsubscribe, or without consent), the restore link (account and guest; forged and expired
 * refused), attribution and the owner's figures, the Settings' code, and two scans — two instances on
 * PostgreSQL — never sending the same reminder.
 */
const ADMIN = { email: "recovery-owner@example.com", password: "OwnerPass123" };
const SHARED_PASSWORD = "RecoveryShared123";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let location: DatabaseLocation;
let server: TestServer;
let smtp: SmtpSink;
let tee: { id: string; name: string; priceCents: number };
let counter = 0;

const db = () => server.services().database.db;
const recovery = () => server.services().recovery;
const later = (ms: number) => new Date(Date.now() + ms);

beforeAll(async () => {
  smtp = await startSmtpSink();
  location = await prepareDatabaseLocation();
  server = await startTestServer(
    {
      SMTP_URL: smtp.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SECURE_ADMIN_PASSWORD: SHARED_PASSWORD,
      GUEST_CHECKOUT: "true",
      ABANDONED_CHECKOUT_MINUTES: "60",
      // The server's own timer stays out of the way: the tests run the scan at the moments they choose.
      ABANDONED_CHECKOUT_SCAN_SECONDS: "3600",
      RATE_LIMIT_IP_MULTIPLIER: "50",
    },
    { location },
  );
  const [row] = await db()
    .select({ id: products.id, name: products.name, priceCents: products.priceCents })
    .from(products)
    .where(eq(products.isActive, true))
    .limit(1);
  tee = row!;
  await setProductStock(db(), tee.id, 500, { sizes: ["S", "M"], colors: ["Black"] });
});
afterAll(async () => {
  await server?.stop();
  await location?.cleanup();
  await smtp?.close();
});
beforeEach(async () => {
  // Every test's checkouts are due at moments of its own: none of an earlier test is left due.
  await db().update(abandonedCheckouts).set({ dueAt: null, status: "done" });
});

async function api(path: string, body: unknown, cookie = "") {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown>, res };
}

/** A new account with one line in its cart (2 × size M in Black). */
async function shopperWithCart(options: { quantity?: number } = {}) {
  const email = `recovery-${++counter}-${databaseKind}@example.com`;
  const { cookie, id } = await signUp(server, email);
  const added = await api(
    "/api/cart",
    { intent: "add", productId: tee.id, size: "M", color: "Black", quantity: options.quantity ?? 2 },
    cookie,
  );
  expect(added.status).toBe(200);
  return { email, cookie, id };
}

const mailsTo = (email: string): ReceivedMail[] => smtp.mails.filter((m) => m.to.includes(email));

/** The restore link of a reminder, as a path and query on the test server. */
function restorePath(mail: ReceivedMail): string {
  const found = /\/cart\/restore\?token=[A-Za-z0-9._%-]+/.exec(mailText(mail.raw));
  expect(found, "a restore link").not.toBeNull();
  return found![0];
}

/** The one-click unsubscribe URL the List-Unsubscribe header names. */
function unsubscribeUrl(mail: ReceivedMail): string {
  const value = mailHeader(mail.raw, "List-Unsubscribe");
  const url = /^<(https?:\/\/[^>]+)>$/.exec(value)?.[1];
  expect(url, "a List-Unsubscribe URL").toBeDefined();
  return url!;
}

const checkoutOf = async (email: string) =>
  (await db().select().from(abandonedCheckouts).where(eq(abandonedCheckouts.email, email)))[0];

async function cartLines(cookie: string) {
  const res = await fetch(`${server.url}/api/cart`, { headers: { cookie } });
  const { items } = (await res.json()) as { items: Array<Record<"id" | "size" | "color" | "quantity", unknown>> };
  return items.map((i) => [i.id, i.size, i.color, i.quantity]);
}

describe(`abandoned-checkout reminders (${databaseKind})`, () => {
  it("one reminder at the first due time, the second 24 hours later, never a third; with its unsubscribe headers", async () => {
    const shopper = await shopperWithCart();
    const reached = await api("/api/checkout/reached", { email: shopper.email, consent: true }, shopper.cookie);
    expect(reached.status).toBe(200);
    const row = await checkoutOf(shopper.email);
    expect(row?.lines).toEqual([{ productId: tee.id, size: "M", color: "Black", quantity: 2 }]);
    expect(row?.consentAt).toBeInstanceOf(Date);

    expect((await recovery().runDue(later(59 * MINUTE))).sent).toBe(0);
    expect(mailsTo(shopper.email)).toHaveLength(0);
    expect((await recovery().runDue(later(61 * MINUTE))).sent).toBe(1);
    expect((await recovery().runDue(later(62 * MINUTE))).sent).toBe(0);
    const [first] = mailsTo(shopper.email);
    expect(first).toBeDefined();
    expect(mailHeader(first!.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(unsubscribeUrl(first!)).toContain(`${server.url}/unsubscribe?token=`);
    const text = mailText(first!.raw);
    expect(text).toContain(tee.name);
    // The current price, read when sent: the owner changed it after the shopper left.
    await db()
      .update(products)
      .set({ priceCents: tee.priceCents + 500 })
      .where(eq(products.id, tee.id));
    try {
      expect((await recovery().runDue(later(61 * MINUTE + DAY - MINUTE))).sent).toBe(0);
      expect((await recovery().runDue(later(61 * MINUTE + DAY))).sent).toBe(1);
      const second = mailsTo(shopper.email)[1]!;
      const price = `$${(((tee.priceCents + 500) * 2) / 100).toFixed(2)}`;
      expect(mailText(second.raw)).toContain(price);
    } finally {
      await db().update(products).set({ priceCents: tee.priceCents }).where(eq(products.id, tee.id));
    }
    expect((await recovery().runDue(later(10 * DAY))).sent).toBe(0);
    expect(mailsTo(shopper.email)).toHaveLength(2);
    expect((await checkoutOf(shopper.email))?.status).toBe("done");
  });

  it("none to a shopper who paid meanwhile", async () => {
    const shopper = await shopperWithCart();
    await api("/api/checkout/reached", { email: shopper.email, consent: true }, shopper.cookie);
    const placed = await api(
      "/api/checkout",
      { intent: "place", idempotencyKey: `recovery-paid-${counter}`, paymentMethod: "demo", form: checkoutForm },
      shopper.cookie,
    );
    expect(placed.status).toBe(200);
    const paid = await api("/api/checkout", { intent: "demo-pay", orderId: placed.body.orderId }, shopper.cookie);
    expect(paid.status).toBe(200);
    expect((await recovery().runDue(later(2 * HOUR))).sent).toBe(0);
    expect(mailsTo(shopper.email)).toHaveLength(0);
    expect((await checkoutOf(shopper.email))?.status).toBe("paid");
  });

  it("none without consent: the box left unticked, or an account that never agreed; the newsletter's consent counts", async () => {
    const unticked = await shopperWithCart();
    await api("/api/checkout/reached", { email: unticked.email, consent: false }, unticked.cookie);
    const opened = await shopperWithCart();
    await api("/api/checkout/reached", {}, opened.cookie);
    const subscriber = await shopperWithCart();
    await db()
      .insert(profiles)
      .values({ userId: subscriber.id, fullName: "Subscriber", subscribeNewsletter: true })
      .onConflictDoUpdate({ target: profiles.userId, set: { subscribeNewsletter: true } });
    const [profile] = await db().select().from(profiles).where(eq(profiles.userId, subscriber.id));
    // The consent's time is kept with it (a trigger: whatever path turns it on).
    expect(profile?.newsletterConsentAt).toBeInstanceOf(Date);
    await api("/api/checkout/reached", {}, subscriber.cookie);

    const result = await recovery().runDue(later(2 * HOUR));
    expect(result.sent).toBe(1);
    expect(mailsTo(unticked.email)).toHaveLength(0);
    expect(mailsTo(opened.email)).toHaveLength(0);
    expect(mailsTo(subscriber.email)).toHaveLength(1);
  });

  it("none after a one-click unsubscribe (RFC 8058 POST, no session); GET shows a button", async () => {
    const shopper = await shopperWithCart();
    await api("/api/checkout/reached", { email: shopper.email, consent: true }, shopper.cookie);
    await recovery().runDue(later(61 * MINUTE));
    const url = unsubscribeUrl(mailsTo(shopper.email)[0]!);

    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<button[^>]*type="submit"[^>]*>Unsubscribe<\/button>/);
    const forged = await fetch(url.replace(/token=[^.]+/, "token=ZXZlQGV4YW1wbGUuY29t"), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(forged.status).toBe(400);
    expect((await checkoutOf(shopper.email))?.status).toBe("open");

    const oneClick = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    const row = await checkoutOf(shopper.email);
    expect(row?.status).toBe("unsubscribed");
    expect(row?.unsubscribedAt).toBeInstanceOf(Date);
    expect((await recovery().runDue(later(2 * DAY))).sent).toBe(0);
    expect(mailsTo(shopper.email)).toHaveLength(1);
    // Coming back to checkout without ticking the box again does not bring reminders back.
    await api("/api/checkout/reached", {}, shopper.cookie);
    expect((await recovery().runDue(later(3 * DAY))).sent).toBe(0);
  });

  it("the restore link puts the lines back in the account's cart (once), attributes the order, and counts it", async () => {
    const shopper = await shopperWithCart({ quantity: 3 });
    await api("/api/checkout/reached", { email: shopper.email, consent: true }, shopper.cookie);
    await recovery().runDue(later(61 * MINUTE));
    const path = restorePath(mailsTo(shopper.email)[0]!);
    await api("/api/cart", { intent: "clear" }, shopper.cookie);

    // Without a session: sign in first, then back to the link.
    const anonymous = await fetch(`${server.url}${path}`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe(`/login?redirect=${encodeURIComponent(path)}`);
    expect(await cartLines(shopper.cookie)).toEqual([]);

    // Another device: a fresh session of the same account.
    const device = await signIn(server.url, shopper.email, "Shopper123");
    const restored = await fetch(`${server.url}${path}`, { headers: { cookie: device }, redirect: "manual" });
    expect(restored.status).toBe(302);
    expect(restored.headers.get("location")).toBe("/checkout");
    const attribution = cookieHeader(restored);
    expect(attribution).toMatch(/^recovered_checkout=/);
    expect(await cartLines(device)).toEqual([[tee.id, "M", "Black", 3]]);
    await fetch(`${server.url}${path}`, { headers: { cookie: device }, redirect: "manual" });
    expect(await cartLines(device)).toEqual([[tee.id, "M", "Black", 3]]);

    const before = await recovery().figures({ from: later(-HOUR), to: later(HOUR) });
    const placed = await api(
      "/api/checkout",
      { intent: "place", idempotencyKey: `recovery-restored-${counter}`, paymentMethod: "demo", form: checkoutForm },
      `${device}; ${attribution}`,
    );
    expect(placed.status).toBe(200);
    expect(placed.res.headers.getSetCookie().some((c) => /^recovered_checkout=;/.test(c))).toBe(true);
    await api("/api/checkout", { intent: "demo-pay", orderId: placed.body.orderId }, device);
    const [order] = await db()
      .select({ recovered: orders.recoveredCheckoutId, total: orders.totalCents })
      .from(orders)
      .where(eq(orders.id, placed.body.orderId as string));
    const checkout = await checkoutOf(shopper.email);
    expect(order?.recovered).toBe(checkout?.id);
    const after = await recovery().figures({ from: later(-HOUR), to: later(HOUR) });
    expect(after.recoveredCarts - before.recoveredCarts).toBe(1);
    expect(after.revenueCents - before.revenueCents).toBe(order!.total);
    // The owner sees them on the dashboard and in Analytics.
    const admin = await signIn(server.url, ADMIN.email, ADMIN.password);
    const money = `$${(after.revenueCents / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
    for (const page of ["/admin", "/admin/analytics"]) {
      const html = (await (await fetch(`${server.url}${page}`, { headers: { cookie: admin } })).text()).replaceAll(
        "<!-- -->",
        "",
      );
      expect(html, page).toContain(`data-testid="recovered-carts">${after.recoveredCarts}<`);
      expect(html, page).toContain(`data-testid="recovered-revenue">${money}<`);
    }
    // Paid: no second reminder.
    expect((await recovery().runDue(later(2 * DAY))).sent).toBe(0);
    expect(mailsTo(shopper.email)).toHaveLength(1);
  });

  it("a guest's checkout (GUEST_CHECKOUT): recorded from the body, reminded, restored into the browser's cart", async () => {
    const email = `guest-${databaseKind}@example.com`;
    const reached = await api("/api/checkout/reached", {
      email,
      consent: true,
      lines: [
        { id: tee.id, size: "S", color: "Black", quantity: 1 },
        { id: "00000000-0000-4000-8000-000000000000", size: "M", color: "Black", quantity: 1 },
      ],
    });
    expect(reached.status).toBe(200);
    expect((await checkoutOf(email))?.lines).toEqual([{ productId: tee.id, size: "S", color: "Black", quantity: 1 }]);
    expect((await api("/api/checkout/reached", { consent: true, lines: [] })).status).toBe(400);
    await recovery().runDue(later(61 * MINUTE));
    const path = restorePath(mailsTo(email)[0]!);
    const page = await fetch(`${server.url}${path}`, { redirect: "manual" });
    expect(page.status).toBe(200);
    expect(page.headers.getSetCookie().some((c) => c.startsWith("recovered_checkout="))).toBe(true);
    const html = await page.text();
    expect(html).toContain(tee.id);
    expect(html).toContain("Restoring your cart");
  });

  it("bounds the guests' checkouts one client address records (GUEST_RECORDS_PER_IP), recording nothing past it", async () => {
    // The suite's own requests have used some of this address's hour: the window is filled to its end.
    await db().execute(
      sql`insert into rate_limit (id, key, count, last_request)
          values (${randomUUID()}, 'app:checkout-reached:ip:127.0.0.1', ${GUEST_RECORDS_PER_IP.limit * 50}, ${Date.now()})
          on conflict (key) do update set count = excluded.count, last_request = excluded.last_request`,
    );
    try {
      const email = `guest-limited-${databaseKind}@example.com`;
      const refused = await api("/api/checkout/reached", {
        email,
        consent: true,
        lines: [{ id: tee.id, size: "S", color: "Black", quantity: 1 }],
      });
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ ok: false, error: RECOVERY_MESSAGES.tooMany });
      expect(await checkoutOf(email)).toBeUndefined();
      // An account's checkout is not a guest's: still recorded.
      const shopper = await shopperWithCart();
      expect((await api("/api/checkout/reached", { email: shopper.email, consent: true }, shopper.cookie)).status).toBe(
        200,
      );
    } finally {
      await db().execute(sql`delete from rate_limit where key = 'app:checkout-reached:ip:127.0.0.1'`);
    }
  });

  it("refuses a forged or expired restore token, restoring nothing", async () => {
    const shopper = await shopperWithCart();
    await api("/api/checkout/reached", { email: shopper.email, consent: true }, shopper.cookie);
    const checkout = await checkoutOf(shopper.email);
    await api("/api/cart", { intent: "clear" }, shopper.cookie);
    const links = recovery().links;
    const expired = links.restoreToken(checkout!.id, later(-8 * DAY));
    const valid = links.restoreToken(checkout!.id);
    const forged = `${valid.slice(0, valid.lastIndexOf(".") + 1)}${"A".repeat(43)}`;
    for (const token of [expired, forged, "nonsense"]) {
      const res = await fetch(`${server.url}/cart/restore?token=${encodeURIComponent(token)}`, {
        headers: { cookie: shopper.cookie },
        redirect: "manual",
      });
      expect(res.status, token).toBe(400);
      expect(res.headers.getSetCookie().some((c) => c.startsWith("recovered_checkout="))).toBe(false);
    }
    expect(await cartLines(shopper.cookie)).toEqual([]);
    // A forged attribution cookie links nothing.
    await api(
      "/api/cart",
      { intent: "add", productId: tee.id, size: "M", color: "Black", quantity: 1 },
      shopper.cookie,
    );
    const placed = await api(
      "/api/checkout",
      { intent: "place", idempotencyKey: `recovery-forged-${counter}`, paymentMethod: "demo", form: checkoutForm },
      `${shopper.cookie}; recovered_checkout=${checkout!.id}.forged`,
    );
    expect(placed.status).toBe(200);
    const [order] = await db()
      .select({ recovered: orders.recoveredCheckoutId })
      .from(orders)
      .where(eq(orders.id, placed.body.orderId as string));
    expect(order?.recovered).toBeNull();
  });

  it("WhatsApp besides the e-mail for a shopper who gave a phone and opted in (through the fake Twilio)", async () => {
    const twilio = await startFakeTwilio();
    const mailer = new SmtpMailer(smtp.url, "Shop <shop@example.com>", { ignoreTLS: true, timeoutMs: 2_000 });
    try {
      const opted = await shopperWithCart();
      await api(
        "/api/checkout/reached",
        { email: opted.email, phone: "(503) 555-0199", country: "US", consent: true, whatsapp: true },
        opted.cookie,
      );
      const declined = await shopperWithCart();
      await api(
        "/api/checkout/reached",
        { email: declined.email, phone: "+15035550198", country: "US", consent: true, whatsapp: false },
        declined.cookie,
      );
      expect((await checkoutOf(opted.email))?.phone).toBe("+15035550199");
      const { config, settings } = server.services();
      const withTwilio = createCheckoutRecovery({
        db: db(),
        mailer,
        whatsapp: createTwilioClient({
          accountSid: FAKE_TWILIO_ACCOUNT_SID,
          authToken: FAKE_TWILIO_AUTH_TOKEN,
          from: `whatsapp:${FAKE_TWILIO_FROM}`,
          apiBase: twilio.url,
          timeoutMs: 2_000,
        }),
        links: createRecoveryLinks(config.authSecret),
        publicUrl: config.publicUrl,
        shop: async () => ({ name: "Shop", url: config.publicUrl }),
        settings: async () => (await settings.read()).recovery,
        maxPerProduct: 10,
        enabled: true,
        abandonedMinutes: 60,
        rateLimitIpMultiplier: 1,
      });
      expect((await withTwilio.runDue(later(61 * MINUTE))).sent).toBe(2);
      expect(twilio.messages.map((m) => m.to)).toEqual(["whatsapp:+15035550199"]);
      expect(twilio.messages[0]!.body).toContain(`${config.publicUrl}/cart/restore?token=`);
      expect(mailsTo(opted.email)).toHaveLength(1);
      expect(mailsTo(declined.email)).toHaveLength(1);
    } finally {
      mailer.close();
      await twilio.stop();
    }
  });

  it("a reminder the mail server refuses for now is tried again later; one refused for good is not", async () => {
    const later451 = await shopperWithCart();
    await api("/api/checkout/reached", { email: later451.email, consent: true }, later451.cookie);
    smtp.rejectNext(451);
    expect(await recovery().runDue(later(61 * MINUTE))).toMatchObject({ sent: 0, failed: 1 });
    const handedBack = await checkoutOf(later451.email);
    expect(handedBack).toMatchObject({ status: "open", remindersSent: 0, firstSentAt: null });
    expect(handedBack?.lastError).toBeTruthy();
    expect((await recovery().runDue(later(70 * MINUTE))).sent).toBe(0);
    expect((await recovery().runDue(later(77 * MINUTE))).sent).toBe(1);
    expect(mailsTo(later451.email)).toHaveLength(1);

    const never = await shopperWithCart();
    await api("/api/checkout/reached", { email: never.email, consent: true }, never.cookie);
    smtp.rejectNext(550);
    expect(await recovery().runDue(later(61 * MINUTE))).toMatchObject({ sent: 0, failed: 1 });
    expect((await checkoutOf(never.email))?.status).toBe("done");
    // Later runs send the first shopper's second reminder in its time, never this one.
    await recovery().runDue(later(3 * DAY));
    expect(mailsTo(never.email)).toHaveLength(0);
  });

  it("two scans at once never send the same reminder", async () => {
    const emails: string[] = [];
    for (let i = 0; i < 6; i++) {
      const shopper = await shopperWithCart();
      await api("/api/checkout/reached", { email: shopper.email, consent: true }, shopper.cookie);
      emails.push(shopper.email);
    }
    const at = later(61 * MINUTE);
    // The second instance: its own connections to the same database on PostgreSQL, its own mailer (the
    // embedded database has one opener: two scans at once in this process there).
    let second: Database | undefined;
    if (databaseKind === "postgres") {
      second = await openDatabase({ databaseUrl: location.databaseUrl, dataDir: location.dataDir, poolSize: 3 });
    }
    const mailer = new SmtpMailer(smtp.url, "Shop <shop@example.com>", { ignoreTLS: true, timeoutMs: 2_000 });
    try {
      const { config, settings } = server.services();
      const other = createCheckoutRecovery({
        db: second?.db ?? db(),
        mailer,
        whatsapp: undefined,
        links: createRecoveryLinks(config.authSecret),
        publicUrl: config.publicUrl,
        shop: async () => ({ name: "Shop", url: config.publicUrl }),
        settings: async () => (await settings.read()).recovery,
        maxPerProduct: 10,
        enabled: true,
        abandonedMinutes: 60,
        rateLimitIpMultiplier: 1,
      });
      const results = await Promise.all([recovery().runDue(at), other.runDue(at), recovery().runDue(at)]);
      expect(results.reduce((n, r) => n + r.sent, 0)).toBe(6);
    } finally {
      mailer.close();
      await second?.close();
    }
    for (const email of emails) expect(mailsTo(email), email).toHaveLength(1);
  });

  it("the second reminder's code (Settings → Cart reminders): only the shop's admin may turn it on", async () => {
    const customer = await signUp(server, `recovery-customer-${databaseKind}@example.com`);
    const holder = await signUp(server, `recovery-holder-${databaseKind}@example.com`);
    const grant = await fetch(`${server.url}/admin`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, cookie: holder.cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "admin-password", password: SHARED_PASSWORD }),
    });
    expect(grant.status).toBe(200);
    const passHolder = `${holder.cookie}; ${cookieHeader(grant)}`;
    const save = (cookie: string) =>
      fetch(`${server.url}/admin/settings.data`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: server.url, cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ section: "recovery", version: "0", discountCode: "on", percentOff: "15" }),
      });
    for (const cookie of ["", customer.cookie, passHolder]) {
      const res = await save(cookie);
      expect(res.status === 200 ? await res.text() : "refused", cookie || "visitor").not.toContain('"ok",true');
      expect((await server.services().settings.read()).recovery.discountCode).toBe(false);
    }
    const admin = await signIn(server.url, ADMIN.email, ADMIN.password);
    const bad = await fetch(`${server.url}/admin/settings.data`, {
      method: "POST",
      headers: { origin: server.url, cookie: admin, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ section: "recovery", version: "0", discountCode: "on", percentOff: "90" }),
    });
    expect(bad.status).toBe(400);
    expect((await save(admin)).status).toBe(200);
    expect((await server.services().settings.read()).recovery).toEqual({ discountCode: true, percentOff: 15 });

    const shopper = await shopperWithCart();
    await api("/api/checkout/reached", { email: shopper.email, consent: true }, shopper.cookie);
    await recovery().runDue(later(61 * MINUTE));
    expect(mailText(mailsTo(shopper.email)[0]!.raw)).not.toMatch(/BACK-/);
    await recovery().runDue(later(61 * MINUTE + DAY));
    const second = mailsTo(shopper.email)[1]!;
    expect(second.subject).toContain("15% off");
    const code = /BACK-[A-Z0-9]+/.exec(mailText(second.raw))?.[0];
    expect(code).toBeDefined();
    const [made] = await db()
      .select({ limit: discounts.codeUsageLimit, usage: discounts.usageLimit, value: discounts.value })
      .from(discountCodes)
      .innerJoin(discounts, eq(discounts.id, discountCodes.discountId))
      .where(and(eq(discountCodes.code, code!), inArray(discounts.method, ["code"])));
    expect(made).toEqual({ limit: 1, usage: 1, value: 15 });
  });
});
