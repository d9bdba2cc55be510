import { afterAll, beforeAll, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "~/lib/db/client.server";
import { mergePendingSearchEntries } from "~/modules/catalog/search-index-upkeep.server";
import { seedDemoCatalogIfEmpty } from "~/modules/catalog/seed.server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

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
