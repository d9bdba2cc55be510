import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

import { demoCategories, demoProducts, slugify } from "../../db/seed/demo-catalog";
import { demoVariants } from "~/modules/catalog/seed.server";

const publicDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "public");

const COLORS = ["Black", "White", "Navy", "Gray", "Red", "Blue", "Green", "Yellow", "Pink", "Purple"];
const SIZES = ["XS", "S", "M", "L", "XL", "XXL", "XXXL", "4XL", "28", "30", "32", "34", "36", "38"];
const CATEGORY_SLUGS = ["men", "women", "sale", "new-arrivals", "accessories"];
const SLUG_RE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const active = demoProducts.filter((p) => p.isActive);

function unique<T>(values: T[]): boolean {
  return new Set(values).size === values.length;
}

describe("demo categories", () => {
  it("has the five active store categories", () => {
    expect(demoCategories.map((c) => c.slug).sort()).toEqual([...CATEGORY_SLUGS].sort());
    expect(demoCategories.every((c) => c.isActive)).toBe(true);
    expect(demoCategories.find((c) => c.slug === "new-arrivals")?.name).toBe("New Arrivals");
    expect(unique(demoCategories.map((c) => c.sortOrder))).toBe(true);
  });
});

describe("demo products", () => {
  it("has at least 56 active products and some inactive ones", () => {
    expect(active.length).toBeGreaterThanOrEqual(56);
    expect(demoProducts.length - active.length).toBeGreaterThanOrEqual(1);
  });

  it("uses every category, sale and new-arrivals included", () => {
    for (const slug of CATEGORY_SLUGS) {
      expect(
        active.some((p) => p.categorySlug === slug),
        slug,
      ).toBe(true);
    }
    expect(demoProducts.every((p) => CATEGORY_SLUGS.includes(p.categorySlug))).toBe(true);
  });

  it("has unique names, slugs and skus", () => {
    expect(unique(demoProducts.map((p) => p.name))).toBe(true);
    expect(unique(demoProducts.map((p) => p.slug))).toBe(true);
    expect(unique(demoProducts.map((p) => p.sku))).toBe(true);
  });

  it("has well-formed slugs derived from the names", () => {
    for (const p of demoProducts) {
      expect(p.slug, p.name).toMatch(SLUG_RE);
      expect(p.slug).toBe(slugify(p.name));
    }
    expect(slugify("Essential Fleece Hoodie - Navy")).toBe("essential-fleece-hoodie-navy");
    expect(slugify("Men's Waxed Field Jacket")).toBe("mens-waxed-field-jacket");
  });

  it("mentions gender in some names", () => {
    expect(active.some((p) => p.name.includes("Men's"))).toBe(true);
    expect(active.some((p) => p.name.includes("Women's"))).toBe(true);
  });

  it("has out-of-stock and low-stock products", () => {
    expect(active.filter((p) => p.inventory === 0).length).toBeGreaterThanOrEqual(5);
    expect(active.filter((p) => p.inventory >= 1 && p.inventory <= 9).length).toBeGreaterThanOrEqual(8);
    expect(demoProducts.every((p) => Number.isInteger(p.inventory) && p.inventory >= 0)).toBe(true);
  });

  it("has realistic prices with consistent sale flags", () => {
    for (const p of demoProducts) {
      expect(Number.isInteger(p.priceCents)).toBe(true);
      expect(p.priceCents).toBeGreaterThanOrEqual(1800);
      expect(p.priceCents).toBeLessThanOrEqual(24000);
      if (p.isSale) {
        expect(p.originalPriceCents, p.name).not.toBeNull();
        expect(p.originalPriceCents ?? 0).toBeGreaterThan(p.priceCents);
      } else {
        expect(p.originalPriceCents, p.name).toBeNull();
      }
    }
    const onSale = active.filter((p) => p.isSale).length;
    expect(onSale).toBeGreaterThanOrEqual(8);
    expect(onSale).toBeLessThanOrEqual(16);
    expect(demoProducts.filter((p) => p.categorySlug === "sale").every((p) => p.isSale)).toBe(true);
  });

  it("flags recent products as new", () => {
    for (const p of demoProducts) {
      expect(p.daysOld).toBeGreaterThanOrEqual(1);
      if (p.isNew) expect(p.daysOld, p.name).toBeLessThanOrEqual(30);
      else expect(p.daysOld, p.name).toBeGreaterThanOrEqual(40);
    }
    const fresh = active.filter((p) => p.isNew).length;
    expect(fresh).toBeGreaterThanOrEqual(6);
    expect(fresh).toBeLessThanOrEqual(14);
    expect(demoProducts.filter((p) => p.categorySlug === "new-arrivals").every((p) => p.isNew)).toBe(true);
  });

  it("features a handful of products", () => {
    const featured = active.filter((p) => p.featured).length;
    expect(featured).toBeGreaterThanOrEqual(6);
    expect(featured).toBeLessThanOrEqual(8);
  });

  it("has ratings between 3.6 and 5.0 with one decimal", () => {
    for (const p of demoProducts) {
      expect(p.rating).toBeGreaterThanOrEqual(3.6);
      expect(p.rating).toBeLessThanOrEqual(5);
      expect(Math.round(p.rating * 10) / 10).toBe(p.rating);
      expect(Number.isInteger(p.reviewCount) && p.reviewCount >= 0).toBe(true);
    }
  });

  it("only uses the preset colours and sizes", () => {
    for (const p of demoProducts) {
      expect(p.colors.length, p.name).toBeGreaterThanOrEqual(1);
      for (const c of p.colors) expect(COLORS, p.name).toContain(c);
      for (const s of p.sizes) expect(SIZES, p.name).toContain(s);
      expect(unique(p.colors) && unique(p.sizes)).toBe(true);
    }
  });

  it("has colour-variant groups linked to a main product", () => {
    const groups = new Map<string, typeof demoProducts>();
    for (const p of demoProducts) {
      if (p.group === null) {
        expect(p.variantType).toBeNull();
        expect(p.parentSlug).toBeNull();
        continue;
      }
      groups.set(p.group, [...(groups.get(p.group) ?? []), p]);
    }
    expect(groups.size).toBeGreaterThanOrEqual(5);
    for (const [key, members] of groups) {
      expect(members.length, key).toBeGreaterThanOrEqual(2);
      expect(members.length, key).toBeLessThanOrEqual(4);
      const mains = members.filter((m) => m.parentSlug === null);
      expect(mains.length, key).toBe(1);
      const main = mains[0];
      for (const m of members) {
        expect(m.variantType).toBe("color");
        expect(m.colors).toHaveLength(1);
        if (m !== main) expect(m.parentSlug, m.name).toBe(main?.slug);
      }
      expect(unique(members.map((m) => m.colors[0]))).toBe(true);
    }
  });

  it("has SEO fields for about half the products", () => {
    const withMeta = demoProducts.filter((p) => p.metaTitle !== null);
    expect(withMeta.length).toBeGreaterThan(demoProducts.length / 3);
    expect(withMeta.length).toBeLessThan((demoProducts.length * 2) / 3);
    for (const p of withMeta) expect(p.metaDescription).toBeTruthy();
  });

  it("points every image at an existing file, first image first", () => {
    for (const p of demoProducts) {
      expect(p.imageUrl).toMatch(/^\/images\/products\/[a-z]+-[a-z]+\.svg$/);
      expect(p.images[0]).toBe(p.imageUrl);
      for (const url of p.images) {
        expect(existsSync(join(publicDir, url)), url).toBe(true);
      }
      expect(p.imageUrl).toContain(`-${p.colors[0]?.toLowerCase()}.svg`);
    }
  });

  it("has a short description of a few sentences", () => {
    for (const p of demoProducts) {
      expect(p.description.length, p.name).toBeGreaterThan(60);
      const sentences = p.description.split(/(?<=\.)\s+/).length;
      expect(sentences, p.name).toBeGreaterThanOrEqual(2);
      expect(sentences, p.name).toBeLessThanOrEqual(3);
    }
  });
});

describe("demo variants", () => {
  const all = demoProducts.map((p, i) => ({ product: p, variants: demoVariants(p, i) }));

  it("spread every product's units over its sizes and colours without losing one", () => {
    for (const { product, variants } of all)
      expect(
        variants.reduce((sum, v) => sum + v.stock, 0),
        product.slug,
      ).toBe(product.inventory);
  });

  it("have SKUs unique across the catalogue", () => {
    const skus = all.flatMap(({ variants }) => variants.map((v) => v.sku));
    expect(unique(skus)).toBe(true);
  });

  it("show sizes sold out while others sell", () => {
    const partly = all.filter(
      ({ variants }) => variants.some((v) => v.stock === 0) && variants.some((v) => v.stock > 0),
    );
    expect(partly.length).toBeGreaterThanOrEqual(10);
  });
});
