import { describe, expect, it } from "vitest";
import { demoProducts } from "#db/seed/demo-catalog";
import {
  addChip,
  addImage,
  changedFormFields,
  defaultSku,
  dollarsToCentsText,
  formValuesOf,
  isAcceptedImage,
  newProductValues,
  PRODUCT_FIELDS,
  FIT_MESSAGES,
  PRODUCT_MESSAGES as M,
  productColumns,
  productRowColumns,
  saleAfterCompareAt,
  sameFormValues,
  slugAfterRename,
  validateProductInput,
  type ProductFormValues,
} from "~/modules/product-admin/product-form";

const valid = (overrides: Partial<Record<keyof ProductFormValues, unknown>> = {}) => ({
  ...newProductValues(),
  name: "Linen Shirt",
  slug: "linen-shirt",
  price: "49.99",
  sku: "LS-001",
  ...overrides,
});

function errorsOf(values: unknown) {
  const result = validateProductInput(values);
  return result.ok ? {} : result.errors;
}

function dataOf(values: unknown) {
  const result = validateProductInput(values);
  if (!result.ok) throw new Error(`expected valid, got ${JSON.stringify(result.errors)}`);
  return result.data;
}

describe("new product defaults (spec §9)", () => {
  it("are active, new, not featured, not on sale, price 0 and inventory 0", () => {
    const values = newProductValues();
    expect(values).toMatchObject({ isActive: true, isNew: true, featured: false, isSale: false, price: "0.00" });
    expect(values.inventory).toBe("0");
    expect(values.compareAtPrice).toBe("");
  });

  it("a blank SKU becomes 'SKU-' and the first 8 characters of the id", () => {
    const id = "1a2b3c4d-0000-4000-8000-000000000000";
    expect(defaultSku(id)).toBe("SKU-1a2b3c4d");
    expect(productColumns(dataOf(valid({ sku: "  " })), id).sku).toBe("SKU-1a2b3c4d");
    expect(productColumns(dataOf(valid({ sku: "LS-9" })), id).sku).toBe("LS-9");
  });
});

