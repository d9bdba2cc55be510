import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderNotifications, orders, secureAdminPasses, user } from "#db/schema/index";
import { SECURE_ADMIN_MESSAGES } from "~/modules/accounts/secure-admin-gate.server";
import { createTestOrder } from "~/modules/orders/test-orders.server";
import { signIn, signUp } from "../support/sessions";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * The /secure-admin gate over HTTP: the shared password (wrong, right, with spaces around it, too many
 * tries), the pass cookie (httpOnly, signed, scoped to the console, expiring), a forged, expired or
 * logged-out pass is no pass, and every console page and action answers nothing without one. The
 * password appears in no page or cookie.
 */
const PASSWORD = "Console-Secret-2026";
let server: TestServer;

const db = () => server.services().database.db;

const login = (password: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/secure-admin/dashboard`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, ...headers },
    body: new URLSearchParams({ intent: "login", password }),
  });

const page = (path: string, cookie = "") =>
  fetch(`${server.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });

function passCookie(res: Response): string {
  const set = res.headers.getSetCookie().find((c) => c.startsWith("abundance.secure_admin="));
  expect(set, "the pass cookie").toBeDefined();
  return set!;
}

beforeAll(async () => {
  server = await startTestServer({ SECURE_ADMIN_PASSWORD: PASSWORD, RATE_LIMIT_IP_MULTIPLIER: "1" });
});
afterAll(async () => {
  await server?.stop();
});

describe("/secure-admin's gate", () => {
  it("shows 'Admin Access' and nothing of the console without a pass", async () => {
    const root = await page("/secure-admin");
    expect(root.status).toBe(302);
    expect(root.headers.get("location")).toBe("/secure-admin/dashboard");
    const res = await page("/secure-admin/dashboard");
    const html = await res.text();
    expect(html).toContain("Admin Access");
    expect(html).toContain("Admin Password");
    expect(html).not.toContain("Total Products");
    for (const path of ["/secure-admin/analytics", "/secure-admin/orders", "/secure-admin/whatsapp"]) {
      const section = await (await page(path)).text();
      expect(section).toContain("Admin Access");
      expect(section).not.toContain("Total Revenue");
    }
  });

  it("refuses a wrong password with 'Invalid password' and sets no pass", async () => {
    const res = await login("not-the-password", { "x-forwarded-for": "10.0.0.1" });
    expect(res.status).toBe(401);
    expect(await res.text()).toContain(SECURE_ADMIN_MESSAGES.invalidPassword);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("abundance.secure_admin="))).toBe(false);
  });

  it("accepts the right password, trimmed, and gives a signed httpOnly pass scoped to the console", async () => {
    const res = await login(`  ${PASSWORD}  `);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(SECURE_ADMIN_MESSAGES.granted);
    const cookie = passCookie(res);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Path=\/secure-admin/);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Max-Age=28800/);
    expect(cookie).not.toContain(PASSWORD);
    const pair = cookie.split(";")[0]!;
    const html = await (await page("/secure-admin/dashboard", pair)).text();
    expect(html).toContain("Total Products");
    expect(html).toContain("Logout");
    expect(html).not.toContain(PASSWORD);
  });

  it("takes a forged, an expired or a logged-out pass for no pass", async () => {
    const pair = passCookie(await login(PASSWORD)).split(";")[0]!;
    // Forged: a character inside the signature changed.
    const forged = pair.replace(/.(?=.{4}$)/, (c) => (c === "A" ? "Q" : "A"));
    expect(await (await page("/secure-admin/dashboard", forged)).text()).not.toContain("Total Products");
    // Expired on the server.
    const [row] = await db().select().from(secureAdminPasses).limit(1);
    await db()
      .update(secureAdminPasses)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(secureAdminPasses.id, row!.id));
    const expiredPair = `abundance.secure_admin=${encodeURIComponent(JSON.stringify(row!.id))}`;
    expect(await (await page("/secure-admin/dashboard", expiredPair)).text()).not.toContain("Total Products");

    // Logout ends the pass on the server: the same cookie, kept by someone, opens nothing any more.
    const fresh = passCookie(await login(PASSWORD)).split(";")[0]!;
    expect(await (await page("/secure-admin/dashboard", fresh)).text()).toContain("Total Products");
    const out = await fetch(`${server.url}/secure-admin/analytics`, {
      method: "POST",
      headers: { origin: server.url, cookie: fresh },
      body: new URLSearchParams({ intent: "logout" }),
    });
    expect(out.status).toBe(200);
    expect(passCookie(out)).toMatch(/Max-Age=0/);
    expect(await (await page("/secure-admin/dashboard", fresh)).text()).not.toContain("Total Products");
  });

  it("limits password tries per address: 429 with the shop's text", async () => {
    const headers = { "x-forwarded-for": "10.9.9.9" };
    let last: Response | null = null;
    for (let i = 0; i < 11; i++) last = await login(`wrong-${i}`, headers);
    expect(last!.status).toBe(429);
    expect(await last!.text()).toContain("Too many attempts");
  });

  it("answers every console action without a pass with 401, and changes nothing", async () => {
    const [owner] = await db().select().from(user).limit(1);
    const { orderNumber } = await createTestOrder(db(), {
      kind: "member" as const,
      id: owner!.id,
      name: "Owner",
      email: owner!.email,
    });
    const before = {
      notifications: (await db().select().from(orderNotifications)).length,
      order: (await db().select().from(orders).where(eq(orders.orderNumber, orderNumber)))[0]!,
    };
    const post = (path: string, body: Record<string, string>, cookie = "") =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: server.url, ...(cookie ? { cookie } : {}) },
        body: new URLSearchParams(body),
      });
    const forged = "abundance.secure_admin=%2200000000-0000-4000-8000-000000000000%22.bogus";
    for (const cookie of ["", forged]) {
      const answers = [
        await post(`/secure-admin/orders?order=${orderNumber}`, { intent: "cancel" }, cookie),
        await post(
          "/secure-admin/whatsapp",
          { intent: "notify-whatsapp", orderNumber, customMessage: "hi", phoneNumber: "+15035550100" },
          cookie,
        ),
        await fetch(`${server.url}/secure-admin/test-orders`, {
          method: "POST",
          headers: { origin: server.url, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
          body: JSON.stringify({ intent: "create" }),
        }),
      ];
      for (const res of answers) expect(res.status, res.url).toBe(401);
    }
    const after = (await db().select().from(orders).where(eq(orders.orderNumber, orderNumber)))[0]!;
    expect(after.status).toBe(before.order.status);
    expect((await db().select().from(orderNotifications)).length).toBe(before.notifications);
  });
});

