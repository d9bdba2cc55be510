import { describe, expect, it } from "vitest";
import {
  anyInStock,
  chooseColor,
  chosenVariant,
  colorSwitchPath,
  initialChoice,
  isColorAvailable,
  isSizeAvailable,
  offerFor,
  quickAddChoice,
  sizesWithStock,
  type PurchasableProduct,
  type VariantOffer,
} from "~/modules/catalog/purchase-rules";

/** A product with these sizes and colours; `stock` answers each variant's units, `price` its override. */
function product(
  sizes: string[],
  colors: string[],
  stock: (size: string, color: string) => number,
  price: (size: string, color: string) => number | null = () => null,
): PurchasableProduct {
  const variants: VariantOffer[] = [];
  for (const size of sizes.length > 0 ? sizes : [""])
    for (const color of colors.length > 0 ? colors : [""])
      variants.push({ size, color, stock: stock(size, color), priceCents: price(size, color) });
  return {
    sizes,
    colors,
    variants,
    inventory: variants.reduce((sum, v) => sum + v.stock, 0),
    priceCents: 4_000,
  };
}

const tee = product(["S", "M", "L", "XL"], ["Navy", "Gray"], (size, color) =>
  size === "XL" ? 0 : size === "S" && color === "Navy" ? 0 : size === "L" && color === "Gray" ? 3 : 10,
);

describe("availability per size and colour (decisions.md §6)", () => {
  it("a size is available in a colour only when that variant has stock; in any colour when none is chosen", () => {
    expect(isSizeAvailable(tee, "S", "Navy")).toBe(false);
    expect(isSizeAvailable(tee, "S", "Gray")).toBe(true);
    expect(isSizeAvailable(tee, "S", null)).toBe(true);
    expect(isSizeAvailable(tee, "XL", null)).toBe(false);
  });

  it("a colour is available when any of its sizes is", () => {
    const oneColourGone = product(["S", "M"], ["Red", "Blue"], (_s, color) => (color === "Red" ? 0 : 2));
    expect(isColorAvailable(oneColourGone, "Red")).toBe(false);
    expect(isColorAvailable(oneColourGone, "Blue")).toBe(true);
  });

  it("the product is out of stock only when every variant is", () => {
    expect(anyInStock(tee)).toBe(true);
    expect(anyInStock(product(["S", "M"], [], () => 0))).toBe(false);
    // A product whose variants are not known is judged by its inventory.
    expect(anyInStock({ ...tee, variants: [], inventory: 2 })).toBe(true);
    expect(anyInStock({ ...tee, variants: [], inventory: 0 })).toBe(false);
  });

  it("lists the sizes in stock in some colour, in order, once each", () => {
    expect(sizesWithStock(tee.variants)).toEqual(["S", "M", "L"]);
    expect(sizesWithStock(product([], ["Black"], () => 5).variants)).toEqual([]);
  });
});

describe("initialChoice (spec §2: first size and colour preselected, when in stock)", () => {
  it("keeps the first size and colour when that variant has stock", () => {
    const all = product(["S", "M"], ["Navy", "Gray"], () => 1);
    expect(initialChoice(all)).toEqual({ size: "S", color: "Navy" });
  });

  it("moves on to the first size in stock of the first colour", () => {
    expect(initialChoice(tee)).toEqual({ size: "M", color: "Navy" });
  });

  it("moves on to the first colour in stock", () => {
    const navyGone = product(["S", "M"], ["Navy", "Gray"], (_s, color) => (color === "Navy" ? 0 : 4));
    expect(initialChoice(navyGone)).toEqual({ size: "S", color: "Gray" });
    const toteNavyGone = product([], ["Navy", "Gray"], (_s, color) => (color === "Navy" ? 0 : 4));
    expect(initialChoice(toteNavyGone)).toEqual({ size: null, color: "Gray" });
  });

  it("takes a wanted size (a colour switch's ?size=) when it is in stock, in a colour that has it", () => {
    expect(initialChoice(tee, "L")).toEqual({ size: "L", color: "Navy" });
    expect(initialChoice(tee, "S")).toEqual({ size: "S", color: "Gray" });
    expect(initialChoice(tee, "XL")).toEqual({ size: "M", color: "Navy" });
    expect(initialChoice(tee, "XXXL")).toEqual({ size: "M", color: "Navy" });
    expect(initialChoice(tee, null)).toEqual({ size: "M", color: "Navy" });
  });

  it("takes a wanted size and colour together (a back-in-stock link's ?size=&color=) when in stock", () => {
    expect(initialChoice(tee, "S", "Gray")).toEqual({ size: "S", color: "Gray" });
    expect(initialChoice(tee, "L", "Gray")).toEqual({ size: "L", color: "Gray" });
    // That size is sold out again in that colour: the colour's first size in stock.
    expect(initialChoice(tee, "S", "Navy")).toEqual({ size: "M", color: "Navy" });
    // An unknown or sold-out colour: as without one.
    expect(initialChoice(tee, "L", "Pink")).toEqual({ size: "L", color: "Navy" });
    const grayGone = product(["S", "M"], ["Navy", "Gray"], (_s, color) => (color === "Gray" ? 0 : 4));
    expect(initialChoice(grayGone, "M", "Gray")).toEqual({ size: "M", color: "Navy" });
    const tote = product([], ["Navy", "Gray"], () => 2);
    expect(initialChoice(tote, null, "Gray")).toEqual({ size: null, color: "Gray" });
  });

  it("falls back to the first size and colour when nothing is in stock", () => {
    expect(initialChoice(product(["S", "M"], ["Red"], () => 0))).toEqual({ size: "S", color: "Red" });
    expect(initialChoice(product([], [], () => 0))).toEqual({ size: null, color: null });
  });

  it("chooses nothing for a product without sizes or colours", () => {
    expect(initialChoice(product([], [], () => 3))).toEqual({ size: null, color: null });
  });
});

