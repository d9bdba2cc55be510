import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { categories } from "#db/schema/index";
import { demoProducts } from "#db/seed/demo-catalog";
import { SEARCH_PAGE_SIZE, SEARCH_PRICE_MAX, type SearchQuery } from "~/modules/catalog/catalog-types";
import { parseSearchQuery } from "~/modules/catalog/search-query";
import { searchProducts } from "~/modules/catalog/search.server";
import { insertTestProducts } from "../support/catalog-fixtures";
import { seedDemoCatalogIfEmpty } from "~/modules/catalog/seed.server";
import { createTestDatabase, databaseKind, type TestDatabase } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";
import { asRead } from "../support/html";

let t: TestDatabase;
const DAY_MS = 24 * 60 * 60 * 1000;

async function insertProduct(fields: {
  name: string;
  description: string;
  priceCents?: number;
  inventory?: number;
  isActive?: boolean;
  categorySlug?: string;
  createdAt?: Date;
}) {
  const db = t.database.db;
  const [category] = fields.categorySlug
    ? await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, fields.categorySlug))
    : [undefined];
  const id = randomUUID();
  await insertTestProducts(db, [
    {
      id,
      name: fields.name,
      slug: `${fields.name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${id.slice(0, 6)}`,
      description: fields.description,
      priceCents: fields.priceCents ?? 4000,
      stock: fields.inventory ?? 10,
      sku: `TEST-${id.slice(0, 8)}`,
      isActive: fields.isActive ?? true,
      categoryId: category?.id ?? null,
      sizes: ["S", "M"],
      colors: ["Black"],
      createdAt: fields.createdAt ?? new Date(),
    },
  ]);
  return id;
}

const search = (q: string, rest: Partial<SearchQuery> = {}) =>
  searchProducts(t.database.db, {
    q,
    category: null,
    minPrice: 0,
    maxPrice: SEARCH_PRICE_MAX,
    inStock: false,
    page: 1,
    ...rest,
  });

/** Every product of a search, across all its pages. */
async function searchAll(q: string, rest: Partial<SearchQuery> = {}) {
  const first = await search(q, rest);
  const all = [...first.products];
  for (let page = 2; page <= first.pageCount; page++) {
    const next = await search(q, { ...rest, page });
    expect(next.total).toBe(first.total);
    all.push(...next.products);
  }
  return { total: first.total, pageCount: first.pageCount, products: all };
}

const names = (page: { products: { name: string }[] }) => page.products.map((p) => p.name);

beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemoCatalogIfEmpty(t.database.db);
  // No demo product is named "T-Shirt"; this one is for the punctuation-blind typo search.
  await insertProduct({
    name: "Classic T-Shirt",
    description: "A plain everyday top in soft jersey.",
    categorySlug: "men",
  });
  // Ranking: the word in the NAME of one, only in the DESCRIPTION of the other (which is newer, so
  // recency alone would put it first).
  await insertProduct({
    name: "Silk Kimono Robe",
    description: "A light robe for slow mornings.",
    createdAt: new Date(Date.now() - 30 * DAY_MS),
  });
  await insertProduct({
    name: "Lounge Wrap Set",
    description: "Cut like a kimono, with wide sleeves and a sash.",
    createdAt: new Date(),
  });
  // An inactive product whose name matches a common word must never show.
  await insertProduct({ name: "Hidden Hoodie Prototype", description: "Not for sale.", isActive: false });
});
afterAll(async () => {
  await t?.cleanup();
});

