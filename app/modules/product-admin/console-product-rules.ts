import { href } from "react-router";
import { z } from "zod";
import { CONSOLE_IMAGE_UPLOAD_PATH } from "~/lib/http/body-limits";
import { fieldErrors, type FieldErrors } from "~/lib/forms";
import { slugify } from "~/modules/catalog/product-rules";
import { parseAdminProductQuery, type AdminProductQuery } from "./admin-product-query";
import {
  dollarsToCentsText,
  FIT_FIELDS,
  newProductValues,
  PRODUCT_FIELDS,
  PRODUCT_LIMITS,
  validateProductInput,
  type ProductFormValues,
} from "./product-form";
import { SELECT_PRODUCTS_FIRST } from "./product-flags";

/**
 * The rules of the product save (spec §5 "Secure-admin modal save", the one set both faces of the back
 * office apply: /admin's panel and the console's modal check with them first, the save checks again and
 * applies them before the one product save, `product-save.server.ts`), and the console's Products tab
 * (spec §2 "Secure admin", §8 "Product admin toasts"). Pure. They add to the product form's own rules
 * (`product-form.ts`), never replace them.
 */

export const CONSOLE_PRODUCTS_PATH = href("/secure-admin/products");
/** The console's photo upload (the same upload as /admin/products, behind the console's pass). */
export const CONSOLE_IMAGES_PATH = CONSOLE_IMAGE_UPLOAD_PATH;

export const CONSOLE_PRODUCT_MESSAGES = {
  nameRequired: "Product name is required",
  price: "Valid price is required",
  category: "Please select a category",
  inventory: "Valid inventory count is required",
  created: "Product created successfully!",
  updated: "Product updated successfully!",
  saveFailed: "Failed to save product",
  groupNameRequired: "Product name is required to create a group",
  groupCreated: "Product group created! You can now add variants.",
  groupJoined: "Linked to existing product group",
  groupLeft: "Removed from product group",
  groupFailed: "Failed to update product",
  selectFirst: SELECT_PRODUCTS_FIRST,
  bulkFailed: "Failed to perform bulk operation",
  saveProductFirst: "Save the product first to add it to a group.",
} as const;

const M = CONSOLE_PRODUCT_MESSAGES;

/** 'Activated n products' (n: the products the action changed; those already active stay as they were). */
export const activatedMessage = (n: number) => `Activated ${n} ${n === 1 ? "product" : "products"}`;
/** 'Loaded n products from database' (Refresh). */
export const loadedMessage = (n: number) => `Loaded ${n} ${n === 1 ? "product" : "products"} from database`;

// ── The list: status filter and URL ─────────────────────────────────────────────────────────────

/** The console's status filter (spec §2), mapped onto the product dashboard's filter. */
export const CONSOLE_STATUS_FILTERS = [
  { value: "all", label: "All" },
  { value: "active", label: "Active Only" },
  { value: "inactive", label: "Inactive Only" },
  { value: "featured", label: "Featured Only" },
] as const;
export type ConsoleStatus = (typeof CONSOLE_STATUS_FILTERS)[number]["value"];

export interface ConsoleProductQuery {
  q: string;
  status: ConsoleStatus;
  page: number;
}

const isConsoleStatus = (value: string): value is ConsoleStatus =>
  CONSOLE_STATUS_FILTERS.some((filter) => filter.value === value);

/** The list query of the URL (`?q=&status=&page=`); never throws, anything else reads as its default. */
export function parseConsoleProductQuery(params: URLSearchParams): ConsoleProductQuery {
  const parsed = parseAdminProductQuery(params);
  return { q: parsed.q, status: isConsoleStatus(parsed.status) ? parsed.status : "all", page: parsed.page };
}

/** The product dashboard's query of the console's (no category, the list view). */
export function adminQueryOf(query: ConsoleProductQuery): AdminProductQuery {
  return { q: query.q, category: null, status: query.status, stock: "all", view: "list", page: query.page };
}

/** The console's URL for a list query (defaults left out), optionally with the modal open (`edit`). */
export function consoleProductsHref(query: ConsoleProductQuery, edit?: string | null): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.status !== "all") params.set("status", query.status);
  if (query.page > 1) params.set("page", String(query.page));
  if (edit) params.set("edit", edit);
  const search = params.toString();
  return search ? `${CONSOLE_PRODUCTS_PATH}?${search}` : CONSOLE_PRODUCTS_PATH;
}

/** 'Showing a to b of n products' (a page of `rows` rows, `size` a page). */
export function showingLine(page: number, size: number, rows: number, total: number): string {
  const from = total === 0 ? 0 : (page - 1) * size + 1;
  const to = total === 0 ? 0 : from + rows - 1;
  return `Showing ${from} to ${to} of ${total.toLocaleString("en-US")} products`;
}

// ── The modal's save ─────────────────────────────────────────────────────────────────────────────

/**
 * The editor's values as they arrive (JSON): each known field of the right kind is
 * taken (a number where text is expected becomes its text), anything else keeps the new-product
 * default, unknown keys are dropped. The rules then say what is wrong with them.
 */
