import { useId, type ReactNode } from "react";

/**
 * A chart with its figures as a table (spec: charts are accessible). The drawing is hidden from screen
 * readers, which get the summary and the table; everyone can open the table under the chart.
 */
export function ChartCard({
  title,
  summary,
  chart,
  table,
}: {
  title: string;
  /** One sentence of what the chart shows (read instead of the drawing). */
  summary: string;
  chart: ReactNode;
  table: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-line bg-white p-5">
      <h3 id={`${id}-title`} className="font-display text-lg font-semibold">
        {title}
      </h3>
      <p className="mt-1 text-sm text-muted">{summary}</p>
      <div className="mt-4" aria-hidden>
        {chart}
      </div>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-medium text-muted hover:text-ink">
          Show the figures as a table
        </summary>
        {/* Scrolls (a long range, a narrow card): reachable and named for the keyboard. */}
        <div
          className="mt-3 max-h-80 overflow-auto"
          tabIndex={0}
          role="region"
          aria-label={`${title}, figures, scrollable`}
        >
          {table}
        </div>
      </details>
    </section>
  );
}

/** A plain table of rows: the header row and each row's cells (already formatted). */
export function FiguresTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly string[];
  rows: ReadonlyArray<readonly (string | number)[]>;
}) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-line text-xs uppercase tracking-wider text-muted">
          {columns.map((c, i) => (
            <th key={c} scope="col" className={`py-2 pr-3 font-medium ${i > 0 ? "text-right" : ""}`}>
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, r) => (
          <tr key={r} className="border-b border-line/60">
            {row.map((cell, i) =>
              i === 0 ? (
                <th key={i} scope="row" className="py-1.5 pr-3 font-normal">
                  {cell}
                </th>
              ) : (
                <td key={i} className="py-1.5 pr-3 text-right tabular-nums">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