describe("the product form's rules", () => {
  it("accepts a complete product and converts it to the database's units", () => {
    const data = dataOf(
      valid({
        name: "  Linen Shirt ",
        price: "49.9",
        compareAtPrice: 60,
        inventory: "12",
        tags: [" summer ", "Summer", "", "linen"],
        sizes: ["S", "M", "s"],
        images: [" https://cdn.example.com/a.jpg", "https://cdn.example.com/a.jpg", "/media/b.webp"],
        categoryId: "6F9619FF-8B86-4011-B42D-00C04FC964FF",
        metaTitle: "",
        variantType: "color",
      }),
    );
    expect(data).toMatchObject({
      name: "Linen Shirt",
      price: 4990,
      compareAtPrice: 6000,
      inventory: 12,
      tags: ["summer", "linen"],
      sizes: ["S", "M"],
      images: ["https://cdn.example.com/a.jpg", "/media/b.webp"],
      categoryId: "6f9619ff-8b86-4011-b42d-00c04fc964ff",
      variantType: "color",
    });
    const columns = productColumns(data, "x");
    expect(columns.imageUrl).toBe("https://cdn.example.com/a.jpg");
    expect(columns.metaTitle).toBeNull();
    expect(columns.originalPriceCents).toBe(6000);
    expect(columns.isSale).toBe(true);
    expect(productRowColumns(data, "x")).not.toHaveProperty("inventory");
    // No table given: the save keeps the product's variants.
    expect(data.variants).toBeNull();
  });

  it("requires name, slug and price, with the spec's words", () => {
    expect(errorsOf(valid({ name: " ", slug: "", price: "" }))).toEqual({
      name: M.nameRequired,
      slug: M.slugRequired,
      price: M.price,
    });
    // Nothing sent at all: only the fields without a default are missing.
    expect(errorsOf({})).toEqual({
      name: M.nameRequired,
      slug: M.slugRequired,
      price: M.price,
      inventory: M.inventory,
    });
    expect(errorsOf({ ...valid(), description: undefined, metaTitle: null, categoryId: undefined })).toEqual({});
  });

  it("slugifies the slug (spec §5) and refuses one with no letters or digits", () => {
    expect(dataOf(valid({ slug: "../../x" })).slug).toBe("x");
    expect(dataOf(valid({ slug: "Summer  Sale -- Tee!" })).slug).toBe("summer-sale-tee");
    expect(errorsOf(valid({ slug: "../../" }))).toEqual({ slug: M.slugInvalid });
  });

  it("takes prices as dollars with step 0.01 and refuses anything else", () => {
    expect(dataOf(valid({ price: "0" })).price).toBe(0);
    expect(dataOf(valid({ price: 19.99 })).price).toBe(1999);
    expect(dataOf(valid({ price: "19." })).price).toBe(1900);
    for (const bad of ["abc", "-1", "1e3", "NaN", null, "1,000"]) {
      expect(errorsOf(valid({ price: bad })), String(bad)).toEqual({ price: M.price });
    }
    expect(errorsOf(valid({ price: "19.999" }))).toEqual({ price: M.priceStep });
    expect(errorsOf(valid({ price: "100000.01" }))).toEqual({ price: M.priceTooHigh });
    expect(errorsOf(valid({ price: "99999999999" }))).toEqual({ price: M.priceTooHigh });
    expect(errorsOf(valid({ compareAtPrice: "x" }))).toEqual({ compareAtPrice: M.compareAt });
    expect(dataOf(valid({ compareAtPrice: " " })).compareAtPrice).toBeNull();
  });

  it("refuses a compare-at price below the price", () => {
    expect(errorsOf(valid({ price: "50", compareAtPrice: "49.99" }))).toEqual({
      compareAtPrice: M.compareAtBelowPrice,
    });
    expect(dataOf(valid({ price: "50", compareAtPrice: "50" })).compareAtPrice).toBe(5000);
  });

  it("takes inventory as a whole number from 0 to 1,000,000", () => {
    expect(dataOf(valid({ inventory: 7 })).inventory).toBe(7);
    for (const bad of ["-1", "1.5", "ten", ""]) {
      expect(errorsOf(valid({ inventory: bad })), bad).toEqual({ inventory: M.inventory });
    }
    expect(errorsOf(valid({ inventory: "1000001" }))).toEqual({ inventory: M.inventoryTooHigh });
  });

  it("limits text, chips and images", () => {
    expect(errorsOf(valid({ name: "n".repeat(201) }))).toEqual({ name: M.nameTooLong });
    expect(errorsOf(valid({ description: "d".repeat(10_001) }))).toEqual({ description: M.descriptionTooLong });
    expect(dataOf(valid({ description: "d".repeat(10_000) })).description).toHaveLength(10_000);
    expect(errorsOf(valid({ metaTitle: "t".repeat(201), metaDescription: "d".repeat(501) }))).toEqual({
      metaTitle: M.metaTitleTooLong,
      metaDescription: M.metaDescriptionTooLong,
    });
    expect(errorsOf(valid({ sku: "A B" }))).toEqual({ sku: M.skuSpaces });
    expect(errorsOf(valid({ sku: "S".repeat(65) }))).toEqual({ sku: M.skuTooLong });
    const many = Array.from({ length: 500 }, (_, i) => `tag ${i}`);
    expect(errorsOf(valid({ tags: many }))).toEqual({ tags: M.tags.tooMany });
    expect(errorsOf(valid({ colors: ["c".repeat(41)] }))).toEqual({ colors: M.colors.tooLong });
    const images = Array.from({ length: 13 }, (_, i) => `https://cdn.example.com/${i}.jpg`);
    expect(errorsOf(valid({ images }))).toEqual({ images: M.imagesTooMany });
    expect(errorsOf(valid({ images: ["javascript:alert(1)"] }))).toEqual({ images: M.images });
  });

  it("refuses an unknown variant type and a category that is not an id", () => {
    expect(errorsOf(valid({ variantType: "flavour" }))).toEqual({ variantType: M.variantType });
    expect(dataOf(valid({ variantType: "variant" })).variantType).toBe("variant");
    expect(errorsOf(valid({ categoryId: "men" }))).toEqual({ categoryId: M.category });
    expect(dataOf(valid({ categoryId: "" })).categoryId).toBeNull();
  });

  it("drops what is not a form field (an id in the body, timestamps)", () => {
    const data = dataOf({ ...valid(), id: "6f9619ff-8b86-4011-b42d-00c04fc964ff", createdAt: "x", rating: 1 });
    expect(data).not.toHaveProperty("id");
    expect(data).not.toHaveProperty("rating");
  });

  it("accepts every demo product as the editor opens it (open and save changes nothing)", () => {
    for (const product of demoProducts) {
      const values = formValuesOf({ ...product, categoryId: null });
      const data = dataOf(values);
      expect(data.price).toBe(product.priceCents);
      expect(data.images).toEqual(product.images);
    }
  });
});

