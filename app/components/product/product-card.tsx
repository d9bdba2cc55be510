import { Star } from "lucide-react";
import { useId, type ReactNode } from "react";
import { Link } from "react-router";
import type { ProductCard as Card } from "~/modules/catalog/product-card";
import { discountPercent } from "~/modules/catalog/product-rules";
import { responsiveImage } from "~/modules/media/image-urls";
import { Price } from "./price";

/** How wide a card's image is shown in the shop and home grids (2 columns, 3 from md, 4 from lg). */
const GRID_SIZES = "(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw";

/**
 * A product tile for grids: image, badges, name, category, price, rating; `children` (e.g. an
 * Add to Cart button) go at the bottom, above the link that covers the card. `sizes` tells the
 * browser how wide the grid shows the image, so an uploaded photo downloads the width it needs.
 */
export function ProductCard({
  product,
  priority = false,
  sizes = GRID_SIZES,
  children,
}: {
  product: Card;
  priority?: boolean;
  sizes?: string;
  children?: ReactNode;
}) {
  const titleId = useId();
  const discount = discountPercent(product.price, product.originalPrice);
  const soldOut = product.inventory <= 0;
  return (
    <article aria-labelledby={titleId} className="group relative flex flex-col">
      <div className="relative aspect-[4/5] overflow-hidden rounded-2xl bg-stone-100">
        <img
          {...responsiveImage(product.image, sizes)}
          alt={product.name}
          width={600}
          height={750}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : "auto"}
          className={`size-full object-cover transition-transform duration-500 group-hover:scale-[1.03] ${soldOut ? "opacity-70" : ""}`}
        />
        <div className="absolute left-3 top-3 flex flex-col gap-1.5">
          {product.isNew && (
            <span className="rounded-full bg-white px-2.5 py-1 text-xs font-semibold text-ink shadow-sm">New</span>
          )}
          {discount > 0 && (
            <span className="rounded-full bg-red-700 px-2.5 py-1 text-xs font-semibold text-white shadow-sm">
              -{discount}%
            </span>
          )}
        </div>
        {soldOut && (
          <span className="absolute bottom-3 left-3 rounded-full bg-ink/85 px-2.5 py-1 text-xs font-medium text-white">
            Sold out
          </span>
        )}
      </div>
      <div className="mt-3 flex flex-1 flex-col gap-1">
        <p className="text-xs uppercase tracking-wider text-muted">{product.category}</p>
        <h3 id={titleId} className="font-medium leading-snug">
          <Link
            to={`/product/${product.slug}`}
            className="after:absolute after:inset-0 after:rounded-2xl hover:text-brand"
          >
            {product.name}
          </Link>
        </h3>
        <div className="mt-auto flex items-center justify-between pt-1">
          <Price cents={product.price} compareAtCents={product.originalPrice} />
          <span
            className="flex items-center gap-1 text-xs text-muted"
            aria-label={`Rated ${product.rating.toFixed(1)} out of 5`}
          >
            <Star className="size-3.5 fill-amber-400 text-amber-400" aria-hidden />
            {product.rating.toFixed(1)}
          </span>
        </div>
        {children}
      </div>
    </article>
  );
}
