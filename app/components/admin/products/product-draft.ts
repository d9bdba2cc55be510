import type { Dispatch, SetStateAction } from "react";
import { firstInvalid, type FieldErrors } from "~/lib/forms";
import { slugify } from "~/modules/catalog/product-rules";
import {
  compareAtAfterPriceChange,
  PRODUCT_FIELDS,
  saleAfterCompareAt,
  slugAfterRename,
  type ProductField,
  type ProductFormValues,
} from "~/modules/product-admin/product-form";

/**
 * The draft both product editors keep while a product is typed (the /admin/products side panel and
 * the console's modal), and the rules that move one field when another changes (spec §4).
 */
export interface ProductDraftBase {
  values: ProductFormValues;
  /** The compare-at price shown is the pre-fill (price × 1.2), not a saved one: it follows the price. */
  compareAtPrefilled: boolean;
}

export interface ProductFieldSetters {
  set: <K extends keyof ProductFormValues>(field: K, value: ProductFormValues[K]) => void;
  setName: (name: string) => void;
  /** `done` when the owner leaves the field: the slug is shown as it will be saved. */
  setSlug: (slug: string, done?: boolean) => void;
  setPrice: (price: string) => void;
  setCompareAt: (compareAt: string) => void;
}

/** The setters of a draft held in `setDraft` (null while nothing is open). */
export function productFieldSetters<D extends ProductDraftBase>(
  setDraft: Dispatch<SetStateAction<D | null>>,
): ProductFieldSetters {
  const update = (change: (values: ProductFormValues, draft: D) => Partial<ProductFormValues>, extra?: Partial<D>) =>
    setDraft(
      (current) =>
        current && { ...current, ...extra, values: { ...current.values, ...change(current.values, current) } },
    );
  return {
    set: (field, value) => update(() => ({ [field]: value }) as Partial<ProductFormValues>),
    // Changing the name regenerates the slug; one typed by hand stays (slugAfterRename).
    setName: (name) => update((v) => ({ name, slug: slugAfterRename(v.name, name, v.slug) })),
    setSlug: (slug, done) => update(() => ({ slug: done ? slugify(slug) || slug : slug })),
    setPrice: (price) =>
      update((v, d) => ({
        price,
        ...(d.compareAtPrefilled
          ? { compareAtPrice: compareAtAfterPriceChange(v.price, price, v.compareAtPrice) }
          : {}),
      })),
    // Setting the compare-at price sets On Sale to whether it exceeds the price.
    setCompareAt: (compareAtPrice) =>
      update((v) => ({ compareAtPrice, isSale: saleAfterCompareAt(v.price, compareAtPrice, v.isSale) }), {
        compareAtPrefilled: false,
      } as Partial<D>),
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
