import type { SitePath } from "~/lib/redirects";
import { ArrowLeft, ChevronRight, RotateCcw, ShieldCheck, Truck } from "~/components/ui/icons";
import { data, isRouteErrorResponse, redirect, useLocation, useSearchParams } from "react-router";
import { SiteLink } from "~/components/ui/site-link";
import { ProductGallery } from "~/components/product/product-gallery";
import { ProductPurchase } from "~/components/product/product-purchase";
import { ProductReviews, RatingStars, REVIEWS_SECTION } from "~/components/product/product-reviews";
import { shownMessage } from "~/components/error-screen";
import { originFromMatches, shopNameFromMatches } from "~/lib/seo";
import { useShop } from "~/components/use-root-data";
import { shortPrice } from "~/modules/content/shop-words";
import { pageLoader } from "~/lib/http/error-answer.server";
import { services } from "~/services.server";
import { SharedMarkup } from "~/lib/render/shared-markup";
import type { ProductDetail } from "~/modules/catalog/catalog-types";
import { discountPercent } from "~/modules/catalog/product-rules";
import { productMeta } from "~/modules/catalog/product-seo";
import { canonicalReviewsSearch, isDefaultReviewQuery, parseReviewQuery } from "~/modules/reviews/review-query";
import type { Route } from "./+types/product";

/**
 * Product detail (spec §2): an active product by slug with its variants, else 404 'Product not found';
 * with a page of its published reviews as the URL's `reviews_…` parameters filter and sort them (issue 29).
 * A URL whose review parameters are not written the one way (an empty filter a form without JavaScript
 * sends, a default, an unknown value) is sent to the one that is: one cached page per view.
 */
async function load({ params, request }: Route.LoaderArgs) {
  const product = await services().catalog.productBySlug(params.slug);
  if (!product) throw data("Product not found", { status: 404 });
  const url = new URL(request.url);
  const query = parseReviewQuery(url.searchParams);
  const canonical = canonicalReviewsSearch(url.searchParams, query);
  if (canonical !== null) throw redirect(`/product/${product.slug}${canonical}`);
  const reviews = await services().reviewReads.page(product, query);
  return { product, reviews };
}
export const loader = pageLoader(load);

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const shopName = shopNameFromMatches(matches);
  if (!loaderData?.product) {
    return [{ title: `Product not found | ${shopName}` }, { name: "robots", content: "noindex" }];
  }
  // The reviews a search engine reads are the first page of all of them, newest first (the canonical page's).
  const { reviews } = loaderData;
  const seoReviews = isDefaultReviewQuery(reviews.query) ? reviews.reviews : [];
  return productMeta(loaderData.product, originFromMatches(matches), shopName, seoReviews);
}

