import { describe, expect, it } from "vitest";
import { PRODUCT_MESSAGES } from "~/modules/product-admin/product-form";
import { PRODUCT_SAVE_MESSAGES as M, productSaveFailure } from "~/modules/product-admin/save-messages";

/**
 * The spec's product save DB codes (§8). The errors here have the shape both drivers throw, as
 * captured from PGlite and pg (the ORM wraps the driver's error in `cause`); the integration test
 * product-save-errors.test.ts makes the database raise each of them for real.
 */
function driverError(fields: { code: string; constraint?: string; column?: string; message: string }) {
  const cause = Object.assign(new Error(fields.message), fields, { table: "products", detail: "Key (x)=(y)" });
  return Object.assign(new Error("Failed query: insert into products ..."), { query: "insert ...", params: [], cause });
}

describe("productSaveFailure", () => {
  it("23505 on the slug, the SKU, anything else: the spec's three messages, on the field", () => {
    const slug = productSaveFailure(
      driverError({ code: "23505", constraint: "products_slug_unique", message: "duplicate key value ..." }),
    );
    expect(slug).toMatchObject({ code: "conflict", message: M.slugTaken, fieldErrors: { slug: M.slugTaken } });
    expect(M.slugTaken).toBe("A product with this URL slug already exists. Please modify the product name or slug.");

    const sku = productSaveFailure(driverError({ code: "23505", constraint: "products_sku_unique", message: "dup" }));
    expect(sku).toMatchObject({ code: "conflict", message: M.skuTaken, fieldErrors: { sku: M.skuTaken } });
    expect(M.skuTaken).toBe("A product with this SKU already exists. Please use a different SKU.");

    const other = productSaveFailure(driverError({ code: "23505", constraint: "products_pkey", message: "dup" }));
    expect(other).toMatchObject({ code: "conflict", message: M.duplicate, fieldErrors: undefined });
    expect(M.duplicate).toBe("A product with these details already exists. Please modify unique fields.");
  });

  it("23514 and 23502: the spec's messages, on the field the database named", () => {
    const check = productSaveFailure(driverError({ code: "23514", constraint: "products_price_check", message: "x" }));
    expect(check).toMatchObject({ code: "invalid", message: M.invalidData, fieldErrors: { price: M.invalidData } });
    expect(M.invalidData).toBe("Invalid data provided. Please check all fields and try again.");
    expect(
      productSaveFailure(driverError({ code: "23514", constraint: "products_original_price_check", message: "x" })),
    ).toMatchObject({ fieldErrors: { compareAtPrice: M.invalidData } });

    const missing = productSaveFailure(driverError({ code: "23502", column: "name", message: "null value" }));
    expect(missing).toMatchObject({ code: "invalid", message: M.missing, fieldErrors: { name: M.missing } });
    expect(M.missing).toBe("Required fields are missing. Please fill in all required information.");
  });

  it("a category deleted meanwhile is a field message; other errors are not ours to word", () => {
    expect(
      productSaveFailure(
        driverError({ code: "23503", constraint: "products_category_id_categories_id_fk", message: "fk" }),
      ),
    ).toMatchObject({ code: "invalid", fieldErrors: { categoryId: PRODUCT_MESSAGES.category } });
    expect(productSaveFailure(driverError({ code: "40001", message: "could not serialize" }))).toBeNull();
    expect(productSaveFailure(new Error("boom"))).toBeNull();
    expect(productSaveFailure(null)).toBeNull();
  });

  it("never carries the database's own text", () => {
    const failure = productSaveFailure(
      driverError({ code: "23505", constraint: "products_slug_unique", message: 'violates "products_slug_unique"' }),
    );
    expect(JSON.stringify({ message: failure?.message, fields: failure?.fieldErrors })).not.toContain("products_");
  });
});
