import { Link } from "react-router";
import { formatDateTimeIn } from "~/lib/dates";
import type { SaleCategory, SaleListRow } from "~/modules/promotions/scheduled-sales.server";
import {
  productCount,
  saleActions,
  STATUS_LABEL,
  type SaleIntent,
  type SaleStatus,
} from "~/modules/promotions/scheduled-sale-rules";

const badge = "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold";
const STATUS_COLOURS: Record<SaleStatus, string> = {
  scheduled: "bg-sky-100 text-sky-900",
  running: "bg-green-100 text-green-900",
  ended: "bg-stone-100 text-stone-800",
  disabled: "bg-amber-100 text-amber-900",
};

export function SaleStatusBadge({ status }: { status: SaleStatus }) {
  return <span className={`${badge} ${STATUS_COLOURS[status]}`}>{STATUS_LABEL[status]}</span>;
}

/** "Women, Sale · 3 chosen products": what a sale covers. */
function scopeText(row: SaleListRow, categoryName: (id: string) => string): string {
  const parts = [
    ...row.categoryIds.map(categoryName),
    ...(row.productIds.length > 0 ? [`${productCount(row.productIds.length)} chosen`] : []),
  ];
  return parts.join(" · ") || "—";
}

const action =
  "rounded-full border border-line bg-white px-3 py-1.5 text-xs font-medium hover:border-ink disabled:opacity-50";

/**
 * The sales, as a table: title, percentage off, what it covers, start and end on the shop's clock, its
 * status, its products (priced by it once started; its scope's now before), and what may be done with it.
 * The buttons ask the page (`onAction`), which confirms what moves prices or cannot be undone.
 */
export function SalesTable({
  rows,
  categories,
  timeZone,
  editHref,
  busy,
  onAction,
}: {
  rows: readonly SaleListRow[];
  categories: readonly SaleCategory[];
  timeZone: string;
  editHref: (id: string) => string;
  busy: boolean;
  onAction: (intent: SaleIntent, row: SaleListRow) => void;
}) {
  const names = new Map(categories.map((c) => [c.id, c.name]));
  const categoryName = (id: string) => names.get(id) ?? "a deleted category";
  const head = "px-3 py-3 font-medium";
  return (
    <div className="overflow-x-auto rounded-2xl border border-line bg-white">
      <table className="w-full min-w-[56rem] text-left text-sm">
        <caption className="sr-only">Scheduled sales</caption>
        <thead className="border-b border-line text-xs uppercase tracking-wider text-muted">
          <tr>
            <th scope="col" className={`${head} pl-4`}>
              Sale
            </th>
            <th scope="col" className={`${head} text-right`}>
              Off
            </th>
            <th scope="col" className={head}>
              Applies to
            </th>
            <th scope="col" className={head}>
              Starts
            </th>
            <th scope="col" className={head}>
              Ends
            </th>
            <th scope="col" className={head}>
              Status
            </th>
            <th scope="col" className={`${head} text-right`}>
              Products
            </th>
            <th scope="col" className={`${head} pr-4`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((row) => {
            const can = saleActions(row);
            return (
              <tr key={row.id} data-testid="sale-row">
                <th scope="row" className="px-3 py-3 pl-4 font-semibold">
                  {row.title}
                </th>
                <td className="px-3 py-3 text-right tabular-nums">{row.percentOff}%</td>
                <td className="max-w-56 px-3 py-3">{scopeText(row, categoryName)}</td>
                <td className="min-w-28 px-3 py-3">
                  <time dateTime={row.startsAt}>{formatDateTimeIn(row.startsAt, timeZone)}</time>
                </td>
                <td className="min-w-28 px-3 py-3">
                  <time dateTime={row.endsAt}>{formatDateTimeIn(row.endsAt, timeZone)}</time>
                </td>
                <td className="px-3 py-3">
                  <SaleStatusBadge status={row.status} />
                </td>
                <td className="px-3 py-3 text-right tabular-nums">{row.productCount.toLocaleString("en-US")}</td>
                <td className="px-3 py-3 pr-4">
                  <div className="flex gap-1.5">
                    <Link to={editHref(row.id)} preventScrollReset className={action}>
                      {can.edit ? "Edit" : can.moveEnd ? "Change end" : "View"}
                      <span className="sr-only"> {row.title}</span>
                    </Link>
                    {can.endNow && (
                      <button type="button" className={action} disabled={busy} onClick={() => onAction("end-now", row)}>
                        End now<span className="sr-only"> {row.title}</span>
                      </button>
                    )}
                    {can.disable && (
                      <button type="button" className={action} disabled={busy} onClick={() => onAction("disable", row)}>
                        Disable<span className="sr-only"> {row.title}</span>
                      </button>
                    )}
                    {can.enable && (
                      <button type="button" className={action} disabled={busy} onClick={() => onAction("enable", row)}>
                        Enable<span className="sr-only"> {row.title}</span>
                      </button>
                    )}
                    <button
                      type="button"
                      className={`${action} text-red-800`}
                      disabled={busy}
                      onClick={() => onAction("delete", row)}
                    >
                      Delete<span className="sr-only"> {row.title}</span>
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
