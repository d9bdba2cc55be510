import { and, asc, eq, ilike, not, or, sql, type SQL } from "drizzle-orm";
import { categories, products, productVariants } from "#db/schema/index";
import { queryRows, type Db } from "~/lib/db/client.server";
import { fetchPageClamped } from "~/modules/catalog/paging.server";
import { toTsquery } from "~/modules/catalog/search.server";
import { searchTerms } from "~/modules/catalog/search-query";
import { isOnSale, primaryImage } from "~/modules/catalog/product-rules";
import { ADMIN_PAGE_SIZE, type AdminProductFilter, type AdminProductQuery } from "./admin-product-query";

/** Variants a page of the low-stock view. */
export const LOW_STOCK_PAGE_SIZE = 50;

/**
 * The product dashboard's reads (spec §2 Product dashboard): every product, active or not, found by
 * text, category and status, 20 a page; and the statistics over the whole catalogue.
 *
 * How the dashboard reads the flags, the same way the storefront shows them:
 * - On Sale (statistic, status filter, Sale badge) is a compare-at price above the price, exactly
 *   (decisions.md §6, `isOnSale`); every write keeps the is_sale flag to that rule, and 'Mark as Sale'
 *   / 'Remove from Sale' change the prices.
 * - Stock is per variant (decisions.md §6): the stock filters read the variants, and the low-stock
 *   view lists variants at or under the threshold, lowest first.
 * - New is the is_new flag, as on the storefront's cards and as the editor's "New" checkbox sets it;
 *   the 30-day rule of spec §4 decides the shop's New Arrivals collection, not this badge.
 */

export interface AdminProductRow {
  id: string;
  name: string;
  slug: string;
  sku: string;
  /** The main image, or the fallback image. */
  image: string;
  priceCents: number;
  originalPriceCents: number | null;
  inventory: number;
  isActive: boolean;
  featured: boolean;
  isNew: boolean;
  /** The is_sale flag itself (kept to the prices by every write). */
  isSale: boolean;
  /** A compare-at price above the price (see above). */
  onSale: boolean;
  /** The category's name; null = Uncategorized. */
  category: string | null;
}

export interface AdminProductPage {
  rows: AdminProductRow[];
  /** Products matching the search and filters. */
  total: number;
  page: number;
  pageCount: number;
}

export interface AdminProductStats {
  total: number;
  active: number;
  inactive: number;
  featured: number;
  onSale: number;
  /** Average price over all products, in cents, rounded; 0 for an empty catalogue. */
  avgPriceCents: number;
}

export interface AdminCategoryOption {
  name: string;
  slug: string;
  isActive: boolean;
}

/** SQL of "on sale" (see above). A NULL compare-at price is no sale. */
export const onSaleSql = sql`coalesce(${products.originalPriceCents} > ${products.priceCents}, false)`;

/** `text` matched literally inside ILIKE: backslash, % and _ lose their meaning. */
export function likeContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The back office's product search: the storefront's full text (every word the start of a word of the
 * name or description, English stemming: 'wrap midi red' finds 'Wrap Midi Dress - Red', 'shirts' a
 * Shirt, and 'red' no 'Embroidered'), or the text inside the product's SKU or one of its variants'
 * (taken literally: 'adm-7', '50%'). Undefined for a blank search.
 */
export function productTextMatch(q: string): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  const terms = searchTerms(text);
  const sku = likeContaining(text);
  return or(
    terms.length > 0 ? sql`${products.searchVector} @@ to_tsquery('english', ${toTsquery(terms)})` : undefined,
    ilike(products.sku, sku),
    sql`exists (select 1 from ${productVariants} v where v.product_id = ${products.id} and v.sku ilike ${sku})`,
  );
}

const STATUS_CONDITIONS: Record<AdminProductFilter["status"], SQL | undefined> = {
  all: undefined,
  active: eq(products.isActive, true),
  inactive: not(products.isActive),
  featured: eq(products.featured, true),
  sale: onSaleSql,
};

