import { describe, expect, it } from "vitest";
import {
  columnErrors,
  CSV_COLUMNS,
  CSV_MESSAGES,
  exportRows,
  neutraliseCell,
  parseFlag,
  problemText,
  readHeader,
  readVariantCells,
  restoreCell,
  valuesOfRow,
  variantChanges,
  type ExportProduct,
} from "~/modules/product-admin/product-csv";
import { newProductValues } from "~/modules/product-admin/product-form";

const product: ExportProduct = {
  sku: "TEE-1",
  name: "=cmd|' /C calc'!A0",
  slug: "tee",
  description: "@SUM(1+1)",
  priceCents: 1999,
  originalPriceCents: null,
  categorySlug: "men",
  isActive: true,
  featured: false,
  isNew: true,
  isSale: false,
  tags: ["summer", "cotton"],
  images: ["https://cdn.example/a.jpg"],
  variantType: null,
  metaTitle: null,
  metaDescription: "-5 degrees",
  sizeChartName: "Men's tops",
  fitNote: "=Relaxed fit",
  modelHeightCm: 185,
  modelSize: "M",
};

const variant = (size: string, color: string, sku: string, stock: number, priceCents: number | null = null) => ({
  size,
  color,
  sku,
  stock,
  barcode: null,
  priceCents,
});

describe("product CSV cells", () => {
  it("neutralises text a spreadsheet would run as a formula, and reads it back as written", () => {
    for (const text of ["=1+1", "+1", "-1", "@A1", "\tx", "\rx"]) {
      expect(neutraliseCell(text)).toBe(`'${text}`);
      expect(restoreCell(neutraliseCell(text))).toBe(text);
    }
    expect(neutraliseCell("Linen shirt")).toBe("Linen shirt");
    expect(restoreCell("'quoted")).toBe("'quoted");
  });

  it("writes a product's first row with its fields and first variant, every cell neutralised", () => {
    const [row, ...rest] = exportRows(product, [variant("S", "Black", "TEE-1-S", 4, 2499)]);
    const cell = (name: (typeof CSV_COLUMNS)[number]) => row![CSV_COLUMNS.indexOf(name)];
    expect(rest).toEqual([]);
    expect(row).toHaveLength(CSV_COLUMNS.length);
    expect(cell("name")).toBe("'=cmd|' /C calc'!A0");
    expect(cell("description")).toBe("'@SUM(1+1)");
    expect(cell("meta_description")).toBe("'-5 degrees");
    expect(cell("price")).toBe("19.99");
    expect(cell("compare_at_price")).toBe("");
    expect(cell("active")).toBe("yes");
    expect(cell("featured")).toBe("no");
    expect(cell("tags")).toBe("summer | cotton");
    expect(cell("category")).toBe("men");
    // How it fits (issue 29): the chart by its name, the note neutralised like any text.
    expect([cell("size_chart"), cell("fit_note"), cell("model_height_cm"), cell("model_size")]).toEqual([
      "Men's tops",
      "'=Relaxed fit",
      "185",
      "M",
    ]);
    expect([cell("size"), cell("color"), cell("variant_sku"), cell("stock"), cell("variant_price")]).toEqual([
      "S",
      "Black",
      "TEE-1-S",
      "4",
      "24.99",
    ]);
  });

  it("writes each further variant on a row of its own carrying only the handle and the variant", () => {
    const rows = exportRows(product, [variant("S", "", "TEE-1-S", 4), variant("M", "", "-M", 0)]);
    expect(rows).toHaveLength(2);
    const second = Object.fromEntries(CSV_COLUMNS.map((c, i) => [c, rows[1]![i]]));
    expect(second).toMatchObject({ slug: "tee", size: "M", variant_sku: "'-M", stock: "0", variant_price: "" });
    const filled = Object.entries(second).filter(([, v]) => v !== "");
    expect(filled.map(([c]) => c).sort()).toEqual(["size", "slug", "stock", "variant_sku"]);
  });

  it("reads flags as yes/no in the usual spellings, and nothing else", () => {
    expect(["yes", "Y", "TRUE", "1"].map(parseFlag)).toEqual([true, true, true, true]);
    expect(["no", "n", "false", "0", ""].map(parseFlag)).toEqual([false, false, false, false, false]);
    expect(parseFlag("maybe")).toBeNull();
  });
});

