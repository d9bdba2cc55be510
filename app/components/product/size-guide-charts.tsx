import type { SizeChart } from "~/modules/fit/fit-types";
import { chartAnchor, measuringSteps } from "~/modules/fit/size-chart-display";
import { SizeChartTable, UnitToggle, useSizeUnit } from "./size-chart-table";

/**
 * /size-guide's charts (issue 29), after the owner's text: each chart at its own anchor (the product
 * page's 'Size guide' link leads there without JavaScript), in the unit the shopper chose last.
 */
export function SizeGuideCharts({ charts }: { charts: SizeChart[] }) {
  const [unit, setUnit] = useSizeUnit();
  if (charts.length === 0) return null;
  return (
    <section aria-labelledby="size-charts-heading" className="container-page max-w-3xl pb-14">
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-10">
        <h2 id="size-charts-heading" className="font-display text-3xl font-semibold">
          Size charts
        </h2>
        <UnitToggle unit={unit} onChange={setUnit} />
      </div>
      {charts.map((chart) => {
        const anchor = chartAnchor(chart.name);
        return (
          <section key={chart.id} id={anchor} aria-labelledby={`${anchor}-title`} className="mt-10 scroll-mt-24">
            <h3 id={`${anchor}-title`} className="text-xl font-semibold">
              {chart.name}
            </h3>
            <div className="mt-3">
              <SizeChartTable chart={chart} unit={unit} />
            </div>
            <h4 className="mt-4 text-sm font-semibold">How to measure</h4>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-muted">
              {measuringSteps(chart.howToMeasure).map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ul>
          </section>
        );
      })}
    </section>
  );
}
