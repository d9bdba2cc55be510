import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, orderItems, orders, products, user } from "#db/schema/index";
import { demoProducts } from "#db/seed/demo-catalog";
import { openDatabase, queryRows } from "~/lib/db/client.server";
import { seedDemoCatalogIfEmpty } from "~/modules/catalog/seed.server";
import { createTestDatabase, databaseKind, type TestDatabase } from "../support/test-database";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.cleanup();
});

async function productCount() {
  const [row] = await t.database.db.select({ n: count() }).from(products);
  return row!.n;
}

describe(`database on ${databaseKind}`, () => {
  it("migrates an empty database with every table of the spec", async () => {
    const rows = await queryRows<{ table_name: string }>(
      t.database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const tables = rows.map((r) => r.table_name);
    for (const name of [
      "account",
      "app_meta",
      "cart_items",
      "carts",
      "categories",
      "order_items",
      "order_notifications",
      "orders",
      "products",
      "profiles",
      "rate_limit",
      "session",
      "user",
      "verification",
    ]) {
      expect(tables).toContain(name);
    }
    const ext = await queryRows(t.database.db, sql`select extname from pg_extension where extname = 'pg_trgm'`);
    expect(ext).toHaveLength(1);
  });

  it("loads the demo catalogue into the empty database", async () => {
    const result = await seedDemoCatalogIfEmpty(t.database.db);
    expect(result).toEqual({ seeded: true, products: demoProducts.length, categories: 5 });
    expect(await productCount()).toBe(demoProducts.length);
    const [active] = await t.database.db.select({ n: count() }).from(products).where(eq(products.isActive, true));
    expect(active!.n).toBeGreaterThanOrEqual(48);
  });

  it("does not load it twice (idempotent)", async () => {
    const again = await seedDemoCatalogIfEmpty(t.database.db);
    expect(again).toEqual({ seeded: false, reason: "already-seeded" });
    expect(await productCount()).toBe(demoProducts.length);
    const [cats] = await t.database.db.select({ n: count() }).from(categories);
    expect(cats!.n).toBe(5);
  });

  it("links colour variants to their group's main product", async () => {
    const grouped = await t.database.db
      .select({ slug: products.slug, group: products.productGroupId, parent: products.parentProductId })
      .from(products)
      .where(sql`${products.productGroupId} is not null`);
    expect(grouped.length).toBeGreaterThanOrEqual(10);
    expect(grouped.filter((p) => p.parent !== null).length).toBeGreaterThan(0);
  });

  it("refuses negative stock and prices, and duplicate slugs and SKUs", async () => {
    const [first] = await t.database.db.select().from(products).limit(1);
    const db = t.database.db;
    await expect(db.update(products).set({ inventory: -1 }).where(eq(products.id, first!.id))).rejects.toThrow();
    await expect(db.update(products).set({ priceCents: -1 }).where(eq(products.id, first!.id))).rejects.toThrow();
    const copy = { name: "Copy", priceCents: 100, sku: "UNIQUE-SKU-1", slug: first!.slug };
    await expect(db.insert(products).values(copy)).rejects.toThrow();
    await expect(db.insert(products).values({ ...copy, slug: "unique-slug-1", sku: first!.sku })).rejects.toThrow();
  });

  it("refuses an order whose total is not the sum of its parts, and an item total that is not unit × quantity", async () => {
    const db = t.database.db;
    const address = {
      firstName: "A",
      lastName: "B",
      email: "a@b.co",
      phone: "+15550000000",
      address: "1 Main St",
      city: "Portland",
      state: "OR",
      postalCode: "97204",
      country: "US",
    };
    const base = {
      orderNumber: "ORD-00000001",
      subtotalCents: 1000,
      shippingCents: 999,
      taxCents: 80,
      shippingAddress: address,
      customerEmail: "a@b.co",
    };
    await expect(db.insert(orders).values({ ...base, totalCents: 1 })).rejects.toThrow();
    const [order] = await db
      .insert(orders)
      .values({ ...base, totalCents: 2079 })
      .returning();
    await expect(
      db.insert(orderItems).values({
        orderId: order!.id,
        productName: "Tee",
        productSku: "SKU",
        quantity: 2,
        unitPriceCents: 500,
        totalPriceCents: 999,
      }),
    ).rejects.toThrow();
    await expect(db.insert(orders).values({ ...base, totalCents: 2079 })).rejects.toThrow(); // order number is unique
  });

  it("keeps roles to customer and admin", async () => {
    await expect(
      t.database.db.insert(user).values({ id: "u1", name: "X", email: "x@example.com", role: "owner" }),
    ).rejects.toThrow();
  });

  it.runIf(databaseKind === "pglite")("opens the embedded database with its memory lowered (issue 15)", async () => {
    const settings = await queryRows<{ name: string; setting: string; unit: string }>(
      t.database.db,
      sql`select name, setting, unit from pg_settings where name in ('shared_buffers', 'maintenance_work_mem') order by name`,
    );
    // 16 MB of shared buffers (2,048 pages of 8 kB) and 16 MB for index builds and vacuum.
    expect(settings).toEqual([
      { name: "maintenance_work_mem", setting: "16384", unit: "kB" },
      { name: "shared_buffers", setting: "2048", unit: "8kB" },
    ]);
  });

  it("neither duplicates nor deletes anything when reopened and seeded again (restart)", async () => {
    await t.database.close();
    const reopened = await openDatabase({ databaseUrl: t.databaseUrl, dataDir: t.dataDir });
    try {
      expect(await seedDemoCatalogIfEmpty(reopened.db)).toEqual({ seeded: false, reason: "already-seeded" });
      const [row] = await reopened.db.select({ n: count() }).from(products);
      expect(row!.n).toBe(demoProducts.length);
    } finally {
      await reopened.close();
    }
  });
});