describe("image addresses", () => {
  it("accepts https and the shop's own files only", () => {
    expect(isAcceptedImage("https://cdn.example.com/a.jpg")).toBe(true);
    expect(isAcceptedImage("/media/products/a.webp")).toBe(true);
    expect(isAcceptedImage("/images/products/hoodie-navy.svg")).toBe(true);
    for (const bad of [
      "http://cdn.example.com/a.jpg",
      "javascript:alert(1)",
      "data:image/png;base64,xx",
      "/media/../secrets.json",
      "/admin/products",
      "//evil.example.com/a.jpg",
      "https://",
      `https://cdn.example.com/${"a".repeat(1000)}`,
    ]) {
      expect(isAcceptedImage(bad), bad).toBe(false);
    }
  });
});

describe("editor rules (spec §4, §5, §9)", () => {
  it("changing the name regenerates a slug that followed the name, and keeps one typed by hand", () => {
    expect(slugAfterRename("", "Linen Shirt", "")).toBe("linen-shirt");
    expect(slugAfterRename("Linen Shirt", "Linen Shirt Blue", "linen-shirt")).toBe("linen-shirt-blue");
    expect(slugAfterRename("Linen Shirt", "Linen Shirt Blue", "summer-linen")).toBe("summer-linen");
    expect(slugAfterRename("Café Tee", "Café Tee 2", "cafe-tee")).toBe("cafe-tee-2");
  });

  it("setting the compare-at price sets On Sale to whether it exceeds the price", () => {
    expect(saleAfterCompareAt("40", "50", false)).toBe(true);
    expect(saleAfterCompareAt("40", "40", true)).toBe(false);
    expect(saleAfterCompareAt("40", "", true)).toBe(false);
    expect(saleAfterCompareAt("", "50", true)).toBe(true);
  });

  it("never pre-fills a missing compare-at price (decisions.md §6)", () => {
    const values = formValuesOf({ ...demoProducts[0]!, priceCents: 2499, originalPriceCents: null, categoryId: null });
    expect(values.compareAtPrice).toBe("");
    expect(
      formValuesOf({ ...demoProducts[0]!, priceCents: 2499, originalPriceCents: 3000, categoryId: null }),
    ).toMatchObject({ compareAtPrice: "30.00", price: "24.99" });
  });

  it("adds chips and images trimmed, without blanks or duplicates", () => {
    expect(addChip(["Black"], " black ")).toEqual(["Black"]);
    expect(addChip(["Black"], "  ")).toEqual(["Black"]);
    expect(addChip(["Black"], " Navy ")).toEqual(["Black", "Navy"]);
    expect(addImage(["https://a.example/1.jpg"], " https://a.example/1.jpg ")).toEqual(["https://a.example/1.jpg"]);
  });

  it("converts dollars to cents without floating point", () => {
    expect(dollarsToCentsText("0.29")).toBe(29);
    expect(dollarsToCentsText("1.1")).toBe(110);
    expect(dollarsToCentsText(0.1 + 0.2)).toBeNull();
    expect(dollarsToCentsText("")).toBeNull();
  });

  it("knows which fields the owner changed", () => {
    const opened = newProductValues();
    expect(sameFormValues(opened, { ...opened, tags: [] })).toBe(true);
    expect(changedFormFields(opened, { ...opened, name: "X", tags: ["a"] })).toEqual(["name", "tags"]);
    expect(PRODUCT_FIELDS).toHaveLength(Object.keys(opened).length);
  });
});

describe("On Sale follows the prices (decisions.md §6)", () => {
  it("is written as whether the compare-at price is above the price, whatever the form says", () => {
    const id = "1a2b3c4d-0000-4000-8000-000000000000";
    expect(productColumns(dataOf(valid({ price: "40", compareAtPrice: "50", isSale: false })), id).isSale).toBe(true);
    expect(productColumns(dataOf(valid({ price: "40", compareAtPrice: "40", isSale: true })), id).isSale).toBe(false);
    expect(productColumns(dataOf(valid({ price: "40", compareAtPrice: "", isSale: true })), id).isSale).toBe(false);
  });
});

