import type { ReactNode } from "react";
import { CheckboxField, SelectField, TextAreaField, TextField } from "~/components/ui/field";
import type { FieldErrors } from "~/lib/forms";
import { formatCents } from "~/lib/money";
import type { EditorCategory, SizeChartChoice } from "~/modules/product-admin/editor-api";
import { formatMeasure, measurementLabel } from "~/modules/fit/size-chart-rules";
import {
  COLOR_PRESETS,
  FIT_LIMITS,
  PRODUCT_LIMITS,
  SIZE_PRESETS,
  VARIANT_TYPES,
  variantTypeText,
  type ProductFormValues,
} from "~/modules/product-admin/product-form";
import { discountOf, seoPreview } from "~/modules/product-admin/product-previews";
import { ChipInput } from "./chip-input";
import { tabId, tabPanelId } from "./editor-tabs";
import type { ProductFieldSetters } from "./product-draft";
import { VariantsTable } from "./variants-table";

/**
 * The fields of a product, in groups, for both product editors: the side panel of /admin/products
 * (`product-editor-fields.tsx`) and the console's modal (`secure-admin/products/console-product-fields.tsx`).
 * Each editor lays the groups out in its own tabs (spec §2); a field looks, reads and behaves the same
 * in both. Controlled: the values are the editor's draft, changed through its setters (`product-draft.ts`).
 * `idPrefix` keeps the two editors' ids apart ("product", "console-product").
 */

export interface FieldGroupProps {
  idPrefix: string;
  values: ProductFormValues;
  errors: FieldErrors;
  set: ProductFieldSetters["set"];
}

/** One tab's panel; every panel is rendered (the hidden ones keep their state). */
export function ProductTabPanel({ tab, selected, children }: { tab: string; selected: string; children: ReactNode }) {
  return (
    <div
      role="tabpanel"
      id={tabPanelId(tab)}
      aria-labelledby={tabId(tab)}
      hidden={tab !== selected}
      className="space-y-5"
    >
      {children}
    </div>
  );
}

/** Product Name and its slug, which follows the name until it is changed by hand (spec §4). */
export function NameAndSlugFields({
  idPrefix,
  values,
  errors,
  setName,
  setSlug,
  slugLabel,
  slugRequired = false,
  autoFocus = false,
}: Omit<FieldGroupProps, "set"> &
  Pick<ProductFieldSetters, "setName" | "setSlug"> & {
    slugLabel: string;
    slugRequired?: boolean;
    autoFocus?: boolean;
  }) {
  return (
    <>
      <TextField
        id={`${idPrefix}-name`}
        name="name"
        label="Product Name"
        required
        autoFocus={autoFocus}
        value={values.name}
        maxLength={PRODUCT_LIMITS.name}
        error={errors.name}
        onChange={(event) => setName(event.target.value)}
      />
      <TextField
        id={`${idPrefix}-slug`}
        name="slug"
        label={slugLabel}
        required={slugRequired}
        value={values.slug}
        maxLength={PRODUCT_LIMITS.slug}
        error={errors.slug}
        hint={`The product page: /product/${values.slug || "…"}. It follows the name until you change it here.`}
        onChange={(event) => setSlug(event.target.value)}
        onBlur={(event) => setSlug(event.target.value, true)}
      />
    </>
  );
}

export function DescriptionField({ idPrefix, values, errors, set, rows }: FieldGroupProps & { rows: number }) {
  return (
    <TextAreaField
      id={`${idPrefix}-description`}
      name="description"
      label="Description"
      rows={rows}
      value={values.description}
      maxLength={PRODUCT_LIMITS.description}
      error={errors.description}
      onChange={(event) => set("description", event.target.value)}
    />
  );
}

