import { useId, type ReactNode, type TextareaHTMLAttributes } from "react";
import {
  CheckboxField,
  describedBy,
  FieldError,
  FieldLabel,
  inputClass,
  SelectField,
  TextField,
} from "~/components/ui/field";
import type { FieldErrors } from "~/lib/forms";
import { formatCents } from "~/lib/money";
import { discountPercent } from "~/modules/catalog/product-rules";
import type { EditorCategory } from "~/modules/product-admin/editor-api";
import {
  COLOR_PRESETS,
  dollarsToCentsText,
  PRODUCT_LIMITS,
  SIZE_PRESETS,
  VARIANT_TYPES,
  type ProductField,
  type ProductFormValues,
} from "~/modules/product-admin/product-form";
import { ChipInput } from "./chip-input";
import { tabId, tabPanelId } from "./editor-tabs";
import { ImageGalleryField } from "./image-gallery-field";

export type FormTab = "general" | "pricing" | "inventory" | "seo" | "variants";

/** The tab each field is on (spec §2 side panel editor). */
export const TAB_OF: Record<ProductField, FormTab> = {
  name: "general",
  slug: "general",
  description: "general",
  images: "general",
  categoryId: "general",
  isActive: "general",
  featured: "general",
  isNew: "general",
  isSale: "general",
  price: "pricing",
  compareAtPrice: "pricing",
  sku: "inventory",
  inventory: "inventory",
  metaTitle: "seo",
  metaDescription: "seo",
  tags: "variants",
  colors: "variants",
  sizes: "variants",
  variantType: "variants",
};

export interface FieldsProps {
  values: ProductFormValues;
  errors: FieldErrors;
  categories: readonly EditorCategory[];
  tab: string;
  isNew: boolean;
  /** The compare-at price shown is the spec's pre-fill (price × 1.2), not a saved one. */
  compareAtPrefilled: boolean;
  set: <K extends keyof ProductFormValues>(field: K, value: ProductFormValues[K]) => void;
  setName: (name: string) => void;
  setSlug: (slug: string, done?: boolean) => void;
  setPrice: (price: string) => void;
  setCompareAt: (compareAt: string) => void;
}

