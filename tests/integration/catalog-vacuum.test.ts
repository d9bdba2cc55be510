import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/lib/db/client.server";
import { startCatalogVacuum, vacuumCatalog } from "~/modules/catalog/catalog-vacuum.server";
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
  expect(before.pages).toBeGreaterThan(0);
  expect(before.visible).toBe(0);
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
    await vi.waitFor(async () => expect((await visibility(db)).visible).toBeGreaterThan(0), {
      timeout: 5_000,
      interval: 20,
    });
  } finally {
    await stop();
  }
  const after = await visibility(db);
  expect(after.visible).toBe(after.pages);
});
