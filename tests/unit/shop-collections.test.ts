import { describe, expect, it } from "vitest";
import { collectionName, SHOP_ALL, SHOP_COLLECTIONS } from "~/modules/catalog/shop-query";

describe("shop collections (rules rather than only a category row)", () => {
  it("names each collection rule", () => {
    expect(SHOP_COLLECTIONS).toEqual([SHOP_ALL, "men", "women", "sale", "new-arrivals"]);
    expect(SHOP_COLLECTIONS.map(collectionName)).toEqual(["Shop All", "Men", "Women", "Sale", "New Arrivals"]);
  });

  it("knows no other slug, not even names an object inherits", () => {
    for (const slug of ["accessories", "constructor", "toString", "__proto__"]) expect(collectionName(slug)).toBeNull();
  });
});
