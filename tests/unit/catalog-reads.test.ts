import { describe, expect, it } from "vitest";
import { EventBus } from "~/lib/events.server";
import { ReadCache } from "~/lib/read-cache.server";
import { createCatalogReads, type CatalogSource } from "~/modules/catalog/catalog-reads.server";
import type { CategoryOption, ProductDetail, ProductPage, SearchQuery } from "~/modules/catalog/catalog-types";
import type { ProductCard } from "~/modules/catalog/product-card";
import { parseSearchQuery } from "~/modules/catalog/search-query";
import { DEFAULT_SHOP_QUERY, type ShopQuery } from "~/modules/catalog/shop-query";
import { buildVocabulary } from "~/modules/catalog/spelling";

const card = (name: string): ProductCard => ({
  id: name,
  name,
  slug: name.toLowerCase().replace(/\W+/g, "-"),
  price: 4_500,
  originalPrice: null,
  image: "/images/x.svg",
  rating: 4.5,
  category: "General",
  isNew: false,
  inventory: 3,
  sizes: [],
  colors: [],
  styleInventory: 3,
  swatches: [],
});

const detail = (slug: string, name: string): ProductDetail => ({
  id: slug,
  name,
  slug,
  description: "",
  priceCents: 4_500,
  originalPriceCents: null,
  images: [],
  sizes: [],
  colors: [],
  tags: [],
  inventory: 3,
  sku: slug.toUpperCase(),
  rating: 4.5,
  reviewCount: 0,
  isNew: false,
  isSale: false,
  category: null,
  metaTitle: null,
  metaDescription: null,
  productGroupId: null,
  updatedAt: new Date(0).toISOString(),
  variants: [],
  groupMembers: [],
  sizeChart: null,
  fit: { note: "", modelHeightCm: null, modelSize: null, garmentMeasurements: {} },
  reviewStats: [],
  sizeReturns: { tooSmall: 0, tooLarge: 0 },
});

const pageOf = (names: string[], page = 1): ProductPage => ({
  products: names.map(card),
  total: names.length,
  page,
  pageCount: 1,
  pageSize: 12,
});

/**
 * A catalogue that records every read and whose answers carry a version: a read served from the
 * cache shows the version it was loaded at, a fresh one the current version.
 */
function fakeCatalogue(
  categories: CategoryOption[] = [{ name: "Accessories", slug: "accessories" }],
  searchCache = new ReadCache(60_000),
) {
  const reads: string[] = [];
  let version = 1;
  const source: CatalogSource = {
    homeProducts: async () => (reads.push("homeProducts"), [card(`Featured v${version}`)]),
    productBySlug: async (slug) => {
      reads.push(`productBySlug ${slug}`);
      return slug === "gone" ? null : detail(slug, `${slug} v${version}`);
    },
    categories: async () => (reads.push("categories"), categories),
    categoryName: async (slug) => {
      reads.push(`categoryName ${slug}`);
      return categories.find((c) => c.slug === slug)?.name ?? (slug === "men" ? "Men" : null);
    },
    listProducts: async (query) => {
      reads.push(`listProducts ${query.category} ${query.sort} ${query.page}`);
      return pageOf([`${query.category} v${version}`], query.page);
    },
    search: async (query, vocabulary) => {
      reads.push(`search ${query.q} ${query.page}`);
      await vocabulary();
      return pageOf([`${query.q} v${version}`]);
    },
    vocabulary: async () => (reads.push("vocabulary"), buildVocabulary(["hoodie"])),
    sitemapEntries: async () => (reads.push("sitemapEntries"), [{ path: `/v${version}` }]),
  };
  const events = new EventBus();
  const catalog = createCatalogReads({
    source,
    events,
    cache: new ReadCache(60_000),
    searchCache,
    vocabularyCache: new ReadCache(60_000),
  });
  return {
    catalog,
    events,
    /** How many times the database was asked this read. */
    count: (read: string) => reads.filter((r) => r === read).length,
    reads,
    /** The catalogue changes behind the cache's back (as a direct SQL edit would). */
    change: () => version++,
  };
}

