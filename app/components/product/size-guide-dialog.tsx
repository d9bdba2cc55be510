import { X } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { keepFocusInside } from "~/components/ui/side-panel";
import type { ProductFit, SizeChart } from "~/modules/fit/fit-types";
import { formatLength, formatMeasure, garmentDifference, measuringSteps } from "~/modules/fit/size-chart-rules";
import { SizeChartHead, SizeChartTable, UnitToggle, useSizeUnit } from "./size-chart-table";

/** 'Model is 185 cm and wears M', in the shopper's unit; null when the owner said neither. */
export function modelLine(fit: Pick<ProductFit, "modelHeightCm" | "modelSize">, unit: "cm" | "in"): string | null {
  const height = fit.modelHeightCm === null ? null : formatLength(fit.modelHeightCm, unit);
  if (height && fit.modelSize) return `Model is ${height} and wears ${fit.modelSize}`;
  if (height) return `Model is ${height}`;
  if (fit.modelSize) return `Model wears ${fit.modelSize}`;
  return null;
}

/**
 * The product page's size guide (issue 29), loaded when 'Size guide' is first pressed: a modal
 * `<dialog>` (the page behind it inert, Tab kept inside, Escape and Close close it, focus back on the
 * button) with the chart in the shopper's unit, this product's own measurements where they differ,
 * its fit and 'How to measure'.
 */
export function SizeGuideDialog({
  chart,
  fit,
  productName,
  onClose,
}: {
  chart: SizeChart;
  fit: ProductFit;
  productName: string;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [unit, setUnit] = useSizeUnit();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  const differing = chart.rows
    .map((row) => ({
      size: row.size,
      cells: chart.measurements.map((m, c) => {
        const own = garmentDifference(chart, fit.garmentMeasurements, row.size, m);
        return { measurement: m, cm: own ?? row.values[c]!, differs: own !== null };
      }),
    }))
    .filter((row) => row.cells.some((cell) => cell.differs));
  const model = modelLine(fit, unit);
  const steps = measuringSteps(chart.howToMeasure);

  return (
    <dialog
      ref={dialog}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={keepFocusInside}
      onClick={(event) => {
        // A click on the backdrop (the dialog itself, outside its box) closes it.
        if (event.target === event.currentTarget) onClose();
      }}
      className="m-auto max-h-[90vh] w-[calc(100%-1.5rem)] max-w-2xl overflow-y-auto rounded-2xl bg-white p-0 shadow-2xl backdrop:bg-black/40"
      data-testid="size-guide-dialog"
    >
      <div className="p-5 sm:p-7">
        <div className="flex items-start justify-between gap-4">
          <div>
            <h2 id={titleId} className="font-display text-2xl font-semibold">
              Size guide
            </h2>
            <p className="mt-1 text-sm text-muted">{chart.name}</p>
          </div>
          <button
            type="button"
            onClick={onClose}
            className="inline-flex items-center gap-1.5 rounded-full border border-line px-3 py-1.5 text-sm font-medium hover:border-ink"
          >
            <X className="size-4" aria-hidden />
            Close
          </button>
        </div>

        <div className="mt-5 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm font-semibold">Body measurements</p>
          <UnitToggle unit={unit} onChange={setUnit} />
        </div>
        <div className="mt-3">
          <SizeChartTable chart={chart} unit={unit} />
        </div>

        {differing.length > 0 && (
          <section aria-labelledby={`${titleId}-own`} className="mt-6">
            <h3 id={`${titleId}-own`} className="text-sm font-semibold">
              This product&apos;s own measurements
            </h3>
            <p className="text-xs text-muted">Where {productName} differs from the chart (marked ●).</p>
            <div className="mt-2 overflow-x-auto">
              <table className="w-full border-collapse text-left text-sm">
                <caption className="sr-only">{`${productName}: garment measurements in ${unit}`}</caption>
                <SizeChartHead measurements={chart.measurements} unit={unit} />
                <tbody>
                  {differing.map((row) => (
                    <tr key={row.size} className="border-b border-line last:border-0">
                      <th scope="row" className="py-2 pr-4 font-semibold">
                        {row.size}
                      </th>
                      {row.cells.map((cell) => (
                        <td
                          key={cell.measurement}
                          className={`py-2 pr-4 tabular-nums ${cell.differs ? "font-semibold text-accent" : ""}`}
                        >
                          {formatMeasure(cell.cm, unit)}
                          {cell.differs && (
                            <>
                              <span aria-hidden> ●</span>
                              <span className="sr-only"> (differs from the chart)</span>
                            </>
                          )}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        )}

        {(fit.note || model) && (
          <section aria-labelledby={`${titleId}-fit`} className="mt-6">
            <h3 id={`${titleId}-fit`} className="text-sm font-semibold">
              How it fits
            </h3>
            {fit.note && <p className="mt-1 text-sm">{fit.note}</p>}
            {model && (
              <p className="mt-1 text-sm text-muted" data-testid="model-line">
                {model}
              </p>
            )}
          </section>
        )}

        <section aria-labelledby={`${titleId}-how`} className="mt-6">
          <h3 id={`${titleId}-how`} className="text-sm font-semibold">
            How to measure
          </h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-muted">
            {steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ul>
        </section>
      </div>
    </dialog>
  );
}