/** The category select; a category since removed from the list shows as 'Unknown category'. */
export function CategoryField({
  idPrefix,
  values,
  errors,
  set,
  categories,
  required = false,
  emptyLabel,
}: FieldGroupProps & { categories: readonly EditorCategory[]; required?: boolean; emptyLabel: string }) {
  const known = values.categoryId === "" || categories.some((c) => c.id === values.categoryId);
  return (
    <SelectField
      id={`${idPrefix}-category`}
      name="categoryId"
      label="Category"
      required={required}
      value={values.categoryId}
      error={errors.categoryId}
      onChange={(event) => set("categoryId", event.target.value)}
    >
      <option value="">{emptyLabel}</option>
      {categories.map((category) => (
        <option key={category.id} value={category.id}>
          {category.isActive ? category.name : `${category.name} (inactive)`}
        </option>
      ))}
      {!known && <option value={values.categoryId}>Unknown category</option>}
    </SelectField>
  );
}

export function SkuField({
  idPrefix,
  values,
  errors,
  set,
  required = false,
  hint,
}: FieldGroupProps & { required?: boolean; hint: string }) {
  return (
    <TextField
      id={`${idPrefix}-sku`}
      name="sku"
      label="SKU"
      required={required}
      value={values.sku}
      maxLength={PRODUCT_LIMITS.sku}
      error={errors.sku}
      hint={hint}
      onChange={(event) => set("sku", event.target.value)}
    />
  );
}

const STATUS_FLAGS = [
  ["isActive", "Active"],
  ["featured", "Featured"],
  ["isNew", "New"],
  ["isSale", "On Sale"],
] as const;

/**
 * The checkboxes Active, Featured, New, On Sale (spec §2). On Sale is shown, not set: a product is on
 * sale exactly when its compare-at price is above its price (decisions.md §6), so it follows the prices.
 */
export function StatusFields({ idPrefix, values, errors, set }: FieldGroupProps) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-medium text-ink">Status</legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {STATUS_FLAGS.map(([field, label]) => (
          <CheckboxField
            key={field}
            id={`${idPrefix}-${field}`}
            name={field}
            label={label}
            checked={values[field]}
            error={errors[field]}
            disabled={field === "isSale"}
            aria-describedby={field === "isSale" ? `${idPrefix}-isSale-hint` : undefined}
            onChange={(event) => set(field, event.target.checked)}
          />
        ))}
      </div>
      <p id={`${idPrefix}-isSale-hint`} className="mt-2 text-xs text-muted">
        On Sale follows the prices: a compare-at price above the price puts the product on sale.
      </p>
    </fieldset>
  );
}

/**
 * Price and Compare at Price, and what they make: the discount percent and what customers save, or
 * that the product is not shown as a discount (spec §2, §4: setting the compare-at price sets On Sale).
 */
export function PriceFields({
  idPrefix,
  values,
  errors,
  setPrice,
  setCompareAt,
}: Omit<FieldGroupProps, "set"> & Pick<ProductFieldSetters, "setPrice" | "setCompareAt">) {
  const discount = discountOf(values.price, values.compareAtPrice);
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id={`${idPrefix}-price`}
          name="price"
          label="Price"
          required
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          value={values.price}
          error={errors.price}
          hint="In US dollars, e.g. 49.99"
          onChange={(event) => setPrice(event.target.value)}
        />
        <TextField
          id={`${idPrefix}-compare-at`}
          name="compareAtPrice"
          label="Compare at Price"
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          value={values.compareAtPrice}
          error={errors.compareAtPrice}
          hint="The price it sold at before, if it did. Above the price, the product is on sale with this price struck through; blank, it sells at the regular price."
          onChange={(event) => setCompareAt(event.target.value)}
        />
      </div>
      <p className="rounded-xl bg-stone-50 px-4 py-3 text-sm" aria-live="polite">
        {discount
          ? `Discount: ${discount.percent}% off · Customers save ${formatCents(discount.savingsCents)}`
          : "Not shown as a discount."}
      </p>
    </>
  );
}

/**
 * Inventory, read-only: the total of the variants' stock (decisions.md §6), set in the variants table
 * below it. Orders take units off the variant they sell.
 */
export function InventoryField({ idPrefix, values, errors }: Omit<FieldGroupProps, "set">) {
  return (
    <TextField
      id={`${idPrefix}-inventory`}
      name="inventory"
      label="Inventory"
      readOnly
      type="number"
      value={values.inventory}
      error={errors.inventory}
      hint="Units in stock, all variants together: set them per variant below. Orders take units off as they are placed."
    />
  );
}