describe("chooseColor", () => {
  it("keeps the size when the new colour has it in stock, else leaves the size to choose", () => {
    expect(chooseColor(tee, { size: "M", color: "Navy" }, "Gray")).toEqual({ size: "M", color: "Gray" });
    expect(chooseColor(tee, { size: "S", color: "Gray" }, "Navy")).toEqual({ size: null, color: "Navy" });
    expect(chooseColor(tee, { size: null, color: "Gray" }, "Navy")).toEqual({ size: null, color: "Navy" });
  });
});

describe("offerFor: the chosen variant's stock, price and 'Only {n} left!'", () => {
  const priced = product(
    ["S", "XXL"],
    [],
    (size) => (size === "S" ? 25 : 4),
    (size) => (size === "XXL" ? 4_800 : null),
  );

  it("speaks of the chosen variant, not of the product", () => {
    expect(offerFor(priced, { size: "S", color: null })).toEqual({ stock: 25, priceCents: 4_000, lowStock: null });
    expect(offerFor(priced, { size: "XXL", color: null })).toEqual({ stock: 4, priceCents: 4_800, lowStock: 4 });
    expect(offerFor(tee, { size: "L", color: "Gray" })).toEqual({ stock: 3, priceCents: 4_000, lowStock: 3 });
  });

  it("has nothing to sell while a size is not chosen", () => {
    expect(chosenVariant(priced, { size: null, color: null })).toBeUndefined();
    expect(offerFor(priced, { size: null, color: null })).toEqual({ stock: 0, priceCents: 4_000, lowStock: null });
    expect(chosenVariant(tee, { size: "M", color: null })).toBeUndefined();
  });

  it("maps a product without sizes or colours to its one variant", () => {
    const cap = product([], [], () => 7);
    expect(offerFor(cap, { size: null, color: null })).toEqual({ stock: 7, priceCents: 4_000, lowStock: 7 });
  });

  it("reads the inventory when the variants are not known", () => {
    expect(offerFor({ ...tee, variants: [], inventory: 5 }, { size: "M", color: "Navy" })).toEqual({
      stock: 5,
      priceCents: 4_000,
      lowStock: 5,
    });
  });
});

describe("quickAddChoice: a size in the first colour that has it", () => {
  it("picks the first colour with the size in stock", () => {
    expect(quickAddChoice(tee, "M")).toEqual({ size: "M", color: "Navy" });
    expect(quickAddChoice(tee, "S")).toEqual({ size: "S", color: "Gray" });
    expect(quickAddChoice(tee, "XL")).toBeUndefined();
  });

  it("picks the first colour in stock for a product without sizes", () => {
    const tote = product([], ["Green", "Navy"], (_s, color) => (color === "Green" ? 0 : 3));
    expect(quickAddChoice(tote, null)).toEqual({ size: null, color: "Navy" });
    expect(
      quickAddChoice(
        product([], [], () => 1),
        null,
      ),
    ).toEqual({ size: null, color: null });
    expect(
      quickAddChoice(
        product([], [], () => 0),
        null,
      ),
    ).toBeUndefined();
  });
});

describe("colorSwitchPath", () => {
  it("passes the chosen size to a colour that has it in stock", () => {
    expect(colorSwitchPath("tee-gray", ["S", "M"], "M")).toBe("/product/tee-gray?size=M");
    expect(colorSwitchPath("tee-gray", ["S", "M"], "XL")).toBe("/product/tee-gray");
    expect(colorSwitchPath("tee-gray", ["S"], null)).toBe("/product/tee-gray");
    expect(colorSwitchPath("jeans", ["32/34"], "32/34")).toBe("/product/jeans?size=32%2F34");
  });
});
