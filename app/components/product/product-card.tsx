import { useId, useState, type ReactNode } from "react";
import { StyleSwatches } from "~/components/shop/style-swatches";
import { SiteLink } from "~/components/ui/site-link";
import { showSwatch, styleSoldOut, type ProductCard as Card } from "~/modules/catalog/product-card";
import { discountPercent } from "~/modules/catalog/product-rules";
import { responsiveImage } from "~/modules/media/image-urls";
import { Price } from "./price";

/** How wide a card's image is shown in the shop and home grids (2 columns, 3 from md, 4 from lg). */
const GRID_SIZES = "(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw";

/** The image a card shows first, as its `<img>` asks for it (a grid's first cards preload it). */
export function cardImage(product: Card, sizes = GRID_SIZES) {
  return responsiveImage(product.image, sizes);
}

/**
 * A style's tile for grids (one card per style): image, badges, name, category, price, rating and the
 * style's colours as swatches; choosing a swatch shows that colour's product (image, name, price) and
 * links the card to it. 'Out of Stock' only when every colour is sold out. `children` (e.g. a quick
 * add) go at the bottom, above the link that covers the card; as a function they get the product shown.
 * `sizes` tells the browser how wide the grid shows the image, so an uploaded photo downloads the
 * width it needs.
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
  children?: ReactNode | ((shown: Card) => ReactNode);
}) {
  const titleId = useId();
  const [shownId, setShownId] = useState(product.id);
  const shown = showSwatch(product, shownId);
  const discount = discountPercent(shown.price, shown.originalPrice);
  const soldOut = styleSoldOut(product);
  return (
    <article aria-labelledby={titleId} className="pc" data-style={product.id}>
      <div className="pc-media">
        <img
          key={shown.id}
          alt={shown.name}
          width={600}
          height={750}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : "auto"}
          className={soldOut ? "pc-img opacity-70" : "pc-img"}
          {...responsiveImage(shown.image, sizes)}
        />
        <div className="pc-badges">
          {shown.isNew && <span className="pc-badge bg-white text-ink">New</span>}
          {discount > 0 && <span className="pc-badge bg-red-700 text-white">-{discount}%</span>}
        </div>
        {soldOut && (
          <span className="absolute bottom-3 left-3 rounded-full bg-ink/85 px-2.5 py-1 text-xs font-medium text-white">
            Out of Stock
          </span>
        )}
      </div>
      <div className="pc-body">
        <p className="pc-category">{product.category}</p>
        <h3 id={titleId} className="pc-title">
          <SiteLink to={`/product/${shown.slug}`} className="pc-link">
            {shown.name}
          </SiteLink>
        </h3>
        <div className="pc-foot">
          <Price cents={shown.price} compareAtCents={shown.originalPrice} />
          <span className="pc-rating" aria-label={`Rated ${product.rating.toFixed(1)} out of 5`}>
            {product.rating.toFixed(1)}
          </span>
        </div>
        {product.swatches.length > 0 && (
          <StyleSwatches styleName={product.name} swatches={product.swatches} shownId={shown.id} onShow={setShownId} />
        )}
        {typeof children === "function" ? children(shown) : children}
      </div>
    </article>
  );
}
