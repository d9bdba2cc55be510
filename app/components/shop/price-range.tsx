import { useEffect, useId, useRef, useState } from "react";
import { PRICE_SLIDER_MAX } from "~/modules/catalog/shop-query";

const STEP = 5;
const COMMIT_DELAY_MS = 500;

function toNumber(text: string, fallback: number): number {
  const n = Number(text);
  return text.trim() === "" || !Number.isFinite(n) ? fallback : n;
}

/**
 * Price range 0–500 (spec §9): two number inputs (named min and max, so the form works without
 * JavaScript) and two sliders on one track. Typing commits on Enter (the form's submit) or when
 * the field is left; a slider commits once it has been still for half a second.
 */
export function PriceRange({
  min,
  max,
  onCommit,
}: {
  min: number | null;
  max: number | null;
  onCommit: (min: number | null, max: number | null) => void;
}) {
  const [minText, setMinText] = useState(min === null ? "" : String(min));
  const [maxText, setMaxText] = useState(max === null ? "" : String(max));
  const id = useId();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // A new URL (Back, Clear Filters, a shared link) resets what the fields show: adjusted while
  // rendering, as React advises for state derived from props (no second render pass from an effect).
  const [shown, setShown] = useState({ min, max });
  if (shown.min !== min || shown.max !== max) {
    setShown({ min, max });
    setMinText(min === null ? "" : String(min));
    setMaxText(max === null ? "" : String(max));
  }
  useEffect(() => () => clearTimeout(timer.current), []);

  const lo = Math.min(Math.max(toNumber(minText, 0), 0), PRICE_SLIDER_MAX);
  const hi = Math.min(Math.max(toNumber(maxText, PRICE_SLIDER_MAX), 0), PRICE_SLIDER_MAX);

  const commit = (minValue: string, maxValue: string) => {
    clearTimeout(timer.current);
    const nextMin = minValue.trim() === "" ? null : toNumber(minValue, 0);
    const nextMax = maxValue.trim() === "" ? null : toNumber(maxValue, PRICE_SLIDER_MAX);
    if (nextMin === min && nextMax === max) return;
    onCommit(nextMin, nextMax);
  };
  const commitSoon = (minValue: string, maxValue: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => commit(minValue, maxValue), COMMIT_DELAY_MS);
  };

  const onBlur = () => {
    const unchanged = minText === (min === null ? "" : String(min)) && maxText === (max === null ? "" : String(max));
    if (!unchanged) commit(minText, maxText);
  };

  const left = (Math.min(lo, hi) / PRICE_SLIDER_MAX) * 100;
  const right = 100 - (Math.max(lo, hi) / PRICE_SLIDER_MAX) * 100;
  const field =
    "w-full rounded-lg border border-line bg-white py-2 pl-7 pr-2 text-sm tabular-nums outline-none focus:border-ink";

  return (
    <fieldset>
      <legend className="text-xs font-semibold uppercase tracking-[0.16em] text-ink">Price</legend>
      <div className="relative mt-5 h-6">
        <div className="absolute inset-x-0 top-1/2 h-1 -translate-y-1/2 rounded-full bg-stone-200" />
        <div
          className="absolute top-1/2 h-1 -translate-y-1/2 rounded-full bg-ink"
          style={{ left: `${left}%`, right: `${right}%` }}
        />
        {(["min", "max"] as const).map((which) => (
          <input
            key={which}
            type="range"
            min={0}
            max={PRICE_SLIDER_MAX}
            step={STEP}
            value={which === "min" ? lo : hi}
            aria-label={which === "min" ? "Minimum price" : "Maximum price"}
            aria-valuetext={
              which === "max" && hi >= PRICE_SLIDER_MAX
                ? `$${PRICE_SLIDER_MAX} or more`
                : `$${which === "min" ? lo : hi}`
            }
            onChange={(event) => {
              const value = Number(event.target.value);
              const nextMin = which === "min" ? String(Math.min(value, hi)) : minText;
              const nextMax = which === "max" ? String(Math.max(value, lo)) : maxText;
              setMinText(nextMin);
              setMaxText(nextMax);
              commitSoon(nextMin, nextMax);
            }}
            className="price-slider"
          />
        ))}
      </div>
      <div className="mt-4 flex items-center gap-2">
        <div className="relative flex-1">
          <label htmlFor={`${id}-min`} className="sr-only">
            Min price
          </label>
          <span aria-hidden className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-muted">
            $
          </span>
          <input
            id={`${id}-min`}
            type="number"
            name="min"
            inputMode="numeric"
            min={0}
            step={1}
            placeholder="0"
            value={minText}
            onChange={(event) => setMinText(event.target.value)}
            onBlur={onBlur}
            className={field}
          />
        </div>
        <span aria-hidden className="text-muted">
          –
        </span>
        <div className="relative flex-1">
          <label htmlFor={`${id}-max`} className="sr-only">
            Max price
          </label>
          <span aria-hidden className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-muted">
            $
          </span>
          <input
            id={`${id}-max`}
            type="number"
            name="max"
            inputMode="numeric"
            min={0}
            step={1}
            placeholder={`${PRICE_SLIDER_MAX}+`}
            value={maxText}
            onChange={(event) => setMaxText(event.target.value)}
            onBlur={onBlur}
            className={field}
          />
        </div>
      </div>
    </fieldset>
  );
}