describe("readHeader", () => {
  it("takes known columns in any case, with spaces or hyphens for underscores and 'handle' for slug", () => {
    expect(readHeader(["Handle", "SKU", "Compare At Price", "meta-title", "Variant SKU", "Colour"])).toEqual({
      ok: true,
      columns: ["slug", "sku", "compare_at_price", "meta_title", "variant_sku", "color"],
      shape: "variants",
    });
  });
  it("knows the old one-row-per-product file by its lack of variant columns", () => {
    expect(readHeader(["sku", "name", "inventory", "sizes"])).toMatchObject({ ok: true, shape: "products" });
  });
  it("needs a slug or sku column, and refuses unknown, repeated and mixed columns", () => {
    expect(readHeader(["name", "price"])).toEqual({ ok: false, message: CSV_MESSAGES.noKey });
    expect(readHeader(["sku", "weight"])).toEqual({ ok: false, message: CSV_MESSAGES.unknownColumns(["weight"]) });
    expect(readHeader(["sku", "stock", "Stock"])).toEqual({ ok: false, message: CSV_MESSAGES.repeatedColumn("stock") });
    expect(readHeader(["sku", "stock", "inventory"])).toEqual({ ok: false, message: CSV_MESSAGES.mixedShapes });
  });
});

describe("valuesOfRow", () => {
  it("lays the file's product columns over the base values and keeps the rest", () => {
    const base = { ...newProductValues(), name: "Old", description: "Kept", sizes: ["XL"] };
    const { values, errors } = valuesOfRow({ name: "'=New", sizes: " S | M |  | L ", active: "no", stock: "3" }, base);
    expect(errors).toEqual({});
    expect(values).toMatchObject({ name: "=New", description: "Kept", sizes: ["S", "M", "L"], isActive: false });
  });
  it("keeps a product's slug and SKU when their cells are blank, if asked", () => {
    const base = { ...newProductValues(), slug: "tee", sku: "TEE" };
    expect(valuesOfRow({ slug: "", sku: " " }, base, { keepBlankKeys: true }).values).toMatchObject(base);
    expect(valuesOfRow({ slug: "", sku: "" }, base).values).toMatchObject({ slug: "", sku: "" });
  });
  it("reports a flag that is neither yes nor no under its column", () => {
    expect(valuesOfRow({ featured: "perhaps" }, newProductValues()).errors).toEqual({
      featured: "featured must be yes or no",
    });
  });
  it("names form messages by their CSV column", () => {
    expect(columnErrors({ compareAtPrice: "bad", categoryId: "unknown", isActive: "x", sizes: "many" })).toEqual({
      compare_at_price: "bad",
      category: "unknown",
      active: "x",
      sizes: "many",
    });
    expect(columnErrors({ sizes: "many", colors: "long" }, true)).toEqual({ size: "many", color: "long" });
  });
});

describe("readVariantCells", () => {
  it("reads a variant's cells: blanks as 'none', missing columns as 'keep'", () => {
    expect(
      readVariantCells({ size: " M ", color: "Black", variant_sku: "", stock: "007", variant_price: "24.5" }),
    ).toEqual({
      ok: true,
      variant: { size: "M", color: "Black", sku: null, stock: 7, priceCents: 2450, barcode: undefined },
    });
    expect(readVariantCells({ size: "S" })).toEqual({
      ok: true,
      variant: { size: "S", color: "", sku: undefined, stock: undefined, priceCents: undefined, barcode: undefined },
    });
  });
  it("says what is wrong with each bad cell, by column", () => {
    const read = readVariantCells({
      size: "x".repeat(41),
      variant_sku: "TEE M",
      stock: "-1",
      variant_price: "12.345",
      barcode: "1".repeat(65),
    });
    expect(read).toEqual({
      ok: false,
      errors: {
        size: "size must be at most 40 characters",
        variant_sku: CSV_MESSAGES.variantSkuSpaces,
        stock: "stock must be a whole number ≥ 0",
        variant_price: CSV_MESSAGES.variantPrice,
        barcode: CSV_MESSAGES.barcodeTooLong,
      },
    });
    for (const stock of ["", "1.5", "three", "1e3"]) {
      expect(readVariantCells({ stock })).toEqual({ ok: false, errors: { stock: CSV_MESSAGES.stock } });
    }
    expect(readVariantCells({ stock: "1000001" })).toEqual({ ok: false, errors: { stock: CSV_MESSAGES.stockTooHigh } });
  });
});

describe("variantChanges", () => {
  const before = [variant("S", "", "T-S", 3), variant("M", "", "T-M", 5), variant("L", "", "T-L", 0)];
  it("is empty when nothing changes", () => {
    expect(variantChanges(before, before)).toEqual({});
  });
  it("names each changed value, each new and each removed variant, and a new order", () => {
    const after = [variant("M", "", "T-M", 6, 2500), variant("S", "", "T-S2", 3), variant("XL", "", "T-XL", 1)];
    expect(variantChanges(before, after)).toEqual({
      "variant M stock": [5, 6],
      "variant M price": [null, 2500],
      "variant S sku": ["T-S", "T-S2"],
      "variant XL": [null, { sku: "T-XL", stock: 1 }],
      "variant L": [{ sku: "T-L", stock: 0 }, null],
      "variant order": [
        ["S", "M"],
        ["M", "S"],
      ],
    });
  });
});

it("writes a problem as the owner reads it", () => {
  expect(problemText({ row: 7, column: "stock", message: CSV_MESSAGES.stock })).toBe(
    "Row 7: stock must be a whole number ≥ 0",
  );
});