const shop = (category: string, changes: Partial<ShopQuery> = {}): ShopQuery => ({
  ...DEFAULT_SHOP_QUERY,
  category,
  ...changes,
});

const search = (q: string): SearchQuery => ({ ...parseSearchQuery(new URLSearchParams()), q });

describe("the catalogue's cached reads", () => {
  it("reads the home page's featured products once, and again after invalidateCatalog", async () => {
    const t = fakeCatalogue();
    expect((await t.catalog.homeFeatured())[0]!.name).toBe("Featured v1");
    t.change();
    expect((await t.catalog.homeFeatured())[0]!.name).toBe("Featured v1");
    expect(t.count("homeProducts")).toBe(1);

    await t.catalog.invalidateCatalog("test");
    expect((await t.catalog.homeFeatured())[0]!.name).toBe("Featured v2");
    expect(t.count("homeProducts")).toBe(2);
  });

  it("keeps one product entry per slug, missing products included", async () => {
    const t = fakeCatalogue();
    expect((await t.catalog.productBySlug("tee"))?.name).toBe("tee v1");
    expect((await t.catalog.productBySlug("cap"))?.name).toBe("cap v1");
    expect(await t.catalog.productBySlug("gone")).toBeNull();
    t.change();
    expect((await t.catalog.productBySlug("tee"))?.name).toBe("tee v1");
    expect((await t.catalog.productBySlug("cap"))?.name).toBe("cap v1");
    expect(await t.catalog.productBySlug("gone")).toBeNull();
    expect(["tee", "cap", "gone"].map((slug) => t.count(`productBySlug ${slug}`))).toEqual([1, 1, 1]);

    await t.catalog.invalidateCatalog("test");
    expect((await t.catalog.productBySlug("tee"))?.name).toBe("tee v2");
    expect(t.count("productBySlug tee")).toBe(2);
  });

  it("keeps the categories under one entry for the shop and the search page", async () => {
    const t = fakeCatalogue();
    await t.catalog.categories();
    await t.catalog.shopListing(shop("accessories"));
    await t.catalog.categories();
    expect(t.count("categories")).toBe(1);
    await t.catalog.invalidateCatalog("test");
    await t.catalog.categories();
    expect(t.count("categories")).toBe(2);
  });

  it("keeps one shop page per category, sort and page, shared by the grid and list views", async () => {
    const t = fakeCatalogue();
    const first = await t.catalog.shopListing(shop("accessories"));
    expect(first.name).toBe("Accessories");
    expect(first.categories).toEqual([{ name: "Accessories", slug: "accessories" }]);
    expect(first.page.products[0]!.name).toBe("accessories v1");
    t.change();
    expect((await t.catalog.shopListing(shop("accessories", { view: "list" }))).page.products[0]!.name).toBe(
      "accessories v1",
    );
    expect(t.count("listProducts accessories featured 1")).toBe(1);
    expect(t.count("categoryName accessories")).toBe(1);

    // Each different query is an entry of its own, read once.
    for (const query of [shop("accessories", { sort: "newest" }), shop("accessories", { page: 2 }), shop("men")]) {
      expect((await t.catalog.shopListing(query)).page.products[0]!.name).toBe(`${query.category} v2`);
      await t.catalog.shopListing(query);
    }
    expect(t.count("listProducts accessories newest 1")).toBe(1);
    expect(t.count("listProducts accessories featured 2")).toBe(1);
    expect(t.count("listProducts men featured 1")).toBe(1);

    await t.catalog.invalidateCatalog("test");
    expect((await t.catalog.shopListing(shop("accessories"))).page.products[0]!.name).toBe("accessories v2");
    expect(t.count("listProducts accessories featured 1")).toBe(2);
    expect(t.count("categoryName accessories")).toBe(2);
  });

  it("does not keep pages with price bounds or far pages, so odd URLs cannot fill the cache", async () => {
    const t = fakeCatalogue();
    const uncached = [
      shop("accessories", { minPrice: 10 }),
      shop("accessories", { maxPrice: 90 }),
      shop("men", { page: 51 }),
    ];
    for (const query of uncached) {
      await t.catalog.shopListing(query);
      await t.catalog.shopListing(query);
    }
    expect(t.count("listProducts accessories featured 1")).toBe(4);
    expect(t.count("listProducts men featured 51")).toBe(2);
  });

  it("lists nothing for an unknown category and looks its name up every time", async () => {
    const t = fakeCatalogue();
    const unknown = await t.catalog.shopListing(shop("no-such-category"));
    await t.catalog.shopListing(shop("no-such-category"));
    expect(unknown.name).toBeNull();
    expect(unknown.page).toEqual({ products: [], total: 0, page: 1, pageCount: 0, pageSize: 12 });
    expect(t.count("categoryName no-such-category")).toBe(2);
    expect(t.reads.some((r) => r.startsWith("listProducts"))).toBe(false);
  });

  it("keeps each search's results and the typo vocabulary until the catalogue changes", async () => {
    const t = fakeCatalogue();
    expect((await t.catalog.search(search("hodie"))).products[0]!.name).toBe("hodie v1");
    t.change();
    expect((await t.catalog.search(search("hodie"))).products[0]!.name).toBe("hodie v1");
    await t.catalog.search(search("jaket"));
    expect(t.count("search hodie 1")).toBe(1);
    expect(t.count("search jaket 1")).toBe(1);
    expect(t.count("vocabulary")).toBe(1);

    await t.catalog.invalidateCatalog("test");
    expect((await t.catalog.search(search("hodie"))).products[0]!.name).toBe("hodie v2");
    expect(t.count("search hodie 1")).toBe(2);
    expect(t.count("vocabulary")).toBe(2);
  });

  it("shares a search's entry between spellings of the same terms, not between filters or pages", async () => {
    const t = fakeCatalogue();
    for (const q of ["hodie", "Hodie ", "HODIE!"]) await t.catalog.search(search(q));
    expect(t.reads.filter((r) => r.startsWith("search"))).toEqual(["search hodie 1"]);

    const variants: Partial<SearchQuery>[] = [
      { page: 2 },
      { category: "accessories" },
      { minPrice: 10 },
      { maxPrice: 90 },
      { inStock: true },
    ];
    for (const changes of variants) {
      await t.catalog.search({ ...search("hodie"), ...changes });
      await t.catalog.search({ ...search("hodie"), ...changes });
    }
    expect(t.reads.filter((r) => r.startsWith("search"))).toHaveLength(1 + variants.length);
  });

  it("bounds searches on their own, so that free text cannot push the shop pages out", async () => {
    const t = fakeCatalogue(undefined, new ReadCache(60_000, { maxEntries: 2 }));
    await t.catalog.shopListing(shop("accessories"));
    for (const q of ["one", "two", "three", "one"]) await t.catalog.search(search(q));
    // "one" was the oldest of three searches in two places: read again. The shop page was not touched.
    expect(t.count("search one 1")).toBe(2);
    await t.catalog.shopListing(shop("accessories"));
    expect(t.count("listProducts accessories featured 1")).toBe(1);
  });

  it("reads the sitemap entries once, and again after invalidateCatalog", async () => {
    const t = fakeCatalogue();
    expect(await t.catalog.sitemapEntries()).toEqual([{ path: "/v1" }]);
    t.change();
    expect(await t.catalog.sitemapEntries()).toEqual([{ path: "/v1" }]);
    await t.catalog.invalidateCatalog("test");
    expect(await t.catalog.sitemapEntries()).toEqual([{ path: "/v2" }]);
    expect(t.count("sitemapEntries")).toBe(2);
  });

  it("publishes catalog.changed on invalidateCatalog, for the page cache and any other listener", async () => {
    const t = fakeCatalogue();
    const heard: string[] = [];
    t.events.on("catalog.changed", ({ reason }) => void heard.push(reason));
    await t.catalog.invalidateCatalog("product renamed");
    expect(heard).toEqual(["product renamed"]);
  });

  it("is emptied as well when another module publishes catalog.changed (orders giving stock back)", async () => {
    const t = fakeCatalogue();
    await t.catalog.homeFeatured();
    await t.events.emit("catalog.changed", { reason: "payment failed" });
    await t.catalog.homeFeatured();
    expect(t.count("homeProducts")).toBe(2);
  });
});
