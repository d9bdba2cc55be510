import { useId } from "react";
import { useShopperFit } from "~/components/viewer/shopper-fit";
import type { ProductDetail } from "~/modules/catalog/catalog-types";
import { recommendSize } from "~/modules/fit/size-recommendation";

/**
 * 'Your size: M' beside the size picker (issue 29), with its one-line reason as the label's description,
 * once the shopper's measurements are known: kept on their profile (from the viewer answer) or, for a
 * guest, in this browser. Worked out here, in the browser. Loaded only for a shopper who may have
 * measurements (components/product/find-my-size.tsx).
 */
export function YourSize({ product }: { product: ProductDetail }) {
  const fit = useShopperFit();
  const reasonId = useId();
  if (!fit.known || !fit.profile) return null;
  const advice = recommendSize({
    chart: product.sizeChart,
    garment: product.fit.garmentMeasurements,
    reviews: product.reviewStats,
    sizes: product.sizes,
    profile: fit.profile,
    unit: fit.unit === "imperial" ? "in" : "cm",
  });
  if (!advice.size) return null;
  return (
    <div className="mb-2" data-testid="your-size">
      <p className="text-sm font-semibold" aria-describedby={reasonId}>
        Your size: <span className="rounded-full bg-stone-100 px-2.5 py-0.5">{advice.size}</span>
      </p>
      <p id={reasonId} className="mt-1 text-xs text-muted">
        {advice.reason}
      </p>
    </div>
  );
}
