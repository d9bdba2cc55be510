import { describe, expect, it } from "vitest";
import {
  compareMembers,
  showSwatch,
  styleSoldOut,
  toProductCard,
  type ProductCardSource,
  type StyleMemberSource,
} from "~/modules/catalog/product-card";

const member = (name: string, changes: Partial<StyleMemberSource> = {}): StyleMemberSource => ({
  id: `id-${name.toLowerCase()}`,
  name: `Hoodie - ${name}`,
  slug: `hoodie-${name.toLowerCase()}`,
  priceCents: 6_800,
  originalPriceCents: null,
  imageUrl: null,
  images: [`/images/hoodie-${name.toLowerCase()}.svg`],
  isNew: false,
  inventory: 10,
  sizes: ["S", "M"],
  colors: [name],
  isMain: false,
  ...changes,
});

const listed = (m: StyleMemberSource): ProductCardSource => ({ ...m, rating: 4.6, categoryName: "Men" });

describe("a style's colours", () => {
  it("main product first, then by name, then by id", () => {
    const navy = member("Navy", { isMain: true });
    const black = member("Black");
    const gray = member("Gray");
    const twin = member("Gray", { id: "id-aaa" });
    expect([gray, twin, black, navy].sort(compareMembers).map((m) => m.id)).toEqual([
      navy.id,
      black.id,
      twin.id,
      gray.id,
    ]);
  });

  it("a card lists its style's colours as swatches in that order, its stock the style's", () => {
    const navy = member("Navy", { isMain: true, inventory: 0 });
    const black = member("Black", { inventory: 4 });
    const gray = member("Gray", { inventory: 0, images: [], imageUrl: "/images/gray.svg" });
    const card = toProductCard(listed(black), [gray, navy, black]);
    expect(card.id).toBe(black.id);
    expect(card.inventory).toBe(4);
    expect(card.styleInventory).toBe(4);
    expect(card.swatches.map((s) => [s.color, s.slug])).toEqual([
      ["Navy", "hoodie-navy"],
      ["Black", "hoodie-black"],
      ["Gray", "hoodie-gray"],
    ]);
    expect(card.swatches[2]!.image).toBe("/images/gray.svg");
    expect(styleSoldOut(card)).toBe(false);
  });

  it("a product without a group (or alone in it) has no swatches", () => {
    const only = member("Red", { isMain: true });
    expect(toProductCard(listed(only)).swatches).toEqual([]);
    expect(toProductCard(listed(only), [only]).swatches).toEqual([]);
    expect(toProductCard(listed(only)).styleInventory).toBe(10);
  });

  it("a style is sold out only when every colour is", () => {
    const a = member("Navy", { isMain: true, inventory: 0 });
    const b = member("Black", { inventory: 0 });
    expect(styleSoldOut(toProductCard(listed(a), [a, b]))).toBe(true);
    expect(styleSoldOut(toProductCard(listed(a), [a, { ...b, inventory: 1 }]))).toBe(false);
  });

  it("a swatch shows its colour's product on the card: image, link, name, price, stock", () => {
    const navy = member("Navy", { isMain: true });
    const gray = member("Gray", { priceCents: 4_900, originalPriceCents: 6_800, inventory: 2, isNew: true });
    const card = toProductCard(listed(navy), [navy, gray]);
    const shown = showSwatch(card, gray.id);
    expect(shown).toMatchObject({
      id: gray.id,
      slug: "hoodie-gray",
      name: "Hoodie - Gray",
      image: "/images/hoodie-gray.svg",
      price: 4_900,
      originalPrice: 6_800,
      inventory: 2,
      isNew: true,
      colors: ["Gray"],
    });
    // The style's own facts stay.
    expect(shown).toMatchObject({ category: "Men", rating: 4.6, styleInventory: 12, swatches: card.swatches });
    expect(shown).not.toHaveProperty("color");
    expect(showSwatch(card, navy.id)).toBe(card);
    expect(showSwatch(card, "no-such-id")).toBe(card);
  });
});
