import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "#db/schema/index";
import { demoProducts } from "#db/seed/demo-catalog";
import { databaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ PAGE_CACHE_SECONDS: "1" });
});
afterAll(async () => {
  await server?.stop();
});
const get = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, { redirect: "manual", ...init });

describe(`sitemap and robots on ${databaseKind}`, () => {
  it("lists the home page, every shop category and every active product — and no inactive one", async () => {
    const res = await get("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/xml");
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(locs).toContain("/");
    expect(locs).toContain("/shop");
    for (const slug of ["men", "women", "sale", "new-arrivals", "accessories"]) {
      expect(locs).toContain(`/shop/${slug}`);
    }
    for (const p of demoProducts) {
      expect(locs.includes(`/product/${p.slug}`), p.slug).toBe(p.isActive);
    }
    expect(xml).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);
  });

  it("robots.txt points to the sitemap and keeps admin and account pages out", async () => {
    const text = await (await get("/robots.txt")).text();
    expect(text).toContain(`Sitemap: ${server.url}/sitemap.xml`);
    for (const path of ["/admin", "/secure-admin", "/profile", "/orders", "/checkout", "/api/"]) {
      expect(text).toContain(`Disallow: ${path}`);
    }
  });
});

describe("freshness of cached catalogue pages", () => {
  it("shows a product edited directly in the database within the cache lifetime", async () => {
    // Prime the page cache with the home page, which shows featured products.
    const home = await (await get("/")).text();
    const slug = /href="\/product\/([a-z0-9-]+)"/.exec(home)![1]!;
    const cached = await get("/");
    await cached.text();
    expect(cached.headers.get("x-cache")).toBe("HIT");
    const db = server.services().database.db;
    await db
      .update(products)
      .set({ name: sql`'Renamed In SQL ' || ${products.name}`, updatedAt: new Date() })
      .where(and(eq(products.slug, slug)));
    // Cached for at most PAGE_CACHE_SECONDS (1 s here, 5 s by default).
    await new Promise((r) => setTimeout(r, 1_200));
    const html = await (await get("/")).text();
    expect(html).toContain("Renamed In SQL");
  });
});
