import { ChevronDown } from "lucide-react";
import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "sonner";
import type { AdminProductFilter } from "~/modules/product-admin/admin-product-query";
import {
  BULK_ACTIONS,
  BULK_FAILED,
  SELECT_PRODUCTS_FIRST,
  type BulkAction,
  type FlagWrite,
  type FlagWriteResult,
} from "~/modules/product-admin/product-flags";
import { postAdminWrite } from "./admin-write";
import { SalePercentDialog } from "./sale-percent-dialog";
import { FLAGS_ACTION } from "./use-flag-toggle";
import type { ProductSelection } from "./use-product-selection";

export const CHOOSE_BULK_ACTION = "Please choose a bulk action";

/**
 * Bulk actions (spec §2): the action picker and Apply, over the selected products of the page or —
 * after 'Select all n matching products' — every product matching the filter, which the server
 * resolves in its one UPDATE (no list of ids travels). 'Bulk action applied to n products' counts
 * the products the action changed.
 */
export function BulkBar({
  selection,
  filter,
  matching,
  pageSize,
}: {
  selection: ProductSelection;
  /** The filter of the list shown (what "all matching" means). */
  filter: AdminProductFilter;
  /** How many products match the filter. */
  matching: number;
  /** Rows on this page. */
  pageSize: number;
}) {
  const [action, setAction] = useState<BulkAction | "">("");
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();
  const ids = useId();
  const selected = selection.count(matching);

  const [askingPercent, setAskingPercent] = useState(false);

  const apply = async (percent?: number) => {
    if (selected === 0) return void toast.error(SELECT_PRODUCTS_FIRST);
    if (!action) return void toast.error(CHOOSE_BULK_ACTION);
    // 'Mark as Sale' asks how much off first.
    if (action === "mark-sale" && percent === undefined) return void setAskingPercent(true);
    setAskingPercent(false);
    const write: FlagWrite = {
      intent: "bulk",
      action,
      target: selection.allMatching
        ? {
            filter: {
              q: filter.q,
              category: filter.category,
              status: filter.status,
              stock: filter.stock === "low" ? "all" : filter.stock,
            },
          }
        : { ids: [...selection.ids] },
      ...(percent === undefined ? {} : { percent }),
    };
    setBusy(true);
    const result = await postAdminWrite<FlagWriteResult>(FLAGS_ACTION, write);
    if (result.ok) {
      toast.success(result.message);
      selection.clear();
      await revalidator.revalidate();
    } else {
      toast.error(BULK_FAILED, { description: result.message });
    }
    setBusy(false);
  };

  return (
    <div
      role="group"
      aria-label="Bulk actions"
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl border border-line bg-white px-4 py-3"
    >
      <p role="status" className="text-sm font-medium">
        {selection.allMatching
          ? `All ${matching.toLocaleString("en-US")} matching products selected`
          : `${selected} selected`}
      </p>
      {selection.wholePage && !selection.allMatching && matching > pageSize && (
        <button
          type="button"
          onClick={selection.selectAllMatching}
          className="text-sm font-medium text-brand underline underline-offset-2 hover:text-brand-dark"
        >
          Select all {matching.toLocaleString("en-US")} matching products
        </button>
      )}
      {selected > 0 && (
        <button
          type="button"
          onClick={selection.clear}
          className="text-sm text-muted underline underline-offset-2 hover:text-ink"
        >
          Clear selection
        </button>
      )}
      <div className="ml-auto flex items-center gap-2">
        <label htmlFor={`${ids}-action`} className="sr-only">
          Bulk action
        </label>
        <div className="relative">
          <select
            id={`${ids}-action`}
            value={action}
            onChange={(event) => setAction(event.target.value as BulkAction | "")}
            className="h-10 appearance-none rounded-full border border-line bg-white pl-4 pr-9 text-sm outline-none hover:border-stone-400 focus:border-ink"
          >
            <option value="">Bulk action…</option>
            {BULK_ACTIONS.map((a) => (
              <option key={a.value} value={a.value}>
                {a.label}
              </option>
            ))}
          </select>
          <ChevronDown
            className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted"
            aria-hidden
          />
        </div>
        <button
          type="button"
          onClick={() => void apply()}
          disabled={busy}
          aria-busy={busy}
          className="h-10 rounded-full bg-ink px-5 text-sm font-semibold text-white hover:bg-black disabled:opacity-60"
        >
          {busy ? "Applying..." : "Apply"}
        </button>
      </div>
      <SalePercentDialog
        open={askingPercent}
        count={selected}
        onCancel={() => setAskingPercent(false)}
        onConfirm={(percent) => void apply(percent)}
      />
    </div>
  );
}
