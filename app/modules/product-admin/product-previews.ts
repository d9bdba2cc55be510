import { discountPercent, slugify } from "~/modules/catalog/product-rules";
import { dollarsToCentsText, type ProductFormValues } from "./product-form";

/**
 * What a product form shows of its values while they are typed, in both product editors (the
 * /admin/products side panel and the console's modal): the discount a compare-at price makes, and
 * the product as a search result would show it. Pure.
 */

/** Spec §2 (both editors' pricing): the discount percent and the savings, when the compare-at price is above the price. */
export function discountOf(price: string, compareAt: string): { percent: number; savingsCents: number } | null {
  const priceCents = dollarsToCentsText(price);
  const compareCents = dollarsToCentsText(compareAt);
  if (priceCents === null || compareCents === null || compareCents <= priceCents) return null;
  return { percent: discountPercent(priceCents, compareCents), savingsCents: compareCents - priceCents };
}

export const SEO_DESCRIPTION_PREVIEW = 160;

/** Spec §2 SEO & Tags: how the product shows in a search result (title, address, description). */
export function seoPreview(
  values: Pick<ProductFormValues, "name" | "slug" | "metaTitle" | "metaDescription" | "description">,
) {
  const title = values.metaTitle.trim() || values.name.trim() || "Product name";
  const text = (values.metaDescription.trim() || values.description.trim()).replace(/\s+/g, " ");
  const description =
    text.length > SEO_DESCRIPTION_PREVIEW ? `${text.slice(0, SEO_DESCRIPTION_PREVIEW - 1).trimEnd()}…` : text;
  const slug = slugify(values.slug) || slugify(values.name) || "…";
  return { title, path: `/product/${slug}`, description: description || "No description yet." };
}
