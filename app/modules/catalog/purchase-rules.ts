/** Pure rules of the product page's purchase box (spec §2 Product detail, §8 toasts). */

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
