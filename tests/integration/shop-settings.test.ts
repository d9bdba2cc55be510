import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settingsChanges, shopSettings } from "#db/schema/index";
import { ADMIN_ACCESS_MESSAGES } from "~/modules/accounts/admin-grant";
import { DEFAULT_SETTINGS } from "~/modules/settings/settings-defaults";
import { SETTINGS_MESSAGES } from "~/modules/settings/settings.server";
import { cookieHeader, signIn, signUp } from "../support/sessions";
import { startTestServer, type TestServer } from "../support/test-server";
import { asRead } from "../support/html";

/**
 * The owner's Settings page over HTTP (issue 26): a section saved by the shop's admin is validated,
 * version-checked, audited and seen at once by the storefront (whose guest pages are cached for ten
 * minutes here); the same request from a visitor, a customer, a customer holding the shared /admin
 * password or the console's pass changes nothing, whatever the method and the URL (page or `.data`).
 */

const ADMIN = { email: "owner@example.com", password: "OwnerPass123" };
const SHARED_PASSWORD = "Settings-Shared-2026";
const WRITE_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;

let server: TestServer;
let adminCookie = "";
let customerCookie = "";
let passHolderCookie = "";
let consolePass = "";

const db = () => server.services().database.db;

function storeForm(overrides: Record<string, string> = {}, version = "0"): URLSearchParams {
  const s = DEFAULT_SETTINGS.store;
  return new URLSearchParams({
    section: "store",
    version,
    name: s.name,
    logoUrl: "",
    contactEmail: s.contactEmail,
    contactPhone: s.contactPhone,
    returnAddress: s.returnAddress,
    timeZone: s.timeZone,
    announcement: s.announcement,
    ...overrides,
  });
}

function post(path: string, body: URLSearchParams, cookie = adminCookie, method = "POST") {
  return fetch(`${server.url}${path}`, {
    method,
    redirect: "manual",
    headers: { origin: server.url, cookie, "content-type": "application/x-www-form-urlencoded" },
    body,
  });
}

async function page(path: string, cookie = ""): Promise<string> {
  const res = await fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {} });
  expect(res.status, path).toBe(200);
  return asRead(await res.text());
}

async function stored() {
  const rows = await db().select().from(shopSettings).orderBy(shopSettings.section);
  const [audit] = await db().select({ n: count() }).from(settingsChanges);
  return { rows, audit: audit!.n };
}

beforeAll(async () => {
  server = await startTestServer({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SECURE_ADMIN_PASSWORD: SHARED_PASSWORD,
    PAGE_CACHE_SECONDS: "600",
  });
  adminCookie = await signIn(server.url, ADMIN.email, ADMIN.password);
  customerCookie = (await signUp(server, "settings-shopper@example.com")).cookie;
  const holder = await signUp(server, "settings-pass-holder@example.com");
  const grant = await post(
    "/admin",
    new URLSearchParams({ intent: "admin-password", password: SHARED_PASSWORD }),
    holder.cookie,
  );
  expect(await grant.text()).toContain(ADMIN_ACCESS_MESSAGES.granted);
  passHolderCookie = `${holder.cookie}; ${cookieHeader(grant)}`;
  const login = await post(
    "/secure-admin/dashboard",
    new URLSearchParams({ intent: "login", password: SHARED_PASSWORD }),
    "",
  );
  expect(login.status).toBe(200);
  consolePass = cookieHeader(login);
});

afterAll(async () => {
  await server?.stop();
});

