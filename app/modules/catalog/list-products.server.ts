import { and, asc, count, eq, gt, gte, lte, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { categories, products, productVariants } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import { cardColumns } from "./card-columns.server";
import type { CategoryOption, ProductPage } from "./catalog-types";
import { NEW_PRODUCT_DAYS } from "./product-rules";
import { collectionName, SHOP_ALL, SHOP_PAGE_SIZE, type ShopQuery, type ShopSort } from "./shop-query";
import { styleCards } from "./style-cards.server";

/**
 * The shop's listing (spec §7, §9; decisions.md §6): one card per style. A style is a product group
 * (each member one colour) or an ungrouped product. A style is listed when one of its active products
 * matches the filters; it is shown as, and sorted by, its representative: the group's main product when
 * that matches, else the first matching member (`compareMembers` of product-card.ts). Pages read an
 * index in the sort order and keep a row only when no better member of its group matches too (an
 * index probe per grouped row); counts count distinct `style_key` (docs/decisions/0024-one-card-per-style.md).
 */

/** Another product of the same group, in the anti-join of `representsStyle`. */
const member = alias(products, "member");

/** `products` in the listing's query, or the other member of a group it is compared with. */
export type ProductColumns = typeof products | typeof member;

/** Which products a shop category shows (spec §7, §9). */
function categoryCondition(slug: string, t: ProductColumns): SQL | undefined {
  const inCategory = sql`exists (select 1 from ${categories} c where c.id in (${t.categoryId}, ${t.subcategoryId}) and c.slug = ${slug})`;
  switch (slug) {
    case SHOP_ALL:
      return undefined;
    case "men":
    case "women":
      // "Men's Oxford Shirt" is men's; "Women's …" is not (word boundaries: women contains men).
      return or(inCategory, sql`${t.name} ~* ${`\\m${slug}('s)?\\M`}`);
    case "sale":
      return or(inCategory, sql`${t.originalPriceCents} > ${t.priceCents}`);
    case "new-arrivals":
      return or(inCategory, gte(t.createdAt, sql`now() - make_interval(days => ${NEW_PRODUCT_DAYS})`));
    default:
      return inCategory;
  }
}

/**
 * The product has this size in stock (in the colour, when one is asked): a variant with stock, read
 * from the partial index `product_variants_in_stock_size_idx`.
 */
export function sizeInStock(t: ProductColumns, size: string, color: string | null): SQL {
  return sql`exists (select 1 from ${productVariants} v where v.product_id = ${t.id} and v.size = ${size} and v.stock > 0${
    color ? sql` and v.color = ${color}` : sql``
  })`;
}

/** Each order ends in the id (a stable page boundary) and matches an index of db/schema/catalog.ts. */
const SORTS: Record<ShopSort, SQL[]> = {
  featured: [sql`${products.featured} desc`, sql`${products.createdAt} desc`, sql`${products.id} asc`],
  "price-low": [sql`${products.priceCents} asc`, sql`${products.id} asc`],
  "price-high": [sql`${products.priceCents} desc`, sql`${products.id} desc`],
  newest: [sql`${products.createdAt} desc`, sql`${products.id} asc`],
  rating: [sql`${products.rating} desc`, sql`${products.reviewCount} desc`, sql`${products.id} asc`],
};

/** The filters of a shop query, for one product (of `products` or an alias). */
export function shopConditions(query: ShopQuery, t: ProductColumns = products): SQL | undefined {
  return and(
    eq(t.isActive, true),
    categoryCondition(query.category, t),
    query.size ? sizeInStock(t, query.size, query.color) : undefined,
    query.color ? sql`${t.colors} @> array[${query.color}]::text[]` : undefined,
    query.minPrice !== null ? gte(t.priceCents, query.minPrice * 100) : undefined,
    query.maxPrice !== null ? lte(t.priceCents, query.maxPrice * 100) : undefined,
    query.inStock ? gt(t.inventory, 0) : undefined,
  );
}

/**
 * `m` comes before `p` as its style's representative: the main product (no parent) first, then by
 * name, then id — `compareMembers` of product-card.ts in SQL.
 */
function betterMember(m: ProductColumns, p: ProductColumns): SQL {
  return sql`((${m.parentProductId} is null) > (${p.parentProductId} is null)
    or ((${m.parentProductId} is null) = (${p.parentProductId} is null) and (${m.name}, ${m.id}) < (${p.name}, ${p.id})))`;
}

/**
 * The product represents its style among those matching `matches`: it is ungrouped, or no better
 * member of its group matches. The probe reads `products_group_idx`; ungrouped rows skip it.
 */
export function representsStyle(matches: (t: ProductColumns) => SQL | undefined): SQL {
  return sql`(${products.productGroupId} is null or not exists (
    select 1 from ${products} ${member}
    where ${member.productGroupId} = ${products.productGroupId} and ${member.id} <> ${products.id}
      and ${and(matches(member), betterMember(member, products))}))`;
}

/**
 * One page of the shop: filtered, sorted and paged in the database, one card per style, with the
 * exact number of styles. A page past the end answers the last page.
 */
export async function listProducts(db: Db, query: ShopQuery): Promise<ProductPage> {
  const matches = (t: ProductColumns) => shopConditions(query, t);
  // Counting apart lets the page itself be read from an index (a window count would read every row).
  const total = await countStyles(db, matches(products));
  const pageCount = Math.ceil(total / SHOP_PAGE_SIZE);
  const page = Math.max(1, Math.min(query.page, pageCount));
  const rows =
    total === 0
      ? []
      : await db
          .select(cardColumns)
          .from(products)
          .leftJoin(categories, eq(categories.id, products.categoryId))
          .where(and(matches(products), representsStyle(matches)))
          .orderBy(...SORTS[query.sort])
          .limit(SHOP_PAGE_SIZE)
          .offset((page - 1) * SHOP_PAGE_SIZE);
  return { products: await styleCards(db, rows), total, page, pageCount, pageSize: SHOP_PAGE_SIZE };
}

/**
 * How many styles have a product matching `where`. Grouped rather than count(distinct), so that the
 * planner may hash the keys or read them in order from `products_active_style_idx` (the unfiltered count
 * reads that index alone).
 */
export async function countStyles(db: Db, where: SQL | undefined): Promise<number> {
  const styles = db
    .select({ key: products.styleKey })
    .from(products)
    .where(where)
    .groupBy(products.styleKey)
    .as("styles");
  const [row] = await db.select({ n: count() }).from(styles);
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
