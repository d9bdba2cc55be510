import type { MetaDescriptor } from "react-router";
import { centsToDecimalString } from "~/lib/money";
import { absoluteUrl, pageMeta, SHOP_NAME } from "~/lib/seo";
import type { ProductDetail } from "./catalog-types";
import { variantPrice } from "./variant-rules";

/** A published review as the JSON-LD tells it (the product page's first page of reviews). */
export interface ReviewForSeo {
  authorName: string;
  rating: number;
  title: string;
  body: string;
  /** When it was written (ISO). */
  date: string;
}

/**
 * Everything a search engine and a link preview need for a product page (SEO): title and
 * description from meta_title / meta_description (else name and description), canonical URL, Open
 * Graph with the image, and JSON-LD `Product` with an offer per variant (size and colour): its SKU,
 * price, currency and availability; with its published reviews' `AggregateRating` and the first page's
 * `Review`s (issue 29).
 */
export function productMeta(
  product: ProductDetail,
  origin: string,
  shopName: string = SHOP_NAME,
  reviews: readonly ReviewForSeo[] = [],
): MetaDescriptor[] {
  const path = `/product/${product.slug}`;
  const title = product.metaTitle?.trim() || `${product.name} | ${shopName}`;
  const description = product.metaDescription?.trim() || product.description || product.name;
  return [
    ...pageMeta({ title, description, origin, path, image: product.images[0], type: "product", siteName: shopName }),
    { property: "product:price:amount", content: centsToDecimalString(product.priceCents) },
    { property: "product:price:currency", content: "USD" },
    { "script:ld+json": productJsonLd(product, origin, shopName, reviews) },
  ];
}

/**
 * The product as schema.org reads it; the store (Settings → Store) is its brand. `AggregateRating` is the
 * stored aggregate of its published reviews (`rating`, `review_count`, kept in each review's transaction),
 * only when there is one; `reviews` are given as `Review`s. Text goes in as it is: React Router's `<Meta>`
 * escapes `<`, `>` and `&` in the script, so no review can close it.
 */
export function productJsonLd(
  product: ProductDetail,
  origin: string,
  shopName: string = SHOP_NAME,
  reviews: readonly ReviewForSeo[] = [],
) {
  const url = absoluteUrl(origin, `/product/${product.slug}`);
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    sku: product.sku,
    image: product.images.map((src) => absoluteUrl(origin, src)),
    url,
    brand: { "@type": "Brand", name: shopName },
    ...(product.category ? { category: product.category.name } : {}),
    ...(product.reviewCount > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: product.rating,
            reviewCount: product.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
          ...(reviews.length > 0 ? { review: reviews.map(reviewJsonLd) } : {}),
        }
      : {}),
    offers: productOffers(product, url),
  };
}

function reviewJsonLd(review: ReviewForSeo) {
  return {
    "@type": "Review",
    name: review.title,
    reviewBody: review.body,
    datePublished: review.date.slice(0, 10),
    author: { "@type": "Person", name: review.authorName },
    reviewRating: { "@type": "Rating", ratingValue: review.rating, bestRating: 5, worstRating: 1 },
  };
}

const availability = (stock: number) => (stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock");

/**
 * One Offer per variant (decisions.md §6: stock and price per size and colour), named by its size and
 * colour, linking the page with the size chosen; one Offer alone for a product with one variant.
 */
function productOffers(product: ProductDetail, url: string) {
  const offer = (fields: { sku?: string; name?: string; url: string; priceCents: number; stock: number }) => ({
    "@type": "Offer",
    ...(fields.name ? { name: fields.name } : {}),
    ...(fields.sku ? { sku: fields.sku } : {}),
    url: fields.url,
    price: centsToDecimalString(fields.priceCents),
    priceCurrency: "USD",
    availability: availability(fields.stock),
    itemCondition: "https://schema.org/NewCondition",
  });
  if (product.variants.length === 0) return offer({ url, priceCents: product.priceCents, stock: product.inventory });
  const offers = product.variants.map((v) =>
    offer({
      sku: v.sku,
      name: [v.size && `Size ${v.size}`, v.color].filter(Boolean).join(", ") || undefined,
      url: v.size ? `${url}?size=${encodeURIComponent(v.size)}` : url,
      priceCents: variantPrice(product.priceCents, v),
      stock: v.stock,
    }),
  );
  return offers.length === 1 ? offers[0]! : offers;
}