describe(`searchProducts on ${databaseKind}`, () => {
  it("stems words: 'shirts' finds products named …Shirt…", async () => {
    const found = names(await searchAll("shirts"));
    expect(found).toContain("Relaxed Linen Shirt");
    expect(found).toContain("Oxford Button-Down Shirt");
    expect(found).toContain("Classic T-Shirt");
  });

  it("tolerates typos: 'jaket' finds a Jacket, 'tshirt' finds a T-Shirt", async () => {
    const jackets = names(await searchAll("jaket"));
    expect(jackets.length).toBeGreaterThan(0);
    expect(jackets.some((n) => /jacket/i.test(n))).toBe(true);
    expect(jackets).toContain("Men's Waxed Field Jacket");

    const tees = names(await searchAll("tshirt"));
    expect(tees).toContain("Classic T-Shirt");
  });

  it("matches prefixes: 'hood' finds hoodies", async () => {
    const found = names(await searchAll("hood"));
    expect(found).toContain("Women's Oversized Hoodie");
    expect(found).toContain("Brushed Fleece Hoodie");
    expect(found).toContain("Essential Fleece Hoodie - Navy");
  });

  it("ranks a name match above a description-only match", async () => {
    const found = names(await search("kimono"));
    expect(found).toEqual(["Silk Kimono Robe", "Lounge Wrap Set"]);
  });

  it("reports the exact total, equal to the matches over every page", async () => {
    // A word frequent enough to need several pages of 12.
    const result = await searchAll("cotton");
    expect(result.pageCount).toBeGreaterThan(1);
    expect(result.products.length).toBe(result.total);
    expect(new Set(result.products.map((p) => p.id)).size).toBe(result.total);
    expect(result.pageCount).toBe(Math.ceil(result.total / SEARCH_PAGE_SIZE));
  });

  it("filters by category slug", async () => {
    const all = await searchAll("hoodie");
    const women = await searchAll("hoodie", { category: "women" });
    expect(women.total).toBeGreaterThan(0);
    expect(women.total).toBeLessThan(all.total);
    for (const p of women.products) expect(p.category).toBe("Women");
    expect(names(women)).toContain("Women's Oversized Hoodie");
    expect((await search("hoodie", { category: "no-such-category" })).total).toBe(0);
  });

  it("filters by min and max price (whole dollars, inclusive)", async () => {
    const all = await searchAll("cotton");
    const prices = all.products.map((p) => p.price).sort((a, b) => a - b);
    const low = Math.floor(prices[0]! / 100) + 1;
    const high = Math.ceil(prices[prices.length - 1]! / 100) - 1;
    const ranged = await searchAll("cotton", { minPrice: low, maxPrice: high });
    expect(ranged.total).toBeLessThan(all.total);
    for (const p of ranged.products) {
      expect(p.price).toBeGreaterThanOrEqual(low * 100);
      expect(p.price).toBeLessThanOrEqual(high * 100);
    }
    expect(ranged.total).toBe(all.products.filter((p) => p.price >= low * 100 && p.price <= high * 100).length);
  });

  it("In Stock Only: the styles with a product in stock, each shown as one in stock", async () => {
    const all = await searchAll("hoodie");
    // The Essential Fleece Hoodie is sold out in Black only: listed either way.
    expect(all.products.some((p) => p.swatches.some((s) => s.inventory === 0))).toBe(true);
    const inStock = await searchAll("hoodie", { inStock: true });
    expect(inStock.total).toBe(all.products.filter((p) => p.styleInventory > 0).length);
    for (const p of inStock.products) expect(p.inventory).toBeGreaterThan(0);
    const black = await searchAll("black fleece hoodie");
    expect(names(black)).toEqual(["Essential Fleece Hoodie - Black"]);
    // (Nothing else matches every word: the search falls back to similar names, never the sold-out colour.)
    expect(names(await searchAll("black fleece hoodie", { inStock: true }))).not.toContain(
      "Essential Fleece Hoodie - Black",
    );
  });

  it("finds a style once, shown as its main product, with its colours as swatches", async () => {
    const found = await searchAll("essential fleece hoodie");
    expect(found.total).toBe(1);
    expect(found.products[0]).toMatchObject({ name: "Essential Fleece Hoodie - Navy", styleInventory: 112 });
    expect(found.products[0]!.swatches.map((s) => s.color)).toEqual(["Navy", "Black", "Gray"]);
    // A word only one colour's name has finds the style in that colour.
    expect(names(await searchAll("gray fleece hoodie"))).toEqual(["Essential Fleece Hoodie - Gray"]);
  });

  it("never shows inactive products", async () => {
    const inactive = demoProducts.filter((p) => !p.isActive);
    expect(inactive.length).toBeGreaterThan(0);
    for (const product of inactive) {
      const found = await searchAll(product.name);
      expect(names(found), product.name).not.toContain(product.name);
    }
    expect(names(await searchAll("hoodie"))).not.toContain("Hidden Hoodie Prototype");
    expect(names(await searchAll("prototype"))).toEqual([]);
  });

  it("answers nothing for an empty or whitespace-only query", async () => {
    for (const q of ["", "   ", "\t\n"]) {
      const result = await search(q);
      expect(result.total).toBe(0);
      expect(result.products).toEqual([]);
    }
    const parsed = parseSearchQuery(new URLSearchParams("q=%20%20%20"));
    expect(parsed.q).toBe("");
    expect((await searchProducts(t.database.db, parsed)).total).toBe(0);
  });

  it("treats SQL and LIKE metacharacters as plain text", async () => {
    for (const q of [
      "%",
      "_",
      "'",
      "\\",
      "%%",
      "100% cotton",
      "o'brien",
      "shirt_%",
      "a\\b",
      "'; drop table products; --",
      ":*&|!()",
    ]) {
      await expect(search(q), q).resolves.toMatchObject({ page: 1 });
    }
    expect((await search("%")).total).toBe(0);
    expect((await search("_")).total).toBe(0);
    // The words around the metacharacters still search.
    expect((await search("100% cotton")).total).toBe((await search("100 cotton")).total);
  });
});

const get = (server: TestServer, path: string, init?: RequestInit) =>
  fetch(`${server.url}${path}`, { redirect: "manual", ...init });