const STOCK_CONDITIONS: Record<AdminProductFilter["stock"], SQL | undefined> = {
  all: undefined,
  "in-stock": sql`${products.inventory} > 0`,
  // The low-stock view lists variants; as a product filter it reads as any stock.
  low: undefined,
  "some-sold-out": sql`exists (select 1 from ${productVariants} v where v.product_id = ${products.id} and v.stock = 0)`,
  "sold-out": sql`${products.inventory} = 0`,
};

/**
 * Which products a filter matches, as one SQL condition: the list, its count and a bulk action on
 * "every matching product" all use this, so they cannot disagree. The search is `productTextMatch`;
 * the category is the product's own category.
 */
export function adminProductConditions(filter: AdminProductFilter): SQL | undefined {
  return and(
    productTextMatch(filter.q),
    filter.category
      ? sql`${products.categoryId} = (select c.id from ${categories} c where c.slug = ${filter.category})`
      : undefined,
    STATUS_CONDITIONS[filter.status],
    STOCK_CONDITIONS[filter.stock],
  );
}

/** The statistics of spec §2 in one aggregate over every product (not over a page of rows). */
export async function adminProductStats(db: Db): Promise<AdminProductStats> {
  const [row] = await queryRows<Record<keyof AdminProductStats, number | string | null>>(
    db,
    sql`select count(*) as "total",
          count(*) filter (where ${products.isActive}) as "active",
          count(*) filter (where not ${products.isActive}) as "inactive",
          count(*) filter (where ${products.featured}) as "featured",
          count(*) filter (where ${onSaleSql}) as "onSale",
          coalesce(round(avg(${products.priceCents})), 0) as "avgPriceCents"
        from ${products}`,
  );
  const n = (value: number | string | null | undefined) => Number(value ?? 0);
  return {
    total: n(row?.total),
    active: n(row?.active),
    inactive: n(row?.inactive),
    featured: n(row?.featured),
    onSale: n(row?.onSale),
    avgPriceCents: n(row?.avgPriceCents),
  };
}

/** Every category, active or not, for the category filter (All Categories plus each). */
export async function adminCategoryOptions(db: Db): Promise<AdminCategoryOption[]> {
  return db
    .select({ name: categories.name, slug: categories.slug, isActive: categories.isActive })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.name));
}

/** The columns of a row, with the category's name. */
const rowColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  sku: products.sku,
  imageUrl: products.imageUrl,
  images: products.images,
  priceCents: products.priceCents,
  originalPriceCents: products.originalPriceCents,
  inventory: products.inventory,
  isActive: products.isActive,
  featured: products.featured,
  isNew: products.isNew,
  isSale: products.isSale,
  category: categories.name,
};

/**
 * Newest first (spec §7 "select all by created_at descending"), then by id for a stable page
 * boundary. NULLS LAST is the order of products_created_idx (created_at is never null): a page is
 * read from that index, with an incremental sort on the id, instead of sorting the whole catalogue.
 */
const LIST_ORDER = [sql`${products.createdAt} desc nulls last`, asc(products.id)];

type RowSource = Omit<AdminProductRow, "image" | "onSale"> & { imageUrl: string | null; images: string[] };

function toRow({ imageUrl, images, ...row }: RowSource): AdminProductRow {
  return {
    ...row,
    image: primaryImage({ imageUrl, images }),
    onSale: isOnSale(row.priceCents, row.originalPriceCents),
  };
}

/**
 * One page of the list, with the exact number of matching products. A page past the end answers
 * the last page.
 *
 * A search reads every product once whatever the plan (a substring of the description has no
 * index), so it fetches its page and its count in that one pass (`count(*) over()`). Without a
 * search, the count is a cheap scan and the page is read from the created_at index, 20 rows.
 * Trigram indexes on the description and the SKU were measured: they help only rare words, a
 * common word ("hoodie", "linen") still rechecks hundreds of rows, and they make every flag write
 * (a non-HOT update of each row) about half again as slow — so the search stays an index-free scan.
 */
