import { ShoppingBag, Star } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { useAddToCart } from "~/components/cart/use-add-to-cart";
import { Price } from "~/components/product/price";
import type { ProductCard } from "~/modules/catalog/product-card";
import { discountPercent } from "~/modules/catalog/product-rules";

/**
 * A search result: image, badges, name, category, price and rating, with an Add to Cart button
 * that puts one piece in the cart in the product's first size and first colour (or the cart's
 * defaults when it has none). Out-of-stock products cannot be added.
 */
export function SearchResultCard({ product, priority = false }: { product: ProductCard; priority?: boolean }) {
  const addToCart = useAddToCart();
  const titleId = useId();
  const discount = discountPercent(product.price, product.originalPrice);
  const outOfStock = product.inventory <= 0;

  return (
    <article aria-labelledby={titleId} className="group relative flex flex-col">
      <div className="relative aspect-[4/5] overflow-hidden rounded-2xl bg-stone-100">
        <img
          src={product.image}
          alt={product.name}
          width={600}
          height={750}
          loading={priority ? "eager" : "lazy"}
          className={`size-full object-cover transition-transform duration-500 group-hover:scale-[1.03] ${outOfStock ? "opacity-70" : ""}`}
        />
        <div className="absolute left-3 top-3 flex flex-col gap-1.5">
          {product.isNew && <span className="rounded-full bg-white px-2.5 py-1 text-xs font-semibold text-ink shadow-sm">New</span>}
          {discount > 0 && (
            <span className="rounded-full bg-red-700 px-2.5 py-1 text-xs font-semibold text-white shadow-sm">-{discount}%</span>
          )}
        </div>
        {outOfStock && (
          <span aria-hidden className="absolute bottom-3 left-3 rounded-full bg-ink/85 px-2.5 py-1 text-xs font-medium text-white">
            Sold out
          </span>
        )}
      </div>
      <div className="mt-3 flex flex-1 flex-col gap-1">
        <p className="text-xs uppercase tracking-wider text-muted">{product.category}</p>
        <h3 id={titleId} className="font-medium leading-snug">
          <Link to={`/product/${product.slug}`} className="after:absolute after:inset-0 after:rounded-2xl hover:text-brand">
            {product.name}
          </Link>
        </h3>
        <div className="mt-auto flex items-center justify-between pt-1">
          <Price cents={product.price} compareAtCents={product.originalPrice} />
          <span className="flex items-center gap-1 text-xs text-muted" aria-label={`Rated ${product.rating.toFixed(1)} out of 5`}>
            <Star className="size-3.5 fill-amber-400 text-amber-400" aria-hidden />
            {product.rating.toFixed(1)}
          </span>
        </div>
        {outOfStock ? (
          <button
            type="button"
            disabled
            className="relative z-10 mt-3 flex w-full cursor-not-allowed items-center justify-center gap-2 rounded-full border border-line bg-stone-100 px-4 py-2.5 text-sm font-medium text-stone-500"
          >
            Out of Stock
          </button>
        ) : (
          <button
            type="button"
            aria-label={`Add ${product.name} to cart`}
            onClick={() =>
              addToCart({
                id: product.id,
                name: product.name,
                slug: product.slug,
                priceCents: product.price,
                image: product.image,
                size: product.sizes[0],
                color: product.colors[0],
                quantity: 1,
              })
            }
            className="relative z-10 mt-3 flex w-full items-center justify-center gap-2 rounded-full bg-ink px-4 py-2.5 text-sm font-medium text-white transition-colors hover:bg-black"
          >
            <ShoppingBag className="size-4" aria-hidden />
            Add to Cart
          </button>
        )}
      </div>
    </article>
  );
}
