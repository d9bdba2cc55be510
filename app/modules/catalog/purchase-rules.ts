/** Pure rules of the product page's purchase box and the cards' quick add (spec §2 Product detail, §8 toasts). */

import { lowStockCount } from "./product-rules";
import { findVariant, optionOfLine, variantPrice, type VariantStock } from "./variant-rules";

export const SELECT_SIZE_MESSAGE = "Please select a size";
export const SELECT_COLOR_MESSAGE = "Please select a color";

export interface Selection {
  /** The sizes and colours the product offers; an empty list needs no choice. */
  sizes: readonly string[];
  colors: readonly string[];
  size: string | null | undefined;
  color: string | null | undefined;
}

/**
 * Why the current choice cannot go to the cart, or null when it can: a size is needed when the
 * product has sizes, then a colour when it has colours. A value the product does not offer counts
 * as no choice.
 */
export function validateSelection({ sizes, colors, size, color }: Selection): string | null {
  if (sizes.length > 0 && (!size || !sizes.includes(size))) return SELECT_SIZE_MESSAGE;
  if (colors.length > 0 && (!color || !colors.includes(color))) return SELECT_COLOR_MESSAGE;
  return null;
}

/**
 * The quantity picker's maximum (spec §2: the inventory): the inventory, and never more than the
 * per-product cap (MAX_QTY_PER_PRODUCT); 1 when none is left.
 */
export function quantityMax(inventory: number, maxPerProduct: number): number {
  return Math.max(1, Math.min(Math.floor(inventory), maxPerProduct));
}

/** A quantity the shopper may ask for: a whole number from 1 to the picker's maximum. */
export function clampQuantity(quantity: number, inventory: number, maxPerProduct: number): number {
  const max = quantityMax(inventory, maxPerProduct);
  if (!Number.isFinite(quantity)) return 1;
  return Math.min(max, Math.max(1, Math.floor(quantity)));
}

/** CSS colours of the admin colour presets (spec §9), for swatches. */
const SWATCH_COLORS: Record<string, string> = {
  black: "#171717",
  white: "#ffffff",
  navy: "#1f2a44",
  gray: "#9ca3af",
  grey: "#9ca3af",
  red: "#b91c1c",
  blue: "#2563eb",
  green: "#3f6212",
  yellow: "#facc15",
  pink: "#f9a8d4",
  purple: "#7e22ce",
};

/** The CSS colour of a colour name, or null when the name is not one the store knows. */
export function swatchColor(name: string | null | undefined): string | null {
  if (!name) return null;
  return SWATCH_COLORS[name.trim().toLowerCase()] ?? null;
}

/** What the purchase rules read of a variant: its option, stock and price override. */
export type VariantOffer = Pick<VariantStock, "size" | "color" | "stock" | "priceCents">;

/**
 * What the purchase rules read of a product: its options and its variants (decisions.md §6). A
 * product whose variants are not known (an empty list) is judged by its inventory alone.
 */
export interface PurchasableProduct {
  sizes: readonly string[];
  colors: readonly string[];
  variants: readonly VariantOffer[];
  inventory: number;
  priceCents: number;
}

/** A shopper's choice: null where nothing is chosen (or the product offers no such option). */
export interface Choice {
  size: string | null;
  color: string | null;
}

/** The variants of this colour ('' standing for "none" on a product without colours); all when null. */
function ofColor(product: PurchasableProduct, color: string | null): readonly VariantOffer[] {
  if (product.colors.length === 0 || color === null) return product.variants;
  return product.variants.filter((v) => v.color === color);
}

/** Whether any variant can be bought: 'Out of Stock' for the whole product only when none can. */
export function anyInStock(product: PurchasableProduct): boolean {
  if (product.variants.length === 0) return product.inventory > 0;
  return product.variants.some((v) => v.stock > 0);
}

/** Whether a size can be bought in the chosen colour (in any colour when none is chosen). */
export function isSizeAvailable(product: PurchasableProduct, size: string, color: string | null): boolean {
  if (product.variants.length === 0) return product.inventory > 0;
  return ofColor(product, color).some((v) => v.size === size && v.stock > 0);
}

/** Whether a colour can be bought in any size. */
export function isColorAvailable(product: PurchasableProduct, color: string): boolean {
  if (product.variants.length === 0) return product.inventory > 0;
  return ofColor(product, color).some((v) => v.stock > 0);
}

/** The sizes that have stock in some colour, in the variants' order, without repeats. */
export function sizesWithStock(variants: ReadonlyArray<Pick<VariantOffer, "size" | "stock">>): string[] {
  return [...new Set(variants.filter((v) => v.stock > 0 && v.size !== "").map((v) => v.size))];
}

