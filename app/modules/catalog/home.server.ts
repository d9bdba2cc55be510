import { and, desc, eq } from "drizzle-orm";
import { categories, products } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import { cardColumns } from "./card-columns.server";
import { representsStyle, type ProductColumns } from "./list-products.server";
import type { ProductCard } from "./product-card";
import { styleCards } from "./style-cards.server";

export const HOME_FEATURED_COUNT = 4;

/**
 * Up to 4 featured styles for the home page, newest first (one card per style, as the shop lists
 * them); the 4 newest styles when none is featured.
 */
export async function getHomeProducts(db: Db): Promise<ProductCard[]> {
  const newest = (matches: (t: ProductColumns) => ReturnType<typeof and>) =>
    db
      .select(cardColumns)
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(and(matches(products), representsStyle(matches)))
      .orderBy(desc(products.createdAt))
      .limit(HOME_FEATURED_COUNT);
  const featured = await newest((t) => and(eq(t.isActive, true), eq(t.featured, true)));
  const rows = featured.length > 0 ? featured : await newest((t) => eq(t.isActive, true));
  return styleCards(db, rows);
}
