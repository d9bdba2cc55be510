import { describe, expect, it } from "vitest";
import {
  findVariant,
  optionOfLine,
  sizeInStock,
  spreadStock,
  suggestedSku,
  totalStock,
  variantOptions,
  variantPrice,
  type VariantStock,
} from "~/modules/catalog/variant-rules";

describe("variantOptions", () => {
  it("is every size × colour, size by size in the product's order", () => {
    expect(variantOptions(["S", "M"], ["Black", "White"])).toEqual([
      { size: "S", color: "Black" },
      { size: "S", color: "White" },
      { size: "M", color: "Black" },
      { size: "M", color: "White" },
    ]);
  });
  it("is one option with neither size nor colour for a product that lists none", () => {
    expect(variantOptions([], [])).toEqual([{ size: "", color: "" }]);
  });
  it("drops blanks and repeats", () => {
    expect(variantOptions([" 30", "", "32", "30"], [])).toEqual([
      { size: "30", color: "" },
      { size: "32", color: "" },
    ]);
  });
});

describe("optionOfLine", () => {
  const sized = { sizes: ["S", "M"], colors: ["Red"] };
  it("keeps the line's size and colour for a product that has them", () => {
    expect(optionOfLine(sized, { size: "M", color: "Red" })).toEqual({ size: "M", color: "Red" });
  });
  it("maps the cart's defaults ('M', 'Default') to none for a product without sizes or colours", () => {
    expect(optionOfLine({ sizes: [], colors: [] }, { size: "M", color: "Default" })).toEqual({ size: "", color: "" });
  });
  it("finds no variant for a size the product does not have", () => {
    const variants = [{ size: "S", color: "Red" }];
    expect(findVariant(variants, optionOfLine(sized, { size: "XL", color: "Red" }))).toBeUndefined();
    expect(findVariant(variants, optionOfLine(sized, { size: "S", color: "Red" }))).toBe(variants[0]);
  });
});

describe("suggestedSku", () => {
  it("is the product's SKU for its only variant", () => {
    expect(suggestedSku("TOTE-01", { size: "", color: "" }, 1)).toBe("TOTE-01");
  });
  it("adds the size and colour, letters and digits only, upper case", () => {
    expect(suggestedSku("TEE-01", { size: "M", color: "Navy blue" }, 4)).toBe("TEE-01-M-NAVYBLUE");
    expect(suggestedSku("JEAN", { size: "32", color: "" }, 3)).toBe("JEAN-32");
    expect(suggestedSku("TEE", { size: "", color: "Crème" }, 2)).toBe("TEE-CREME");
  });
});

describe("prices and stock", () => {
  const variants: VariantStock[] = [
    { id: "a", sku: "A", size: "M", color: "Red", stock: 0, priceCents: null },
    { id: "b", sku: "B", size: "XXL", color: "Red", stock: 2, priceCents: 3000 },
    { id: "c", sku: "C", size: "M", color: "Blue", stock: 1, priceCents: null },
  ];
  it("charges a variant's own price, else the product's", () => {
    expect(variantPrice(2500, variants[0])).toBe(2500);
    expect(variantPrice(2500, variants[1])).toBe(3000);
    expect(variantPrice(2500, undefined)).toBe(2500);
  });
  it("sums the stock and tells a size in stock per colour", () => {
    expect(totalStock(variants)).toBe(3);
    expect(sizeInStock(variants, "M")).toBe(true);
    expect(sizeInStock(variants, "M", "Red")).toBe(false);
    expect(sizeInStock(variants, "M", "Blue")).toBe(true);
  });
});

describe("spreadStock", () => {
  const options = variantOptions(["S", "M", "L", "XL"], []);
  it("adds up to the total exactly, the middle sizes holding most", () => {
    const parts = spreadStock(25, options);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(25);
    expect(parts[1]).toBeGreaterThan(parts[0]!);
    expect(parts[2]).toBeGreaterThan(parts[3]!);
  });
  it("leaves a sold-out option at zero and gives its share to the others", () => {
    const parts = spreadStock(10, options, (o) => o.size === "XL");
    expect(parts[3]).toBe(0);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(10);
  });
  it("is all zeros for no stock", () => {
    expect(spreadStock(0, options)).toEqual([0, 0, 0, 0]);
  });
});