/**
 * The choice a product page or quick add starts with (spec §2: the first size and the first colour),
 * moved on to the first size and colour in stock: a sold-out first size is never preselected. A
 * `wantedSize` (the size chosen on another colour of the style) wins when it is in stock here, and a
 * `wantedColor` with it (a back-in-stock link names both) when that colour is in stock. When
 * nothing is in stock, the first size and colour.
 */
export function initialChoice(
  product: PurchasableProduct,
  wantedSize?: string | null,
  wantedColor?: string | null,
): Choice {
  const colors: Array<string | null> = product.colors.length > 0 ? [...product.colors] : [null];
  const sizeFirst = product.sizes[0] ?? null;
  // A colour asked for in the URL (a back-in-stock message's link: ?size=M&color=Black), when in stock.
  if (wantedColor && product.colors.includes(wantedColor) && isColorAvailable(product, wantedColor)) {
    if (product.sizes.length === 0) return { size: null, color: wantedColor };
    if (wantedSize && isSizeAvailable(product, wantedSize, wantedColor))
      return { size: wantedSize, color: wantedColor };
    const size = product.sizes.find((s) => isSizeAvailable(product, s, wantedColor));
    if (size !== undefined) return { size, color: wantedColor };
  }
  if (wantedSize && product.sizes.includes(wantedSize)) {
    const color = colors.find((c) => isSizeAvailable(product, wantedSize, c));
    if (color !== undefined) return { size: wantedSize, color };
  }
  for (const color of colors) {
    if (color !== null && !isColorAvailable(product, color)) continue;
    if (product.sizes.length === 0) {
      if (anyInStock(product)) return { size: null, color };
      continue;
    }
    const size = product.sizes.find((s) => isSizeAvailable(product, s, color));
    if (size !== undefined) return { size, color };
  }
  return { size: sizeFirst, color: colors[0] ?? null };
}

/** The choice after picking another colour: the size stays when that colour has it in stock, else none is chosen. */
export function chooseColor(product: PurchasableProduct, choice: Choice, color: string): Choice {
  const keep = choice.size !== null && isSizeAvailable(product, choice.size, color);
  return { size: keep ? choice.size : null, color };
}

/** The variant a choice names, or undefined while a size (or colour) the product offers is not chosen. */
export function chosenVariant(product: PurchasableProduct, choice: Choice): VariantOffer | undefined {
  if (product.sizes.length > 0 && choice.size === null) return undefined;
  if (product.colors.length > 0 && choice.color === null) return undefined;
  return findVariant(product.variants, optionOfLine(product, choice));
}

/** What the purchase box shows for a choice: the chosen variant's stock and price. */
export interface ChoiceOffer {
  /** The chosen variant's stock (the product's inventory when it has no variants); 0 while nothing is chosen. */
  stock: number;
  /** The chosen variant's price (its override, else the product's). */
  priceCents: number;
  /** 'Only {n} left!' for the chosen variant, 1 to 9. */
  lowStock: number | null;
}

export function offerFor(product: PurchasableProduct, choice: Choice): ChoiceOffer {
  if (product.variants.length === 0) {
    return { stock: product.inventory, priceCents: product.priceCents, lowStock: lowStockCount(product.inventory) };
  }
  const variant = chosenVariant(product, choice);
  const stock = variant?.stock ?? 0;
  return { stock, priceCents: variantPrice(product.priceCents, variant), lowStock: lowStockCount(stock) };
}

/**
 * Where a colour swatch leads: the other colour's page, keeping the chosen size (`?size=`) when that
 * colour has it in stock.
 */
export function colorSwitchPath(slug: string, sizesInStock: readonly string[], size: string | null | undefined) {
  const path = `/product/${slug}` as const;
  return size && sizesInStock.includes(size) ? (`${path}?size=${encodeURIComponent(size)}` as const) : path;
}

/**
 * What a card's quick add puts in the cart for a size (null for a product without sizes): that size
 * in the first colour that has it in stock; undefined when no colour has it.
 */
export function quickAddChoice(product: PurchasableProduct, size: string | null): Choice | undefined {
  const colors: Array<string | null> = product.colors.length > 0 ? [...product.colors] : [null];
  const color = colors.find((c) =>
    size === null
      ? c === null
        ? anyInStock(product)
        : isColorAvailable(product, c)
      : isSizeAvailable(product, size, c),
  );
  return color === undefined ? undefined : { size, color };
}
