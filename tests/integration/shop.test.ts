import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, products, productVariants } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import type { ProductCard } from "~/modules/catalog/product-card";
import { categoryName, listCategories, listProducts } from "~/modules/catalog/list-products.server";
import { seedDemoCatalogIfEmpty } from "~/modules/catalog/seed.server";
import {
  COLOR_FILTERS,
  DEFAULT_SHOP_QUERY,
  parseShopQuery,
  SHOP_PAGE_SIZE,
  SIZE_FILTERS,
  type ShopQuery,
} from "~/modules/catalog/shop-query";
import { insertTestProducts, setProductStock } from "../support/catalog-fixtures";
import { createTestDatabase, databaseKind, type TestDatabase } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";
import { asRead } from "../support/html";

const DAY_MS = 24 * 60 * 60 * 1000;

interface Row {
  id: string;
  name: string;
  slug: string;
  priceCents: number;
  originalPriceCents: number | null;
  sizes: string[];
  colors: string[];
  isActive: boolean;
  featured: boolean;
  rating: number;
  reviewCount: number;
  inventory: number;
  createdAt: Date;
  categorySlug: string | null;
  productGroupId: string | null;
  parentProductId: string | null;
}

const query = (category: string, changes: Partial<ShopQuery> = {}): ShopQuery => ({
  ...DEFAULT_SHOP_QUERY,
  category,
  ...changes,
});

/** Every card of a shop query, page after page, in the order shown; never two cards of one style. */
async function collect(db: Db, q: ShopQuery, styleOf: (id: string) => string): Promise<ProductCard[]> {
  const first = await listProducts(db, { ...q, page: 1 });
  const all = [...first.products];
  for (let page = 2; page <= first.pageCount; page++) all.push(...(await listProducts(db, { ...q, page })).products);
  expect(all.length).toBe(first.total);
  expect(new Set(all.map((p) => styleOf(p.id))).size).toBe(all.length);
  return all;
}

const styleKey = (r: Pick<Row, "id" | "productGroupId">) => r.productGroupId ?? r.id;

function isSortedBy<T>(list: T[], key: (item: T) => number, direction: "asc" | "desc"): boolean {
  return list.every((item, i) => {
    if (i === 0) return true;
    const [a, b] = [key(list[i - 1]!), key(item)];
    return direction === "asc" ? a <= b : a >= b;
  });
}

/**
 * The listing's rule, written again independently: the style's representative among its products
 * that match is the main product (no parent) if it matches, else the first matching by name.
 */
