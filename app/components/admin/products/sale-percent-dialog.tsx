import { useId, useRef, useState, type FormEvent } from "react";
import { AlertDialog } from "~/components/ui/alert-dialog";
import { FieldError, describedBy, inputClass } from "~/components/ui/field";
import { SALE_PERCENT, SALE_PERCENT_MESSAGE } from "~/modules/product-admin/product-flags";

/**
 * 'Mark as Sale': how much off, in whole percent (1–90). The price becomes the regular price less that
 * percentage, the regular price kept as the compare-at price (decisions.md §6). Escape or Cancel asks nothing.
 */
export function SalePercentDialog({
  open,
  count,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  /** How many products the sale is for. */
  count: number;
  onCancel: () => void;
  onConfirm: (percent: number) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [value, setValue] = useState("20");
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const percent = Number(value.trim());
    if (!/^\d{1,2}$/.test(value.trim()) || percent < SALE_PERCENT.min || percent > SALE_PERCENT.max) {
      setError(SALE_PERCENT_MESSAGE);
      input.current?.focus();
      return;
    }
    setError(undefined);
    onConfirm(percent);
  }

  return (
    <AlertDialog
      open={open}
      onDismiss={onCancel}
      title="Mark as Sale"
      description={`The price of ${count === 1 ? "the product" : `each of the ${count.toLocaleString("en-US")} products`} is lowered by this percentage; its regular price shows struck through.`}
      initialFocus={input}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <div>
          <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink">
            Percentage off
          </label>
          <input
            ref={input}
            id={id}
            name="percent"
            type="number"
            inputMode="numeric"
            min={SALE_PERCENT.min}
            max={SALE_PERCENT.max}
            step="1"
            required
            value={value}
            className={inputClass(Boolean(error))}
            {...describedBy(id, error)}
            onChange={(event) => setValue(event.target.value)}
          />
          <FieldError id={id} error={error} />
        </div>
        <div className="flex justify-end gap-3">
          <button
            type="button"
            onClick={onCancel}
            className="inline-flex h-10 items-center rounded-full border border-line px-5 text-sm font-semibold hover:bg-stone-50"
          >
            Cancel
          </button>
          <button
            type="submit"
            className="inline-flex h-10 items-center rounded-full bg-ink px-5 text-sm font-semibold text-white hover:bg-black"
          >
            Mark as Sale
          </button>
        </div>
      </form>
    </AlertDialog>
  );
}