describe("/secure-admin for the shop's admin", () => {
  const ADMIN = { email: "owner@example.com", password: "Owner-Secret-2026" };
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({
      SECURE_ADMIN_PASSWORD: PASSWORD,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_PAYMENTS: "true",
    });
  });
  afterAll(async () => {
    await shop?.stop();
  });
  const at = (path: string, cookie: string) => fetch(`${shop.url}${path}`, { redirect: "manual", headers: { cookie } });

  it("opens the console to the admin's own session without the shared password; a customer still needs it", async () => {
    const admin = await signIn(shop.url, ADMIN.email, ADMIN.password);
    const html = await (await at("/secure-admin/dashboard", admin)).text();
    expect(html).toContain("Total Products");
    expect(html).toContain("Signed in as the shop&#x27;s admin");
    // The console's Logout ends a pass, which this session has not got.
    expect(html).not.toContain(">Logout<");
    expect(await (await at("/secure-admin/orders", admin)).text()).toContain("Total Revenue");
    // Its actions too: a test order made by the console.
    const made = await fetch(`${shop.url}/secure-admin/test-orders`, {
      method: "POST",
      headers: { origin: shop.url, "content-type": "application/json", cookie: admin },
      body: JSON.stringify({ intent: "create" }),
    });
    expect(made.status).toBe(200);

    const customer = await signUp(shop, "customer@example.com");
    const refused = await (await at("/secure-admin/dashboard", customer.cookie)).text();
    expect(refused).toContain("Admin Password");
    expect(refused).not.toContain("Total Products");
    const tried = await fetch(`${shop.url}/secure-admin/test-orders`, {
      method: "POST",
      headers: { origin: shop.url, "content-type": "application/json", cookie: customer.cookie },
      body: JSON.stringify({ intent: "create" }),
    });
    expect(tried.status).toBe(401);
  });
});
