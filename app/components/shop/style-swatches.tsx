import { useRef } from "react";
import { SiteLink } from "~/components/ui/site-link";
import type { CardSwatch } from "~/modules/catalog/product-card";
import { swatchColor } from "~/modules/catalog/purchase-rules";
import { responsiveImage } from "~/modules/media/image-urls";

/**
 * A card's colours (one card per style): each swatch is a link to that colour's product. Pointing at
 * a swatch (mouse hover, keyboard focus) shows its colour on the card; a tap on a swatch not yet shown
 * shows it instead of following the link (phones have no hover), and a tap on the shown one follows
 * it, as Enter does. Without JavaScript every swatch is a plain link.
 */
export function StyleSwatches({
  styleName,
  swatches,
  shownId,
  onShow,
}: {
  styleName: string;
  swatches: readonly CardSwatch[];
  shownId: string;
  onShow: (id: string) => void;
}) {
  // Whether the pointer went down on the swatch already shown: its click then follows the link.
  const pressedShown = useRef(true);
  return (
    <ul aria-label={`Colours of ${styleName}`} className="sw-list">
      {swatches.map((s) => {
        const css = swatchColor(s.color);
        const shown = s.id === shownId;
        const soldOut = s.inventory <= 0;
        return (
          <li key={s.id}>
            <SiteLink
              to={`/product/${s.slug}`}
              aria-label={soldOut ? `${s.color}, sold out` : s.color}
              aria-current={shown ? "true" : undefined}
              onPointerEnter={(event) => {
                if (event.pointerType === "mouse") onShow(s.id);
              }}
              onFocus={(event) => {
                if (event.currentTarget.matches(":focus-visible")) onShow(s.id);
              }}
              onPointerDown={() => {
                pressedShown.current = shown;
              }}
              onClick={(event) => {
                if (!pressedShown.current) {
                  event.preventDefault();
                  onShow(s.id);
                }
                pressedShown.current = true;
              }}
              className="sw"
            >
              {css ? (
                <span aria-hidden className="sw-dot" style={{ backgroundColor: css }} />
              ) : (
                <img
                  alt=""
                  width={24}
                  height={24}
                  loading="lazy"
                  className="sw-dot"
                  {...responsiveImage(s.image, "24px")}
                />
              )}
              {soldOut && <span aria-hidden className="sw-out" />}
            </SiteLink>
          </li>
        );
      })}
    </ul>
  );
}
