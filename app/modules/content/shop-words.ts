import { formatCents } from "~/lib/money";

/**
 * Small wordings of the store's settings that the storefront and the page texts share. Pure: the
 * browser's bundle may have them.
 */

/** "$50" for whole dollars, "$9.99" otherwise (`formatCents`, without a browser's number formatter). */
export function shortPrice(cents: number): string {
  const price = formatCents(cents);
  return cents % 100 === 0 ? price.slice(0, -3) : price;
}

/** "+1 (555) 010-2030" → "tel:+15550102030". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** "Free shipping on orders over $50", or null when the store never ships free. */
export function freeShippingWords(freeShippingOverCents: number | null): string | null {
  if (freeShippingOverCents === null) return null;
  return freeShippingOverCents === 0
    ? "Free shipping on every order"
    : `Free shipping on orders over ${shortPrice(freeShippingOverCents)}`;
}
