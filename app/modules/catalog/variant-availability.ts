import type { ProductDetail } from "./catalog-types";
import type { PurchasableProduct, VariantOffer } from "./purchase-rules";

/**
 * A product's sizes and colours with each variant's stock and price: what a card's quick add needs to
 * offer the sizes in stock (`GET /api/products/{slug}/variants`). The listing pages do not carry it, so
 * their render stays as it was; it is loaded when a shopper opens the quick add. Types only: the
 * browser imports this, and no schema library comes along.
 */
export interface VariantAvailability extends PurchasableProduct {
  id: string;
  sizes: string[];
  colors: string[];
  variants: VariantOffer[];
}

/** The availability of a product page's product: no SKUs, ids or descriptions, only what choosing needs. */
export function variantAvailabilityOf(product: ProductDetail): VariantAvailability {
  return {
    id: product.id,
    priceCents: product.priceCents,
    inventory: product.inventory,
    sizes: product.sizes,
    colors: product.colors,
    variants: product.variants.map(({ size, color, stock, priceCents }) => ({ size, color, stock, priceCents })),
  };
}

/** Whether a JSON answer has the shape of an availability (the browser's check of the endpoint's answer). */
export function isVariantAvailability(body: unknown): body is VariantAvailability {
  if (typeof body !== "object" || body === null) return false;
  const b = body as Record<string, unknown>;
  return (
    typeof b.id === "string" &&
    typeof b.priceCents === "number" &&
    typeof b.inventory === "number" &&
    Array.isArray(b.sizes) &&
    Array.isArray(b.colors) &&
    Array.isArray(b.variants) &&
    b.variants.every(
      (v: unknown) =>
        typeof v === "object" &&
        v !== null &&
        typeof (v as VariantOffer).size === "string" &&
        typeof (v as VariantOffer).color === "string" &&
        typeof (v as VariantOffer).stock === "number",
    )
  );
}

/** The path of a product's availability. */
export function variantAvailabilityPath(slug: string) {
  return `/api/products/${encodeURIComponent(slug)}/variants` as const;
}