function representatives(matching: Row[]): Row[] {
  const byStyle = new Map<string, Row[]>();
  for (const r of matching) byStyle.set(styleKey(r), [...(byStyle.get(styleKey(r)) ?? []), r]);
  return [...byStyle.values()].map(
    (members) =>
      [...members].sort(
        (a, b) =>
          Number(b.parentProductId === null) - Number(a.parentProductId === null) ||
          (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
          (a.id < b.id ? -1 : 1),
      )[0]!,
  );
}

describe(`shop listing on ${databaseKind}`, () => {
  let t: TestDatabase;
  let db: Db;
  let rows: Row[];
  let active: Row[];
  /** Sizes with stock, per product. */
  let inStockSizes: Map<string, Set<string>>;
  const styleOf = (id: string) => styleKey(rows.find((r) => r.id === id)!);
  const ids = (list: Array<{ id: string }>) => new Set(list.map((p) => p.id));
  /** What a query shows: the representatives of the styles with a matching product. */
  const expected = (matching: Row[]) => ids(representatives(matching));

  beforeAll(async () => {
    t = await createTestDatabase();
    db = t.database.db;
    await seedDemoCatalogIfEmpty(db);
    const categoryId = async (slug: string) =>
      (await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug)))[0]!.id;
    const [accessories, sale, men] = await Promise.all([
      categoryId("accessories"),
      categoryId("sale"),
      categoryId("men"),
    ]);
    const old = new Date(Date.now() - 200 * DAY_MS);
    const fixture = (name: string, extra: Partial<typeof products.$inferInsert> & { stock?: number }) => ({
      name,
      slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
      sku: `FIX-${name
        .replace(/[^A-Za-z0-9]/g, "")
        .slice(0, 20)
        .toUpperCase()}`,
      priceCents: 4_500,
      categoryId: accessories,
      sizes: ["M"],
      colors: ["Black"],
      createdAt: old,
      updatedAt: old,
      stock: 5,
      ...extra,
    });
    await insertTestProducts(db, [
      // Men's by name, though filed under accessories.
      fixture("Men's Fixture Scarf", {}),
      // Women's by name: "women" contains "men" but is never men's.
      fixture("Women's Fixture Wrap", {}),
      // On sale by its compare-at price only.
      fixture("Fixture Clearance Tee", { originalPriceCents: 6_000 }),
      // A compare-at price below the price is no sale.
      fixture("Fixture Odd Compare Tee", { originalPriceCents: 3_000 }),
      // In the sale category without a compare-at price.
      fixture("Fixture Sale Category Bag", { categoryId: sale }),
      // New by its creation date only (5 days old).
      fixture("Fixture Fresh Cap", { createdAt: new Date(Date.now() - 5 * DAY_MS) }),
      // Sold out: listed, but not with 'Hide sold out' nor under its size.
      fixture("Fixture Sold Out Beanie", { stock: 0 }),
      // Inactive: never shown, whatever else it matches.
      fixture("Men's Fixture Hidden Coat", {
        categoryId: men,
        isActive: false,
        originalPriceCents: 9_000,
        createdAt: new Date(),
        featured: true,
      }),
    ]);

    // A style of three colours (a product group): Red is its main product.
    const styleStock: Record<string, Record<string, number>> = {
      Red: { S: 0, M: 0, L: 4 },
      Blue: { S: 0, M: 3, L: 0 },
      Green: { S: 0, M: 0, L: 0 },
    };
    const style = await insertTestProducts(
      db,
      Object.entries(styleStock).map(([color, stock]) => ({
        ...fixture(`Fixture Style Tee - ${color}`, {
          colors: [color],
          sizes: ["S", "M", "L"],
          categoryId: men,
          priceCents: color === "Blue" ? 3_900 : 4_500,
          productGroupId: "group_fixture_style_tee",
          variantType: "color",
        }),
        variants: Object.entries(stock).map(([size, units]) => ({ size, color, stock: units })),
      })),
    );
    const mainId = style.find((p) => p.name.endsWith("Red"))!.id;
    for (const p of style.filter((p) => p.id !== mainId))
      await db.update(products).set({ parentProductId: mainId }).where(eq(products.id, p.id));

    rows = await db
      .select({
        id: products.id,
        name: products.name,
        slug: products.slug,
        priceCents: products.priceCents,
        originalPriceCents: products.originalPriceCents,
        sizes: products.sizes,
        colors: products.colors,
        isActive: products.isActive,
        featured: products.featured,
        rating: products.rating,
        reviewCount: products.reviewCount,
        inventory: products.inventory,
        createdAt: products.createdAt,
        categorySlug: categories.slug,
        productGroupId: products.productGroupId,
        parentProductId: products.parentProductId,
      })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId));
    active = rows.filter((r) => r.isActive);
    inStockSizes = new Map();
    for (const v of await db.select().from(productVariants)) {
      if (v.stock <= 0) continue;
      inStockSizes.set(v.productId, (inStockSizes.get(v.productId) ?? new Set()).add(v.size));
    }
    expect(new Set(active.map(styleKey)).size).toBeGreaterThan(SHOP_PAGE_SIZE * 3);
    // The demo catalogue has groups of several active colours: fewer cards than products.
    expect(new Set(active.map(styleKey)).size).toBeLessThan(active.length);
    expect(rows.length - active.length).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const byName = (name: string) => rows.find((r) => r.name === name)!;

  describe("categories", () => {
    it("shop-all shows every active product", async () => {
      expect(ids(await collect(db, query("shop-all"), styleOf))).toEqual(expected(active));
    });

    it('men: the men category or a name like "Men\'s …", never "Women\'s …"', async () => {
      const shown = await collect(db, query("men"), styleOf);
      expect(ids(shown)).toEqual(
        expected(active.filter((r) => r.categorySlug === "men" || /\bmen('s)?\b/i.test(r.name))),
      );
      expect(ids(shown).has(byName("Men's Fixture Scarf").id)).toBe(true);
      expect(shown.some((p) => /women/i.test(p.name))).toBe(false);
    });

    it('women: the women category or a name like "Women\'s …"', async () => {
      const shown = await collect(db, query("women"), styleOf);
      expect(ids(shown)).toEqual(
        expected(active.filter((r) => r.categorySlug === "women" || /\bwomen('s)?\b/i.test(r.name))),
      );
      expect(ids(shown).has(byName("Women's Fixture Wrap").id)).toBe(true);
      expect(ids(shown).has(byName("Men's Fixture Scarf").id)).toBe(false);
    });

    it("sale: a compare-at price above the price, or the sale category", async () => {
      const shown = await collect(db, query("sale"), styleOf);
      expect(ids(shown)).toEqual(
        expected(
          active.filter(
            (r) => r.categorySlug === "sale" || (r.originalPriceCents !== null && r.originalPriceCents > r.priceCents),
          ),
        ),
      );
      expect(ids(shown).has(byName("Fixture Clearance Tee").id)).toBe(true);
      expect(ids(shown).has(byName("Fixture Sale Category Bag").id)).toBe(true);
      expect(ids(shown).has(byName("Fixture Odd Compare Tee").id)).toBe(false);
    });

    it("new-arrivals: created within 30 days, or the new-arrivals category", async () => {
      const shown = await collect(db, query("new-arrivals"), styleOf);
      expect(ids(shown)).toEqual(
        expected(
          active.filter((r) => r.categorySlug === "new-arrivals" || Date.now() - r.createdAt.getTime() <= 30 * DAY_MS),
        ),
      );
      expect(ids(shown).has(byName("Fixture Fresh Cap").id)).toBe(true);
      expect(ids(shown).has(byName("Fixture Clearance Tee").id)).toBe(false);
    });

    it("a category of the database shows its products", async () => {
      const shown = await collect(db, query("accessories"), styleOf);
      expect(ids(shown)).toEqual(expected(active.filter((r) => r.categorySlug === "accessories")));
    });

    it("never shows an inactive product, in any category, filter or sort", async () => {
      const inactive = ids(rows.filter((r) => !r.isActive));
      const slugs = [
        "shop-all",
        "men",
        "women",
        "sale",
        "new-arrivals",
        ...(await listCategories(db)).map((c) => c.slug),
      ];
      for (const slug of slugs) {
        for (const sort of ["featured", "newest"] as const) {
          for (const p of await collect(db, query(slug, { sort, size: "M" }), styleOf))
            expect(inactive.has(p.id), `${slug} ${p.name}`).toBe(false);
        }
      }
    });

    it("an unknown category has no name and no products (no error)", async () => {
      expect(await categoryName(db, "no-such-category")).toBeNull();
      const page = await listProducts(db, query("no-such-category"));
      expect(page).toMatchObject({ total: 0, page: 1, pageCount: 0, products: [] });
      expect(await categoryName(db, "men")).toBe("Men");
      expect(await categoryName(db, "shop-all")).toBe("Shop All");
    });
  });

  describe("one card per style", () => {
    const tee = (color: string) => byName(`Fixture Style Tee - ${color}`);
    const cardOf = async (q: ShopQuery) =>
      (await collect(db, q, styleOf)).filter((p) => styleOf(p.id) === "group_fixture_style_tee");

    it("a group is one card, shown as its main product, with a swatch per colour linking to it", async () => {
      const cards = await cardOf(query("men"));
      expect(cards).toHaveLength(1);
      expect(cards[0]).toMatchObject({ id: tee("Red").id, slug: tee("Red").slug, styleInventory: 7 });
      expect(cards[0]!.swatches.map((s) => [s.color, s.slug, s.inventory])).toEqual([
        ["Red", tee("Red").slug, 4],
        ["Blue", tee("Blue").slug, 3],
        ["Green", tee("Green").slug, 0],
      ]);
    });

    it("a colour filter shows that colour's product; a sold-out colour still shows unless sold out is hidden", async () => {
      expect((await cardOf(query("men", { color: "Blue" }))).map((c) => c.id)).toEqual([tee("Blue").id]);
      expect((await cardOf(query("men", { color: "Green" }))).map((c) => c.id)).toEqual([tee("Green").id]);
      expect(await cardOf(query("men", { color: "Green", inStock: true }))).toEqual([]);
    });

    it("the main product when it matches, else the first matching colour", async () => {
      // M is in stock in Blue only; L in Red only; S in none though every colour offers it.
      expect((await cardOf(query("men", { size: "M" }))).map((c) => c.id)).toEqual([tee("Blue").id]);
      expect((await cardOf(query("men", { size: "L" }))).map((c) => c.id)).toEqual([tee("Red").id]);
      expect(await cardOf(query("men", { size: "S" }))).toEqual([]);
      expect(await cardOf(query("men", { size: "M", color: "Red" }))).toEqual([]);
      expect((await cardOf(query("men", { maxPrice: 40 }))).map((c) => c.id)).toEqual([tee("Blue").id]);
      expect((await cardOf(query("men", { inStock: true }))).map((c) => c.id)).toEqual([tee("Red").id]);
    });

    it("sorts a style by the product it shows", async () => {
      const cheap = await collect(db, query("men", { sort: "price-low", maxPrice: 40 }), styleOf);
      const at = cheap.findIndex((c) => c.id === tee("Blue").id);
      expect(at).toBeGreaterThanOrEqual(0);
      expect(cheap[at]!.price).toBe(3_900);
      expect(isSortedBy(cheap, (p) => p.price, "asc")).toBe(true);
    });
  });

  describe("filters", () => {
    it.each(SIZE_FILTERS)("size %s: exactly the styles with that size in stock", async (size) => {
      const shown = await collect(db, query("shop-all", { size }), styleOf);
      expect(ids(shown)).toEqual(expected(active.filter((r) => inStockSizes.get(r.id)?.has(size))));
      for (const p of shown) expect(p.sizes).toContain(size);
    });

    it("hide sold out: only styles with stock, each shown as a product in stock", async () => {
      const shown = await collect(db, query("shop-all", { inStock: true }), styleOf);
      expect(ids(shown)).toEqual(expected(active.filter((r) => r.inventory > 0)));
      expect(shown.every((p) => p.inventory > 0)).toBe(true);
      expect(ids(shown).has(byName("Fixture Sold Out Beanie").id)).toBe(false);
      const all = await collect(db, query("shop-all"), styleOf);
      const beanie = all.find((p) => p.id === byName("Fixture Sold Out Beanie").id);
      expect(beanie).toMatchObject({ inventory: 0, styleInventory: 0 });
    });

    it.each(COLOR_FILTERS)("colour %s: the styles offered in that colour, shown in it", async (color) => {
      const shown = await collect(db, query("shop-all", { color }), styleOf);
      expect(shown.length).toBeGreaterThan(0);
      expect(ids(shown)).toEqual(expected(active.filter((r) => r.colors.includes(color))));
      for (const p of shown) expect(p.colors).toContain(color);
    });

    it("min price (whole dollars, inclusive)", async () => {
      const shown = await collect(db, query("shop-all", { minPrice: 68 }), styleOf);
      expect(ids(shown)).toEqual(expected(active.filter((r) => r.priceCents >= 6_800)));
      expect(shown.some((p) => p.price === 6_800)).toBe(true);
    });

    it("max price (whole dollars, inclusive)", async () => {
      const shown = await collect(db, query("shop-all", { maxPrice: 28 }), styleOf);
      expect(ids(shown)).toEqual(expected(active.filter((r) => r.priceCents <= 2_800)));
      expect(shown.some((p) => p.price === 2_800)).toBe(true);
    });

    it("size, colour and price range together, within a category", async () => {
      const shown = await collect(
        db,
        query("men", { size: "M", color: "Black", minPrice: 30, maxPrice: 150 }),
        styleOf,
      );
      const matching = active.filter(
        (r) =>
          (r.categorySlug === "men" || /\bmen('s)?\b/i.test(r.name)) &&
          inStockSizes.get(r.id)?.has("M") &&
          r.colors.includes("Black") &&
          r.priceCents >= 3_000 &&
          r.priceCents <= 15_000,
      );
      expect(matching.length).toBeGreaterThan(0);
      expect(ids(shown)).toEqual(expected(matching));
    });

    it("a filter that matches nothing answers an empty page", async () => {
      const page = await listProducts(db, query("shop-all", { minPrice: 99_000 }));
      expect(page).toMatchObject({ total: 0, pageCount: 0, products: [] });
    });
  });

  describe("sorts", () => {
    const createdAt = (p: ProductCard) => byName(p.name).createdAt.getTime();

    it("price-low: ascending prices across every page", async () => {
      const shown = await collect(db, query("shop-all", { sort: "price-low" }), styleOf);
      expect(isSortedBy(shown, (p) => p.price, "asc")).toBe(true);
      expect(shown[0]!.price).toBe(Math.min(...representatives(active).map((r) => r.priceCents)));
    });

    it("price-high: descending prices", async () => {
      const shown = await collect(db, query("shop-all", { sort: "price-high" }), styleOf);
      expect(isSortedBy(shown, (p) => p.price, "desc")).toBe(true);
      expect(shown[0]!.price).toBe(Math.max(...representatives(active).map((r) => r.priceCents)));
    });

    it("newest: most recently created first", async () => {
      const shown = await collect(db, query("shop-all", { sort: "newest" }), styleOf);
      expect(isSortedBy(shown, createdAt, "desc")).toBe(true);
      expect(createdAt(shown[0]!)).toBe(Math.max(...representatives(active).map((r) => r.createdAt.getTime())));
      // The 5-day-old fixture comes before every product of the demo catalogue older than it.
      const fresh = shown.findIndex((p) => p.name === "Fixture Fresh Cap");
      expect(shown.slice(fresh + 1).every((p) => createdAt(p) <= createdAt(shown[fresh]!))).toBe(true);
    });

    it("rating: best rated first", async () => {
      const shown = await collect(db, query("shop-all", { sort: "rating" }), styleOf);
      expect(isSortedBy(shown, (p) => p.rating, "desc")).toBe(true);
    });

    it("featured (the default): featured products first, then the newest", async () => {
      const shown = await collect(db, query("shop-all"), styleOf);
      const featured = new Set(
        representatives(active)
          .filter((r) => r.featured)
          .map((r) => r.id),
      );
      expect(featured.size).toBeGreaterThan(0);
      const firstNonFeatured = shown.findIndex((p) => !featured.has(p.id));
      expect(shown.slice(0, firstNonFeatured).every((p) => featured.has(p.id))).toBe(true);
      expect(shown.slice(firstNonFeatured).some((p) => featured.has(p.id))).toBe(false);
      expect(isSortedBy(shown.slice(firstNonFeatured), createdAt, "desc")).toBe(true);
    });

    it("sorts within a filter and a category", async () => {
      const shown = await collect(db, query("women", { sort: "price-high", size: "S" }), styleOf);
      expect(shown.length).toBeGreaterThan(1);
      expect(isSortedBy(shown, (p) => p.price, "desc")).toBe(true);
      for (const p of shown) expect(p.sizes).toContain("S");
    });
  });

  describe("paging", () => {
    it("12 a page; the last page holds the remainder", async () => {
      const total = new Set(active.map(styleKey)).size;
      const pageCount = Math.ceil(total / SHOP_PAGE_SIZE);
      const first = await listProducts(db, query("shop-all"));
      expect(first).toMatchObject({ page: 1, total, pageCount, pageSize: 12 });
      expect(first.products).toHaveLength(12);
      const last = await listProducts(db, query("shop-all", { page: pageCount }));
      expect(last.page).toBe(pageCount);
      expect(last.products).toHaveLength(total - (pageCount - 1) * SHOP_PAGE_SIZE);
    });

    it("a page past the end answers the last page", async () => {
      const pageCount = Math.ceil(new Set(active.map(styleKey)).size / SHOP_PAGE_SIZE);
      const past = await listProducts(db, query("shop-all", { page: pageCount + 7 }));
      const last = await listProducts(db, query("shop-all", { page: pageCount }));
      expect(past.page).toBe(pageCount);
      expect(ids(past.products)).toEqual(ids(last.products));
    });

    it("pages do not overlap and keep the sort order across their edges", async () => {
      const p1 = await listProducts(db, query("shop-all", { sort: "price-low", page: 1 }));
      const p2 = await listProducts(db, query("shop-all", { sort: "price-low", page: 2 }));
      expect([...ids(p1.products)].some((id) => ids(p2.products).has(id))).toBe(false);
      expect(p1.products.at(-1)!.price).toBeLessThanOrEqual(p2.products[0]!.price);
    });

    it("the URL parser is lenient: page=abc is page 1, min > max is swapped, a non-numeric price is no bound", () => {
      const parse = (search: string) => parseShopQuery("men", new URLSearchParams(search));
      expect(parse("page=abc").page).toBe(1);
      expect(parse("page=0").page).toBe(1);
      expect(parse("page=-3").page).toBe(1);
      expect(parse("page=3").page).toBe(3);
      expect(parse("min=100&max=20")).toMatchObject({ minPrice: 20, maxPrice: 100 });
      expect(parse("min=abc&max=xyz")).toMatchObject({ minPrice: null, maxPrice: null });
      expect(parse("size=m&color=black&sort=price-low")).toMatchObject({
        size: "M",
        color: "Black",
        sort: "price-low",
      });
      expect(parse("size=XXXL&color=Mauve&sort=cheapest")).toMatchObject({ size: null, color: null, sort: "featured" });
    });
  });
});

describe(`the shop page over HTTP on ${databaseKind}`, () => {
  let server: TestServer;
  /** Active styles: the cards of /shop. */
  let activeCount: number;
  beforeAll(async () => {
    server = await startTestServer();
    const db = server.services().database.db;
    const active = await db
      .select({ id: products.id, group: products.productGroupId })
      .from(products)
      .where(eq(products.isActive, true));
    activeCount = new Set(active.map((p) => p.group ?? p.id)).size;
    expect(activeCount).toBeLessThan(active.length);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const html = async (path: string) => {
    const res = await fetch(`${server.url}${path}`, { redirect: "manual" });
    expect(res.status, path).toBe(200);
    return asRead(await res.text());
  };
  /** The product each card links to (its title's link; the swatches link to the style's other colours). */
  const productLinks = (page: string) => [
    ...new Set([...page.matchAll(/<a class="pc-link" href="\/product\/([a-z0-9-]+)"/g)].map((m) => m[1]!)),
  ];
  /** The swatch links of the card of a style, by the colour they name. */
  const swatchLinks = (page: string, styleName: string) => {
    const list = new RegExp(`<ul aria-label="Colours of ${styleName}[^"]*"[^>]*>(.*?)</ul>`).exec(page)?.[1] ?? "";
    return [...list.matchAll(/<a ([^>]*)>/g)].map(([, attrs]) => ({
      href: /href="([^"]+)"/.exec(attrs!)?.[1],
      label: /aria-label="([^"]+)"/.exec(attrs!)?.[1],
    }));
  };
  const canonical = (page: string) => /<link rel="canonical" href="([^"]+)"/.exec(page)?.[1];
  const countLine = (page: string) => /Showing \d+–\d+ of \d+ products?/.exec(page)?.[0];

  it("renders a category with its heading, title, count line and 12 products on the server", async () => {
    const page = await html("/shop/men");
    expect(page).toMatch(/<h1[^>]*>Men<\/h1>/);
    expect(page).toContain("<title>Men | Abundance Collection</title>");
    expect(countLine(page)).toMatch(/^Showing 1–12 of \d+ products$/);
    expect(productLinks(page)).toHaveLength(12);
    expect(page).toContain('aria-label="Sort by"');
    expect(page).toContain('aria-label="Grid view"');
    expect(page).toContain('aria-label="List view"');
    expect(page).toContain("Clear Filters");
    expect(canonical(page)).toBe(`${server.url}/shop/men`);
    const jsonLd = /<script type="application\/ld\+json"[^>]*>([^<]+)<\/script>/.exec(page)?.[1];
    const graph = JSON.parse(jsonLd!)["@graph"] as Array<{ "@type": string; itemListElement: Array<{ url?: string }> }>;
    expect(graph.map((g) => g["@type"])).toEqual(["BreadcrumbList", "ItemList"]);
    expect(graph[1]!.itemListElement.map((i) => i.url)).toEqual(
      productLinks(page).map((slug) => `${server.url}/product/${slug}`),
    );
  });

  it("marks the header's link to the section shown, and only that one", async () => {
    const mainNav = (page: string) => /<nav aria-label="Main"[^>]*>(.*?)<\/nav>/.exec(page)?.[1] ?? "";
    const current = (page: string) =>
      [...mainNav(page).matchAll(/<a ([^>]*)>([^<]+)<\/a>/g)].filter(([, attrs]) =>
        attrs!.includes('aria-current="page"'),
      );
    for (const [path, label] of [
      ["/shop", "Shop All"],
      ["/shop/men", "Men"],
      ["/shop/Women/", "Women"],
      ["/shop/sale?sort=price-low", "Sale"],
    ] as const) {
      const marked = current(await html(path));
      expect(
        marked.map(([, , text]) => text),
        path,
      ).toEqual([label]);
      expect(marked[0]![1]).toContain("text-brand");
    }
    for (const path of ["/", "/shop/new-arrivals", `/product/${productLinks(await html("/shop"))[0]}`]) {
      expect(current(await html(path)), path).toEqual([]);
    }
  });

  it("serves /shop and /shop/shop-all with every active product", async () => {
    for (const path of ["/shop", "/shop/shop-all"]) {
      const page = await html(path);
      expect(page).toMatch(/<h1[^>]*>Shop All<\/h1>/);
      expect(countLine(page)).toBe(`Showing 1–12 of ${activeCount} products`);
      // One page, one canonical address: /shop.
      expect(canonical(page)).toBe(`${server.url}/shop`);
    }
  });

  it("pages: page 2, the last page, a page past the end and page=abc", async () => {
    const lastPage = Math.ceil(activeCount / 12);
    const lastRange = `Showing ${(lastPage - 1) * 12 + 1}–${activeCount} of ${activeCount} products`;
    expect(countLine(await html("/shop/shop-all?page=2"))).toBe(`Showing 13–24 of ${activeCount} products`);
    const last = await html(`/shop/shop-all?page=${lastPage}`);
    expect(countLine(last)).toBe(lastRange);
    expect(productLinks(last)).toHaveLength(activeCount - (lastPage - 1) * 12);
    const past = await html("/shop/shop-all?page=999");
    expect(countLine(past)).toBe(lastRange);
    expect(canonical(past)).toBe(`${server.url}/shop?page=${lastPage}`);
    const abc = await html("/shop/shop-all?page=abc");
    expect(countLine(abc)).toBe(`Showing 1–12 of ${activeCount} products`);
    expect(productLinks(abc)).toEqual(productLinks(await html("/shop/shop-all")));
  });

  it("keeps filters and sorts out of the canonical URL, but not the page", async () => {
    expect(canonical(await html("/shop/women?page=2&sort=price-low&view=list"))).toBe(
      `${server.url}/shop/women?page=2`,
    );
    expect(canonical(await html("/shop/women?size=M&color=Black"))).toBe(`${server.url}/shop/women`);
  });

  it("answers a non-numeric price with the unfiltered page, and swaps min > max", async () => {
    expect(countLine(await html("/shop/shop-all?min=abc&max=xyz"))).toBe(`Showing 1–12 of ${activeCount} products`);
    const swapped = await html("/shop/shop-all?min=100&max=20&sort=price-low");
    const same = await html("/shop/shop-all?min=20&max=100&sort=price-low");
    expect(countLine(swapped)).toBe(countLine(same));
    expect(productLinks(swapped)).toEqual(productLinks(same));
  });

  it("sorts price-low on the server: the first card is the cheapest ungrouped product or main product", async () => {
    const db = server.services().database.db;
    const cheapest = await db
      .select({ slug: products.slug, price: products.priceCents })
      .from(products)
      .where(and(eq(products.isActive, true), isNull(products.parentProductId)))
      .orderBy(products.priceCents, products.id)
      .limit(1);
    expect(productLinks(await html("/shop/shop-all?sort=price-low"))[0]).toBe(cheapest[0]!.slug);
  });

  it("renders the list view with a View link per product", async () => {
    const page = await html("/shop/men?view=list");
    expect(page.match(/aria-label="View [^"]+"/g)).toHaveLength(12);
    expect(page).toMatch(
      /aria-label="List view"[^>]*aria-pressed="true"|aria-pressed="true"[^>]*aria-label="List view"/,
    );
  });

  it("answers an unknown category with 200, the heading Shop and 'No products available at the moment.'", async () => {
    const res = await fetch(`${server.url}/shop/no-such-category`);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toMatch(/<h1[^>]*>Shop<\/h1>/);
    expect(page).toContain("No products available at the moment.");
    expect(page).not.toContain("No products found matching your criteria.");
    expect(page).toMatch(/<meta name="robots" content="noindex/);
  });

  it("answers filters that match nothing with 'No products found matching your criteria.' and Clear Filters", async () => {
    const page = await html("/shop/men?size=XS&color=Red&min=450");
    expect(page).toContain("No products found matching your criteria.");
    expect(page).not.toContain("No products available at the moment.");
    expect(page).toMatch(/<a[^>]*href="\/shop\/men"[^>]*>Clear Filters<\/a>/);
    expect(productLinks(page)).toHaveLength(0);
  });

  it("answers a category without products (no filters) with 'No products available at the moment.'", async () => {
    const db = server.services().database.db;
    await db.insert(categories).values({ name: "Swimwear", slug: "swimwear", sortOrder: 9 });
    await server.services().catalog.invalidateCatalog("test");
    const page = await html("/shop/swimwear");
    expect(page).toMatch(/<h1[^>]*>Swimwear<\/h1>/);
    expect(page).toContain("No products available at the moment.");
  });

  it("treats an inactive category as unknown: heading Shop, none of its products", async () => {
    const db = server.services().database.db;
    await db.update(categories).set({ isActive: false }).where(eq(categories.slug, "accessories"));
    await server.services().catalog.invalidateCatalog("test");
    try {
      const page = await html("/shop/accessories");
      expect(page).toMatch(/<h1[^>]*>Shop<\/h1>/);
      expect(page).toContain("No products available at the moment.");
      expect(productLinks(page)).toHaveLength(0);
    } finally {
      await db.update(categories).set({ isActive: true }).where(eq(categories.slug, "accessories"));
      await server.services().catalog.invalidateCatalog("test");
    }
  });

  describe("one card per style", () => {
    const hoodie = "essential-fleece-hoodie";
    const cardsOf = (page: string) => productLinks(page).filter((slug) => slug.startsWith(hoodie));

    it("shows a product group once, as its main product, with swatches linking to each colour", async () => {
      const page = await html("/shop/men");
      expect(cardsOf(page)).toEqual([`${hoodie}-navy`]);
      expect(swatchLinks(page, "Essential Fleece Hoodie")).toEqual([
        { href: `/product/${hoodie}-navy`, label: "Navy" },
        { href: `/product/${hoodie}-black`, label: "Black, sold out" },
        { href: `/product/${hoodie}-gray`, label: "Gray" },
      ]);
      // The style is not sold out though its Black is.
      const card =
        /<article[^>]*data-style="[^"]+"[^>]*>(?:(?!<\/article>).)*essential-fleece-hoodie-navy(?:(?!<\/article>).)*<\/article>/s.exec(
          page,
        )?.[0];
      expect(card).toBeDefined();
      expect(card).not.toContain("Out of Stock");
    });

    it("a colour filter shows that colour's product: its image and its link", async () => {
      const page = await html("/shop/men?color=Black");
      expect(cardsOf(page)).toEqual([`${hoodie}-black`]);
      expect(page).toMatch(/<img alt="Essential Fleece Hoodie - Black"[^>]*src="[^"]*hoodie-black/);
      // Hide sold out: its Black is sold out, so the style is not listed in Black at all.
      const inStock = await html("/shop/men?color=Black&stock=1");
      expect(cardsOf(inStock)).toEqual([]);
      expect(inStock).toContain('aria-label="Remove filter Hide sold out"');
      expect(inStock).toMatch(/<input[^>]*name="stock"[^>]*checked=""/);
    });

    it("the size filter lists a style only with that size in stock, and counts styles", async () => {
      const db = server.services().database.db;
      const members = await db
        .select({ id: products.id, slug: products.slug, sizes: products.sizes })
        .from(products)
        .where(eq(products.productGroupId, "group_demo_essential_hoodie"));
      const size = members[0]!.sizes[0]!;
      const before = await html(`/shop/men?size=${size}`);
      expect(cardsOf(before)).toEqual([`${hoodie}-navy`]);
      // Navy sells out of the size: Gray (the first colour by name with it in stock) stands for the style.
      const navy = members.find((m) => m.slug === `${hoodie}-navy`)!;
      await setProductStock(db, navy.id, (o) => (o.size === size ? 0 : 5));
      await server.services().catalog.invalidateCatalog("test");
      expect(cardsOf(await html(`/shop/men?size=${size}`))).toEqual([`${hoodie}-gray`]);
      // Every colour sold out of it: the style leaves the size's listing, and its count.
      const gray = members.find((m) => m.slug === `${hoodie}-gray`)!;
      await setProductStock(db, gray.id, (o) => (o.size === size ? 0 : 5));
      await server.services().catalog.invalidateCatalog("test");
      const after = await html(`/shop/men?size=${size}`);
      expect(cardsOf(after)).toEqual([]);
      const count = (page: string) => Number(/of (\d+) products?/.exec(page)?.[1] ?? 0);
      expect(count(after)).toBe(count(before) - 1);
      expect(after).toContain(`aria-label="Remove filter Size: ${size}"`);
      // Still listed without the size filter, as its main product.
      expect(cardsOf(await html("/shop/men"))).toEqual([`${hoodie}-navy`]);
    });
  });

  it("serves the loader data for client navigations (.data)", async () => {
    const res = await fetch(`${server.url}/shop/men.data?size=M&_routes=routes%2Fshop`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("heading");
  });
});
