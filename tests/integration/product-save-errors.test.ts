import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, productChanges, products } from "#db/schema/index";
import { PRODUCT_SAVE_MESSAGES as M, productSaveFailure } from "~/modules/product-admin/save-messages";
import { loadEditorProduct, saveProduct } from "~/modules/product-admin/product-save.server";
import { newProductValues } from "~/modules/product-admin/product-form";
import { createTestDatabase, databaseKind, type TestDatabase } from "../support/test-database";

/**
 * The spec's product save DB codes (§8) from real driver errors: the database raises each code, and
 * the one mapping turns what the driver threw (wrapped by the ORM) into the spec's message. Most of
 * these cannot come through the editor, whose rules refuse the values first; they are what the
 * database would answer a writer that skipped them.
 */
let t: TestDatabase;
const base = { name: "Probe", slug: "probe", priceCents: 100, sku: "PROBE-1" };

beforeAll(async () => {
  t = await createTestDatabase();
  await t.database.db.insert(products).values(base);
});
afterAll(async () => {
  await t?.cleanup();
});

async function thrownBy(write: () => Promise<unknown>): Promise<unknown> {
  try {
    await write();
  } catch (error) {
    return error;
  }
  throw new Error("the write did not fail");
}

describe(`product save DB codes from ${databaseKind}'s own errors`, () => {
  it("23505 on slug, SKU and another unique column", async () => {
    const db = t.database.db;
    const slug = await thrownBy(() => db.insert(products).values({ ...base, sku: "OTHER" }));
    expect(productSaveFailure(slug)).toMatchObject({ message: M.slugTaken, fieldErrors: { slug: M.slugTaken } });
    const sku = await thrownBy(() => db.insert(products).values({ ...base, slug: "other" }));
    expect(productSaveFailure(sku)).toMatchObject({ message: M.skuTaken, fieldErrors: { sku: M.skuTaken } });
    const [row] = await db.select({ id: products.id }).from(products).where(eq(products.slug, "probe"));
    const pkey = await thrownBy(() => db.insert(products).values({ ...base, id: row!.id, slug: "p2", sku: "P2" }));
    expect(productSaveFailure(pkey)).toMatchObject({ message: M.duplicate, reason: "DUPLICATE" });
  });

  it("23514 (a CHECK constraint) and 23502 (NOT NULL)", async () => {
    const db = t.database.db;
    const check = await thrownBy(() => db.insert(products).values({ ...base, slug: "c", sku: "C", inventory: -1 }));
    expect(productSaveFailure(check)).toMatchObject({
      code: "invalid",
      message: M.invalidData,
      fieldErrors: { inventory: M.invalidData },
    });
    const missing = await thrownBy(() =>
      db.execute(sql`insert into products (name, slug, price_cents, sku) values ('N', 'n', null, 'N')`),
    );
    expect(productSaveFailure(missing)).toMatchObject({
      code: "invalid",
      message: M.missing,
      fieldErrors: { price: M.missing },
    });
  });

  it("23503: a category that no longer exists", async () => {
    const db = t.database.db;
    const [category] = await db.insert(categories).values({ name: "Gone", slug: "gone" }).returning();
    await db.delete(categories).where(eq(categories.id, category!.id));
    const fk = await thrownBy(() =>
      db.insert(products).values({ ...base, slug: "fk", sku: "FK", categoryId: category!.id }),
    );
    expect(productSaveFailure(fk)).toMatchObject({
      reason: "UNKNOWN_CATEGORY",
      fieldErrors: { categoryId: expect.any(String) },
    });
  });
});

describe(`saveProduct on ${databaseKind}`, () => {
  const actor = { kind: "member" as const, id: "no-such-user", email: "owner@example.com", name: "Owner" };

  it("writes nothing at all when a part of the save fails (the audit record included)", async () => {
    const db = t.database.db;
    // A user id that does not exist: the audit row's foreign key fails after the product row was written.
    const values = { ...newProductValues(), name: "Half Saved", slug: "half-saved", price: "10", sku: "HALF" };
    await expect(saveProduct(db, actor, { kind: "create" }, values)).rejects.toThrow();
    expect(await db.select().from(products).where(eq(products.slug, "half-saved"))).toHaveLength(0);
    expect(await db.select().from(productChanges)).toHaveLength(0);
  });

  it("keeps the version exact to the microsecond and moves it on every save", async () => {
    const db = t.database.db;
    const [row] = await db
      .update(products)
      .set({ updatedAt: sql`'2026-01-02 03:04:05.123456+00'::timestamptz` })
      .where(eq(products.slug, "probe"))
      .returning({ id: products.id });
    const opened = (await loadEditorProduct(db, row!.id))!;
    expect(opened.version.updatedAt).toBe("1767323045123456");
    // The same instant less its microseconds (what a JavaScript Date would carry) is another version.
    await expect(
      saveProduct(
        db,
        actor,
        { kind: "update", id: row!.id, version: { ...opened.version, updatedAt: "1767323045123000" } },
        { ...opened.values, name: "Probe 2" },
      ),
    ).rejects.toMatchObject({ reason: "STALE", status: 409 });
  });
});
