/**
 * Fills a database with the demo catalogue plus N generated products (for benchmarks).
 * Usage: node --import tsx scripts/fill-catalog.ts --data-dir=DIR [--count=10000]   (or DATABASE_URL)
 * Never run it on a PGlite folder that a running server has open.
 */
import { eq, inArray, sql } from "drizzle-orm";
import { categories, products } from "#db/schema/index";
import { fixtureProducts } from "#db/seed/fixture-products";
import { openDatabase } from "~/lib/db/client.server";
import { seedDemoCatalogIfEmpty } from "~/modules/catalog/seed.server";

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, "").split("=") as [string, string | undefined]));
const count = Number(args.get("count") ?? 10_000);
const dataDir = args.get("data-dir") ?? "./data";

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
try {
  await seedDemoCatalogIfEmpty(database.db);
  const cats = await database.db
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(inArray(categories.slug, ["men", "women", "accessories"]));
  const categoryId = new Map(cats.map((c) => [c.slug, c.id]));
  const existing = await database.db.select({ id: products.id }).from(products).where(eq(products.sku, "FX-000001"));
  if (existing.length > 0) {
    console.log("fixtures already present");
  } else {
    const rows = fixtureProducts(count);
    const now = Date.now();
    for (let i = 0; i < rows.length; i += 500) {
      await database.db.insert(products).values(
        rows.slice(i, i + 500).map((p) => {
          const createdAt = new Date(now - p.daysOld * 86_400_000);
          return {
            name: p.name,
            slug: p.slug,
            description: p.description,
            priceCents: p.priceCents,
            originalPriceCents: p.originalPriceCents,
            imageUrl: p.imageUrl,
            images: [p.imageUrl],
            categoryId: categoryId.get(p.categorySlug) ?? null,
            sizes: p.sizes,
            colors: p.colors,
            inventory: p.inventory,
            sku: p.sku,
            featured: p.featured,
            isSale: p.isSale,
            rating: p.rating,
            reviewCount: p.reviewCount,
            createdAt,
            updatedAt: createdAt,
          };
        }),
      );
    }
    // As a shop's database is once autovacuum has been by (within a minute of a bulk load on PostgreSQL;
    // the embedded database's catalogue upkeep does it there): the visibility map set, so that counts of
    // the active products read an index (~1 ms) rather than the table (~5 ms). VACUUM also merges the
    // search indexes' pending entries.
    await database.db.execute(sql`vacuum analyze`);
    console.log(`inserted ${rows.length} fixture products`);
  }
} finally {
  await database.close();
}
