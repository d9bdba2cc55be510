import { slugify } from "~/modules/catalog/product-rules";
import { PRODUCT_LIMITS } from "./product-form";

/**
 * 'Duplicate product': the copy's name, slug and SKU. Pure. The n-th try (n ≥ 1) answers the n-th
 * candidate, so the server can walk to the first one no other product holds.
 */

/** 'Copy of {name}', within the name's limit. */
export function copyName(name: string): string {
  return `Copy of ${name}`.slice(0, PRODUCT_LIMITS.name).trim();
}

const withSuffix = (base: string, suffix: string, max: number) =>
  `${base.slice(0, Math.max(1, max - suffix.length)).replace(/-+$/, "")}${suffix}`;

/** The copy's slug: the copy name's ('copy-of-linen-shirt'), then '-2', '-3'… */
export function copySlug(name: string, attempt: number): string {
  const base = slugify(copyName(name)) || "copy";
  return attempt <= 1 ? base.slice(0, PRODUCT_LIMITS.slug) : withSuffix(base, `-${attempt}`, PRODUCT_LIMITS.slug);
}

/** The copy's SKU: '{sku}-COPY', then '{sku}-COPY2', '-COPY3'… */
export function copySku(sku: string, attempt: number): string {
  return withSuffix(sku, attempt <= 1 ? "-COPY" : `-COPY${attempt}`, PRODUCT_LIMITS.sku);
}

export const DUPLICATE_MESSAGES = {
  duplicated: (name: string) => `Duplicated as '${name}' (inactive): review it and activate it when ready`,
  failed: "Failed to duplicate product",
  noFreeName: "Could not find a free slug and SKU for the copy. Rename the copies made before and try again.",
} as const;
