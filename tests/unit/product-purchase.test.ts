import { describe, expect, it } from "vitest";
import {
  clampQuantity,
  quantityMax,
  SELECT_COLOR_MESSAGE,
  SELECT_SIZE_MESSAGE,
  swatchColor,
  validateSelection,
} from "~/modules/catalog/purchase-rules";

const sizes = ["S", "M", "L"];
const colors = ["Navy", "Gray"];

describe("validateSelection (spec §2 add to cart, §8 toasts)", () => {
  it("accepts a size and a colour the product offers", () => {
    expect(validateSelection({ sizes, colors, size: "M", color: "Gray" })).toBeNull();
  });

  it("asks for a size when the product has sizes and none is chosen", () => {
    expect(validateSelection({ sizes, colors, size: null, color: "Navy" })).toBe("Please select a size");
    expect(validateSelection({ sizes, colors, size: "", color: "Navy" })).toBe(SELECT_SIZE_MESSAGE);
    expect(validateSelection({ sizes, colors, size: undefined, color: "Navy" })).toBe(SELECT_SIZE_MESSAGE);
  });

  it("asks for a colour when the product has colours and none is chosen", () => {
    expect(validateSelection({ sizes, colors, size: "S", color: null })).toBe("Please select a color");
    expect(validateSelection({ sizes, colors, size: "S", color: "" })).toBe(SELECT_COLOR_MESSAGE);
  });

  it("asks for the size first when neither is chosen", () => {
    expect(validateSelection({ sizes, colors, size: null, color: null })).toBe(SELECT_SIZE_MESSAGE);
  });

  it("treats a value the product does not offer as no choice", () => {
    expect(validateSelection({ sizes, colors, size: "XXL", color: "Navy" })).toBe(SELECT_SIZE_MESSAGE);
    expect(validateSelection({ sizes, colors, size: "S", color: "Red" })).toBe(SELECT_COLOR_MESSAGE);
  });

  it("needs no choice for a product without sizes or colours", () => {
    expect(validateSelection({ sizes: [], colors: [], size: null, color: null })).toBeNull();
    expect(validateSelection({ sizes: [], colors, size: null, color: "Navy" })).toBeNull();
    expect(validateSelection({ sizes, colors: [], size: "L", color: null })).toBeNull();
  });
});

describe("clampQuantity (min 1, max the inventory and the per-product cap)", () => {
  const MAX = 10;
  it("keeps a quantity within 1 and the inventory", () => {
    expect(clampQuantity(3, 5, MAX)).toBe(3);
    expect(clampQuantity(0, 5, MAX)).toBe(1);
    expect(clampQuantity(-4, 5, MAX)).toBe(1);
    expect(clampQuantity(6, 5, MAX)).toBe(5);
  });
  it("floors fractions and refuses non-numbers", () => {
    expect(clampQuantity(2.7, 5, MAX)).toBe(2);
    expect(clampQuantity(Number.NaN, 5, MAX)).toBe(1);
  });
  it("stays at 1 when nothing is in stock", () => {
    expect(clampQuantity(3, 0, MAX)).toBe(1);
  });
  it("stops at MAX_QTY_PER_PRODUCT when the stock is larger", () => {
    expect(quantityMax(64, MAX)).toBe(10);
    expect(quantityMax(4, MAX)).toBe(4);
    expect(quantityMax(0, MAX)).toBe(1);
    expect(quantityMax(64, 3)).toBe(3);
    expect(clampQuantity(11, 64, MAX)).toBe(10);
    expect(clampQuantity(1e9, 64, MAX)).toBe(10);
  });
});

describe("swatchColor", () => {
  it("maps the spec's colour presets to CSS colours, case-insensitively", () => {
    for (const name of ["Black", "White", "Navy", "Gray", "Red", "Blue", "Green", "Yellow", "Pink", "Purple"]) {
      expect(swatchColor(name), name).toMatch(/^#[0-9a-f]{6}$/);
    }
    expect(swatchColor("navy")).toBe(swatchColor("Navy"));
  });
  it("answers null for an unknown colour", () => {
    expect(swatchColor("Heather Oat")).toBeNull();
    expect(swatchColor("")).toBeNull();
    expect(swatchColor(null)).toBeNull();
  });
});
