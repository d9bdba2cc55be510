import { describe, expect, it } from "vitest";
import type { ProductDetail } from "~/modules/catalog/catalog-types";
import { productJsonLd } from "~/modules/catalog/product-seo";
import type { VariantStock } from "~/modules/catalog/variant-rules";

const ORIGIN = "https://shop.example";

function product(variants: VariantStock[], fields: Partial<ProductDetail> = {}): ProductDetail {
  return {
    id: "p1",
    name: "Canvas Tote",
    slug: "canvas-tote",
    description: "A tote.",
    priceCents: 3_000,
    originalPriceCents: null,
    images: ["/images/tote.svg"],
    sizes: [],
    colors: [],
    tags: [],
    inventory: variants.reduce((sum, v) => sum + v.stock, 0),
    sku: "TOTE",
    rating: 4.5,
    reviewCount: 0,
    isNew: false,
    isSale: false,
    category: null,
    metaTitle: null,
    metaDescription: null,
    productGroupId: null,
    updatedAt: new Date(0).toISOString(),
    variants,
    groupMembers: [],
    sizeChart: null,
    fit: { note: "", modelHeightCm: null, modelSize: null, garmentMeasurements: {} },
    reviewStats: [],
    sizeReturns: { tooSmall: 0, tooLarge: 0 },
    ...fields,
  };
}

const variant = (size: string, color: string, stock: number, priceCents: number | null = null): VariantStock => ({
  id: `${size}-${color}`,
  sku: ["TEE", size, color.toUpperCase()].filter(Boolean).join("-"),
  size,
  color,
  stock,
  priceCents,
});

describe("productJsonLd offers (decisions.md §6: stock and price per variant)", () => {
  it("gives a product of one variant one Offer with its SKU", () => {
    const ld = productJsonLd(product([{ ...variant("", "", 4), sku: "TOTE" }]), ORIGIN);
    expect(ld.offers).toEqual({
      "@type": "Offer",
      sku: "TOTE",
      url: `${ORIGIN}/product/canvas-tote`,
      price: "30.00",
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
      itemCondition: "https://schema.org/NewCondition",
    });
  });

  it("gives an Offer per size and colour: its name, SKU, price override and availability", () => {
    const tee = product([variant("S", "Navy", 0), variant("XXL", "Navy", 2, 3_600)], {
      slug: "tee",
      sizes: ["S", "XXL"],
      colors: ["Navy"],
    });
    expect(productJsonLd(tee, ORIGIN).offers).toEqual([
      expect.objectContaining({
        name: "Size S, Navy",
        sku: "TEE-S-NAVY",
        url: `${ORIGIN}/product/tee?size=S`,
        price: "30.00",
        availability: "https://schema.org/OutOfStock",
      }),
      expect.objectContaining({
        name: "Size XXL, Navy",
        sku: "TEE-XXL-NAVY",
        url: `${ORIGIN}/product/tee?size=XXL`,
        price: "36.00",
        availability: "https://schema.org/InStock",
      }),
    ]);
  });

  it("falls back to the product's inventory when its variants are not known", () => {
    const ld = productJsonLd(product([], { inventory: 0 }), ORIGIN);
    expect(ld.offers).toMatchObject({ price: "30.00", availability: "https://schema.org/OutOfStock" });
    expect(ld.offers).not.toHaveProperty("sku");
  });
});

describe("productJsonLd reviews (issue 29)", () => {
  const review = {
    authorName: "Ada O.",
    rating: 4,
    title: "Runs a bit small",
    body: "Size up if between sizes.",
    date: "2026-11-20T10:30:00.000Z",
  };

  it("gives no AggregateRating and no Review without published reviews", () => {
    const ld = productJsonLd(product([variant("", "", 4)], { rating: 0, reviewCount: 0 }), ORIGIN, "Shop", [review]);
    expect(ld).not.toHaveProperty("aggregateRating");
    expect(ld).not.toHaveProperty("review");
  });

  it("gives the stored aggregate and the first page's reviews as Review items", () => {
    const ld = productJsonLd(product([variant("", "", 4)], { rating: 4.3, reviewCount: 12 }), ORIGIN, "Shop", [review]);
    expect(ld.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.3,
      reviewCount: 12,
      bestRating: 5,
      worstRating: 1,
    });
    expect(ld.review).toEqual([
      {
        "@type": "Review",
        name: "Runs a bit small",
        reviewBody: "Size up if between sizes.",
        datePublished: "2026-11-20",
        author: { "@type": "Person", name: "Ada O." },
        reviewRating: { "@type": "Rating", ratingValue: 4, bestRating: 5, worstRating: 1 },
      },
    ]);
  });

  it("puts a review's text in as it is (the page's <Meta> escapes it, tested over HTTP)", () => {
    const evil = { ...review, title: "</script><script>alert(1)</script>", authorName: '"><img src=x>' };
    const ld = productJsonLd(product([variant("", "", 4)], { rating: 1, reviewCount: 1 }), ORIGIN, "Shop", [evil]);
    expect((ld.review as Array<{ name: string }>)[0]!.name).toBe(evil.title);
  });
});
