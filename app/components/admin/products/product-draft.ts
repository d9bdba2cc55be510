import type { Dispatch, SetStateAction } from "react";
import { firstInvalid, type FieldErrors } from "~/lib/forms";
import { slugify } from "~/modules/catalog/product-rules";
import {
  PRODUCT_FIELDS,
  saleAfterCompareAt,
  slugAfterRename,
  type ProductField,
  type ProductFormValues,
} from "~/modules/product-admin/product-form";
import { rowsTotal, variantRowsFor, type VariantFormRow } from "~/modules/product-admin/variant-form";

/**
 * The draft both product editors keep while a product is typed (the /admin/products side panel and
 * the console's modal), and the rules that move one field when another changes (spec §4, decisions.md
 * §6): On Sale follows the prices; the variants table follows the sizes, the colours and the SKU; the
 * inventory shown is the table's total.
 */
export interface ProductDraftBase {
  values: ProductFormValues;
}

export interface ProductFieldSetters {
  set: <K extends keyof ProductFormValues>(field: K, value: ProductFormValues[K]) => void;
  setName: (name: string) => void;
  /** `done` when the owner leaves the field: the slug is shown as it will be saved. */
  setSlug: (slug: string, done?: boolean) => void;
  setPrice: (price: string) => void;
  setCompareAt: (compareAt: string) => void;
  setVariants: (rows: VariantFormRow[]) => void;
}

/** The values with their variants table made whole: a row per size × colour, the inventory their total. */
export function withVariantRows(values: ProductFormValues, skuBefore: string = values.sku): ProductFormValues {
  const variants = variantRowsFor(values.sizes, values.colors, values.variants, { before: skuBefore, now: values.sku });
  return { ...values, variants, inventory: String(rowsTotal(variants)) };
}

/** The setters of a draft held in `setDraft` (null while nothing is open). */
export function productFieldSetters<D extends ProductDraftBase>(
  setDraft: Dispatch<SetStateAction<D | null>>,
): ProductFieldSetters {
  const update = (change: (values: ProductFormValues) => ProductFormValues) =>
    setDraft((current) => current && { ...current, values: change(current.values) });
  return {
    set: (field, value) =>
      update((v) => {
        const next = { ...v, [field]: value };
        return field === "sizes" || field === "colors" || field === "sku" ? withVariantRows(next, v.sku) : next;
      }),
    // Changing the name regenerates the slug; one typed by hand stays (slugAfterRename).
    setName: (name) => update((v) => ({ ...v, name, slug: slugAfterRename(v.name, name, v.slug) })),
    setSlug: (slug, done) => update((v) => ({ ...v, slug: done ? slugify(slug) || slug : slug })),
    // On Sale is whether the compare-at price exceeds the price (decisions.md §6): it follows both.
    setPrice: (price) =>
      update((v) => ({ ...v, price, isSale: saleAfterCompareAt(price, v.compareAtPrice, v.isSale) })),
    setCompareAt: (compareAtPrice) =>
      update((v) => ({ ...v, compareAtPrice, isSale: saleAfterCompareAt(v.price, compareAtPrice, v.isSale) })),
    setVariants: (variants) => update((v) => ({ ...v, variants, inventory: String(rowsTotal(variants)) })),
  };
}

/** The tab to show with `errors`: the open one when it has a message, else the first invalid field's. */
export function tabWithErrors<T extends string, O extends string>(
  errors: FieldErrors,
  tabOf: Record<ProductField, T>,
  open: O,
): T | O {
  if (PRODUCT_FIELDS.some((field) => errors[field] && tabOf[field] === (open as string))) return open;
  const first = firstInvalid(PRODUCT_FIELDS, errors) as ProductField | null;
  return first ? tabOf[first] : open;
}

/** Whether any field on `tab` has a message (its tab is marked). */
export const tabHasErrors = <T extends string>(errors: FieldErrors, tabOf: Record<ProductField, T>, tab: T) =>
  PRODUCT_FIELDS.some((field) => errors[field] && tabOf[field] === tab);