describe("GET /search (signed-in only by default)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAIL: "owner@example.com", ADMIN_PASSWORD: "OwnerPass123" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("redirects a signed-out visitor to /login, keeping the search as redirect", async () => {
    const res = await get(server, "/search?q=x");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?redirect=%2Fsearch%3Fq%3Dx");
    const bare = await get(server, "/search");
    expect(bare.status).toBe(302);
    expect(bare.headers.get("location")).toBe("/login?redirect=%2Fsearch");
  });

  it("answers a signed-in visitor with results, noindex and no caching", async () => {
    const signIn = await get(server, "/login", {
      method: "POST",
      headers: { origin: server.url },
      body: new URLSearchParams({ email: "owner@example.com", password: "OwnerPass123" }),
      redirect: "manual",
    });
    expect(signIn.status).toBe(302);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");

    const res = await get(server, "/search?q=hoodie", { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const html = asRead(await res.text());
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toMatch(/<title>&quot;hoodie&quot; – Search \| Abundance Collection<\/title>/);
    expect(html).toMatch(/href="\/product\/[a-z0-9-]*hoodie[a-z0-9-]*"/);
    expect(html).toContain("results");

    const empty = await get(server, "/search", { headers: { cookie } });
    expect(empty.status).toBe(200);
    expect(await empty.text()).toContain("Start your search");

    const none = await get(server, "/search?q=zzzzqqq", { headers: { cookie } });
    expect(none.status).toBe(200);
    expect(await none.text()).toContain("No results found");
  });
});

describe("GET /search with GUEST_SEARCH=true", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ GUEST_SEARCH: "true" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("lets a signed-out visitor search", async () => {
    const res = await get(server, "/search?q=hoodie");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/href="\/product\/[a-z0-9-]*hoodie[a-z0-9-]*"/);
    expect(html).toContain('aria-label="Search products"');
  });

  it("shows a style once, its colours as swatch links; In Stock Only as a removable chip", async () => {
    const page = async (path: string) => {
      const res = await get(server, path);
      expect(res.status).toBe(200);
      return res.text();
    };
    const cards = (html: string) =>
      [...html.matchAll(/<a class="pc-link" href="\/product\/([a-z0-9-]+)"/g)].map((m) => m[1]);
    const html = await page("/search?q=essential%20fleece%20hoodie");
    expect(cards(html)).toEqual(["essential-fleece-hoodie-navy"]);
    const swatches = /<ul aria-label="Colours of [^"]*"[^>]*>(.*?)<\/ul>/.exec(html)?.[1] ?? "";
    expect([...swatches.matchAll(/href="\/product\/([a-z0-9-]+)"/g)].map((m) => m[1])).toEqual([
      "essential-fleece-hoodie-navy",
      "essential-fleece-hoodie-black",
      "essential-fleece-hoodie-gray",
    ]);
    expect(html).not.toContain('aria-label="Active filters"');
    // Its Black is sold out: In Stock Only leaves it out, and says so in a chip that links back.
    expect(cards(await page("/search?q=black%20fleece%20hoodie"))).toEqual(["essential-fleece-hoodie-black"]);
    const inStock = await page("/search?q=black%20fleece%20hoodie&stock=1");
    expect(cards(inStock)).not.toContain("essential-fleece-hoodie-black");
    expect(inStock).toMatch(
      /href="\/search\?q=black%20fleece%20hoodie" aria-label="Remove filter In Stock Only"|aria-label="Remove filter In Stock Only"[^>]*href="\/search\?q=black%20fleece%20hoodie"/,
    );
  });

  it("says 'Search failed' (status 500) when the database fails, on a page load and a client navigation", async () => {
    const db = server.services().database.db;
    const select = db.select;
    // The loader logs each failure (the logger writes through console.error under Vitest); those lines
    // are expected, nothing else is.
    const logged: string[] = [];
    vi.mocked(console.error).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" ")));
    db.select = (() => {
      throw new Error("database is down");
    }) as typeof db.select;
    // A search no test has made: results are kept, and a kept one would not reach the database.
    const q = "unheard+hoodie";
    try {
      const page = await get(server, `/search?q=${q}`);
      expect(page.status).toBe(500);
      const html = await page.text();
      expect(html).toContain("Search failed");
      expect(html).not.toContain("database is down");

      const data = await get(server, `/search.data?q=${q}`);
      expect(data.status).toBe(500);
      expect(await data.text()).toContain("Search failed");
    } finally {
      db.select = select;
    }
    // One JSON line each (the logger's), with the error's message.
    const lines = logged.map((line) => JSON.parse(line) as { level: string; msg: string; err: { message: string } });
    expect(lines.map((line) => [line.level, line.msg, line.err.message])).toEqual([
      ["error", "[search] failed", "database is down"],
      ["error", "[search] failed", "database is down"],
    ]);
    expect((await get(server, `/search?q=${q}`)).status).toBe(200);
  });

  it("renders search text as text, never as HTML", async () => {
    const res = await get(server, `/search?q=${encodeURIComponent("<img src=x onerror=alert(1)>")}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("No results found");
  });
});
