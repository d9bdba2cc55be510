import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKind } from "../support/test-database";
import { signIn } from "../support/sessions";
import { startTestServer, type TestServer } from "../support/test-server";

// Decision 0046: the server answers storefront paths from a route table without the back office's routes,
// and the back office's paths and route discovery from the whole table. What a browser sees is the same.
const OWNER = { email: "routes.owner@example.com", password: "OwnerPass123" };
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });
});
afterAll(async () => {
  await server?.stop();
});

/** The partial manifest a document carries: its version and the ids of its routes. */
function manifestOf(html: string): { version: string; routes: string[] } {
  const json = /window\.__reactRouterManifest = (\{.*?\});/s.exec(html)?.[1];
  if (!json) throw new Error("no manifest in the document");
  const manifest = JSON.parse(json) as { version: string; routes: Record<string, unknown> };
  return { version: manifest.version, routes: Object.keys(manifest.routes) };
}

describe(`the storefront's route table (${databaseKind})`, () => {
  it("renders a shop page with its own routes only, and discovers the back office's routes on request", async () => {
    const shop = await fetch(`${server.url}/shop`);
    expect(shop.status).toBe(200);
    const { version, routes } = manifestOf(await shop.text());
    expect(routes).toContain("routes/shop-all");
    expect(routes.filter((id) => /admin/.test(id))).toEqual([]);

    // A shopper's client (an owner signed in on the storefront, say) finds /admin by route discovery.
    const found = await fetch(
      `${server.url}/__manifest?paths=${encodeURIComponent("/admin/orders,/shop")}&version=${version}`,
    );
    expect(found.status).toBe(200);
    const patches = Object.keys((await found.json()) as Record<string, unknown>);
    expect(patches).toEqual(expect.arrayContaining(["root", "routes/shop-all", "routes/admin", "routes/admin.orders"]));
  });

  it("answers the back office's pages and data requests, and a storefront page's data request", async () => {
    const cookie = await signIn(server.url, OWNER.email, OWNER.password);
    const answers = {
      "/admin/orders": 200,
      "/admin/orders.data": 200,
      "/secure-admin/dashboard": 200,
      "/shop.data": 200,
      "/product/nothing-here.data": 404,
    };
    for (const [path, status] of Object.entries(answers)) {
      const res = await fetch(`${server.url}${path}`, { headers: { cookie }, redirect: "manual" });
      expect(res.status, path).toBe(status);
      const text = await res.text();
      if (path === "/admin/orders") expect(manifestOf(text).routes).toContain("routes/admin.orders");
    }
    // A path that only begins like the back office's is the storefront's: unknown, so home (spec §2).
    const unknown = await fetch(`${server.url}/admin-help`, { redirect: "manual" });
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get("location")).toBe("/");
  });
});
