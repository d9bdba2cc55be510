import { describe, expect, it } from "vitest";
import { validateProductInput } from "~/modules/product-admin/product-form";
import {
  resolveVariants,
  rowsTotal,
  stockSignature,
  VARIANT_MESSAGES,
  variantChanges,
  variantLabel,
  variantRowsFor,
  variantRowsSchema,
  withStockForAll,
  type VariantFormRow,
} from "~/modules/product-admin/variant-form";

const row = (size: string, color: string, stock = "0", sku = ""): VariantFormRow => ({
  size,
  color,
  sku,
  stock,
  barcode: "",
  price: "",
});

describe("the variants table's rows", () => {
  it("are one per size × colour, keeping what was typed in rows that stay", () => {
    const start = variantRowsFor(["S", "M"], ["Black"], [], { before: "TEE", now: "TEE" });
    expect(start.map((r) => [r.size, r.color, r.sku, r.stock])).toEqual([
      ["S", "Black", "TEE-S-BLACK", "0"],
      ["M", "Black", "TEE-M-BLACK", "0"],
    ]);
    const typed = start.map((r) => (r.size === "M" ? { ...r, stock: "7", sku: "MY-OWN" } : r));
    const next = variantRowsFor(["M", "L"], ["Black"], typed, { before: "TEE", now: "TEE" });
    expect(next.map((r) => [r.size, r.sku, r.stock])).toEqual([
      ["M", "MY-OWN", "7"],
      ["L", "TEE-L-BLACK", "0"],
    ]);
  });

  it("follow the product's SKU while their SKU is still the suggestion", () => {
    const rows = [row("S", "", "1", "TEE-S"), row("M", "", "2", "HAND")];
    const next = variantRowsFor(["S", "M"], [], rows, { before: "TEE", now: "TOP" });
    expect(next.map((r) => r.sku)).toEqual(["TOP-S", "HAND"]);
    // One variant: the product's SKU alone.
    expect(variantRowsFor([], [], [], { before: "", now: "CAP" })).toEqual([row("", "", "0", "CAP")]);
  });

  it("sets stock for all and totals it", () => {
    const rows = withStockForAll([row("S", ""), row("M", "")], "4");
    expect(rows.map((r) => r.stock)).toEqual(["4", "4"]);
    expect(rowsTotal([...rows, row("L", "", "x")])).toBe(8);
  });

  it("names variants for messages and the audit trail", () => {
    expect(variantLabel({ size: "M", color: "Black" })).toBe("M/Black");
    expect(variantLabel({ size: "", color: "Black" })).toBe("Black");
    expect(variantLabel({ size: "", color: "" })).toBe("default");
  });
});

describe("the rows' rules", () => {
  const errorOf = (rows: unknown) => {
    const result = variantRowsSchema.safeParse(rows);
    return result.success ? null : result.error.issues[0]!.message;
  };

  it("accepts whole stock ≥ 0 and prices ≥ 0, blank price = the product's", () => {
    const result = variantRowsSchema.parse([{ ...row("M", "Black", "3", "T-M"), price: "12.5", barcode: " 123 " }]);
    expect(result).toEqual([{ size: "M", color: "Black", sku: "T-M", stock: 3, barcode: "123", priceCents: 1250 }]);
    expect(variantRowsSchema.parse([row("M", "", "0")])[0]!.priceCents).toBeNull();
  });

  it("refuses bad stock, bad prices and repeated SKUs, naming the variant or the SKU", () => {
    expect(errorOf([row("M", "Black", "-1")])).toBe(VARIANT_MESSAGES.stock("M/Black"));
    expect(errorOf([row("M", "Black", "1.5")])).toBe(VARIANT_MESSAGES.stock("M/Black"));
    expect(errorOf([{ ...row("M", "", "1"), price: "-2" }])).toBe(VARIANT_MESSAGES.price("M"));
    expect(errorOf([row("S", "", "1", "A B")])).toBe(VARIANT_MESSAGES.skuSpaces("S"));
    expect(errorOf([row("S", "", "1", "X-1"), row("M", "", "1", "X-1")])).toBe(VARIANT_MESSAGES.skuRepeated("X-1"));
  });

  it("are part of the product form: an empty table is 'not given', a bad one is the variants field's", () => {
    const base = { name: "Tee", slug: "tee", price: "10", inventory: "0" };
    const none = validateProductInput({ ...base, variants: [] });
    expect(none.ok && none.data.variants).toBeNull();
    const bad = validateProductInput({ ...base, variants: [row("M", "", "x")] });
    expect(bad.ok ? null : bad.errors).toEqual({ variants: VARIANT_MESSAGES.stock("M") });
  });
});

describe("the variants a save writes", () => {
  const stored = [
    { size: "S", color: "", sku: "T-S", stock: 2, barcode: null, priceCents: null },
    { size: "M", color: "", sku: "T-M", stock: 5, barcode: null, priceCents: null },
  ];

  it("are the options of the sizes × colours: given rows, else what was stored, else empty", () => {
    const given = [{ size: "M", color: "", sku: "", stock: 0, barcode: null, priceCents: 1500 }];
    const resolved = resolveVariants({ sku: "T", sizes: ["S", "M", "L"], colors: [] }, given, stored);
    expect(resolved).toEqual({
      ok: true,
      variants: [
        { size: "S", color: "", sku: "T-S", stock: 2, barcode: null, priceCents: null },
        { size: "M", color: "", sku: "T-M", stock: 0, barcode: null, priceCents: 1500 },
        { size: "L", color: "", sku: "T-L", stock: 0, barcode: null, priceCents: null },
      ],
    });
  });

  it("refuse a row for an option the product does not list", () => {
    const given = [{ size: "XL", color: "", sku: "", stock: 1, barcode: null, priceCents: null }];
    expect(resolveVariants({ sku: "T", sizes: ["S"], colors: [] }, given, [])).toEqual({
      ok: false,
      notAnOption: "XL",
    });
  });

  it("are audited field by field, added from null and removed to null", () => {
    const after = [
      { size: "M", color: "", sku: "T-M", stock: 3, barcode: null, priceCents: null },
      { size: "L", color: "", sku: "T-L", stock: 1, barcode: null, priceCents: null },
    ];
    expect(variantChanges(stored, after)).toEqual({
      "variant M stock": [5, 3],
      "variant L sku": [null, "T-L"],
      "variant L stock": [null, 1],
      "variant S sku": ["T-S", null],
      "variant S stock": [2, null],
    });
    expect(variantChanges(stored, stored)).toEqual({});
  });

  it("sign their stock per variant (same total, different sizes: different signature)", () => {
    const moved = [
      { ...stored[0]!, stock: 3 },
      { ...stored[1]!, stock: 4 },
    ];
    expect(stockSignature(moved)).not.toBe(stockSignature(stored));
    expect(stockSignature(stored)).toBe(stockSignature([...stored]));
  });
});