export function consoleFormValues(raw: unknown): ProductFormValues {
  const values = newProductValues();
  const given = raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const out: Record<string, unknown> = { ...values };
  for (const field of PRODUCT_FIELDS) {
    const fallback = values[field];
    const value = given[field];
    if (value === undefined) continue;
    if (typeof fallback === "boolean") out[field] = value === true || value === "true" || value === "on";
    else if (field === "variants") out[field] = Array.isArray(value) ? value : [];
    else if (field === "garmentMeasurements") out[field] = value && typeof value === "object" ? value : {};
    else if (Array.isArray(fallback))
      out[field] = Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
    else out[field] = typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
  }
  // The fit's fields not sent stay unsaid: the product keeps its own (an older client knows nothing of them).
  for (const field of FIT_FIELDS) if (given[field] === undefined) delete out[field];
  return out as unknown as ProductFormValues;
}

/** Spec §5: Save is disabled while the name or the price is empty. */
export function canSave(values: Pick<ProductFormValues, "name" | "price">): boolean {
  return values.name.trim() !== "" && values.price.trim() !== "";
}

/** Spec §5: a missing SKU is 'SKU-{timestamp}'. */
export const generatedSku = (now: number) => `SKU-${now}`;

/**
 * The console's four checks (spec §5 "Secure-admin modal save"), in the modal's words: a name; a price
 * above 0; a category; an inventory that is given and not negative (a whole number).
 */
export const consoleProductRulesSchema = z
  .object({
    name: z.string().trim().min(1, M.nameRequired),
    price: z
      .string()
      .trim()
      .refine((price) => {
        const cents = dollarsToCentsText(price);
        return cents !== null && cents > 0;
      }, M.price),
    categoryId: z.string().trim().min(1, M.category),
    inventory: z
      .string()
      .trim()
      .regex(/^\d{1,9}$/, M.inventory),
  })
  .loose();

/** The console's own messages for `values`, first per field. */
export function consoleRuleErrors(values: ProductFormValues): FieldErrors {
  const result = consoleProductRulesSchema.safeParse(values);
  return result.success ? {} : fieldErrors(result.error);
}

/**
 * What the console fills in before a save: a blank slug is made from the name (spec §4 the slug follows
 * the name), a blank SKU is 'SKU-{timestamp}' (spec §5).
 */
export function withConsoleDefaults(values: ProductFormValues, now: number): ProductFormValues {
  const slug = values.slug.trim() === "" ? slugify(values.name) : values.slug;
  const sku = values.sku.trim() === "" ? generatedSku(now) : values.sku;
  return { ...values, slug, sku };
}

/**
 * Every message of the product editor (both faces): spec §5's four, and the product form's for every
 * field (length limits, image addresses, compare-at price…; the form's own where both refuse one): what
 * the editor shows before sending, and what the save answers before it touches the database.
 */
export function editorProductErrors(values: ProductFormValues, now: number = Date.now()): FieldErrors {
  const form = validateProductInput(withConsoleDefaults(values, now));
  // Where both refuse a field, the product form's message is the more precise one ('step 0.01').
  return { ...consoleRuleErrors(values), ...(form.ok ? {} : form.errors) };
}

/** Appends `-{timestamp}` to a slug or SKU, cut so the result stays within the field's limit. */
export function withTimestamp(value: string, now: number, max: number): string {
  const suffix = `-${now}`;
  return `${value.slice(0, Math.max(0, max - suffix.length)).replace(/-+$/, "")}${suffix}`;
}

/**
 * Spec §5: on edit, a slug or SKU that was changed and that another product already has gets a
 * timestamp appended (so the save goes through instead of failing on the unique index). An unchanged
 * one is left as it is. `taken` says which of the two another product has.
 */
export function resolveUniqueClash(
  wanted: { slug: string; sku: string },
  stored: { slug: string; sku: string },
  taken: { slug: boolean; sku: boolean },
  now: number,
): { slug: string; sku: string } {
  const slugChanged = wanted.slug !== stored.slug;
  const skuChanged = wanted.sku !== stored.sku;
  return {
    slug: slugChanged && taken.slug ? withTimestamp(wanted.slug, now, PRODUCT_LIMITS.slug) : wanted.slug,
    sku: skuChanged && taken.sku ? withTimestamp(wanted.sku, now, PRODUCT_LIMITS.sku) : wanted.sku,
  };
}

/** The modal's footer: 'Last updated: date' (the day, in UTC, so server and browser agree) or 'New product'. */
export function lastUpdatedLine(updatedAt: string | null): string {
  if (!updatedAt) return "New product";
  const date = new Date(updatedAt);
  if (Number.isNaN(date.getTime())) return "New product";
  const day = date.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
  return `Last updated: ${day}`;
}

/** A new product in the editor (both faces): the product form's defaults (spec §9), the price left to type (Save waits for it). */
export function newEditorProductValues(): ProductFormValues {
  return { ...newProductValues(), price: "" };
}

// ── Groups in the modal ──────────────────────────────────────────────────────────────────────────

/** Spec §5: creating a group in the modal needs the product's name. Null when the group can be made. */
export function groupCreateError(name: string): string | null {
  return name.trim() === "" ? M.groupNameRequired : null;
}