/** The variants table of the product's sizes × colours (shared by both editors). */
export function VariantsField({
  idPrefix,
  values,
  errors,
  setVariants,
}: Omit<FieldGroupProps, "set"> & Pick<ProductFieldSetters, "setVariants">) {
  return (
    <VariantsTable
      idPrefix={idPrefix}
      rows={values.variants}
      productSku={values.sku}
      error={errors.variants}
      onChange={setVariants}
    />
  );
}

/** Meta Title, Meta Description, and the product as a search result would show it. */
export function SeoFields({ idPrefix, values, errors, set }: FieldGroupProps) {
  const preview = seoPreview(values);
  const previewId = `${idPrefix}-seo-preview`;
  return (
    <>
      <TextField
        id={`${idPrefix}-meta-title`}
        name="metaTitle"
        label="Meta Title"
        value={values.metaTitle}
        maxLength={PRODUCT_LIMITS.metaTitle}
        error={errors.metaTitle}
        hint="The page title in search results; the product name when blank."
        onChange={(event) => set("metaTitle", event.target.value)}
      />
      <TextAreaField
        id={`${idPrefix}-meta-description`}
        name="metaDescription"
        label="Meta Description"
        rows={3}
        value={values.metaDescription}
        maxLength={PRODUCT_LIMITS.metaDescription}
        error={errors.metaDescription}
        onChange={(event) => set("metaDescription", event.target.value)}
      />
      <section aria-labelledby={previewId} className="rounded-xl border border-line p-4">
        <h3 id={previewId} className="text-xs font-medium uppercase tracking-wider text-muted">
          Search result preview
        </h3>
        <p className="mt-2 truncate text-lg text-blue-800">{preview.title}</p>
        <p className="truncate text-sm text-green-800">{preview.path}</p>
        <p className="mt-1 text-sm text-muted">{preview.description}</p>
      </section>
    </>
  );
}

const CHIPS = {
  tags: { label: "Tags", singular: "tag", presets: undefined, placeholder: "e.g. summer" },
  colors: { label: "Colors", singular: "color", presets: COLOR_PRESETS, placeholder: "e.g. Olive" },
  sizes: { label: "Sizes", singular: "size", presets: SIZE_PRESETS, placeholder: "e.g. 40" },
} as const;

/** Tags, colours or sizes as chips, added with Enter or Add, colours and sizes with quick-add presets. */
export function ChipsField({ idPrefix, values, errors, set, field }: FieldGroupProps & { field: keyof typeof CHIPS }) {
  const chips = CHIPS[field];
  return (
    <ChipInput
      id={`${idPrefix}-${field}`}
      name={field}
      label={chips.label}
      singular={chips.singular}
      values={values[field]}
      presets={chips.presets}
      error={errors[field]}
      placeholder={chips.placeholder}
      onChange={(list) => set(field, list)}
    />
  );
}

/** Variant type: color, size, style, or None; 'variant' only as its group set it. */
export function VariantTypeField({ idPrefix, values, errors, set }: FieldGroupProps) {
  return (
    <SelectField
      id={`${idPrefix}-variant-type`}
      name="variantType"
      label="Variant type"
      value={values.variantType}
      error={errors.variantType}
      onChange={(event) => set("variantType", event.target.value)}
    >
      <option value="">None</option>
      {VARIANT_TYPES.map((type) => (
        <option key={type} value={type}>
          {variantTypeText(type)}
        </option>
      ))}
      {values.variantType === "variant" && <option value="variant">Variant (set by its group)</option>}
    </SelectField>
  );
}

/**
 * How the product fits (issue 29), the same in both editors: its size chart ('No size chart'), a fit
 * note, the model's height and size, and the garment's own measurements where they differ from the
 * chart (a size × measurement table, every cell optional; the chart's value shows as a placeholder).
 */
