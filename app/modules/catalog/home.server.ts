import { and, desc, eq } from "drizzle-orm";
import { categories, products } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import { cardColumns } from "./card-columns.server";
import { toProductCard, type ProductCard } from "./product-card";

export const HOME_FEATURED_COUNT = 4;

/** Up to 4 featured products for the home page; the first 4 products when none is featured. */
export async function getHomeProducts(db: Db): Promise<ProductCard[]> {
  const base = () =>
    db.select(cardColumns).from(products).leftJoin(categories, eq(categories.id, products.categoryId)).$dynamic();
  const featured = await base()
    .where(and(eq(products.isActive, true), eq(products.featured, true)))
    .orderBy(desc(products.createdAt))
    .limit(HOME_FEATURED_COUNT);
  const rows =
    featured.length > 0
      ? featured
      : await base().where(eq(products.isActive, true)).orderBy(desc(products.createdAt)).limit(HOME_FEATURED_COUNT);
  return rows.map(toProductCard);
}
