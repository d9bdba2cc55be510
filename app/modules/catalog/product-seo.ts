import type { MetaDescriptor } from "react-router";
import { centsToDecimalString } from "~/lib/money";
import { absoluteUrl, pageMeta, SHOP_NAME } from "~/lib/seo";
import type { ProductDetail } from "./catalog-types";

/**
 * Everything a search engine and a link preview need for a product page (SEO): title and
 * description from meta_title / meta_description (else name and description), canonical URL, Open
 * Graph with the image, and JSON-LD `Product` with price, currency and availability.
 */
export function productMeta(product: ProductDetail, origin: string): MetaDescriptor[] {
  const path = `/product/${product.slug}`;
  const title = product.metaTitle?.trim() || `${product.name} | ${SHOP_NAME}`;
  const description = product.metaDescription?.trim() || product.description || product.name;
  return [
    ...pageMeta({ title, description, origin, path, image: product.images[0], type: "product" }),
    { property: "product:price:amount", content: centsToDecimalString(product.priceCents) },
    { property: "product:price:currency", content: "USD" },
    { "script:ld+json": productJsonLd(product, origin) },
  ];
}

export function productJsonLd(product: ProductDetail, origin: string) {
  const url = absoluteUrl(origin, `/product/${product.slug}`);
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    sku: product.sku,
    image: product.images.map((src) => absoluteUrl(origin, src)),
    url,
    brand: { "@type": "Brand", name: SHOP_NAME },
    ...(product.category ? { category: product.category.name } : {}),
    ...(product.reviewCount > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: product.rating,
            reviewCount: product.reviewCount,
          },
        }
      : {}),
    offers: {
      "@type": "Offer",
      url,
      price: centsToDecimalString(product.priceCents),
      priceCurrency: "USD",
      availability: product.inventory > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
    },
  };
}