function TabPanel({ tab, selected, children }: { tab: string; selected: string; children: ReactNode }) {
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

function TextAreaField({
  label,
  error,
  hint,
  ...textarea
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> & { label: string; error?: string; hint?: string }) {
  const id = useId();
  return (
    <div>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <textarea
        id={id}
        {...textarea}
        {...describedBy(id, error, hint)}
        className={`${inputClass(Boolean(error))} h-auto min-h-28 py-2.5`}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-muted">
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** Every field of the editor, in its tabs (all rendered; the hidden ones keep their state). */
export function ProductEditorFields(props: FieldsProps) {
  const { values, errors, categories, tab, set } = props;
  const priceCents = dollarsToCentsText(values.price);
  const compareCents = dollarsToCentsText(values.compareAtPrice);
  const discount = priceCents !== null && compareCents !== null ? discountPercent(priceCents, compareCents) : 0;
  const hasCategory = values.categoryId === "" || categories.some((c) => c.id === values.categoryId);

  return (
    <>
      <TabPanel tab="general" selected={tab}>
        <TextField
          id="product-name"
          name="name"
          label="Product Name"
          required
          autoFocus
          value={values.name}
          maxLength={PRODUCT_LIMITS.name}
          error={errors.name}
          onChange={(event) => props.setName(event.target.value)}
        />
        <TextField
          id="product-slug"
          name="slug"
          label="Slug"
          required
          value={values.slug}
          maxLength={PRODUCT_LIMITS.slug}
          error={errors.slug}
          hint={`The product page: /product/${values.slug || "…"}. It follows the name until you change it here.`}
          onChange={(event) => props.setSlug(event.target.value)}
          onBlur={(event) => props.setSlug(event.target.value, true)}
        />
        <TextAreaField
          name="description"
          label="Description"
          rows={5}
          value={values.description}
          maxLength={PRODUCT_LIMITS.description}
          error={errors.description}
          onChange={(event) => set("description", event.target.value)}
        />
        <ImageGalleryField value={values.images} onChange={(images) => set("images", images)} error={errors.images} />
        <SelectField
          id="product-category"
          name="categoryId"
          label="Category"
          value={values.categoryId}
          error={errors.categoryId}
          onChange={(event) => set("categoryId", event.target.value)}
        >
          <option value="">No category</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.isActive ? category.name : `${category.name} (inactive)`}
            </option>
          ))}
          {!hasCategory && <option value={values.categoryId}>Unknown category</option>}
        </SelectField>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-ink">Status</legend>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {(
              [
                ["isActive", "Active"],
                ["featured", "Featured"],
                ["isNew", "New"],
                ["isSale", "On Sale"],
              ] as const
            ).map(([field, label]) => (
              <CheckboxField
                key={field}
                id={`product-${field}`}
                name={field}
                label={label}
                checked={values[field]}
                error={errors[field]}
                onChange={(event) => set(field, event.target.checked)}
              />
            ))}
          </div>
        </fieldset>
      </TabPanel>

      <TabPanel tab="pricing" selected={tab}>
        <TextField
          id="product-price"
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
          onChange={(event) => props.setPrice(event.target.value)}
        />
        <TextField
          id="product-compare-at"
          name="compareAtPrice"
          label="Compare at Price"
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          value={values.compareAtPrice}
          error={errors.compareAtPrice}
          hint={
            props.compareAtPrefilled
              ? "Pre-filled at price × 1.2 because this product had none. Saved above the price, it shows the product as on sale; clear it to sell at the regular price."
              : "Above the price, the product is shown on sale with the compare-at price struck through."
          }
          onChange={(event) => props.setCompareAt(event.target.value)}
        />
        <p className="text-sm text-muted" aria-live="polite">
          {discount > 0 && priceCents !== null && compareCents !== null
            ? `Shown on sale: Save ${discount}% (${formatCents(compareCents - priceCents)} off ${formatCents(compareCents)})`
            : "Not shown as a discount."}
        </p>
      </TabPanel>

      <TabPanel tab="inventory" selected={tab}>
        <TextField
          id="product-sku"
          name="sku"
          label="SKU"
          required
          value={values.sku}
          maxLength={PRODUCT_LIMITS.sku}
          error={errors.sku}
          hint={
            props.isNew
              ? "Left blank, it is made from the new product's id: SKU- and its first 8 characters."
              : "Left blank, it is made from the product's id: SKU- and its first 8 characters."
          }
          onChange={(event) => set("sku", event.target.value)}
        />
        <TextField
          id="product-inventory"
          name="inventory"
          label="Inventory"
          type="number"
          inputMode="numeric"
          step="1"
          min="0"
          max={PRODUCT_LIMITS.inventory}
          value={values.inventory}
          error={errors.inventory}
          hint="Units in stock. Orders take units off as they are placed."
          onChange={(event) => set("inventory", event.target.value)}
        />
      </TabPanel>

      <TabPanel tab="seo" selected={tab}>
        <TextField
          id="product-meta-title"
          name="metaTitle"
          label="Meta Title"
          value={values.metaTitle}
          maxLength={PRODUCT_LIMITS.metaTitle}
          error={errors.metaTitle}
          hint="The page title in search results; the product name when blank."
          onChange={(event) => set("metaTitle", event.target.value)}
        />
        <TextAreaField
          name="metaDescription"
          label="Meta Description"
          rows={3}
          value={values.metaDescription}
          maxLength={PRODUCT_LIMITS.metaDescription}
          error={errors.metaDescription}
          onChange={(event) => set("metaDescription", event.target.value)}
        />
      </TabPanel>

      <TabPanel tab="variants" selected={tab}>
        <ChipInput
          id="product-tags"
          name="tags"
          label="Tags"
          singular="tag"
          values={values.tags}
          error={errors.tags}
          placeholder="e.g. summer"
          onChange={(tags) => set("tags", tags)}
        />
        <ChipInput
          id="product-colors"
          name="colors"
          label="Colors"
          singular="color"
          values={values.colors}
          presets={COLOR_PRESETS}
          error={errors.colors}
          placeholder="e.g. Olive"
          onChange={(colors) => set("colors", colors)}
        />
        <ChipInput
          id="product-sizes"
          name="sizes"
          label="Sizes"
          singular="size"
          values={values.sizes}
          presets={SIZE_PRESETS}
          error={errors.sizes}
          placeholder="e.g. 40"
          onChange={(sizes) => set("sizes", sizes)}
        />
        <SelectField
          id="product-variant-type"
          name="variantType"
          label="Variant type"
          value={values.variantType}
          error={errors.variantType}
          onChange={(event) => set("variantType", event.target.value)}
        >
          <option value="">None</option>
          {VARIANT_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
          {values.variantType === "variant" && <option value="variant">variant (set by its group)</option>}
        </SelectField>
      </TabPanel>
    </>
  );
}
