import { Plus, Ruler } from "lucide-react";
import { Link } from "react-router";
import { sizeChartHref } from "~/modules/fit/size-chart-form";
import { measurementLabel } from "~/modules/fit/size-chart-rules";
import type { SizeChartListRow } from "~/modules/product-admin/size-chart-admin.server";

/**
 * The owner's size charts (issue 29): one per product type, with its measurements, its sizes and how many
 * products show it. A product picks its chart in the product editor.
 */
export function SizeChartList({ charts }: { charts: SizeChartListRow[] }) {
  return (
    <div className="container-page py-10 sm:py-12">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <Link to="/admin" className="hover:text-brand">
          Admin Dashboard
        </Link>{" "}
        / Size charts
      </nav>
      <header className="mt-3 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-4xl font-semibold">Size charts</h1>
          <p className="mt-1 text-sm text-muted">
            One chart per product type, in centimetres; shoppers see it in cm or inches. Products pick their chart in
            the product editor.
          </p>
        </div>
        <Link
          to={sizeChartHref("new")}
          className="inline-flex h-10 items-center gap-2 rounded-full bg-ink px-4 text-sm font-semibold text-white hover:bg-black"
        >
          <Plus className="size-4" aria-hidden /> Create size chart
        </Link>
      </header>

      {charts.length === 0 ? (
        <div className="mt-8 flex flex-col items-center rounded-2xl border border-line bg-white px-6 py-14 text-center">
          <span className="rounded-full bg-stone-100 p-4">
            <Ruler className="size-7 text-brand" aria-hidden />
          </span>
          <h2 className="mt-4 text-lg font-semibold">No size charts yet</h2>
          <p className="mt-1 text-sm text-muted">Create one, or paste a table from a spreadsheet.</p>
        </div>
      ) : (
        <div className="relative mt-8 overflow-x-auto rounded-2xl border border-line bg-white">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Size charts</caption>
            <thead className="border-b border-line text-xs uppercase tracking-wide text-muted">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">
                  Name
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Measurements
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Sizes
                </th>
                <th scope="col" className="px-4 py-3 text-right font-medium">
                  Products
                </th>
              </tr>
            </thead>
            <tbody>
              {charts.map((chart) => (
                <tr key={chart.id} data-testid="size-chart-row" className="border-b border-line last:border-0">
                  <th scope="row" className="px-4 py-3 font-medium">
                    <Link to={sizeChartHref(chart.id)} className="text-ink underline-offset-2 hover:underline">
                      {chart.name}
                    </Link>
                  </th>
                  <td className="px-4 py-3">{chart.measurements.map(measurementLabel).join(", ")}</td>
                  <td className="px-4 py-3">{chart.sizes.join(", ")}</td>
                  <td className="px-4 py-3 text-right tabular-nums">{chart.productCount.toLocaleString("en-US")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="mt-6 text-sm text-muted">
        Shoppers find every chart on the{" "}
        <a href="/size-guide" className="font-medium text-ink underline underline-offset-2">
          size guide
        </a>{" "}
        page.
      </p>
    </div>
  );
}
