import { describe, expect, it } from "vitest";
import {
  activatedMessage,
  adminQueryOf,
  canSave,
  CONSOLE_PRODUCT_MESSAGES as M,
  consoleFormValues,
  editorProductErrors,
  consoleProductsHref,
  consoleRuleErrors,
  generatedSku,
  groupCreateError,
  lastUpdatedLine,
  loadedMessage,
  newEditorProductValues,
  parseConsoleProductQuery,
  resolveUniqueClash,
  showingLine,
  withConsoleDefaults,
  withTimestamp,
} from "~/modules/product-admin/console-product-rules";
import { newProductValues, PRODUCT_LIMITS, type ProductFormValues } from "~/modules/product-admin/product-form";

const CATEGORY = "6f1c3a52-9d1b-4c1e-8f6a-1234567890ab";
const NOW = 1_767_225_600_000;

const valid = (changes: Partial<ProductFormValues> = {}): ProductFormValues => ({
  ...newProductValues(),
  name: "Linen Shirt",
  price: "49.99",
  categoryId: CATEGORY,
  inventory: "10",
  ...changes,
});

describe("the console's save rules (spec §5 'Secure-admin modal save')", () => {
  it("accepts a complete product", () => {
    expect(editorProductErrors(valid(), NOW)).toEqual({});
  });

  it("names each missing or wrong field in the spec's words", () => {
    const errors = editorProductErrors(valid({ name: "  ", price: "", categoryId: "", inventory: "" }), NOW);
    expect(errors).toMatchObject({
      name: "Product name is required",
      price: "Valid price is required",
      categoryId: "Please select a category",
      inventory: "Valid inventory count is required",
    });
  });

  it("wants a price above 0", () => {
    for (const price of ["0", "0.00", "-5", "abc", "1.999"]) {
      expect(consoleRuleErrors(valid({ price })).price, price).toBe(M.price);
    }
    expect(consoleRuleErrors(valid({ price: "0.01" })).price).toBeUndefined();
  });

  it("wants an inventory that is given and not negative", () => {
    for (const inventory of ["", " ", "-1", "2.5", "x"]) {
      expect(consoleRuleErrors(valid({ inventory })).inventory, inventory).toBe(M.inventory);
    }
    expect(consoleRuleErrors(valid({ inventory: "0" })).inventory).toBeUndefined();
  });

  it("keeps the product form's other rules (compare-at below the price, image addresses)", () => {
    expect(editorProductErrors(valid({ compareAtPrice: "10.00" }), NOW).compareAtPrice).toBe(
      "Compare at price must not be lower than the price",
    );
    expect(editorProductErrors(valid({ images: ["ftp://x/y.jpg"] }), NOW).images).toBeDefined();
  });

  it("disables Save while the name or the price is empty", () => {
    expect(canSave({ name: "", price: "10" })).toBe(false);
    expect(canSave({ name: "Tee", price: " " })).toBe(false);
    expect(canSave({ name: "Tee", price: "0" })).toBe(true);
    expect(canSave(newEditorProductValues())).toBe(false);
  });

  it("generates a missing SKU as 'SKU-{timestamp}' and a missing slug from the name", () => {
    expect(generatedSku(NOW)).toBe(`SKU-${NOW}`);
    const filled = withConsoleDefaults(valid({ name: "Linen Shirt — Blue!", slug: "", sku: " " }), NOW);
    expect(filled.sku).toBe(`SKU-${NOW}`);
    expect(filled.slug).toBe("linen-shirt-blue");
    expect(withConsoleDefaults(valid({ slug: "own", sku: "OWN-1" }), NOW)).toMatchObject({ slug: "own", sku: "OWN-1" });
  });

  it("appends a timestamp on edit to a changed slug or SKU another product has", () => {
    const stored = { slug: "linen-shirt", sku: "LS-1" };
    expect(resolveUniqueClash({ slug: "tee", sku: "T-1" }, stored, { slug: true, sku: true }, NOW)).toEqual({
      slug: `tee-${NOW}`,
      sku: `T-1-${NOW}`,
    });
    // Unchanged values are the product's own: nothing appended.
    expect(resolveUniqueClash(stored, stored, { slug: true, sku: true }, NOW)).toEqual(stored);
    // Changed but free.
    expect(resolveUniqueClash({ slug: "tee", sku: "T-1" }, stored, { slug: false, sku: false }, NOW)).toEqual({
      slug: "tee",
      sku: "T-1",
    });
  });

  it("keeps a suffixed value within the field's limit", () => {
    const long = "a".repeat(PRODUCT_LIMITS.sku);
    const suffixed = withTimestamp(long, NOW, PRODUCT_LIMITS.sku);
    expect(suffixed).toHaveLength(PRODUCT_LIMITS.sku);
    expect(suffixed.endsWith(`-${NOW}`)).toBe(true);
  });

  it("reads the values as sent, ignoring what is not a product field", () => {
    const values = consoleFormValues({ name: "Tee", price: 12.5, isActive: false, tags: ["a", 3], extra: "x" });
    expect(values).toMatchObject({ name: "Tee", price: "12.5", isActive: false, tags: ["a"] });
    expect(values).not.toHaveProperty("extra");
    // The fit's fields (issue 29) not sent stay unsaid, so the save keeps the product's own.
    const { sizeChartId, fitNote, modelHeightCm, modelSize, garmentMeasurements, ...rest } = newProductValues();
    expect([sizeChartId, fitNote, modelHeightCm, modelSize, garmentMeasurements]).toEqual(["", "", "", "", {}]);
    expect(consoleFormValues(null)).toEqual(rest);
    expect(
      consoleFormValues({ fitNote: "Relaxed", modelHeightCm: 185, garmentMeasurements: { M: { chest: "97" } } }),
    ).toMatchObject({ fitNote: "Relaxed", modelHeightCm: "185", garmentMeasurements: { M: { chest: "97" } } });
  });
});

