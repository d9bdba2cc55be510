import { useId, type ReactNode } from "react";
import { SiteLink } from "~/components/ui/site-link";
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
    <article aria-labelledby={titleId} className="pc">
      <div className="pc-media">
        <img
          alt={product.name}
          width={600}
          height={750}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : "auto"}
          className={soldOut ? "pc-img opacity-70" : "pc-img"}
          {...responsiveImage(product.image, sizes)}
        />
        <div className="pc-badges">
          {product.isNew && <span className="pc-badge bg-white text-ink">New</span>}
          {discount > 0 && <span className="pc-badge bg-red-700 text-white">-{discount}%</span>}
        </div>
        {soldOut && (
          <span className="absolute bottom-3 left-3 rounded-full bg-ink/85 px-2.5 py-1 text-xs font-medium text-white">
            Sold out
          </span>
        )}
      </div>
      <div className="pc-body">
        <p className="pc-category">{product.category}</p>
        <h3 id={titleId} className="pc-title">
          <SiteLink to={`/product/${product.slug}`} className="pc-link">
            {product.name}
          </SiteLink>
        </h3>
        <div className="pc-foot">
          <Price cents={product.price} compareAtCents={product.originalPrice} />
          <span className="pc-rating" aria-label={`Rated ${product.rating.toFixed(1)} out of 5`}>
            {product.rating.toFixed(1)}
          </span>
        </div>
        {children}
      </div>
    </article>
  );
}
