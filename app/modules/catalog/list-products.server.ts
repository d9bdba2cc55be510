import { and, asc, eq, gte, lte, or, sql, type SQL } from "drizzle-orm";
import { categories, products } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import { cardColumns } from "./card-columns.server";
import type { CategoryOption, ProductPage } from "./catalog-types";
import { toProductCard } from "./product-card";
import { NEW_PRODUCT_DAYS } from "./product-rules";
import { collectionName, SHOP_ALL, SHOP_PAGE_SIZE, type ShopQuery, type ShopSort } from "./shop-query";

/** Which products a shop category shows (spec §7, §9). */
function categoryCondition(slug: string): SQL | undefined {
  const inCategory = sql`exists (select 1 from ${categories} c where c.id in (${products.categoryId}, ${products.subcategoryId}) and c.slug = ${slug})`;
  switch (slug) {
    case SHOP_ALL:
      return undefined;
    case "men":
    case "women":
      // "Men's Oxford Shirt" is men's; "Women's …" is not (word boundaries: women contains men).
      return or(inCategory, sql`${products.name} ~* ${`\\m${slug}('s)?\\M`}`);
    case "sale":
      return or(inCategory, sql`${products.originalPriceCents} > ${products.priceCents}`);
    case "new-arrivals":
      return or(inCategory, gte(products.createdAt, sql`now() - make_interval(days => ${NEW_PRODUCT_DAYS})`));
    default:
      return inCategory;
  }
}

/** Each order ends in the id (a stable page boundary) and matches an index of db/schema/catalog.ts. */
const SORTS: Record<ShopSort, SQL[]> = {
  featured: [sql`${products.featured} desc`, sql`${products.createdAt} desc`, sql`${products.id} asc`],
  "price-low": [sql`${products.priceCents} asc`, sql`${products.id} asc`],
  "price-high": [sql`${products.priceCents} desc`, sql`${products.id} desc`],
  newest: [sql`${products.createdAt} desc`, sql`${products.id} asc`],
  rating: [sql`${products.rating} desc`, sql`${products.reviewCount} desc`, sql`${products.id} asc`],
};

export function shopConditions(query: ShopQuery): SQL | undefined {
  return and(
    eq(products.isActive, true),
    categoryCondition(query.category),
    query.size ? sql`${products.sizes} @> array[${query.size}]::text[]` : undefined,
    query.color ? sql`${products.colors} @> array[${query.color}]::text[]` : undefined,
    query.minPrice !== null ? gte(products.priceCents, query.minPrice * 100) : undefined,
    query.maxPrice !== null ? lte(products.priceCents, query.maxPrice * 100) : undefined,
  );
}

/**
 * One page of the shop: filtered, sorted and paged in the database, with the exact total.
 * A page past the end answers the last page.
 */
export async function listProducts(db: Db, query: ShopQuery): Promise<ProductPage> {
  const where = shopConditions(query);
  // Counting apart lets the page itself be read from an index (a window count would read every row).
  const total = await countProducts(db, where);
  const pageCount = Math.ceil(total / SHOP_PAGE_SIZE);
  const page = Math.max(1, Math.min(query.page, pageCount));
  const rows =
    total === 0
      ? []
      : await db
          .select(cardColumns)
          .from(products)
          .leftJoin(categories, eq(categories.id, products.categoryId))
          .where(where)
          .orderBy(...SORTS[query.sort])
          .limit(SHOP_PAGE_SIZE)
          .offset((page - 1) * SHOP_PAGE_SIZE);
  return { products: rows.map(toProductCard), total, page, pageCount, pageSize: SHOP_PAGE_SIZE };
}

export async function countProducts(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(products)
    .where(where);
  return row?.n ?? 0;
}

/** Whether a shop category exists: a collection rule or an active category of the database. */
export async function categoryName(db: Db, slug: string): Promise<string | null> {
  const [row] = await db
    .select({ name: categories.name })
    .from(categories)
    .where(and(eq(categories.slug, slug), eq(categories.isActive, true)));
  return row?.name ?? collectionName(slug);
}

/** Active categories for filter selects (spec §7 filter options), in their sort order. */
export async function listCategories(db: Db): Promise<CategoryOption[]> {
  return db
    .select({ name: categories.name, slug: categories.slug })
    .from(categories)
    .where(eq(categories.isActive, true))
    .orderBy(asc(categories.sortOrder), asc(categories.name));
}
