import { describe, expect, it } from "vitest";
import {
  discountPercent,
  isOnSale,
  lowStockCount,
  primaryImage,
  slugify,
  FALLBACK_IMAGE,
} from "~/modules/catalog/product-rules";

describe("slugify (spec §5)", () => {
  it("lowercases and turns spaces into hyphens", () => {
    expect(slugify("Essential Fleece Hoodie")).toBe("essential-fleece-hoodie");
  });
  it("drops characters other than letters, digits, spaces and hyphens", () => {
    expect(slugify("Men's T-Shirt (2-Pack) 100% Cotton!")).toBe("mens-t-shirt-2-pack-100-cotton");
  });
  it("collapses repeated hyphens and spaces", () => {
    expect(slugify("Wrap  --  Midi   Dress")).toBe("wrap-midi-dress");
  });
  it("trims hyphens at the ends and folds accents", () => {
    expect(slugify("  -Café Crème- ")).toBe("cafe-creme");
  });
  it("gives an empty slug for text without letters or digits", () => {
    expect(slugify("!!! ???")).toBe("");
  });
});

describe("isOnSale (compare-at above price)", () => {
  it("is on sale only when compare-at is strictly higher", () => {
    expect(isOnSale(4000, 5000)).toBe(true);
    expect(isOnSale(5000, 5000)).toBe(false);
    expect(isOnSale(5000, 4000)).toBe(false);
    expect(isOnSale(5000, null)).toBe(false);
    expect(isOnSale(5000, undefined)).toBe(false);
  });
});

describe("discountPercent (rounded percent of 1 - price / compare-at)", () => {
  it("rounds to the nearest whole percent", () => {
    expect(discountPercent(4000, 5000)).toBe(20);
    expect(discountPercent(5999, 7999)).toBe(25); // 25.003…
    expect(discountPercent(2000, 3000)).toBe(33); // 33.33…
    expect(discountPercent(1000, 1500)).toBe(33); // 33.33…
    expect(discountPercent(1, 3)).toBe(67); // 66.66…
  });
  it("is 0 when not on sale", () => {
    expect(discountPercent(5000, null)).toBe(0);
    expect(discountPercent(5000, 4000)).toBe(0);
  });
});

describe("lowStockCount ('Only {n} left!' for 1 to 9)", () => {
  it("returns the count for 1–9 and null otherwise", () => {
    expect(lowStockCount(0)).toBeNull();
    expect(lowStockCount(1)).toBe(1);
    expect(lowStockCount(9)).toBe(9);
    expect(lowStockCount(10)).toBeNull();
  });
});

describe("primaryImage", () => {
  it("prefers the first image, then image_url, then the fallback", () => {
    expect(primaryImage({ images: ["/a.svg", "/b.svg"], imageUrl: "/c.svg" })).toBe("/a.svg");
    expect(primaryImage({ images: [], imageUrl: "/c.svg" })).toBe("/c.svg");
    expect(primaryImage({ images: [" "], imageUrl: " " })).toBe(FALLBACK_IMAGE);
  });
});
