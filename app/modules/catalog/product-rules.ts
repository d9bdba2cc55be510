/** Pure catalogue rules of the spec (§4, §5, §9), shared by server and browser. */

export const NEW_PRODUCT_DAYS = 30;

/**
 * Slug of spec §5: lowercase; drop characters other than letters, digits, spaces and hyphens;
 * spaces to hyphens; repeated hyphens collapsed. Accents are folded first ("Café" → "cafe"), and
 * hyphens at either end are trimmed so a slug always makes a clean URL.
 */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}

/** On sale when the compare-at price is above the price. */
export function isOnSale(priceCents: number, compareAtCents: number | null | undefined): boolean {
  return compareAtCents != null && compareAtCents > priceCents;
}

/** Discount shown on sale items: rounded percent of (1 - price / compare-at); 0 when not on sale. */
export function discountPercent(priceCents: number, compareAtCents: number | null | undefined): number {
  if (!isOnSale(priceCents, compareAtCents)) return 0;
  return Math.round((1 - priceCents / compareAtCents!) * 100);
}

/** Low-stock notice 'Only {n} left!' shows for inventory 1 to 9. */
export function lowStockCount(inventory: number): number | null {
  return inventory >= 1 && inventory <= 9 ? inventory : null;
}

export const FALLBACK_IMAGE = "/images/placeholder.svg";

/** Main image of a product: its first image, else image_url, else the fallback. */
export function primaryImage(product: { imageUrl?: string | null; images?: readonly string[] | null }): string {
  return product.images?.find((src) => src.trim() !== "") ?? (product.imageUrl?.trim() || FALLBACK_IMAGE);
}
