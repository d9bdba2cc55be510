import { useShop } from "~/components/use-root-data";
import { formatOrderDate } from "~/components/admin/orders/order-table";

/** One row of a back-office history: the change in words, who made it, when, and the note. */
export interface HistoryTableRow {
  change: string;
  actorName: string;
  /** ISO 8601. */
  createdAt: string;
  note: string | null;
}

/**
 * The history table of an order or a return: scrollable on a phone (a focusable region), dates in the
 * shop's time zone, notes as written.
 */
export function HistoryTable({ rows, testId }: { rows: readonly HistoryTableRow[]; testId: string }) {
  const { timeZone } = useShop();
  return (
    <div className="relative mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label="History, scrollable">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-line text-xs uppercase tracking-wider text-muted">
          <tr>
            <th scope="col" className="py-2 pr-4">
              Change
            </th>
            <th scope="col" className="py-2 pr-4">
              By
            </th>
            <th scope="col" className="py-2 pr-4">
              When
            </th>
            <th scope="col" className="py-2">
              Note
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i} data-testid={testId} className="border-b border-line align-top last:border-0">
              <td className="py-2 pr-4">{row.change}</td>
              <td className="py-2 pr-4">{row.actorName}</td>
              <td className="whitespace-nowrap py-2 pr-4">{formatOrderDate(row.createdAt, timeZone)}</td>
              <td className="whitespace-pre-wrap py-2">{row.note ?? ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
