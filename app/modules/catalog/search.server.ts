import { and, eq, gt, gte, lte, sql, type SQL } from "drizzle-orm";
import { categories, compactNameSql, products } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import { cardColumns, totalCount } from "./card-columns.server";
import { countProducts } from "./list-products.server";
import { fetchPageClamped } from "./paging.server";
import { SEARCH_PAGE_SIZE, type ProductPage, type SearchQuery } from "./catalog-types";
import { toProductCard } from "./product-card";
import { searchTerms } from "./search-query";

/**
 * Product search (issue 3): PostgreSQL full text over name (weight A) and description (weight B),
 * with English stemming and prefixes ("shirts", "hood" → Hoodie), plus trigram word similarity on
 * the name for typos ("jaket" → Jacket) and on the name without punctuation ("tshirt" → T-Shirt).
 * Ranked by relevance, name matches first; exact total. The same SQL runs on PGlite and PostgreSQL.
 */
export async function searchProducts(db: Db, query: SearchQuery): Promise<ProductPage> {
  const terms = searchTerms(query.q);
  if (terms.length === 0) return { products: [], total: 0, page: 1, pageCount: 0, pageSize: SEARCH_PAGE_SIZE };

  const text = terms.join(" ");
  const compact = terms.join("");
  const tsquery = sql`to_tsquery('english', ${terms.map((t) => `${t}:*`).join(" & ")})`;
  const nameFuzzy = sql`${text} <% ${products.name}`;
  const compactFuzzy = sql`${compact} <% ${compactNameSql}`;
  const matches = sql`(${products.searchVector} @@ ${tsquery} or ${nameFuzzy} or ${compactFuzzy})`;
  const rank = sql<number>`(
      ts_rank(${products.searchVector}, ${tsquery}, 1)
      + greatest(word_similarity(${text}, ${products.name}), word_similarity(${compact}, ${compactNameSql}))
    )`;

  const filters: Array<SQL | undefined> = [
    eq(products.isActive, true),
    matches,
    query.category
      ? sql`exists (select 1 from ${categories} c where c.id in (${products.categoryId}, ${products.subcategoryId}) and c.slug = ${query.category})`
      : undefined,
    query.minPrice > 0 ? gte(products.priceCents, query.minPrice * 100) : undefined,
    lte(products.priceCents, query.maxPrice * 100),
    query.inStock ? gt(products.inventory, 0) : undefined,
  ];

  const where = and(...filters);
  const fetchPage = (page: number) =>
    db
      .select({ ...cardColumns, total: totalCount })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(where)
      .orderBy(sql`${rank} desc`, sql`${products.createdAt} desc`, products.id)
      .limit(SEARCH_PAGE_SIZE)
      .offset((page - 1) * SEARCH_PAGE_SIZE);
  const result = await fetchPageClamped(query.page, SEARCH_PAGE_SIZE, fetchPage, () => countProducts(db, where));
  return { ...result, products: result.rows.map(toProductCard), pageSize: SEARCH_PAGE_SIZE };
}
