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
