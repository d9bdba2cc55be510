import { useCallback, useSyncExternalStore } from "react";
import type { SizeChart } from "~/modules/fit/fit-types";
import { formatMeasure, isUnit, measurementLabel, UNIT_STORAGE_KEY, type Unit } from "~/modules/fit/size-chart-display";

/**
 * A size chart as shoppers read it (issue 29), on the product page's size guide and on /size-guide:
 * a real table (sizes as row headers, measurements as column headers) in the shopper's unit, and the
 * unit toggle, whose choice the browser remembers.
 */

/** The unit's listeners in this page: a choice in one table moves the others. */
const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}
function storedUnit(): Unit {
  try {
    const stored = window.localStorage.getItem(UNIT_STORAGE_KEY);
    return isUnit(stored) ? stored : "cm";
  } catch {
    return "cm"; // Storage refused (private mode).
  }
}

/** The shopper's unit, remembered by the browser: cm on the server and until the page runs. */
export function useSizeUnit(): [Unit, (unit: Unit) => void] {
  const unit = useSyncExternalStore(subscribe, storedUnit, () => "cm" as const);
  const choose = useCallback((next: Unit) => {
    try {
      window.localStorage.setItem(UNIT_STORAGE_KEY, next);
    } catch {
      // Not remembered: the page still shows it below.
    }
    for (const listener of listeners) listener();
  }, []);
  return [unit, choose];
}

/** 'cm' and 'in' as two pressed-or-not buttons. */
export function UnitToggle({
  unit,
  onChange,
  label = "Units",
}: {
  unit: Unit;
  onChange: (unit: Unit) => void;
  label?: string;
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-full border border-line bg-white p-0.5 text-sm">
      {(["cm", "in"] as const).map((u) => (
        <button
          key={u}
          type="button"
          aria-pressed={unit === u}
          onClick={() => onChange(u)}
          className={`rounded-full px-3 py-1 font-medium ${unit === u ? "bg-ink text-white" : "text-ink hover:bg-stone-100"}`}
        >
          {u === "cm" ? "cm" : "inches"}
        </button>
      ))}
    </div>
  );
}

export function SizeChartTable({
  chart,
  unit,
  caption,
}: {
  chart: Pick<SizeChart, "name" | "measurements" | "rows">;
  unit: Unit;
  caption?: string;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[16rem] border-collapse text-left text-sm" data-testid="size-chart-table">
        <caption className="sr-only">
          {caption ?? `${chart.name}: body measurements in ${unit === "cm" ? "centimetres" : "inches"}`}
        </caption>
        <SizeChartHead measurements={chart.measurements} unit={unit} />
        <tbody>
          {chart.rows.map((row) => (
            <tr key={row.size} className="border-b border-line last:border-0">
              <th scope="row" className="py-2 pr-4 font-semibold">
                {row.size}
              </th>
              {row.values.map((cm, c) => (
                <td key={chart.measurements[c]} className="py-2 pr-4 tabular-nums">
                  {formatMeasure(cm, unit)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A chart's header row: 'Size', then each measurement with its unit. */
export function SizeChartHead({ measurements, unit }: { measurements: readonly string[]; unit: Unit }) {
  return (
    <thead>
      <tr className="border-b border-line">
        <th scope="col" className="py-2 pr-4 font-semibold">
          Size
        </th>
        {measurements.map((m) => (
          <th key={m} scope="col" className="py-2 pr-4 font-semibold">
            {measurementLabel(m)} ({unit})
          </th>
        ))}
      </tr>
    </thead>
  );
}
