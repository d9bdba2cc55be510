import type { Db } from "~/lib/db/client.server";
import type { EventBus } from "~/lib/events.server";
import type { ReadCache } from "~/lib/read-cache.server";
import type { CategoryOption, ProductDetail, ProductPage, SearchQuery } from "./catalog-types";
import { getHomeProducts } from "./home.server";
import { categoryName, listCategories, listProducts } from "./list-products.server";
import type { ProductCard } from "./product-card";
import { getProductBySlug } from "./product-detail.server";
import { searchTerms } from "./search-query";
import { searchProducts } from "./search.server";
import { collectionName, SHOP_PAGE_SIZE, shopSearchParams, type ShopQuery } from "./shop-query";
import { sitemapEntries, type SitemapEntry } from "./sitemap.server";
import type { Vocabulary } from "./spelling";
import { loadVocabulary } from "./vocabulary.server";

/** The catalogue's reads as they come from the database, uncached. */
export interface CatalogSource {
  homeProducts(): Promise<ProductCard[]>;
  productBySlug(slug: string): Promise<ProductDetail | null>;
  categories(): Promise<CategoryOption[]>;
  categoryName(slug: string): Promise<string | null>;
  listProducts(query: ShopQuery): Promise<ProductPage>;
  search(query: SearchQuery, vocabulary: () => Promise<Vocabulary>): Promise<ProductPage>;
  vocabulary(): Promise<Vocabulary>;
  sitemapEntries(): Promise<SitemapEntry[]>;
}

export function databaseCatalogSource(db: Db): CatalogSource {
  return {
    homeProducts: () => getHomeProducts(db),
    productBySlug: (slug) => getProductBySlug(db, slug),
    categories: () => listCategories(db),
    categoryName: (slug) => categoryName(db, slug),
    listProducts: (query) => listProducts(db, query),
    search: (query, vocabulary) => searchProducts(db, query, vocabulary),
    vocabulary: () => loadVocabulary(db),
    sitemapEntries: () => sitemapEntries(db),
  };
}

/** What a shop page lists. */
export interface ShopListing {
  /** Active categories, for the filters. */
  categories: CategoryOption[];
  /** The category's or collection's name; null when the slug is neither (or the category is inactive). */
  name: string | null;
  /** No products for an unknown category: it is not listed at all. */
  page: ProductPage;
}

export interface CatalogReads {
  /** The home page's featured products. */
  homeFeatured(): Promise<ProductCard[]>;
  /** An active product, or null. */
  productBySlug(slug: string): Promise<ProductDetail | null>;
  /** Active categories in their sort order. */
  categories(): Promise<CategoryOption[]>;
  shopListing(query: ShopQuery): Promise<ShopListing>;
  /**
   * Search results, kept like shop pages (same lifetime, emptied when the catalogue changes) in a cache
   * of their own, so that free text cannot push the shop pages out; the vocabulary that corrects typos
   * is kept too.
   */
  search(query: SearchQuery): Promise<ProductPage>;
  sitemapEntries(): Promise<SitemapEntry[]>;
  /**
   * Announces `catalog.changed` (every cache of every instance emptied). The back office's writes do it
   * through their commands (product-admin/catalog-commands.server.ts), the order moves through the
   * events they emit; a route never calls this (the lint refuses it there).
   */
  invalidateCatalog(reason: string): Promise<void>;
}

export interface CatalogReadsOptions {
  source: CatalogSource;
  events: EventBus;
  /** Shared reads; the same lifetime as a cached page. */
  cache: ReadCache;
  /** Search results: the same lifetime, bounded on their own. */
  searchCache: ReadCache;
  /** The search vocabulary, which changes slowly and is costly to build. */
  vocabularyCache: ReadCache;
}

/** Cache keys are made here and nowhere else. */
const keys = {
  homeFeatured: "home:featured",
  categories: "categories",
  sitemap: "sitemap",
  vocabulary: "vocabulary",
  product: (slug: string) => `product:${slug}`,
  categoryName: (slug: string) => `shop-name:${slug}`,
  // The view does not change the data: one entry serves grid and list.
  shopPage: (query: ShopQuery) => `shop-page:${query.category}?${shopSearchParams({ ...query, view: "grid" })}`,
  // A search's results follow from its terms, not its spelling: "Hoodie " and "hoodie" share an entry.
  search: (query: SearchQuery) =>
    `search:${JSON.stringify([searchTerms(query.q), query.category, query.minPrice, query.maxPrice, query.inStock, query.page])}`,
};

/**
 * Only a bounded set of shop pages is kept (known categories only, no free-form price bounds,
 * sensible pages), so odd URLs cannot grow the cache without limit.
 */
function keepsShopPage(query: ShopQuery): boolean {
  return query.minPrice === null && query.maxPrice === null && query.page <= 50;
}

const emptyShopPage = (): ProductPage => ({ products: [], total: 0, page: 1, pageCount: 0, pageSize: SHOP_PAGE_SIZE });

/**
 * The catalogue reads every visitor shares, cached in process.
 *
 * Invalidation has one mechanism, the `catalog.changed` event: `invalidateCatalog()` publishes it,
 * and its subscribers empty these caches (below) and the guest full-page cache (server/app.ts).
 * Catalogue writes call `invalidateCatalog()`; other modules whose writes change what the catalogue
 * shows (orders giving stock back) publish the same event, and other processes and instances hear it
 * through PostgreSQL (lib/event-broadcast.server.ts). Changes made by hand in SQL show when the entries
 * expire.
 */
export function createCatalogReads({
  source,
  events,
  cache,
  searchCache,
  vocabularyCache,
}: CatalogReadsOptions): CatalogReads {
  events.on("catalog.changed", () => {
    cache.clear();
    searchCache.clear();
    vocabularyCache.clear();
  });
  const vocabulary = () => vocabularyCache.get(keys.vocabulary, () => source.vocabulary());

  const categories = () => cache.get(keys.categories, () => source.categories());

  return {
    homeFeatured: () => cache.get(keys.homeFeatured, () => source.homeProducts()),
    productBySlug: (slug) => cache.get(keys.product(slug), () => source.productBySlug(slug)),
    categories,
    async shopListing(query) {
      const all = await categories();
      const slug = query.category;
      const listed = collectionName(slug) !== null || all.some((c) => c.slug === slug);
      // Names of unlisted slugs are looked up every time, for the same reason as keepsShopPage.
      const name = listed
        ? await cache.get(keys.categoryName(slug), () => source.categoryName(slug))
        : await source.categoryName(slug);
      if (name === null) return { categories: all, name, page: emptyShopPage() };
      const page = keepsShopPage(query)
        ? await cache.get(keys.shopPage(query), () => source.listProducts(query))
        : await source.listProducts(query);
      return { categories: all, name, page };
    },
    search: (query) => searchCache.get(keys.search(query), () => source.search(query, vocabulary)),
    sitemapEntries: () => cache.get(keys.sitemap, () => source.sitemapEntries()),
    invalidateCatalog: (reason) => events.emit("catalog.changed", { reason }),
  };
}
