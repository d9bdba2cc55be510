import { and, eq, gt, gte, lte, sql, type SQL } from "drizzle-orm";
import { categories, products } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import { cardColumns, totalCount } from "./card-columns.server";
import { SEARCH_PAGE_SIZE, type ProductPage, type SearchQuery } from "./catalog-types";
import { countStyles, representsStyle, type ProductColumns } from "./list-products.server";
import { fetchPageClamped } from "./paging.server";
import { searchTerms } from "./search-query";
import { correctTerms, type Vocabulary } from "./spelling";
import { loadVocabulary } from "./vocabulary.server";
import { styleCards } from "./style-cards.server";

/**
 * Product search: PostgreSQL full text over name (weight A) and description (weight B),
 * with English stemming and prefixes ("shirts", "hood" → Hoodie), ranked so that name matches come
 * first; exact total. The same SQL runs on PGlite and PostgreSQL. Typos, in order of cost:
 *  1. words the catalogue does not have are replaced by the closest catalogue word, by trigram
 *     similarity over the catalogue's vocabulary ("jaket" → jacket, "tshirt" → t-shirt);
 *  2. if that still finds nothing, trigram word similarity on the names themselves (GIN indexes).
 * Typo tolerance comes after the exact search rather than in it: trigram rechecks cost ~30 ms for a
 * common word over 10,000 products, while the full-text index answers in a few.
 */
export async function searchProducts(
  db: Db,
  query: SearchQuery,
  vocabulary?: () => Promise<Vocabulary>,
): Promise<ProductPage> {
  const terms = searchTerms(query.q);
  if (terms.length === 0) return { products: [], total: 0, page: 1, pageCount: 0, pageSize: SEARCH_PAGE_SIZE };

  const exact = await fullTextSearch(db, query, terms);
  if (exact.total > 0) return exact;

  const corrected = correctTerms(terms, await (vocabulary ?? (() => loadVocabulary(db)))());
  if (corrected) {
    const fixed = await fullTextSearch(db, query, corrected);
    if (fixed.total > 0) return fixed;
  }

  const text = terms.join(" ");
  const compact = terms.join("").replace(/ /g, "");
  // Each branch of the union has its own GIN index; one OR of the three would scan every row.
  return runSearch(db, query, {
    match: (t) => sql`${t.id} in (
        select id from ${products} where ${text} <% ${products.name}
        union select id from ${products} where ${compact} <% ${products.searchName}
      )`,
    rank: sql`greatest(word_similarity(${text}, ${products.name}), word_similarity(${compact}, ${products.searchName}))`,
  });
}

/** Every term as a prefix; a phrase term ("t shirt") as words that follow each other. */
export function toTsquery(terms: string[]): string {
  return terms
    .map((term) => {
      const words = term.split(" ").map((w) => `${w}:*`);
      return words.length > 1 ? `(${words.join(" <-> ")})` : words[0];
    })
    .join(" & ");
}

function fullTextSearch(db: Db, query: SearchQuery, terms: string[]): Promise<ProductPage> {
  const tsquery = sql`to_tsquery('english', ${toTsquery(terms)})`;
  return runSearch(db, query, {
    match: (t) => sql`${t.searchVector} @@ ${tsquery}`,
    rank: sql`ts_rank(${products.searchVector}, ${tsquery}, 1)`,
  });
}

/** A search's filters for one product (of `products` or an alias of it, for the style rule). */
function searchConditions(query: SearchQuery, match: (t: ProductColumns) => SQL, t: ProductColumns): SQL | undefined {
  return and(
    match(t),
    eq(t.isActive, true),
    query.category
      ? sql`exists (select 1 from ${categories} c where c.id in (${t.categoryId}, ${t.subcategoryId}) and c.slug = ${query.category})`
      : undefined,
    query.minPrice > 0 ? gte(t.priceCents, query.minPrice * 100) : undefined,
    lte(t.priceCents, query.maxPrice * 100),
    query.inStock ? gt(t.inventory, 0) : undefined,
  );
}

/**
 * One page of results, one card per style (as the shop lists them: a style is found when one of its
 * products is, and shown as its representative), ranked by the representative.
 */
async function runSearch(
  db: Db,
  query: SearchQuery,
  by: { match: (t: ProductColumns) => SQL; rank: SQL },
): Promise<ProductPage> {
  const matches = (t: ProductColumns) => searchConditions(query, by.match, t);
  const fetchPage = (page: number) =>
    db
      .select({ ...cardColumns, total: totalCount })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(and(matches(products), representsStyle(matches)))
      .orderBy(sql`${by.rank} desc`, sql`${products.createdAt} desc`, products.id)
      .limit(SEARCH_PAGE_SIZE)
      .offset((page - 1) * SEARCH_PAGE_SIZE);
  const result = await fetchPageClamped(query.page, SEARCH_PAGE_SIZE, fetchPage, () =>
    countStyles(db, matches(products)),
  );
  const cards = await styleCards(
    db,
    result.rows.map(({ total: _total, ...row }) => row),
  );
  return { ...result, products: cards, pageSize: SEARCH_PAGE_SIZE };
}