export async function listAdminProducts(db: Db, query: AdminProductQuery): Promise<AdminProductPage> {
  const where = adminProductConditions(query);
  if (query.q) {
    const fetchPage = (page: number) =>
      db
        .select({ ...rowColumns, total: sql<number>`count(*) over()`.mapWith(Number) })
        .from(products)
        .leftJoin(categories, eq(categories.id, products.categoryId))
        .where(where)
        .orderBy(...LIST_ORDER)
        .limit(ADMIN_PAGE_SIZE)
        .offset((page - 1) * ADMIN_PAGE_SIZE);
    const found = await fetchPageClamped(query.page, ADMIN_PAGE_SIZE, fetchPage, () => countMatching(db, where));
    return {
      rows: found.rows.map(({ total: _total, ...row }) => toRow(row)),
      total: found.total,
      page: found.page,
      pageCount: Math.max(1, found.pageCount),
    };
  }
  const total = await countMatching(db, where);
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  if (total === 0) return { rows: [], total, page, pageCount };
  const rows = await db
    .select(rowColumns)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(...LIST_ORDER)
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
  return { rows: rows.map(toRow), total, page, pageCount };
}

async function countMatching(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(products)
    .where(where);
  return row?.n ?? 0;
}

/** A variant in the low-stock view. */
export interface LowStockVariant {
  productId: string;
  productName: string;
  size: string;
  color: string;
  sku: string;
  stock: number;
}

export interface LowStockPage {
  rows: LowStockVariant[];
  /** Variants at or under the threshold. */
  total: number;
  page: number;
  pageCount: number;
  threshold: number;
}

/**
 * The low-stock view: variants of active products with `threshold` units or fewer, lowest first
 * (then by product name and the variant's order), 50 a page, read from the variants' stock index.
 * The search and category narrow it like the list.
 */
export async function listLowStockVariants(
  db: Db,
  query: Pick<AdminProductQuery, "q" | "category" | "page">,
  threshold: number,
): Promise<LowStockPage> {
  const where = and(
    sql`${productVariants.stock} <= ${threshold}`,
    eq(products.isActive, true),
    adminProductConditions({ q: query.q, category: query.category, status: "all", stock: "all" }),
  );
  const [counted] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(where);
  const total = counted?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / LOW_STOCK_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const rows =
    total === 0
      ? []
      : await db
          .select({
            productId: products.id,
            productName: products.name,
            size: productVariants.size,
            color: productVariants.color,
            sku: productVariants.sku,
            stock: productVariants.stock,
          })
          .from(productVariants)
          .innerJoin(products, eq(products.id, productVariants.productId))
          .where(where)
          .orderBy(
            asc(productVariants.stock),
            asc(products.name),
            asc(products.id),
            asc(productVariants.position),
            asc(productVariants.id),
          )
          .limit(LOW_STOCK_PAGE_SIZE)
          .offset((page - 1) * LOW_STOCK_PAGE_SIZE);
  return { rows, total, page, pageCount, threshold };
}

export interface AdminProductDashboard {
  /** The query as listed: an unknown category reads as All Categories, the page as the one shown. */
  query: AdminProductQuery;
  stats: AdminProductStats;
  categories: AdminCategoryOption[];
  list: AdminProductPage;
  /** The low-stock view (`stock=low`) instead of the list, or null. */
  lowStock: LowStockPage | null;
}

/** Everything the dashboard shows for a list query (`lowStockThreshold`: LOW_STOCK_THRESHOLD). */
export async function adminProductDashboard(
  db: Db,
  requested: AdminProductQuery,
  lowStockThreshold: number,
): Promise<AdminProductDashboard> {
  const [stats, categoryOptions] = await Promise.all([adminProductStats(db), adminCategoryOptions(db)]);
  const known = requested.category !== null && categoryOptions.some((c) => c.slug === requested.category);
  const query = { ...requested, category: known ? requested.category : null };
  if (query.stock === "low") {
    const lowStock = await listLowStockVariants(db, query, lowStockThreshold);
    const list: AdminProductPage = { rows: [], total: lowStock.total, page: lowStock.page, pageCount: 1 };
    return { query: { ...query, page: lowStock.page }, stats, categories: categoryOptions, list, lowStock };
  }
  const list = await listAdminProducts(db, query);
  return { query: { ...query, page: list.page }, stats, categories: categoryOptions, list, lowStock: null };
}
