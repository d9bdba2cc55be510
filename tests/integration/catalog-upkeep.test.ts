import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/lib/db/client.server";
import { startCatalogVacuum, vacuumCatalog } from "~/modules/catalog/catalog-vacuum.server";
import { mergePendingSearchEntries } from "~/modules/catalog/search-index-upkeep.server";
import { seedDemoCatalogIfEmpty } from "~/modules/catalog/seed.server";
import { createTestDatabase, databaseKind, type TestDatabase } from "../support/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemoCatalogIfEmpty(t.database.db);
});
afterAll(async () => {
  await t?.cleanup();
});

it("finds every GIN index of the products and merges their pending entries, on either database", async () => {
  const db = t.database.db;
  // Rewrite every product (a flag change is not a HOT update): new entries go to the pending lists.
  await db.execute(sql`update products set is_active = not is_active`);
  await db.execute(sql`update products set is_active = not is_active`);
  const merged = await mergePendingSearchEntries(db);
  expect(merged.sort()).toEqual([
    "products_colors_idx",
    "products_name_trgm_idx",
    "products_search_idx",
    "products_search_name_trgm_idx",
    "products_sizes_idx",
  ]);
  // Nothing is left to merge: a second pass merges no page.
  for (const name of merged) {
    const [row] = await queryRows<{ pages: number }>(
      db,
      sql`select gin_clean_pending_list(${name}::regclass) as pages`,
    );
    expect(Number(row!.pages)).toBe(0);
  }
});

/** Pages of `products`, and how many of them the visibility map says hold only rows every reader sees. */
async function visibility(db: Db) {
  const [row] = await queryRows<{ pages: number; visible: number }>(
    db,
    sql`select relpages as pages, relallvisible as visible from pg_class where relname = 'products'`,
  );
  return { pages: Number(row!.pages), visible: Number(row!.visible) };
}

/** Every product rewritten, as orders taking stock do over a day; ANALYZE reads the visibility map. */
async function rewriteProducts(db: Db) {
  await db.execute(sql`update products set inventory = inventory + 1`);
  await db.execute(sql`update products set inventory = inventory - 1`);
  await db.execute(sql`analyze products`);
  const before = await visibility(db);
  // The pages the updates wrote to are no longer all-visible (pages left empty by an earlier vacuum are).
  expect(before.pages).toBeGreaterThan(0);
  expect(before.visible).toBeLessThan(before.pages);
}

it(`vacuums the catalogue: every page of the products all-visible again (${databaseKind})`, async () => {
  const db = t.database.db;
  await rewriteProducts(db);
  await vacuumCatalog(db);
  const after = await visibility(db);
  expect(after.visible).toBe(after.pages);
});

it("vacuums on its interval until stopped", async () => {
  const db = t.database.db;
  await rewriteProducts(db);
  const stop = startCatalogVacuum(db, { intervalMs: 20 });
  try {
    await vi.waitFor(
      async () => {
        const now = await visibility(db);
        expect(now.visible).toBe(now.pages);
      },
      {
        timeout: 5_000,
        interval: 20,
      },
    );
  } finally {
    await stop();
  }
  const after = await visibility(db);
  expect(after.visible).toBe(after.pages);
});
