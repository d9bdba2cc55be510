import { describe, expect, it } from "vitest";
import {
  columnErrors,
  CSV_COLUMNS,
  CSV_MESSAGES,
  exportRow,
  neutraliseCell,
  parseFlag,
  readHeader,
  restoreCell,
  valuesOfRow,
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
  inventory: 4,
  categorySlug: "men",
  isActive: true,
  featured: false,
  isNew: true,
  isSale: false,
  sizes: ["S", "M"],
  colors: [],
  tags: ["summer", "cotton"],
  images: ["https://cdn.example/a.jpg"],
  variantType: null,
  metaTitle: null,
  metaDescription: "-5 degrees",
};

describe("product CSV cells", () => {
  it("neutralises text a spreadsheet would run as a formula, and reads it back as written", () => {
    for (const text of ["=1+1", "+1", "-1", "@A1", "\tx", "\rx"]) {
      expect(neutraliseCell(text)).toBe(`'${text}`);
      expect(restoreCell(neutraliseCell(text))).toBe(text);
    }
    expect(neutraliseCell("Linen shirt")).toBe("Linen shirt");
    expect(restoreCell("'quoted")).toBe("'quoted");
  });

  it("writes a product in column order: dollars, yes/no, lists joined, every cell neutralised", () => {
    const row = exportRow(product);
    const cell = (name: (typeof CSV_COLUMNS)[number]) => row[CSV_COLUMNS.indexOf(name)];
    expect(row).toHaveLength(CSV_COLUMNS.length);
    expect(cell("name")).toBe("'=cmd|' /C calc'!A0");
    expect(cell("description")).toBe("'@SUM(1+1)");
    expect(cell("meta_description")).toBe("'-5 degrees");
    expect(cell("price")).toBe("19.99");
    expect(cell("compare_at_price")).toBe("");
    expect(cell("active")).toBe("yes");
    expect(cell("featured")).toBe("no");
    expect(cell("sizes")).toBe("S | M");
    expect(cell("category")).toBe("men");
  });

  it("reads flags as yes/no in the usual spellings, and nothing else", () => {
    expect(["yes", "Y", "TRUE", "1"].map(parseFlag)).toEqual([true, true, true, true]);
    expect(["no", "n", "false", "0", ""].map(parseFlag)).toEqual([false, false, false, false, false]);
    expect(parseFlag("maybe")).toBeNull();
  });
});

describe("readHeader", () => {
  it("takes known columns in any case, with spaces or hyphens for underscores", () => {
    expect(readHeader(["SKU", "Compare At Price", "meta-title"])).toEqual({
      ok: true,
      columns: ["sku", "compare_at_price", "meta_title"],
    });
  });
  it("needs a sku column and refuses unknown ones", () => {
    expect(readHeader(["name", "price"])).toEqual({ ok: false, message: CSV_MESSAGES.noSku });
    expect(readHeader(["sku", "colour"])).toEqual({ ok: false, message: CSV_MESSAGES.unknownColumns(["colour"]) });
  });
});

describe("valuesOfRow", () => {
  it("lays the file's columns over the base values and keeps the rest", () => {
    const base = { ...newProductValues(), name: "Old", description: "Kept", sizes: ["XL"] };
    const { values, errors } = valuesOfRow({ name: "'=New", sizes: " S | M |  | L ", active: "no" }, base);
    expect(errors).toEqual({});
    expect(values).toMatchObject({ name: "=New", description: "Kept", sizes: ["S", "M", "L"], isActive: false });
  });
  it("reports a flag that is neither yes nor no under its column", () => {
    expect(valuesOfRow({ featured: "perhaps" }, newProductValues()).errors).toEqual({ featured: CSV_MESSAGES.flag });
  });
  it("names form messages by their CSV column", () => {
    expect(columnErrors({ compareAtPrice: "bad", categoryId: "unknown", isActive: "x" })).toEqual({
      compare_at_price: "bad",
      category: "unknown",
      active: "x",
    });
  });
});
