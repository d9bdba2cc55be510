import { randomUUID } from "node:crypto";
import { count, eq, inArray, sql } from "drizzle-orm";
import { appMeta, categories, products } from "#db/schema/index";
import { demoCategories, demoProducts, type DemoProduct } from "#db/seed/demo-catalog";
import { demoReviewsFor } from "#db/seed/demo-reviews";
import type { Db, Tx } from "~/lib/db/client.server";
import { insertReviews, type NewReview } from "~/modules/reviews/review-store.server";
import { insertDemoSizeCharts } from "./demo-size-charts.server";
import { spreadStock, suggestedSku, variantOptions } from "./variant-rules";
import { insertProducts, type NewProduct } from "./variants.server";

export type SeedResult =
  | { seeded: true; products: number; categories: number }
  | { seeded: false; reason: "disabled" | "already-seeded" | "not-empty" };

const SEEDED_KEY = "demo_catalog_seeded_at";
/** Serialises seeding across app instances that start at the same time (and the dashboard's demo load). */
export const SEED_LOCK = 727_001;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Loads the demo catalogue into an empty database, once. A restart neither duplicates nor deletes
 * anything: the first load is recorded, and a catalogue the owner has emptied stays empty.
 */
export async function seedDemoCatalogIfEmpty(db: Db): Promise<SeedResult> {
  return db
    .transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
      const marker = await tx.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY));
      if (marker.length > 0) return { seeded: false, reason: "already-seeded" } as const;

      const [existing] = await tx.select({ n: count() }).from(products);
      let result: SeedResult = { seeded: false, reason: "not-empty" };
      if ((existing?.n ?? 0) === 0) {
        const loaded = await insertDemoCatalog(tx);
        result = { seeded: true, products: loaded.products, categories: loaded.categories };
      }
      await tx.insert(appMeta).values({ key: SEEDED_KEY, value: new Date().toISOString() });
      return result;
    })
    .then(async (result) => {
      // Fresh statistics after a bulk load, so the planner picks the search and listing indexes.
      if (result.seeded) await db.execute(sql`analyze`);
      return result;
    });
}

/**
 * Inserts the demo categories and products that are not there yet (matched by slug); answers the
 * counts and the products it inserted.
 */
export async function insertDemoCatalog(tx: Db | Tx, now = new Date()) {
  await tx
    .insert(categories)
    .values(demoCategories.map((c) => ({ name: c.name, slug: c.slug, sortOrder: c.sortOrder, isActive: c.isActive })))
    .onConflictDoNothing({ target: categories.slug });
  const categoryRows = await tx
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(
      inArray(
        categories.slug,
        demoCategories.map((c) => c.slug),
      ),
    );
  const categoryId = new Map(categoryRows.map((c) => [c.slug, c.id]));

  const ids = new Map(demoProducts.map((p) => [p.slug, randomUUID()]));
  const rows = demoProducts.map((p, index): NewProduct => {
    const createdAt = new Date(now.getTime() - p.daysOld * DAY_MS);
    return {
      id: ids.get(p.slug)!,
      name: p.name,
      slug: p.slug,
      description: p.description,
      priceCents: p.priceCents,
      originalPriceCents: p.originalPriceCents,
      imageUrl: p.imageUrl,
      images: p.images,
      categoryId: categoryId.get(p.categorySlug) ?? null,
      sizes: p.sizes,
      colors: p.colors,
      tags: p.tags,
      variants: demoVariants(p, index),
      sku: p.sku,
      featured: p.featured,
      isActive: p.isActive,
      isNew: p.isNew,
      isSale: p.isSale,
      metaTitle: p.metaTitle,
      metaDescription: p.metaDescription,
      productGroupId: p.group,
      variantType: p.variantType,
      createdAt,
      updatedAt: createdAt,
    };
  });
  const inserted = await insertProducts(tx, rows, { skipConflicts: true });

  // Variants point at their group's main product; set once both exist.
  for (const p of demoProducts) {
    if (!p.parentSlug || !inserted.some((row) => row.slug === p.slug)) continue;
    await tx
      .update(products)
      .set({ parentProductId: ids.get(p.parentSlug)! })
      .where(eq(products.slug, p.slug));
  }
  await insertDemoReviews(tx, inserted, now);
  await insertDemoSizeCharts(
    tx,
    inserted.map((row) => row.slug),
  );
  return { products: inserted.length, categories: categoryRows.length, inserted };
}

/**
 * The demo products' reviews (db/seed/demo-reviews.ts), written through the one review write path, so
 * each product's rating and review count are the aggregates of its reviews (issue 29).
 */
async function insertDemoReviews(tx: Db | Tx, inserted: ReadonlyArray<{ id: string; slug: string }>, now: Date) {
  const bySlug = new Map(demoProducts.map((p) => [p.slug, p]));
  const list: NewReview[] = inserted.flatMap(({ id, slug }) => {
    const p = bySlug.get(slug);
    if (!p) return [];
    return demoReviewsFor(p).map((r) => ({
      productId: id,
      userId: null,
      orderId: null,
      orderItemId: null,
      size: r.size,
      color: r.color,
      rating: r.rating,
      title: r.title,
      body: r.body,
      fit: r.fit,
      authorName: r.authorName,
      verified: false,
      photos: [],
      status: "published" as const,
      source: "demo" as const,
      createdAt: new Date(now.getTime() - r.daysAgo * DAY_MS),
    }));
  });
  await insertReviews(tx, list);
}

/**
 * Believable stock per size for a demo product: its units spread over its sizes, the middle sizes
 * holding most; every third product with four sizes or more has sold out of its largest size, so the
 * demo shop shows a size that is unavailable while the others sell.
 */
export function demoVariants(p: DemoProduct, index: number) {
  const options = variantOptions(p.sizes, p.colors);
  const lastSize = p.sizes[p.sizes.length - 1];
  const soldOutSize = index % 3 === 0 && p.sizes.length >= 4 ? lastSize : undefined;
  const stock = spreadStock(p.inventory, options, (o) => o.size === soldOutSize);
  return options.map((o, i) => ({ ...o, sku: suggestedSku(p.sku, o, options.length), stock: stock[i]! }));
}
