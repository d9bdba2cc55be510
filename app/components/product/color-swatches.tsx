import { SiteLink } from "~/components/ui/site-link";
import type { ProductDetail } from "~/modules/catalog/catalog-types";
import { colorSwitchPath, swatchColor } from "~/modules/catalog/purchase-rules";
import { responsiveImage } from "~/modules/media/image-urls";
import { swapToFallbackImage } from "./product-gallery";

interface Swatch {
  slug: string;
  /** Its sizes in stock (the current product's are not needed: its link is the page itself). */
  sizesInStock: readonly string[];
  color: string;
  image: string;
  isMain: boolean;
  current: boolean;
  soldOut: boolean;
}

/** The product and the other products of its group, main product first, the rest by name; stable on every member's page. */
export function groupSwatches(product: ProductDetail): Swatch[] {
  const currentIsMain = !product.groupMembers.some((m) => m.isMain);
  const all: Array<Swatch & { name: string }> = [
    {
      slug: product.slug,
      sizesInStock: [],
      name: product.name,
      color: product.colors[0] ?? product.name,
      image: product.images[0] ?? "",
      isMain: currentIsMain,
      current: true,
      soldOut: product.inventory === 0,
    },
    ...product.groupMembers.map((m) => ({
      slug: m.slug,
      sizesInStock: m.sizesInStock,
      name: m.name,
      color: m.colors[0] ?? m.name,
      image: m.image,
      isMain: m.isMain,
      current: false,
      soldOut: m.inventory === 0,
    })),
  ];
  return all
    .sort((a, b) => Number(b.isMain) - Number(a.isMain) || a.name.localeCompare(b.name))
    .map(({ name: _name, ...swatch }) => swatch);
}

/**
 * Colour swatches of a product group (spec §2): each one links to that colour's own page, so the
 * choice lives in the URL. The page keys its gallery by product, which resets the image index. A
 * chosen `size` goes along (`?size=`) to the colours that have it in stock, so the switch keeps it.
 */
export function ColorSwatches({ product, size = null }: { product: ProductDetail; size?: string | null }) {
  const swatches = groupSwatches(product);
  return (
    <ul aria-label="Colors" className="flex flex-wrap gap-3">
      {swatches.map((s) => {
        const css = swatchColor(s.color);
        return (
          <li key={s.slug}>
            <SiteLink
              to={s.current ? `/product/${s.slug}` : colorSwitchPath(s.slug, s.sizesInStock, size)}
              preventScrollReset
              aria-label={`Color: ${s.color}`}
              aria-current={s.current ? "page" : undefined}
              title={s.soldOut ? `${s.color} (sold out)` : s.color}
              className={`relative flex size-11 items-center justify-center rounded-full ring-offset-2 transition ${
                s.current ? "ring-2 ring-ink" : "ring-1 ring-line hover:ring-stone-400"
              }`}
            >
              {css ? (
                <span
                  aria-hidden
                  className="size-9 rounded-full border border-black/10 shadow-inner"
                  style={{ backgroundColor: css }}
                />
              ) : (
                <img
                  alt=""
                  width={36}
                  height={36}
                  loading="lazy"
                  onError={swapToFallbackImage}
                  className="size-9 rounded-full object-cover"
                  {...responsiveImage(s.image, "36px")}
                />
              )}
              {s.soldOut && (
                <span
                  aria-hidden
                  className="absolute h-0.5 w-10 rotate-45 rounded-full bg-stone-400 ring-1 ring-white"
                />
              )}
            </SiteLink>
          </li>
        );
      })}
    </ul>
  );
}
