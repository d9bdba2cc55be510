import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productChanges, products } from "#db/schema/index";
import { demoProducts } from "#db/seed/demo-catalog";
import { databaseKind } from "../support/test-database";
import { signIn, signUp } from "../support/sessions";
import { startTestServer, type TestServer } from "../support/test-server";

/** decisions.md §4: an empty catalogue offers 'Load demo products', which inserts them for real. */

const ADMIN = { email: "owner@example.com", password: "OwnerPass123" };
let server: TestServer;
let adminCookie = "";
let customerCookie = "";

beforeAll(async () => {
  server = await startTestServer({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO_CATALOG: "false",
    PAGE_CACHE_SECONDS: "600",
  });
  adminCookie = await signIn(server.url, ADMIN.email, ADMIN.password);
  customerCookie = (await signUp(server, "customer@example.com")).cookie;
});
afterAll(async () => {
  await server?.stop();
});

const db = () => server.services().database.db;
const loadDemo = (cookie?: string) =>
  fetch(`${server.url}/admin/products/demo`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, ...(cookie ? { cookie } : {}) },
  });
const productCount = async () => (await db().select({ n: count() }).from(products))[0]!.n;

describe(`an empty catalogue (${databaseKind})`, () => {
  it("shows no made-up products: 'No products found', the hint and 'Load demo products'", async () => {
    const html = await (await fetch(`${server.url}/admin/products`, { headers: { cookie: adminCookie } })).text();
    expect(html).toContain("No products found");
    expect(html).toContain("Get started by adding your first product.");
    expect(html).toContain("Load demo products");
    expect(html).toContain("0 of 0");
    // A search on an empty catalogue still offers the demo, with the filters' hint.
    const searched = await (
      await fetch(`${server.url}/admin/products?q=tee`, { headers: { cookie: adminCookie } })
    ).text();
    expect(searched).toContain("Try adjusting your search or filters.");
  });

  it("loads the demo catalogue for an admin only, once, recorded and shown to guests at once", async () => {
    const emptyShop = await fetch(`${server.url}/shop`);
    expect(await emptyShop.text()).toContain("No products available at the moment.");
    expect((await fetch(`${server.url}/shop`)).headers.get("x-cache")).toBe("HIT");

    for (const cookie of [customerCookie, undefined]) {
      const res = await loadDemo(cookie);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
    }
    expect(await productCount()).toBe(0);

    const res = await loadDemo(adminCookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      ok: true,
      products: demoProducts.length,
      message: "Loaded demo products - Product dashboard ready!",
    });
    expect(await productCount()).toBe(demoProducts.length);
    const created = await db().select().from(productChanges).where(eq(productChanges.action, "create"));
    expect(created).toHaveLength(demoProducts.length);
    expect(created[0]).toMatchObject({ actorLabel: ADMIN.email });

    const shop = await fetch(`${server.url}/shop`);
    expect(shop.headers.get("x-cache")).toBe("MISS");
    expect(await shop.text()).not.toContain("No products available at the moment.");

    const again = await loadDemo(adminCookie);
    expect(again.status).toBe(409);
    expect(await productCount()).toBe(demoProducts.length);
  });
});
