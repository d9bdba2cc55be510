import { useId, useState } from "react";
import { FieldError, describedBy, inputClass, secondaryButton } from "~/components/ui/field";
import { suggestedSku } from "~/modules/catalog/variant-rules";
import {
  isStockText,
  rowsTotal,
  VARIANT_LIMITS,
  VARIANT_MESSAGES,
  variantLabel,
  withStockForAll,
  type VariantFormRow,
} from "~/modules/product-admin/variant-form";

/**
 * The variants table of both product editors (decisions.md §6): a row per size × colour the product
 * lists, with its SKU (suggested from the product's, editable), stock, barcode and optional price;
 * 'Set stock for all' fills every row's stock; the product's inventory is the total, read-only. Rows
 * come and go with the sizes and colours (the draft's setters keep what was typed in the rows that stay).
 * Every cell is named `variants`, so a message about the table takes focus to its first cell.
 */
export function VariantsTable({
  idPrefix,
  rows,
  productSku,
  error,
  onChange,
}: {
  idPrefix: string;
  rows: readonly VariantFormRow[];
  productSku: string;
  error: string | undefined;
  onChange: (rows: VariantFormRow[]) => void;
}) {
  const id = `${idPrefix}-variants`;
  const bulkId = useId();
  const [bulk, setBulk] = useState("");
  const [bulkError, setBulkError] = useState<string | undefined>();
  const setCell = (index: number, field: "sku" | "stock" | "barcode" | "price", value: string) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)));

  function applyBulk() {
    if (!isStockText(bulk)) {
      setBulkError(VARIANT_MESSAGES.bulkStock);
      return;
    }
    setBulkError(undefined);
    onChange(withStockForAll(rows, String(Number(bulk.trim()))));
  }

  const total = rowsTotal(rows);
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h3 id={`${id}-heading`} className="text-sm font-medium text-ink">
            Variants
          </h3>
          <p id={`${id}-hint`} className="text-xs text-muted">
            One per size and colour. Stock is counted per variant; a blank price sells at the product&apos;s price.
          </p>
        </div>
        <div className="flex items-end gap-2">
          <div>
            <label htmlFor={bulkId} className="mb-1 block text-xs font-medium text-ink">
              Set stock for all
            </label>
            <input
              id={bulkId}
              type="number"
              inputMode="numeric"
              min="0"
              step="1"
              max={VARIANT_LIMITS.stock}
              value={bulk}
              className={`${inputClass(Boolean(bulkError))} h-9 w-28`}
              {...describedBy(bulkId, bulkError)}
              onChange={(event) => setBulk(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Enter") {
                  event.preventDefault();
                  applyBulk();
                }
              }}
            />
          </div>
          <button type="button" className={`${secondaryButton} h-9 px-4`} onClick={applyBulk}>
            Apply to all
          </button>
        </div>
      </div>
      <FieldError id={bulkId} error={bulkError} />
      <FieldError id={id} error={error} />
      <div className="relative overflow-x-auto rounded-xl border border-line">
        <table className="w-full min-w-[36rem] text-sm" aria-describedby={`${id}-hint`}>
          <caption className="sr-only">Variants of the product</caption>
          <thead className="bg-stone-50 text-left text-xs uppercase tracking-wide text-muted">
            <tr>
              <th scope="col" className="px-3 py-2">
                Variant
              </th>
              <th scope="col" className="px-3 py-2">
                SKU
              </th>
              <th scope="col" className="px-3 py-2">
                Stock
              </th>
              <th scope="col" className="px-3 py-2">
                Barcode
              </th>
              <th scope="col" className="px-3 py-2">
                Price
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const label = variantLabel(row);
              const cell = (field: string) => `${id}-${index}-${field}`;
              return (
                <tr key={`${row.size}\u0000${row.color}`} className="border-t border-line" data-variant={label}>
                  <th scope="row" className="whitespace-nowrap px-3 py-2 text-left font-medium">
                    {label === "default" ? "One size" : label}
                  </th>
                  <td className="px-3 py-2">
                    <input
                      id={cell("sku")}
                      name="variants"
                      aria-label={`SKU of ${label}`}
                      value={row.sku}
                      maxLength={VARIANT_LIMITS.sku}
                      placeholder={productSku ? suggestedSku(productSku, row, rows.length) : "Suggested on save"}
                      className={`${inputClass(false)} h-9 min-w-32`}
                      onChange={(event) => setCell(index, "sku", event.target.value)}
                    />
                  </td>
                  <td className="px-3 py-2">
                    <input
                      id={cell("stock")}
                      name="variants"
                      aria-label={`Stock of ${label}`}
                      type="number"
                      inputMode="numeric"
                      min="0"
                      step="1"
                      max={VARIANT_LIMITS.stock}
                      value={row.stock}
                      className={`${inputClass(!isStockText(row.stock))} h-9 w-24`}
                      onChange={(event) => setCell(index, "stock", event.target.value)}
                    />
                  </td>
                  <td className="px-3 py-2">
                    <input
                      id={cell("barcode")}
                      name="variants"
                      aria-label={`Barcode of ${label}`}
                      value={row.barcode}
                      maxLength={VARIANT_LIMITS.barcode}
                      className={`${inputClass(false)} h-9 min-w-28`}
                      onChange={(event) => setCell(index, "barcode", event.target.value)}
                    />
                  </td>
                  <td className="px-3 py-2">
                    <input
                      id={cell("price")}
                      name="variants"
                      aria-label={`Price of ${label}`}
                      type="number"
                      inputMode="decimal"
                      min="0"
                      step="0.01"
                      value={row.price}
                      placeholder="Product's"
                      className={`${inputClass(false)} h-9 w-28`}
                      onChange={(event) => setCell(index, "price", event.target.value)}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="text-sm" aria-live="polite">
        Inventory (all variants):{" "}
        <output data-testid={`${idPrefix}-inventory-total`}>{total.toLocaleString("en-US")}</output>
      </p>
    </section>
  );
}
