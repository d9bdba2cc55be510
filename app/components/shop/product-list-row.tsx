import type { SitePath } from "~/lib/redirects";
import { SiteLink } from "~/components/ui/site-link";
import { Price } from "~/components/product/price";
import { styleSoldOut, type ProductCard } from "~/modules/catalog/product-card";
import { discountPercent } from "~/modules/catalog/product-rules";
import { responsiveImage } from "~/modules/media/image-urls";

/** A style in the shop's list view: image left; name, category, rating, sizes, colours and price; a View link. */
export function ProductListRow({ product, priority = false }: { product: ProductCard; priority?: boolean }) {
  const discount = discountPercent(product.price, product.originalPrice);
  const href: SitePath = `/product/${product.slug}`;
  return (
    <article className="flex gap-4 rounded-2xl border border-line bg-white p-3 transition-shadow hover:shadow-md sm:gap-6 sm:p-4">
      <SiteLink
        to={href}
        tabIndex={-1}
        aria-hidden
        className="relative block w-24 shrink-0 overflow-hidden rounded-xl bg-stone-100 sm:w-36"
      >
        <img
          alt=""
          width={288}
          height={360}
          loading={priority ? "eager" : "lazy"}
          className="aspect-[4/5] size-full object-cover"
          {...responsiveImage(product.image, "(min-width: 640px) 144px, 96px")}
        />
        {discount > 0 && (
          <span className="absolute left-2 top-2 rounded-full bg-red-700 px-2 py-0.5 text-[11px] font-semibold text-white">
            -{discount}%
          </span>
        )}
      </SiteLink>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 py-1 sm:flex-row sm:items-center sm:gap-6">
        <div className="min-w-0 flex-1">
          <p className="text-xs uppercase tracking-wider text-muted">{product.category}</p>
          <h3 className="mt-1 font-medium leading-snug sm:text-lg">
            <SiteLink to={href} className="hover:text-brand">
              {product.name}
            </SiteLink>
          </h3>
          <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
            <span className="flex items-center gap-1" aria-label={`Rated ${product.rating.toFixed(1)} out of 5`}>
              <span className="rating-star" aria-hidden />
              {product.rating.toFixed(1)}
            </span>
            {product.isNew && <span className="rounded-full bg-stone-100 px-2 py-0.5 font-semibold text-ink">New</span>}
            {product.sizes.length > 0 && <span className="hidden sm:inline">Sizes {product.sizes.join(", ")}</span>}
            {styleSoldOut(product) && <span className="font-medium text-ink">Out of Stock</span>}
            {product.swatches.length > 0 && (
              <span>
                {product.swatches.length} colours: {product.swatches.map((s) => s.color).join(", ")}
              </span>
            )}
          </div>
        </div>
        <div className="mt-auto flex items-center justify-between gap-4 sm:mt-0 sm:flex-col sm:items-end sm:justify-center">
          <Price cents={product.price} compareAtCents={product.originalPrice} />
          <SiteLink
            to={href}
            aria-label={`View ${product.name}`}
            className="rounded-full border border-ink px-4 py-1.5 text-sm font-medium hover:bg-ink hover:text-white"
          >
            View
          </SiteLink>
        </div>
      </div>
    </article>
  );
}
