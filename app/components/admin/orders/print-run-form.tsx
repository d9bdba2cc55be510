import { ClipboardList, Printer } from "lucide-react";
import { secondaryButton } from "~/components/ui/field";
import { PACKING_SLIP_MAX, PAID_UNSHIPPED } from "~/modules/orders/packing-slips";

/**
 * Print packing slips or a pick list (issue 32): for the orders ticked in the list (their checkboxes
 * belong to this form by its `id`) or for every order paid and not shipped. A plain GET form: it works
 * before the page's script has loaded, and the URL it opens can be bookmarked or printed again.
 */
export function PrintRunForm({ id }: { id: string }) {
  return (
    <form
      id={id}
      method="get"
      action="/admin/orders/packing-slips"
      aria-label="Print orders"
      className="mb-4 flex flex-wrap items-center gap-x-6 gap-y-3 rounded-2xl border border-line bg-white px-4 py-3"
    >
      <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <legend className="sr-only">Which orders to print</legend>
        <label className="inline-flex items-center gap-2">
          <input type="radio" name="filter" value="" defaultChecked className="size-4 accent-ink" />
          Selected orders
        </label>
        <label className="inline-flex items-center gap-2">
          <input type="radio" name="filter" value={PAID_UNSHIPPED} className="size-4 accent-ink" />
          All paid, not shipped
        </label>
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <button type="submit" formAction="/admin/orders/packing-slips" className={`${secondaryButton} h-10`}>
          <Printer className="size-4" aria-hidden />
          Print packing slips
        </button>
        <button type="submit" formAction="/admin/orders/pick-list" className={`${secondaryButton} h-10`}>
          <ClipboardList className="size-4" aria-hidden />
          Print pick list
        </button>
      </div>
      <p className="w-full text-xs text-muted">{`Up to ${PACKING_SLIP_MAX} orders at a time.`}</p>
    </form>
  );
}