export function FitFields({
  idPrefix,
  values,
  errors,
  set,
  sizeCharts,
}: FieldGroupProps & { sizeCharts: readonly SizeChartChoice[] }) {
  const chartId = values.sizeChartId ?? "";
  const chart = sizeCharts.find((c) => c.id === chartId) ?? null;
  const garment = values.garmentMeasurements ?? {};
  const tableId = `${idPrefix}-garment`;
  const setGarment = (size: string, measurement: string, value: string) =>
    set("garmentMeasurements", { ...garment, [size]: { ...garment[size], [measurement]: value } });
  return (
    <section aria-labelledby={`${idPrefix}-fit-heading`} className="space-y-5 rounded-xl border border-line p-4">
      <h3 id={`${idPrefix}-fit-heading`} className="text-sm font-semibold">
        Size and fit
      </h3>
      <SelectField
        id={`${idPrefix}-size-chart`}
        name="sizeChartId"
        label="Size chart"
        value={chartId}
        error={errors.sizeChartId}
        onChange={(event) => {
          set("sizeChartId", event.target.value);
          // Garment measurements are measured against the chart: another chart starts them afresh.
          set("garmentMeasurements", {});
        }}
      >
        <option value="">No size chart</option>
        {sizeCharts.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        id={`${idPrefix}-fit-note`}
        name="fitNote"
        label="Fit note"
        rows={2}
        value={values.fitNote ?? ""}
        maxLength={FIT_LIMITS.fitNote}
        error={errors.fitNote}
        hint="For instance 'Relaxed fit, size down for a close fit'. Shown under the price."
        onChange={(event) => set("fitNote", event.target.value)}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id={`${idPrefix}-model-height`}
          name="modelHeightCm"
          label="Model's height (cm)"
          inputMode="numeric"
          value={values.modelHeightCm ?? ""}
          error={errors.modelHeightCm}
          onChange={(event) => set("modelHeightCm", event.target.value)}
        />
        <SelectField
          id={`${idPrefix}-model-size`}
          name="modelSize"
          label="Model's size"
          value={values.modelSize ?? ""}
          error={errors.modelSize}
          onChange={(event) => set("modelSize", event.target.value)}
        >
          <option value="">Not said</option>
          {values.sizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
          {values.modelSize && !values.sizes.includes(values.modelSize) && (
            <option value={values.modelSize}>{values.modelSize} (not a size of this product)</option>
          )}
        </SelectField>
      </div>
      {chart && values.sizes.length > 0 && (
        <div>
          <p id={`${tableId}-label`} className="text-sm font-medium">
            Garment measurements (cm)
          </p>
          <p id={`${tableId}-hint`} className="text-xs text-muted">
            Only where this garment differs from the chart &apos;{chart.name}&apos;; blank cells use the chart.
          </p>
          <div className="mt-2 overflow-x-auto">
            <table aria-labelledby={`${tableId}-label`} aria-describedby={`${tableId}-hint`} className="text-sm">
              <thead>
                <tr>
                  <th scope="col" className="px-1 pb-1 text-left font-medium">
                    Size
                  </th>
                  {chart.measurements.map((m) => (
                    <th key={m} scope="col" className="px-1 pb-1 text-left font-medium">
                      {measurementLabel(m)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {values.sizes.map((size) => {
                  const row = chart.rows.find((r) => r.size === size);
                  return (
                    <tr key={size}>
                      <th scope="row" className="px-1 py-1 text-left font-normal">
                        {size}
                      </th>
                      {chart.measurements.map((m, c) => (
                        <td key={m} className="px-1 py-1">
                          <input
                            value={garment[size]?.[m] ?? ""}
                            onChange={(event) => setGarment(size, m, event.target.value)}
                            inputMode="decimal"
                            autoComplete="off"
                            placeholder={row ? formatMeasure(row.values[c]!, "cm") : ""}
                            aria-label={`${size} ${measurementLabel(m)} (cm)`}
                            aria-invalid={errors.garmentMeasurements ? true : undefined}
                            className="h-9 w-20 rounded-lg border border-line px-2 text-right text-sm tabular-nums outline-none focus:border-ink"
                          />
                        </td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {errors.garmentMeasurements && (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {errors.garmentMeasurements}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