describe("the modal's other rules", () => {
  it("needs the product's name to create a group", () => {
    expect(groupCreateError(" ")).toBe("Product name is required to create a group");
    expect(groupCreateError("Tee")).toBeNull();
  });

  it("says when the product was last updated, or that it is new", () => {
    expect(lastUpdatedLine(null)).toBe("New product");
    expect(lastUpdatedLine("2026-01-05T23:30:00.000Z")).toBe("Last updated: Jan 5, 2026");
  });
});

describe("the Products tab's list", () => {
  it("maps the status filter onto the dashboard's and keeps the rest in the URL", () => {
    const query = parseConsoleProductQuery(new URLSearchParams("q=linen&status=inactive&page=3&edit=new"));
    expect(query).toEqual({ q: "linen", status: "inactive", page: 3 });
    expect(adminQueryOf(query)).toEqual({
      q: "linen",
      category: null,
      status: "inactive",
      stock: "all",
      view: "list",
      page: 3,
    });
    expect(parseConsoleProductQuery(new URLSearchParams("status=sale")).status).toBe("all");
    expect(consoleProductsHref(query)).toBe("/secure-admin/products?q=linen&status=inactive&page=3");
    expect(consoleProductsHref({ q: "", status: "all", page: 1 }, "new")).toBe("/secure-admin/products?edit=new");
  });

  it("says which products are shown", () => {
    expect(showingLine(1, 20, 20, 45)).toBe("Showing 1 to 20 of 45 products");
    expect(showingLine(3, 20, 5, 45)).toBe("Showing 41 to 45 of 45 products");
    expect(showingLine(1, 20, 0, 0)).toBe("Showing 0 to 0 of 0 products");
  });

  it("words the toasts", () => {
    expect(activatedMessage(3)).toBe("Activated 3 products");
    expect(loadedMessage(40)).toBe("Loaded 40 products from database");
  });
});
