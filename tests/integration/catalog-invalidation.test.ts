import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "#db/schema/index";
import { databaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
beforeAll(async () => {
  // Lifetimes far longer than the test: whatever changes on screen was emptied, not expired.
  server = await startTestServer({ PAGE_CACHE_SECONDS: "600", GUEST_SEARCH: "true" });
});
afterAll(async () => {
  await server?.stop();
});

async function guestGet(path: string): Promise<{ cache: string | null; html: string }> {
  const res = await fetch(`${server.url}${path}`, { redirect: "manual" });
  expect(res.status, path).toBe(200);
  return { cache: res.headers.get("x-cache"), html: await res.text() };
}

describe(`invalidateCatalog on ${databaseKind}`, () => {
  it("empties the catalogue read cache and the guest page cache at once", async () => {
    const home = await guestGet("/");
    const slug = /href="\/product\/([a-z0-9-]+)"/.exec(home.html)![1]!;
    const db = server.services().database.db;
    const [product] = await db.select({ name: products.name }).from(products).where(eq(products.slug, slug));
    // Search results are kept too (never in the guest page cache: they are the search page's own).
    const search = `/search?q=${encodeURIComponent(product!.name)}`;
    const searchShows = async (text: string) => {
      const page = await guestGet(search);
      expect(page.cache, search).toBeNull();
      return page.html.includes(text);
    };
    expect(await searchShows(`href="/product/${slug}"`)).toBe(true);
    const paths = ["/", "/shop", `/product/${slug}`];
    for (const path of paths) {
      const first = await guestGet(path);
      expect(first.html, path).toContain(`href="/product/${slug}"`);
      expect((await guestGet(path)).cache, path).toBe("HIT");
    }

    // A write behind the caches' back (what the back office does before it calls the entry point).
    // The old name stays in the new one, so that the search for it still finds the product.
    const renamed = `${product!.name} Renamed By The Back Office`;
    await db.update(products).set({ name: renamed, updatedAt: new Date() }).where(eq(products.slug, slug));
    for (const path of paths) {
      const page = await guestGet(path);
      expect(page.cache, path).toBe("HIT");
      expect(page.html, path).not.toContain(renamed);
    }
    // Under the page cache, the read cache still holds the old product.
    server.running.pageCache.clear();
    for (const path of paths) {
      const page = await guestGet(path);
      expect(page.cache, path).toBe("MISS");
      expect(page.html, path).toContain(`href="/product/${slug}"`);
      expect(page.html, path).not.toContain(renamed);
    }
    expect(await searchShows(renamed)).toBe(false);
    expect(await searchShows(`href="/product/${slug}"`)).toBe(true);

    await server.services().catalog.invalidateCatalog("product renamed");
    expect(await searchShows(renamed)).toBe(true);
    for (const path of paths) {
      const page = await guestGet(path);
      expect(page.cache, path).toBe("MISS");
      expect(page.html, path).toContain(renamed);
    }
  });

  it("a group made behind the caches becomes one card with swatches once the catalogue is invalidated", async () => {
    const db = server.services().database.db;
    const path = "/shop/accessories?sort=price-low";
    const cards = (html: string) =>
      [...html.matchAll(/<a class="pc-link" href="\/product\/([a-z0-9-]+)"/g)].map((m) => m[1]!);
    const before = await guestGet(path);
    const ungrouped = await db
      .select({ id: products.id, slug: products.slug, group: products.productGroupId })
      .from(products)
      .where(inArray(products.slug, cards(before.html)));
    const [main, other] = ungrouped.filter((p) => p.group === null);
    expect(other).toBeDefined();
    expect((await guestGet(path)).cache).toBe("HIT");

    await db
      .update(products)
      .set({ productGroupId: "group_invalidation_test", variantType: "color" })
      .where(inArray(products.id, [main!.id, other!.id]));
    await db.update(products).set({ parentProductId: main!.id }).where(eq(products.id, other!.id));
    expect(cards((await guestGet(path)).html)).toEqual(cards(before.html));

    await server.services().catalog.invalidateCatalog("group created");
    const after = await guestGet(path);
    expect(after.cache).toBe("MISS");
    expect(cards(after.html)).toContain(main!.slug);
    expect(cards(after.html)).not.toContain(other!.slug);
    expect(after.html).toContain(`href="/product/${other!.slug}"`);
  });
});
