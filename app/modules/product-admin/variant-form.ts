import { z } from "zod";
import {
  sameOption,
  suggestedSku,
  totalStock,
  variantOptions,
  type VariantOption,
} from "~/modules/catalog/variant-rules";

/**
 * The editor's variants table (decisions.md §6, docs/decisions/0023-variants.md): one row per size ×
 * colour the product lists, each with its SKU, stock, barcode and optional price. Pure, shared by both
 * editors (the /admin/products side panel and the console's modal) and the save, which checks the rows
 * with `variantRowsSchema` again.
 *
 * Values are what the form holds: stock and price as text, a blank price meaning "the product's".
 */

/** One row of the table, as the form holds it. */
export interface VariantFormRow extends VariantOption {
  sku: string;
  stock: string;
  barcode: string;
  /** Decimal dollars, or "" for the product's price. */
  price: string;
}

/** A variant as the database has it (what the editor opens). */
export interface StoredVariant extends VariantOption {
  sku: string;
  stock: number;
  barcode: string | null;
  priceCents: number | null;
}

/** A valid row, in the database's units. */
export interface CheckedVariant extends VariantOption {
  sku: string;
  stock: number;
  barcode: string | null;
  priceCents: number | null;
}

export const VARIANT_LIMITS = {
  /** Rows of one product: 50 sizes × 50 colours. */
  rows: 2_500,
  sku: 64,
  barcode: 64,
  stock: 1_000_000,
  priceCents: 10_000_000,
} as const;

export const VARIANT_MESSAGES = {
  stock: (label: string) => `Stock of ${label} must be a whole number from 0 to 1,000,000`,
  price: (label: string) =>
    `Price of ${label} must be an amount of 0 or more, in dollars and cents (at most $100,000.00)`,
  skuSpaces: (label: string) => `SKU of ${label} must not contain spaces`,
  skuTooLong: (label: string) => `SKU of ${label} must be at most ${VARIANT_LIMITS.sku} characters`,
  barcodeTooLong: (label: string) => `Barcode of ${label} must be at most ${VARIANT_LIMITS.barcode} characters`,
  skuRepeated: (sku: string) => `SKU ${sku} is used by more than one variant: each variant needs its own`,
  skuTaken: (sku: string) => `SKU ${sku} is already used by another product: each variant needs its own`,
  notAnOption: (label: string) => `Variant ${label} is not one of the product's sizes and colours`,
  tooMany: `At most ${VARIANT_LIMITS.rows.toLocaleString("en-US")} variants`,
  bulkStock: "Enter a whole number from 0 to 1,000,000",
} as const;

/** How a variant is named in messages and the audit trail: 'M/Black', 'M', 'Black', or 'default'. */
export function variantLabel(option: VariantOption): string {
  return [option.size, option.color].filter((part) => part !== "").join("/") || "default";
}

const centsText = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));

/** The rows of a product's stored variants. */
export function variantFormRows(variants: readonly StoredVariant[]): VariantFormRow[] {
  return variants.map((v) => ({
    size: v.size,
    color: v.color,
    sku: v.sku,
    stock: String(v.stock),
    barcode: v.barcode ?? "",
    price: centsText(v.priceCents),
  }));
}

/**
 * The rows for these sizes and colours: one per option, in the product's order; a row that stays keeps
 * what was typed in it; a new row starts at stock 0 with the suggested SKU. A SKU that still is the
 * suggestion it was given follows the product's SKU and the number of rows (like the slug follows the name).
 */
export function variantRowsFor(
  sizes: readonly string[],
  colors: readonly string[],
  rows: readonly VariantFormRow[],
  productSku: { before: string; now: string },
): VariantFormRow[] {
  const options = variantOptions(sizes, colors);
  const sku = productSku.now.trim();
  return options.map((option) => {
    const kept = rows.find((row) => sameOption(row, option));
    const suggestion = sku === "" ? "" : suggestedSku(sku, option, options.length);
    if (!kept) return { ...option, sku: suggestion, stock: "0", barcode: "", price: "" };
    const wasSuggested =
      kept.sku === "" || kept.sku === suggestedSku(productSku.before.trim(), option, rows.length) || kept.sku === sku;
    return { ...kept, sku: wasSuggested ? suggestion : kept.sku };
  });
}

/** 'Set stock for all': every row's stock set to `stock` (text as typed, checked by the caller). */
export function withStockForAll(rows: readonly VariantFormRow[], stock: string): VariantFormRow[] {
  return rows.map((row) => ({ ...row, stock }));
}

/** The total of the rows' stock as the form shows it (rows whose stock is not a count add nothing). */
export function rowsTotal(rows: readonly VariantFormRow[]): number {
  return totalStock(rows.map((row) => ({ stock: /^\d{1,7}$/.test(row.stock.trim()) ? Number(row.stock) : 0 })));
}

/** Whether text is a stock count the table accepts. */
export function isStockText(text: string): boolean {
  return /^\d{1,7}$/.test(text.trim()) && Number(text) <= VARIANT_LIMITS.stock;
}

