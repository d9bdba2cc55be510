import { and, eq, inArray, sql } from "drizzle-orm";
import { products } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import { toProductCard, type ProductCard, type ProductCardSource, type StyleMemberSource } from "./product-card";

/** A listed product: the card's columns and its group. */
export type StyleRow = ProductCardSource & { productGroupId: string | null };

/**
 * The cards of listed products, one per style: each grouped product's card gets its group's active
 * products as swatches (one query for the whole page, by `products_group_idx`).
 */
export async function styleCards(db: Db, rows: readonly StyleRow[]): Promise<ProductCard[]> {
  const groupIds = [...new Set(rows.flatMap((r) => (r.productGroupId ? [r.productGroupId] : [])))];
  const members = new Map<string, StyleMemberSource[]>();
  if (groupIds.length > 0) {
    const found = await db
      .select({
        id: products.id,
        name: products.name,
        slug: products.slug,
        priceCents: products.priceCents,
        originalPriceCents: products.originalPriceCents,
        imageUrl: products.imageUrl,
        images: products.images,
        isNew: products.isNew,
        inventory: products.inventory,
        sizes: products.sizes,
        colors: products.colors,
        isMain: sql<boolean>`${products.parentProductId} is null`,
        productGroupId: products.productGroupId,
      })
      .from(products)
      .where(and(inArray(products.productGroupId, groupIds), eq(products.isActive, true)));
    for (const { productGroupId, ...m } of found) {
      const list = members.get(productGroupId!) ?? [];
      list.push(m);
      members.set(productGroupId!, list);
    }
  }
  return rows.map(({ productGroupId, ...row }) =>
    toProductCard(row, productGroupId ? (members.get(productGroupId) ?? []) : []),
  );
}
