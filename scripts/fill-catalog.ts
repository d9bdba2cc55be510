/**
 * Fills a database with the demo catalogue plus N generated products (for benchmarks), each with
 * `--variants` variants (sizes × colours; its stock spread over them by size), written through
 * insertProducts as every new product is.
 * Usage: node --import tsx scripts/fill-catalog.ts --data-dir=DIR [--count=10000] [--variants=15]   (or DATABASE_URL)
 * Never run it on a PGlite folder that a running server has open.
 */
import { eq, inArray, sql } from "drizzle-orm";
import { categories, products } from "#db/schema/index";
import { fixtureProducts } from "#db/seed/fixture-products";
import { openDatabase } from "~/lib/db/client.server";
import { COLOR_PRESETS } from "~/modules/product-admin/product-form";
import { seedDemoCatalogIfEmpty } from "~/modules/catalog/seed.server";
import { spreadStock, variantOptions } from "~/modules/catalog/variant-rules";
import { insertProducts } from "~/modules/catalog/variants.server";

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, "").split("=") as [string, string | undefined]));
const count = Number(args.get("count") ?? 10_000);
const variantCount = Number(args.get("variants") ?? 15);
const dataDir = args.get("data-dir") ?? "./data";

const SIZES = ["XS", "S", "M", "L", "XL", "XXL"];
/** N variants as sizes × colours: the most sizes (up to 6) that divide N, the rest colours (up to 10). */
function optionLists(n: number, ownColor: string): { sizes: string[]; colors: string[] } {
  const sizeCount = [6, 5, 4, 3, 2, 1].find((s) => n % s === 0 && n / s <= COLOR_PRESETS.length);
  if (!Number.isInteger(n) || n < 1 || sizeCount === undefined) {
    throw new Error(`--variants=${n}: use a number of sizes (1-6) times a number of colours (1-10)`);
  }
  const colors = [ownColor, ...COLOR_PRESETS.filter((c) => c !== ownColor)].slice(0, n / sizeCount);
  return { sizes: SIZES.slice(0, sizeCount), colors };
}
optionLists(variantCount, "Black");

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
      await database.db.transaction((tx) =>
        insertProducts(
          tx,
          rows.slice(i, i + 500).map((p) => {
            const createdAt = new Date(now - p.daysOld * 86_400_000);
            const { sizes, colors } = optionLists(variantCount, p.colors[0] ?? "Black");
            const options = variantOptions(sizes, colors);
            const stock = spreadStock(p.inventory, options);
            return {
              name: p.name,
              slug: p.slug,
              description: p.description,
              priceCents: p.priceCents,
              originalPriceCents: p.originalPriceCents,
              imageUrl: p.imageUrl,
              images: [p.imageUrl],
              categoryId: categoryId.get(p.categorySlug) ?? null,
              sizes,
              colors,
              variants: options.map((o, v) => ({ ...o, stock: stock[v]! })),
              sku: p.sku,
              featured: p.featured,
              isSale: p.isSale,
              rating: p.rating,
              reviewCount: p.reviewCount,
              createdAt,
              updatedAt: createdAt,
            };
          }),
        ),
      );
    }
    // As a shop's database is once autovacuum has been by (within a minute of a bulk load on PostgreSQL;
    // the embedded database's catalogue upkeep does it there): the visibility map set, so that counts of
    // the active products read an index (~1 ms) rather than the table (~5 ms). VACUUM also merges the
    // search indexes' pending entries.
    await database.db.execute(sql`vacuum analyze`);
    console.log(`inserted ${rows.length} fixture products with ${variantCount} variants each`);
  }
} finally {
  await database.close();
}