/** The promises beside the product; the shipping one follows the store's free-shipping threshold. */
function perksOf(freeShippingOverCents: number | null, returnDays: number) {
  return [
    freeShippingOverCents === null
      ? { icon: Truck, text: "Standard, express and overnight shipping" }
      : {
          icon: Truck,
          text:
            freeShippingOverCents === 0
              ? "Free standard shipping on every order"
              : `Free standard shipping on orders over ${shortPrice(freeShippingOverCents)}`,
        },
    { icon: RotateCcw, text: `Free ${returnDays}-day returns and exchanges` },
    { icon: ShieldCheck, text: "Secure, encrypted checkout" },
  ];
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, reviews } = loaderData;
  const shop = useShop();
  // A colour switch passes the size chosen on the other colour (?size=M), a back-in-stock link the size
  // and colour (?size=M&color=Black); preselected when in stock here.
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const discount = discountPercent(product.priceCents, product.originalPriceCents);

  return (
    <div className="container-page pb-20 pt-6 lg:pt-8">
      <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2">
        <Breadcrumb product={product} />
        <SiteLink to="/shop" className="inline-flex items-center gap-1.5 text-sm font-medium text-muted hover:text-ink">
          <ArrowLeft className="size-4" aria-hidden />
          Back to Shop
        </SiteLink>
      </div>

      <div className="mt-6 grid gap-10 lg:mt-8 lg:grid-cols-2 lg:gap-16">
        <div className="lg:sticky lg:top-24 lg:self-start">
          <ProductGallery key={product.id} images={product.images} name={product.name} />
        </div>

        <div className="flex flex-col lg:pt-2">
          <div className="flex flex-wrap items-center gap-2">
            {product.category && (
              <p className="mr-2 text-xs font-semibold uppercase tracking-[0.2em] text-brand">
                {product.category.name}
              </p>
            )}
            {product.isNew && (
              <span className="rounded-full border border-ink px-2.5 py-0.5 text-xs font-semibold">New</span>
            )}
            {discount > 0 && (
              <span className="rounded-full bg-red-700 px-2.5 py-0.5 text-xs font-semibold text-white">
                Save {discount}%
              </span>
            )}
          </div>

          <h1 className="mt-3 font-display text-4xl font-semibold leading-tight tracking-tight sm:text-[2.75rem]">
            {product.name}
          </h1>

          {/* Stars and a count only as real reviews back them (decisions.md): a link to them. */}
          {product.reviewCount > 0 && (
            <a
              href={`#${REVIEWS_SECTION}`}
              className="mt-3 flex w-fit items-center gap-2 text-sm text-muted hover:text-ink"
            >
              <RatingStars rating={product.rating} />
              <span className="font-medium text-ink">{product.rating.toFixed(1)}</span>
              <span aria-hidden>·</span>
              <span className="underline-offset-4 hover:underline">
                {product.reviewCount} {product.reviewCount === 1 ? "review" : "reviews"}
              </span>
            </a>
          )}

          {/* The price, then the pickers: the chosen size's price and stock. */}
          <ProductPurchase
            key={product.id}
            product={product}
            preferredSize={searchParams.get("size")}
            preferredColor={searchParams.get("color")}
          />

          <ul className="mt-8 grid gap-3 rounded-2xl bg-stone-100 px-5 py-5 text-sm text-stone-700">
            {perksOf(shop.shipping.freeShippingOverCents, shop.returnDays).map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-3">
                <Icon className="size-4 shrink-0 text-brand" aria-hidden />
                {text}
              </li>
            ))}
          </ul>

          <section aria-labelledby="description-title" className="mt-10 border-t border-line pt-8">
            <h2 id="description-title" className="font-semibold">
              Description
            </h2>
            <p className="mt-3 whitespace-pre-line leading-7 text-stone-700">{product.description}</p>
          </section>

          <section aria-labelledby="details-title" className="mt-8 border-t border-line pt-8 pb-8">
            <h2 id="details-title" className="font-semibold">
              Details
            </h2>
            <dl className="mt-4 grid grid-cols-[7rem_1fr] gap-x-4 gap-y-3 text-sm">
              <dt className="text-muted">SKU</dt>
              <dd className="font-mono text-[13px]">{product.sku}</dd>
              {product.category && (
                <>
                  <dt className="text-muted">Category</dt>
                  <dd>{product.category.name}</dd>
                </>
              )}
              {product.tags.length > 0 && (
                <>
                  <dt className="text-muted">Tags</dt>
                  <dd>
                    <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
                      {product.tags.map((tag) => (
                        <li
                          key={tag}
                          className="rounded-full border border-line bg-white px-2.5 py-0.5 text-xs text-stone-700"
                        >
                          {tag}
                        </li>
                      ))}
                    </ul>
                  </dd>
                </>
              )}
            </dl>
          </section>

          {/* The reviews depend on their page (the review read cache's entry, emptied with the catalogue's),
              the product's sums, the URL (the filters' links) and the shop's name and time zone: every
              viewer of the same view shares their markup (decision 0043). */}
          <SharedMarkup
            id="product-reviews"
            owner={reviews}
            variant={`${product.id}:${product.reviewCount}:${location.pathname}${location.search}:${shop.timeZone}:${shop.name}`}
          >
            <ProductReviews reviewCount={product.reviewCount} stats={product.reviewStats} page={reviews} />
          </SharedMarkup>
        </div>
      </div>
    </div>
  );
}

function Breadcrumb({ product }: { product: ProductDetail }) {
  const crumbs: Array<{ to: SitePath; label: string }> = [
    { to: "/", label: "Home" },
    product.category
      ? { to: `/shop/${product.category.slug}`, label: product.category.name }
      : { to: "/shop", label: "Shop" },
  ];
  return (
    <nav aria-label="Breadcrumb" className="min-w-0 text-sm">
      <ol className="flex items-center gap-1.5 text-muted">
        {crumbs.map((crumb) => (
          <li key={crumb.to} className="flex items-center gap-1.5">
            <SiteLink to={crumb.to} className="hover:text-ink">
              {crumb.label}
            </SiteLink>
            <ChevronRight className="size-3.5 shrink-0" aria-hidden />
          </li>
        ))}
        <li className="min-w-0 truncate font-medium text-ink" aria-current="page">
          {product.name}
        </li>
      </ol>
    </nav>
  );
}

/** 'Product not found' for a missing or inactive slug (404), 'Failed to fetch product' otherwise (spec §8). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div
      role="alert"
      className="container-page flex min-h-[60vh] flex-col items-center justify-center gap-4 py-20 text-center"
    >
      <p className="text-sm font-semibold uppercase tracking-[0.2em] text-brand">{notFound ? "404" : "Error"}</p>
      <h1 className="font-display text-4xl font-semibold tracking-tight">
        {notFound ? "Product not found" : "Failed to fetch product"}
      </h1>
      <p className="max-w-md text-muted">
        {notFound
          ? "This product is no longer available, or the link is not quite right."
          : (shownMessage(error) ?? "We could not load this product just now. Please try again in a moment.")}
      </p>
      <SiteLink
        to="/shop"
        className="mt-4 inline-flex items-center gap-2 rounded-full bg-ink px-7 py-3.5 text-sm font-semibold text-white hover:bg-black"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Back to Shop
      </SiteLink>
    </div>
  );
}
