import { and, asc, eq, ne, sql } from "drizzle-orm";
import { categories, products, reviewStats, sizeCharts } from "#db/schema/index";
import { queryRows, type Db } from "~/lib/db/client.server";
import type { ProductDetail } from "./catalog-types";
import type { SizeReviewStats } from "~/modules/fit/fit-types";
import { isOnSale, primaryImage } from "./product-rules";
import { sizesWithStock } from "./purchase-rules";
import { variantsOf } from "./variants.server";

/**
 * An active product by slug with its category, its variants and its group's other active products
 * (with the sizes they have in stock); null if none.
 */
export async function getProductBySlug(db: Db, slug: string): Promise<ProductDetail | null> {
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      description: products.description,
      priceCents: products.priceCents,
      originalPriceCents: products.originalPriceCents,
      imageUrl: products.imageUrl,
      images: products.images,
      sizes: products.sizes,
      colors: products.colors,
      tags: products.tags,
      inventory: products.inventory,
      sku: products.sku,
      rating: products.rating,
      reviewCount: products.reviewCount,
      isNew: products.isNew,
      isSale: products.isSale,
      metaTitle: products.metaTitle,
      metaDescription: products.metaDescription,
      productGroupId: products.productGroupId,
      parentProductId: products.parentProductId,
      updatedAt: products.updatedAt,
      categoryName: categories.name,
      categorySlug: categories.slug,
      fitNote: products.fitNote,
      modelHeightCm: products.modelHeightCm,
      modelSize: products.modelSize,
      garmentMeasurements: products.garmentMeasurements,
      chartId: sizeCharts.id,
      chartName: sizeCharts.name,
      chartMeasurements: sizeCharts.measurements,
      chartRows: sizeCharts.rows,
      chartHowToMeasure: sizeCharts.howToMeasure,
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(sizeCharts, eq(sizeCharts.id, products.sizeChartId))
    .where(and(eq(products.slug, slug), eq(products.isActive, true)));
  if (!row) return null;

  const members = row.productGroupId
    ? await db
        .select({
          id: products.id,
          slug: products.slug,
          name: products.name,
          colors: products.colors,
          imageUrl: products.imageUrl,
          images: products.images,
          priceCents: products.priceCents,
          inventory: products.inventory,
          parentProductId: products.parentProductId,
        })
        .from(products)
        .where(
          and(eq(products.productGroupId, row.productGroupId), eq(products.isActive, true), ne(products.id, row.id)),
        )
        .orderBy(asc(products.createdAt), asc(products.name))
    : [];
  // One query for the product's variants and its group members'; the review sums are a few rows.
  const [variantsByProduct, stats, [sizeReturns]] = await Promise.all([
    variantsOf(db, [row.id, ...members.map((m) => m.id)]),
    db.select().from(reviewStats).where(eq(reviewStats.productId, row.id)),
    // The size returns of the product (issue 30), on return_items' product index: a few rows at most.
    queryRows<{ too_small: number; too_large: number }>(
      db,
      sql`select coalesce(sum(ri.quantity) filter (where ri.reason = 'too_small'), 0)::int as too_small,
                 coalesce(sum(ri.quantity) filter (where ri.reason = 'too_large'), 0)::int as too_large
            from return_items ri join returns r on r.id = ri.return_id
           where ri.product_id = ${row.id} and ri.reason in ('too_small', 'too_large')
             and r.status not in ('refused', 'cancelled')`,
    ),
  ]);

  const images = row.images.filter((src) => src.trim() !== "");
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    priceCents: row.priceCents,
    originalPriceCents: row.originalPriceCents,
    images: images.length > 0 ? images : [primaryImage(row)],
    sizes: row.sizes,
    colors: row.colors,
    tags: row.tags,
    inventory: row.inventory,
    sku: row.sku,
    rating: row.rating ?? 0,
    reviewCount: row.reviewCount,
    isNew: row.isNew,
    isSale: row.isSale || isOnSale(row.priceCents, row.originalPriceCents),
    category: row.categoryName && row.categorySlug ? { name: row.categoryName, slug: row.categorySlug } : null,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    productGroupId: row.productGroupId,
    updatedAt: row.updatedAt.toISOString(),
    variants: variantsByProduct.get(row.id) ?? [],
    groupMembers: members.map((m) => ({
      id: m.id,
      slug: m.slug,
      name: m.name,
      colors: m.colors,
      image: primaryImage(m),
      priceCents: m.priceCents,
      inventory: m.inventory,
      // The main product of a group is the one the others point to.
      isMain: m.parentProductId === null,
      sizesInStock: sizesWithStock(variantsByProduct.get(m.id) ?? []),
    })),
    sizeChart:
      row.chartId && row.chartName && row.chartMeasurements && row.chartRows
        ? {
            id: row.chartId,
            name: row.chartName,
            measurements: row.chartMeasurements,
            rows: row.chartRows,
            howToMeasure: row.chartHowToMeasure ?? "",
          }
        : null,
    fit: {
      note: row.fitNote,
      modelHeightCm: row.modelHeightCm,
      modelSize: row.modelSize,
      garmentMeasurements: row.garmentMeasurements,
    },
    reviewStats: sizeStatsInOrder(stats, row.sizes),
    sizeReturns: { tooSmall: sizeReturns?.too_small ?? 0, tooLarge: sizeReturns?.too_large ?? 0 },
  };
}

/** The review sums per size, in the product's size order ('' and sizes no longer offered last). */
function sizeStatsInOrder(rows: Array<typeof reviewStats.$inferSelect>, sizes: string[]): SizeReviewStats[] {
  const rank = (size: string) => {
    const i = sizes.indexOf(size);
    return i === -1 ? sizes.length : i;
  };
  return rows
    .map((r) => ({
      size: r.size,
      reviews: r.reviews,
      ratingSum: r.ratingSum,
      stars: [r.stars1, r.stars2, r.stars3, r.stars4, r.stars5] as SizeReviewStats["stars"],
      runsSmall: r.runsSmall,
      trueToSize: r.trueToSize,
      runsLarge: r.runsLarge,
      withPhotos: r.withPhotos,
    }))
    .sort((a, b) => rank(a.size) - rank(b.size) || a.size.localeCompare(b.size));
}
