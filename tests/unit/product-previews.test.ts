import { describe, expect, it } from "vitest";
import { discountOf, seoPreview } from "~/modules/product-admin/product-previews";

describe("what both product editors show of the values being typed", () => {
  it("shows the discount percent and the savings only when compare-at is above the price", () => {
    expect(discountOf("75.00", "100.00")).toEqual({ percent: 25, savingsCents: 2500 });
    expect(discountOf("100", "100")).toBeNull();
    expect(discountOf("100", "")).toBeNull();
  });

  it("previews the search result from the SEO fields, else the name and description", () => {
    expect(
      seoPreview({ name: "Tee", slug: "tee", metaTitle: "", metaDescription: "", description: "Soft cotton." }),
    ).toEqual({ title: "Tee", path: "/product/tee", description: "Soft cotton." });
    const long = seoPreview({
      name: "Tee",
      slug: "",
      metaTitle: "Best Tee",
      metaDescription: "x".repeat(300),
      description: "",
    });
    expect(long.title).toBe("Best Tee");
    expect(long.path).toBe("/product/tee");
    expect(long.description.length).toBe(160);
  });
});