describe("a product's fit (issue 29)", () => {
  const CHART = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
  const fitted = (overrides: Partial<Record<keyof ProductFormValues, unknown>> = {}) =>
    valid({ sizes: ["S", "M", "L"], sizeChartId: CHART, ...overrides });

  it("reads the chart, the note, the model and the garment measurements into the product's columns", () => {
    const parsed = validateProductInput(
      fitted({
        fitNote: "  Relaxed fit, size down for a close fit ",
        modelHeightCm: "185",
        modelSize: "M",
        garmentMeasurements: { M: { chest: "97.5", length: " " }, L: { chest: 101 } },
      }),
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(productRowColumns(parsed.data, "id")).toMatchObject({
      sizeChartId: CHART,
      fitNote: "Relaxed fit, size down for a close fit",
      modelHeightCm: 185,
      modelSize: "M",
      garmentMeasurements: { M: { chest: 97.5 }, L: { chest: 101 } },
    });
  });

  it("leaves out what is not given, so the product keeps it; 'No size chart' empties the garment table", () => {
    const { sizeChartId: _a, fitNote: _b, modelHeightCm: _c, modelSize: _d, garmentMeasurements: _e, ...old } = valid();
    const parsed = validateProductInput(old);
    expect(parsed.ok && Object.keys(productRowColumns(parsed.data, "id"))).not.toContain("fitNote");
    const none = validateProductInput(fitted({ sizeChartId: "", garmentMeasurements: { M: { chest: "97" } } }));
    expect(none.ok && productRowColumns(none.data, "id")).toMatchObject({ sizeChartId: null, garmentMeasurements: {} });
    const blank = validateProductInput(fitted({ modelHeightCm: "", modelSize: "" }));
    expect(blank.ok && productRowColumns(blank.data, "id")).toMatchObject({ modelHeightCm: null, modelSize: null });
  });

  it.each([
    [{ sizeChartId: "not-a-chart" }, "sizeChartId", FIT_MESSAGES.sizeChart],
    [{ fitNote: "x".repeat(201) }, "fitNote", FIT_MESSAGES.fitNoteTooLong],
    [{ modelHeightCm: "185.5" }, "modelHeightCm", FIT_MESSAGES.modelHeight],
    [{ modelHeightCm: "40" }, "modelHeightCm", FIT_MESSAGES.modelHeight],
    [{ modelHeightCm: "251" }, "modelHeightCm", FIT_MESSAGES.modelHeight],
    [{ modelSize: "XXL" }, "modelSize", FIT_MESSAGES.modelSize],
    [{ garmentMeasurements: { M: { chest: "wide" } } }, "garmentMeasurements", FIT_MESSAGES.garmentValue("M", "chest")],
    [{ garmentMeasurements: { M: { chest: "400" } } }, "garmentMeasurements", FIT_MESSAGES.garmentValue("M", "chest")],
    [{ garmentMeasurements: { XL: { chest: "110" } } }, "garmentMeasurements", FIT_MESSAGES.garmentSize("XL")],
  ])("refuses %j", (change, field, message) => {
    const parsed = validateProductInput(fitted(change));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors[field]).toBe(message);
  });

  it("opens a stored product's fit as the form types it, and sees a changed garment cell", () => {
    const values = formValuesOf({
      ...demoStored(),
      sizeChartId: CHART,
      fitNote: "Slim",
      modelHeightCm: 178,
      modelSize: "S",
      garmentMeasurements: { S: { chest: 90.5 } },
    });
    expect(values).toMatchObject({
      sizeChartId: CHART,
      fitNote: "Slim",
      modelHeightCm: "178",
      modelSize: "S",
      garmentMeasurements: { S: { chest: "90.5" } },
    });
    const edited = { ...values, garmentMeasurements: { S: { chest: "91" } } };
    expect(changedFormFields(values, edited)).toEqual(["garmentMeasurements"]);
    expect(sameFormValues(values, { ...values, garmentMeasurements: { S: { chest: "90.5" } } })).toBe(true);
  });
});

function demoStored() {
  return {
    name: "Tee",
    slug: "tee",
    description: "",
    images: [],
    imageUrl: null,
    categoryId: null,
    isActive: true,
    featured: false,
    isNew: false,
    isSale: false,
    priceCents: 1000,
    originalPriceCents: null,
    sku: "T-1",
    inventory: 0,
    metaTitle: null,
    metaDescription: null,
    tags: [],
    colors: [],
    sizes: ["S", "M"],
    variantType: null,
  };
}