describe("the owner's Settings page", () => {
  it("is the owner's alone: others get nothing of it, and their writes change nothing", async () => {
    // The storefront's pages are cached before anyone tries.
    await page("/");
    const before = await stored();
    const senders = { visitor: "", customer: customerCookie, "pass holder": passHolderCookie, console: consolePass };
    for (const [who, cookie] of Object.entries(senders)) {
      for (const path of ["/admin/settings", "/admin/settings.data"]) {
        for (const method of WRITE_METHODS) {
          const res = await post(path, storeForm({ name: `Taken over by ${who}` }), cookie, method);
          // A `.data` request is told of a redirect by a 202 and its X-Remix-Redirect header.
          expect([202, 302, 303, 401, 403, 404, 405], `${who} ${method} ${path}`).toContain(res.status);
          expect(await res.text()).not.toContain(SETTINGS_MESSAGES.saved("store"));
        }
      }
      const shown = await fetch(`${server.url}/admin/settings`, {
        headers: cookie ? { cookie } : {},
        redirect: "manual",
      });
      const text = await shown.text();
      expect(text, who).not.toContain("Return address");
      expect(text, who).not.toContain(DEFAULT_SETTINGS.store.returnAddress.split("\n")[1]);
    }
    expect(await stored()).toEqual(before);
    expect(await page("/")).not.toContain("Taken over by");
  });

  it("saves a section, audits what changed, and the storefront shows it at once", async () => {
    const res = await post(
      "/admin/settings",
      storeForm({ name: "Maple & Thread", announcement: "Free returns all winter" }),
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(SETTINGS_MESSAGES.saved("store"));
    const [row] = await db().select().from(shopSettings).where(eq(shopSettings.section, "store"));
    expect(row!.version).toBe(1);
    expect(row!.value).toMatchObject({ name: "Maple & Thread", announcement: "Free returns all winter" });
    const audit = await db().select().from(settingsChanges);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorLabel).toBe(ADMIN.email);
    expect(audit[0]!.changes).toEqual({
      name: ["Abundance Collection", "Maple & Thread"],
      announcement: [DEFAULT_SETTINGS.store.announcement, "Free returns all winter"],
    });
    // The guest's cached home page was emptied by the save.
    const home = await page("/");
    expect(home).toContain("Maple &amp; Thread");
    // The Settings page shows the change in words.
    const settingsPage = await page("/admin/settings", adminCookie);
    expect(settingsPage).toContain("Store name: Abundance Collection → Maple &amp; Thread");
  });

  it("refuses a save made on values someone else has since changed, and keeps theirs", async () => {
    const res = await post("/admin/settings", storeForm({ name: "Stale Name" }, "0"));
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(SETTINGS_MESSAGES.stale);
    const [row] = await db().select().from(shopSettings).where(eq(shopSettings.section, "store"));
    expect(row!.value).toMatchObject({ name: "Maple & Thread" });
  });

  it("answers bad values field by field and saves none of them", async () => {
    const before = await stored();
    const res = await post(
      "/admin/settings",
      new URLSearchParams({
        section: "shipping",
        version: "0",
        "rates.standard": "-3",
        "rates.express": "abc",
        "rates.overnight": "29.99",
        freeShippingOverCents: "",
        taxPercent: "8",
        usStateTax: "New York 9",
      }),
    );
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).toContain(SETTINGS_MESSAGES.invalid);
    expect(text).toContain("Standard rate must be an amount");
    expect(text).toContain("Ship to at least one country");
    expect(text).not.toMatch(/ZodError|at .*\.ts:\d+/);
    expect(await stored()).toEqual(before);
  });

  it("takes rates in dollars and state rates by line, and says nothing changed when nothing did", async () => {
    const form = new URLSearchParams({
      section: "shipping",
      version: "0",
      "rates.standard": "$7.50",
      "rates.express": "19.99",
      "rates.overnight": "29.99",
      freeShippingOverCents: "",
      taxPercent: "8",
      "countryTax.CA": "13",
      usStateTax: "ny 8.875\nCA: 7.25%",
    });
    for (const code of ["US", "CA"]) form.append("shipsTo", code);
    const res = await post("/admin/settings", form);
    expect(res.status).toBe(200);
    const settings = await server.services().settings.read();
    expect(settings.shipping).toEqual({
      rates: { standard: 750, express: 1999, overnight: 2999 },
      freeShippingOverCents: null,
      shipsTo: ["US", "CA"],
      taxPercent: 8,
      countryTax: { CA: 13 },
      usStateTax: { NY: 8.875, CA: 7.25 },
    });
    form.set("version", "1");
    const again = await post("/admin/settings", form);
    expect(await again.text()).toContain(SETTINGS_MESSAGES.unchanged);
    const [row] = await db().select().from(shopSettings).where(eq(shopSettings.section, "shipping"));
    expect(row!.version).toBe(1);
  });

  it("prints a packing slip with the store's name and return address, the items and no prices", async () => {
    const created = await fetch(`${server.url}/admin/test-orders`, {
      method: "POST",
      headers: { origin: server.url, cookie: adminCookie, "content-type": "application/json" },
      body: JSON.stringify({ intent: "create" }),
    });
    expect(created.status).toBe(200);
    const orderNumber = /TEST-\d+/.exec(await created.text())![0];
    const slip = await page(`/admin/orders/${orderNumber}/packing-slip`, adminCookie);
    expect(slip).toContain("Packing slip");
    expect(slip).toContain(`Order ${orderNumber}`);
    expect(slip).toContain("Maple &amp; Thread");
    expect(slip).toContain("200 Market Street, Suite 4");
    expect(slip).not.toMatch(/\$\d+\.\d\d/);
    for (const cookie of ["", customerCookie]) {
      const res = await fetch(`${server.url}/admin/orders/${orderNumber}/packing-slip`, {
        headers: cookie ? { cookie } : {},
        redirect: "manual",
      });
      expect(res.status).toBe(302);
      expect(await res.text()).not.toContain(orderNumber);
    }
  });
});