function centsOf(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

const cell = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v == null ? "" : String(v)));

const rowSchema = z
  .object({ size: cell, color: cell, sku: cell, stock: cell, barcode: cell, price: cell })
  .transform((row, ctx): CheckedVariant => {
    const option = { size: row.size.trim(), color: row.color.trim() };
    const label = variantLabel(option);
    const fail = (message: string) => {
      ctx.issues.push({ code: "custom", message, input: row });
      return z.NEVER;
    };
    const sku = row.sku.trim();
    if (/\s/.test(sku)) return fail(VARIANT_MESSAGES.skuSpaces(label));
    if (sku.length > VARIANT_LIMITS.sku) return fail(VARIANT_MESSAGES.skuTooLong(label));
    if (!isStockText(row.stock)) return fail(VARIANT_MESSAGES.stock(label));
    const barcode = row.barcode.trim();
    if (barcode.length > VARIANT_LIMITS.barcode) return fail(VARIANT_MESSAGES.barcodeTooLong(label));
    let priceCents: number | null = null;
    if (row.price.trim() !== "") {
      priceCents = centsOf(row.price);
      if (priceCents === null || priceCents > VARIANT_LIMITS.priceCents) return fail(VARIANT_MESSAGES.price(label));
    }
    return { ...option, sku, stock: Number(row.stock.trim()), barcode: barcode === "" ? null : barcode, priceCents };
  });

/**
 * The table's rows checked (first message only, naming the variant): SKUs without spaces and not
 * repeated, stock a whole number ≥ 0, price ≥ 0. A blank SKU is left for the save to suggest.
 */
export const variantRowsSchema = z
  .array(rowSchema, { error: "Variants must be a list of rows" })
  .max(VARIANT_LIMITS.rows, VARIANT_MESSAGES.tooMany)
  .check((ctx) => {
    const repeated = repeatedSku(ctx.value);
    if (repeated)
      ctx.issues.push({ code: "custom", message: VARIANT_MESSAGES.skuRepeated(repeated), input: ctx.value });
  });

/** The first SKU two of these variants share (case as typed), or null. */
export function repeatedSku(variants: ReadonlyArray<{ sku: string }>): string | null {
  const seen = new Set<string>();
  for (const { sku } of variants) {
    if (sku === "") continue;
    if (seen.has(sku)) return sku;
    seen.add(sku);
  }
  return null;
}

/**
 * The product's variants after a save: one per option of its sizes × colours, in that order. A given
 * row fills its option; an option without one keeps what it had (`stored`) or starts empty; a given row
 * for no option is refused (answers its label). Blank SKUs become the suggestion.
 */
export function resolveVariants(
  input: { sku: string; sizes: readonly string[]; colors: readonly string[] },
  given: readonly CheckedVariant[] | null,
  stored: readonly StoredVariant[],
): { ok: true; variants: CheckedVariant[] } | { ok: false; notAnOption: string } {
  const options = variantOptions(input.sizes, input.colors);
  const stray = given?.find((row) => !options.some((option) => sameOption(option, row)));
  if (stray) return { ok: false, notAnOption: variantLabel(stray) };
  const variants = options.map((option) => {
    const row = given?.find((r) => sameOption(r, option)) ??
      stored.find((v) => sameOption(v, option)) ?? { ...option, sku: "", stock: 0, barcode: null, priceCents: null };
    return { ...option, ...pick(row), sku: row.sku || suggestedSku(input.sku, option, options.length) };
  });
  return { ok: true, variants };
}

const pick = (v: CheckedVariant | StoredVariant) => ({
  sku: v.sku,
  stock: v.stock,
  barcode: v.barcode,
  priceCents: v.priceCents,
});

/** What a save did to the variants, as audit fields: `variant M/Black stock: [3, 5]` (an added variant from null, a removed one to null). */
export function variantChanges(
  before: readonly StoredVariant[],
  after: readonly CheckedVariant[],
): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  const fields = ["sku", "stock", "barcode", "priceCents"] as const;
  const names = { sku: "sku", stock: "stock", barcode: "barcode", priceCents: "price" } as const;
  const options = [...after, ...before.filter((b) => !after.some((a) => sameOption(a, b)))];
  for (const option of options) {
    const old = before.find((b) => sameOption(b, option));
    const now = after.find((a) => sameOption(a, option));
    for (const field of fields) {
      const x = old ? old[field] : null;
      const y = now ? now[field] : null;
      if (x !== y) changes[`variant ${variantLabel(option)} ${names[field]}`] = [x, y];
    }
  }
  return changes;
}

/**
 * The stock the form showed, per variant: part of the version a save is checked against, so a save
 * never writes back stock that orders took (or gave back) meanwhile, even when the total is the same.
 */
export function stockSignature(variants: ReadonlyArray<VariantOption & { stock: number }>): string {
  return JSON.stringify(variants.map((v) => [v.size, v.color, v.stock]));
}
