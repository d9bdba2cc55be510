import { ChevronDown, Star } from "~/components/ui/icons";
import { useId, useState } from "react";

/** Five stars filled to the rating (rounded to the nearest half), with an accessible label. */
export function RatingStars({ rating, className = "size-4" }: { rating: number; className?: string }) {
  const rounded = Math.round(rating * 2) / 2;
  return (
    <span role="img" aria-label={`Rated ${rating.toFixed(1)} out of 5`} className="flex items-center gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => {
        const fill = rounded >= n ? "full" : rounded >= n - 0.5 ? "half" : "none";
        return (
          <span key={n} className="relative inline-flex" aria-hidden>
            <Star className={`${className} text-stone-300`} />
            {fill !== "none" && (
              <span className={`absolute inset-0 overflow-hidden ${fill === "half" ? "w-1/2" : "w-full"}`}>
                <Star className={`${className} fill-amber-400 text-amber-400`} />
              </span>
            )}
          </span>
        );
      })}
    </span>
  );
}

/**
 * The reviews toggle of spec §2. The store keeps no reviews, so the panel shows the empty text;
 * the count is the product's review_count.
 */
export function ProductReviews({ reviewCount }: { reviewCount: number }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <section aria-label="Customer reviews" className="border-t border-line">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
          className="flex w-full items-center justify-between gap-4 py-5 text-left font-semibold"
        >
          Reviews ({reviewCount})
          <ChevronDown className={`size-5 text-muted transition-transform ${open ? "rotate-180" : ""}`} aria-hidden />
        </button>
      </h2>
      <div id={panelId} hidden={!open} className="pb-6">
        <p className="rounded-2xl bg-stone-100 px-5 py-6 text-center text-sm text-muted">
          No reviews yet. Be the first to review this product!
        </p>
      </div>
    </section>
  );
}
