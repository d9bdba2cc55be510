import { FALLBACK_IMAGE } from "./product-rules";

/**
 * One colour of a style as a card shows it: what changes on the card when its swatch is chosen
 * (image, link, name, price, stock, and what a quick add needs).
 */
export interface CardSwatch {
  id: string;
  slug: string;
  name: string;
  /** The colour the swatch names: the member's first colour, else its name. */
  color: string;
  image: string;
  price: number;
  originalPrice: number | null;
  inventory: number;
  isNew: boolean;
  sizes: string[];
  colors: string[];
}

/**
 * A style as cards show it (spec §3 Product card; decisions.md §6: one card per style); prices in
 * cents. The fields describe the product the card shows first (its style's representative); a style
 * of several colours lists them in `swatches`. Only what a card shows or adds to the cart: a page of
 * cards ships these in its hydration data.
 */
export interface ProductCard {
  id: string;
  name: string;
  slug: string;
  price: number;
  originalPrice: number | null;
  image: string;
  rating: number;
  category: string;
  isNew: boolean;
  /** The shown product's stock. */
  inventory: number;
  sizes: string[];
  colors: string[];
  /** The whole style's stock (every active colour): the card is 'Out of Stock' only at 0. */
  styleInventory: number;
  /** The style's colours (main product first, then by name); empty for a style of one product. */
  swatches: CardSwatch[];
}

export interface ProductCardSource {
  id: string;
  name: string;
  slug: string;
  priceCents: number;
  originalPriceCents: number | null;
  imageUrl: string | null;
  images: string[];
  rating: number | null;
  isNew: boolean;
  inventory: number;
  sizes: string[];
  colors: string[];
  categoryName: string | null;
}

/** A product of a style, as the listing reads it. */
export interface StyleMemberSource extends Omit<ProductCardSource, "rating" | "categoryName"> {
  /** The group's main product: the one the others point at (parent_product_id is null). */
  isMain: boolean;
}

/** A product's main image: its first image, else image_url, else the fallback. */
function mainImage(p: { images: string[]; imageUrl: string | null }): string {
  return p.images.find((src) => src.trim() !== "") ?? (p.imageUrl || FALLBACK_IMAGE);
}

/**
 * The order of a style's colours, and the rule of its default: the main product first, then by name
 * (then id, so the order is total). list-products.server's `betterMember` is the same rule in SQL.
 */
export function compareMembers(
  a: { isMain: boolean; name: string; id: string },
  b: { isMain: boolean; name: string; id: string },
): number {
  if (a.isMain !== b.isMain) return a.isMain ? -1 : 1;
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export function toCardSwatch(m: StyleMemberSource): CardSwatch {
  return {
    id: m.id,
    slug: m.slug,
    name: m.name,
    color: m.colors[0] ?? m.name,
    image: mainImage(m),
    price: m.priceCents,
    originalPrice: m.originalPriceCents,
    inventory: m.inventory,
    isNew: m.isNew,
    sizes: m.sizes,
    colors: m.colors,
  };
}

/**
 * The card of a style: `p` is the product shown first; `members` the style's active products (the
 * shown one among them), or none for a product without a group. Swatches only when there is a choice.
 */
export function toProductCard(p: ProductCardSource, members: readonly StyleMemberSource[] = []): ProductCard {
  const others = members.filter((m) => m.id !== p.id);
  const swatches = others.length === 0 ? [] : [...members].sort(compareMembers).map(toCardSwatch);
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    price: p.priceCents,
    originalPrice: p.originalPriceCents,
    image: mainImage(p),
    rating: p.rating ?? 4.5,
    category: p.categoryName ?? "General",
    isNew: p.isNew,
    inventory: p.inventory,
    sizes: p.sizes,
    colors: p.colors,
    styleInventory: p.inventory + others.reduce((sum, m) => sum + m.inventory, 0),
    swatches,
  };
}

/**
 * The card as it shows one of its colours (a swatch hovered or tapped): that product's image, link,
 * name, price and stock; the style's category, rating, stock and swatches stay. An unknown id shows
 * the card as it is.
 */
export function showSwatch(card: ProductCard, swatchId: string): ProductCard {
  const swatch = card.swatches.find((s) => s.id === swatchId);
  if (!swatch || swatch.id === card.id) return card;
  const { color: _color, ...shown } = swatch;
  return { ...card, ...shown };
}

/** Whether nothing of the style can be bought: the card's 'Out of Stock' state. */
export function styleSoldOut(card: Pick<ProductCard, "styleInventory">): boolean {
  return card.styleInventory <= 0;
}
