import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "#db/schema/index";
import { sharedRegionMarkup } from "~/lib/render/shared-markup.server";
import { databaseKind } from "../support/test-database";
import { signUp } from "../support/sessions";
import { startTestServer, type TestServer } from "../support/test-server";

// Issue 33 (decision 0043): the shop's product grid is rendered once and shared by every viewer of the
// same page of products, while the header stays each viewer's own.
const TOKEN = "shared-markup-metrics-0123456789";
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ PAGE_CACHE_SECONDS: "600", METRICS_TOKEN: TOKEN });
});

/** The shared regions reused so far (/metrics). */
async function reused(): Promise<number> {
  const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  const line = /^abundance_shared_markup_hits_total (\d+)$/m.exec(await res.text());
  return Number(line![1]);
}
afterAll(async () => {
  await server?.stop();
});

/** A signed-in shopper's /shop without the viewer hint: a server render for them, never the page cache. */
async function personalPage(cookie: string, path = "/shop"): Promise<string> {
  const res = await fetch(`${server.url}${path}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  expect(res.headers.get("x-cache")).toBeNull();
  expect(res.headers.get("cache-control")).toContain("private");
  return res.text();
}

const grid = (html: string) => sharedRegionMarkup(html, "shop-results")!;
const preloads = (html: string) =>
  [...html.matchAll(/<link rel="preload"[^>]*as="image"[^>]*>/g)].map((m) =>
    // React writes a preload asked for by hand with its attributes in another order.
    m[0]
      .match(/[a-zA-Z]+="[^"]*"/g)!
      .sort()
      .join(" "),
  );

describe(`the shared product grid on ${databaseKind}`, () => {
  it("gives two signed-in viewers their own header around one grid, and shows a catalogue change", async () => {
    const ada = await signUp(server, "ada.shared@example.com", "Shopper123", "Ada Lovelace");
    const bo = await signUp(server, "bo.shared@example.com", "Shopper123", "Bo Diddley");

    const before = await reused();
    const first = await personalPage(ada.cookie);
    const second = await personalPage(bo.cookie);
    const third = await personalPage(ada.cookie);
    // Rendered once (or reused from an earlier test's render), then reused for the other two.
    expect((await reused()) - before).toBeGreaterThanOrEqual(2);
    expect(first).toContain("Ada Lovelace");
    expect(first).not.toContain("Bo Diddley");
    expect(second).toContain("Bo Diddley");
    expect(second).not.toContain("Ada Lovelace");
    expect(third).toContain("Ada Lovelace");

    // The grid rendered for the first viewer is the one the others get, byte for byte, with its image
    // preloads in the head (asked for by hand when the markup is reused).
    expect(grid(first)).toContain('class="pc"');
    expect(grid(second)).toBe(grid(first));
    expect(grid(third)).toBe(grid(first));
    expect(preloads(first).length).toBeGreaterThan(0);
    expect(preloads(second)).toEqual(preloads(first));
    // A guest's page (the page cache's) has the same grid: what hydrates on one hydrates on the other.
    expect(grid(await (await fetch(`${server.url}/shop`)).text())).toBe(grid(first));

    // Other queries have their own grid.
    const sorted = await personalPage(bo.cookie, "/shop?sort=price-low");
    expect(grid(sorted)).not.toBe(grid(first));
    expect(grid(await personalPage(ada.cookie, "/shop?sort=price-low"))).toBe(grid(sorted));

    // A catalogue change shows on the next render of either viewer.
    const slug = /href="\/product\/([a-z0-9-]+)"/.exec(grid(first))![1]!;
    const renamed = "Renamed For Everyone Signed In";
    const db = server.services().database.db;
    await db.update(products).set({ name: renamed, updatedAt: new Date() }).where(eq(products.slug, slug));
    await server.services().catalog.invalidateCatalog("product renamed");
    const adaAfter = await personalPage(ada.cookie);
    const boAfter = await personalPage(bo.cookie);
    expect(grid(adaAfter)).toContain(renamed);
    expect(grid(boAfter)).toBe(grid(adaAfter));
    expect(adaAfter).toContain("Ada Lovelace");
    expect(boAfter).toContain("Bo Diddley");
  });

  it("shares a product's reviews between viewers, per view of them", async () => {
    const cy = await signUp(server, "cy.shared@example.com", "Shopper123", "Cy Twombly");
    const di = await signUp(server, "di.shared@example.com", "Shopper123", "Di Fontaine");
    // A demo product with published reviews.
    const path = "/product/wrap-midi-dress-green";
    const reviews = (html: string) => sharedRegionMarkup(html, "product-reviews")!;
    const before = await reused();
    const cys = await personalPage(cy.cookie, path);
    const dis = await personalPage(di.cookie, path);
    expect((await reused()) - before).toBeGreaterThanOrEqual(1);
    expect(reviews(cys)).toContain("review-title-");
    expect(reviews(dis)).toBe(reviews(cys));
    expect(cys).toContain("Cy Twombly");
    expect(cys).not.toContain("Di Fontaine");
    expect(dis).toContain("Di Fontaine");
    expect(dis).not.toContain("Cy Twombly");
    expect(reviews(await (await fetch(`${server.url}${path}`)).text())).toBe(reviews(cys));
    // Another view of the reviews (its filter links, its page) is its own.
    const fiveStars = await personalPage(di.cookie, `${path}?reviews_rating=5`);
    expect(reviews(fiveStars)).not.toBe(reviews(cys));
    expect(reviews(await personalPage(cy.cookie, `${path}?reviews_rating=5`))).toBe(reviews(fiveStars));
  });
});
