import { useId, type ReactNode } from "react";
import { useShopperFit } from "~/components/viewer/shopper-fit";
import type { ProductDetail } from "~/modules/catalog/catalog-types";
import { recommendSize } from "~/modules/fit/size-recommendation";

/**
 * 'Your size: M' beside the size picker (issue 29), with its one-line reason as the label's description,
 * once the shopper's measurements are known: kept on their profile (from the viewer answer) or, for a
 * guest, in this browser. Worked out here, in the browser. Loaded only for a shopper who may have
 * measurements (components/product/find-my-size.tsx); `children` (the 'Find my size' button) sit beside it.
 */
export function YourSize({ product, children }: { product: ProductDetail; children: ReactNode }) {
  const fit = useShopperFit();
  const reasonId = useId();
  const advice =
    fit.known && fit.profile
      ? recommendSize({
          chart: product.sizeChart,
          garment: product.fit.garmentMeasurements,
          reviews: product.reviewStats,
          returns: product.sizeReturns,
          sizes: product.sizes,
          profile: fit.profile,
          unit: fit.unit === "imperial" ? "in" : "cm",
        })
      : null;
  const size = advice?.size ?? null;
  // One shape whether or not there is a size, so the button beside it keeps its focus.
  return (
    <>
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        {size && (
          <p className="text-sm font-semibold" aria-describedby={reasonId} data-testid="your-size">
            Your size: <span className="rounded-full bg-stone-100 px-2.5 py-0.5">{size}</span>
          </p>
        )}
        {children}
      </div>
      {size && (
        <p id={reasonId} className="mt-1 text-xs text-muted">
          {advice!.reason}
        </p>
      )}
    </>
  );
}
