import type { FieldErrors } from "~/lib/forms";
import { centsToDecimalString } from "~/lib/money";
import { PRODUCT_LIMITS, dollarsToCentsText, type ProductFormValues } from "./product-form";
import { neutraliseCell, restoreCell } from "~/lib/csv-cells";

export { neutraliseCell, restoreCell };

/**
 * The product CSV (beyond the spec: the back office's export and import), one row per variant in
 * Shopify's shape (decisions.md §6, docs/decisions/0023-variants.md). Pure: which columns, how a
 * product and its variants become rows and a row becomes the editor's values, how variant cells are
 * read, and how cells are kept from running as spreadsheet formulas.
 *
 * - A product's rows share its handle (the `slug` column). Its first row holds the product's fields
 *   and its first variant; each following row holds only the handle and one more variant (size,
 *   color, variant_sku, stock, variant_price, barcode). The product's sizes and colours are the
 *   distinct sizes and colours of its rows, in the rows' order.
 * - Product fields are checked by the product form's own rules (`validateProductInput`), so an import
 *   accepts exactly what the editor accepts.
 * - The file of before variants (one row per product, with `inventory`, `sizes` and `colors` columns
 *   and no variant column) still imports: see `LEGACY_COLUMNS`.
 *
 * Lists (tags, images; the old file's sizes and colours) are one cell, items separated by " | ". Flags
 * are "yes"/"no" (also read: true/false, 1/0, y/n). The category is its slug; prices are decimal dollars.
 */

/** The product's own columns: filled on its first row only. */
export const PRODUCT_COLUMNS = [
  "slug",
  "sku",
  "name",
  "price",
  "compare_at_price",
  "category",
  "active",
  "featured",
  "new",
  "sale",
  "description",
  "tags",
  "images",
  "variant_type",
  "meta_title",
  "meta_description",
  "size_chart",
  "fit_note",
  "model_height_cm",
  "model_size",
] as const;

/** A variant's columns: on every row. */
export const VARIANT_COLUMNS = ["size", "color", "variant_sku", "stock", "variant_price", "barcode"] as const;

/**
 * Columns of the one-row-per-product file of before variants: read, never written. Such a file has
 * no variant column; `sizes` and `colors` list the product's options (each size × colour a variant)
 * and `inventory` is the product's total stock: a new product gets it on its first variant (as
 * migration 0014 did); for a product already in the shop, an unchanged total moves nothing and a
 * changed one puts the difference on (or takes it off) the first variant.
 */
export const LEGACY_COLUMNS = ["inventory", "sizes", "colors"] as const;

/** The export's columns, in order: the handle and the variant's columns first, the long texts last. */
export const CSV_COLUMNS = [
  "slug",
  "sku",
  "name",
  "price",
  "compare_at_price",
  ...VARIANT_COLUMNS,
  "category",
  "active",
  "featured",
  "new",
  "sale",
  "description",
  "tags",
  "images",
  "variant_type",
  "meta_title",
  "meta_description",
  "size_chart",
  "fit_note",
  "model_height_cm",
  "model_size",
] as const satisfies readonly (ProductColumn | VariantColumn)[];

export type ProductColumn = (typeof PRODUCT_COLUMNS)[number];
export type VariantColumn = (typeof VARIANT_COLUMNS)[number];
export type LegacyColumn = (typeof LEGACY_COLUMNS)[number];
export type CsvColumn = ProductColumn | VariantColumn | LegacyColumn;
export type CsvRow = Partial<Record<CsvColumn, string>>;

/** Other spellings a header may use for a column. */
const COLUMN_ALIASES: Record<string, CsvColumn> = { handle: "slug", colour: "color", colours: "colors" };

/** Most data rows one import takes: 10,000 products in 20 sizes and colours each. */
export const CSV_MAX_ROWS = 200_000;
/** Largest CSV file an import takes (the route's body limit in `lib/http/body-limits.ts` is the same). */
export const CSV_MAX_BYTES = 32 * 1024 * 1024;
/** How many problems an answer lists (the count says how many there are in all). */
export const CSV_MAX_PROBLEMS = 200;

const LIMIT_TEXT = PRODUCT_LIMITS.inventory.toLocaleString("en-US");

export const CSV_MESSAGES = {
  notCsvAt: (row: number) =>
    `The file could not be read as CSV from row ${row} on (a quote that is not closed?). Save it as CSV (comma-separated, UTF-8) and try again.`,
  noKey: "The file needs a 'slug' or a 'sku' column: rows are matched to products by their handle (slug) or SKU.",
  noRows: "The file has no product rows.",
  unknownEncoding:
    "The file's text is neither UTF-8 nor Windows-1252. Save it as CSV (comma-separated, UTF-8) and try again.",
  readAsWindows1252:
    "The file is not UTF-8: it was read as Windows-1252 (what Excel saves as 'CSV' on Windows). Check that accented letters look right before importing.",
  tooMany: `The file has more than ${CSV_MAX_ROWS.toLocaleString("en-US")} rows. Split it and import each part.`,
  unknownColumns: (names: string[]) => `Unknown columns: ${names.join(", ")}. Use the columns of an export.`,
  repeatedColumn: (name: string) => `The column '${name}' is in the header twice.`,
  mixedShapes:
    "The file mixes the old columns (inventory, sizes, colors) with variant columns: use one row per variant with size, color and stock, or the old one row per product.",
  cellCount: (cells: number, columns: number) => `the row has ${cells} cells; the header has ${columns}`,
  keyRequired: "slug (the product's handle) or sku is required: it names the product the row belongs to",
  flag: (column: string) => `${column} must be yes or no`,
  unknownCategory: (slug: string) => `No category with the slug '${slug}'`,
  unknownSizeChart: (name: string) => `No size chart named '${name}': create it in Size charts first`,
  stock: "stock must be a whole number ≥ 0",
  stockTooHigh: `stock must be at most ${LIMIT_TEXT}`,
  inventory: "inventory must be a whole number ≥ 0",
  inventoryTooHigh: `inventory must be at most ${LIMIT_TEXT}`,
  inventoryBelowOthers: (inventory: number, others: number) =>
    `inventory ${inventory} is less than the ${others} units on this product's other sizes and colours: import one row per variant to lower those`,
  variantPrice: "variant_price must be an amount like 24.99, or blank for the product's price",
  variantPriceTooHigh: "variant_price must be at most $100,000.00",
  variantSkuSpaces: "variant_sku must not contain spaces",
  variantSkuTooLong: `variant_sku must be at most ${PRODUCT_LIMITS.sku} characters`,
  barcodeSpaces: "barcode must not contain spaces",
  barcodeTooLong: `barcode must be at most ${PRODUCT_LIMITS.sku} characters`,
  optionTooLong: (column: "size" | "color") => `${column} must be at most ${PRODUCT_LIMITS.chip} characters`,
  duplicateOption: (option: { size: string; color: string }, row: number) =>
    option.size === "" && option.color === ""
      ? `this product's variant without size and color is already on row ${row}`
      : `${describeOption(option)} of this product is already on row ${row}`,
  mixedOption: (column: "size" | "color", row: number) =>
    `${column} is blank, but this product's other rows have one (row ${row}): a product has a ${column} on every row or on none`,
  continuationDiffers: (columns: string[], row: number) =>
    `${columns.join(", ")} ${columns.length === 1 ? "differs" : "differ"} from the product's first row (row ${row}): a product's fields go on its first row, its other rows carry the slug and the variant columns`,
  duplicateProduct: (row: number) =>
    `this product is already on row ${row}: a file without variant columns has one row per product`,
  duplicateSku: (sku: string, rows: readonly number[]) =>
    `SKU '${sku}' is used ${rows.length === 2 ? "twice" : `${rows.length} times`} (rows ${listRows(rows)})`,
  duplicateSlug: (slug: string, rows: readonly number[]) =>
    `slug '${slug}' is used by ${rows.length} products (rows ${listRows(rows)})`,
  productSkuTaken: (sku: string) => `SKU '${sku}' is another product's`,
  variantSkuTaken: (sku: string, slug: string) => `SKU '${sku}' is already a variant of another product ('${slug}')`,
  slugTaken: "A product with this URL slug already exists. Please modify the product name or slug.",
  twoProducts: (slug: string, sku: string) =>
    `slug '${slug}' and SKU '${sku}' are two different products in the shop: a row names one product`,
  changedSincePreview: "Products changed since the preview. Preview the file again before importing.",
  hasErrors: "Nothing was imported: fix the rows listed and preview again.",
} as const;

function listRows(rows: readonly number[]): string {
  return rows.length <= 1 ? rows.join("") : `${rows.slice(0, -1).join(", ")} and ${rows[rows.length - 1]}`;
}

/** "size 'M' and color 'Black'", "size 'M'", "color 'Black'". */
export function describeOption(option: { size: string; color: string }): string {
  const parts = [option.size && `size '${option.size}'`, option.color && `color '${option.color}'`].filter(Boolean);
  return parts.join(" and ");
}

/** A variant's short name in the audit trail and the preview: "M/Black", "M", "Black", or "default". */
export function optionLabel(option: { size: string; color: string }): string {
  return [option.size, option.color].filter((part) => part !== "").join("/") || "default";
}

/** Which field of the editor a product column fills (its messages come back under the column's name). */
export const FIELD_OF_COLUMN = {
  sku: "sku",
  name: "name",
  slug: "slug",
  description: "description",
  price: "price",
  compare_at_price: "compareAtPrice",
  category: "categoryId",
  active: "isActive",
  featured: "featured",
  new: "isNew",
  sale: "isSale",
  sizes: "sizes",
  colors: "colors",
  tags: "tags",
  images: "images",
  variant_type: "variantType",
  meta_title: "metaTitle",
  meta_description: "metaDescription",
  // The chart's name here; the import finds its id.
  size_chart: "sizeChartId",
  fit_note: "fitNote",
  model_height_cm: "modelHeightCm",
  model_size: "modelSize",
} as const satisfies Partial<Record<CsvColumn, keyof ProductFormValues>>;

type FieldColumn = keyof typeof FIELD_OF_COLUMN;

/** In a file of variant rows, the product's sizes and colours come from the rows' size and color. */
const COLUMN_OF_FIELD: Partial<Record<string, CsvColumn>> = {
  ...Object.fromEntries(Object.entries(FIELD_OF_COLUMN).map(([column, field]) => [field, column])),
  inventory: "inventory",
};

/** A form field's messages under the CSV column names the owner sees. */
export function columnErrors(errors: FieldErrors, variantRows = false): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    if (!message) continue;
    const column = COLUMN_OF_FIELD[field] ?? field;
    out[variantRows && column === "sizes" ? "size" : variantRows && column === "colors" ? "color" : column] = message;
  }
  return out;
}

const LIST_SEPARATOR = " | ";
const joinList = (items: readonly string[]) => items.join(LIST_SEPARATOR);
const splitList = (cell: string) =>
  cell
    .split("|")
    .map((item) => item.trim())
    .filter((item) => item !== "");

const YES = new Set(["yes", "y", "true", "1"]);
const NO = new Set(["no", "n", "false", "0", ""]);

/** A flag cell: true, false, or null when it is neither. */
export function parseFlag(cell: string): boolean | null {
  const value = cell.trim().toLowerCase();
  if (YES.has(value)) return true;
  if (NO.has(value)) return false;
  return null;
}

// ---------------------------------------------------------------- export

/** The product as the export writes it. */
export interface ExportProduct {
  sku: string;
  name: string;
  slug: string;
  description: string;
  priceCents: number;
  originalPriceCents: number | null;
  categorySlug: string | null;
  isActive: boolean;
  featured: boolean;
  isNew: boolean;
  isSale: boolean;
  tags: string[];
  images: string[];
  variantType: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  /** Its size chart's name, and how it fits (issue 29). */
  sizeChartName: string | null;
  fitNote: string;
  modelHeightCm: number | null;
  modelSize: string | null;
}

/** A variant as the export writes it. */
export interface ExportVariant {
  size: string;
  color: string;
  sku: string;
  stock: number;
  barcode: string | null;
  priceCents: number | null;
}

const yesNo = (flag: boolean) => (flag ? "yes" : "no");
const dollars = (cents: number | null) => (cents === null ? "" : centsToDecimalString(cents));

function variantCells(variant: ExportVariant | undefined): Record<VariantColumn, string> {
  return {
    size: variant?.size ?? "",
    color: variant?.color ?? "",
    variant_sku: variant?.sku ?? "",
    stock: variant ? String(variant.stock) : "",
    variant_price: dollars(variant?.priceCents ?? null),
    barcode: variant?.barcode ?? "",
  };
}

/**
 * A product's rows, in CSV_COLUMNS order, every cell neutralised: the first carries the product's
 * fields and its first variant, each next one the handle and one more variant.
 */
export function exportRows(product: ExportProduct, variants: readonly ExportVariant[]): string[][] {
  const first: Record<(typeof CSV_COLUMNS)[number], string> = {
    slug: product.slug,
    sku: product.sku,
    name: product.name,
    price: centsToDecimalString(product.priceCents),
    compare_at_price: dollars(product.originalPriceCents),
    ...variantCells(variants[0]),
    category: product.categorySlug ?? "",
    active: yesNo(product.isActive),
    featured: yesNo(product.featured),
    new: yesNo(product.isNew),
    sale: yesNo(product.isSale),
    description: product.description,
    tags: joinList(product.tags),
    images: joinList(product.images),
    variant_type: product.variantType ?? "",
    meta_title: product.metaTitle ?? "",
    meta_description: product.metaDescription ?? "",
    size_chart: product.sizeChartName ?? "",
    fit_note: product.fitNote,
    model_height_cm: product.modelHeightCm === null ? "" : String(product.modelHeightCm),
    model_size: product.modelSize ?? "",
  };
  const rows = [CSV_COLUMNS.map((column) => neutraliseCell(first[column]))];
  for (const variant of variants.slice(1)) {
    const cells: Partial<Record<CsvColumn, string>> = { slug: product.slug, ...variantCells(variant) };
    rows.push(CSV_COLUMNS.map((column) => neutraliseCell(cells[column] ?? "")));
  }
  return rows;
}

// ---------------------------------------------------------------- import: header and cells

export type FileShape = "variants" | "products";

/**
 * The header's columns checked: known names (any case, spaces or hyphens for underscores, `handle`
 * for slug), each once, a slug or sku column. A file with any variant column is one row per variant;
 * one without is the old one row per product.
 */
export function readHeader(
  header: readonly string[],
): { ok: true; columns: CsvColumn[]; shape: FileShape } | { ok: false; message: string } {
  const known = new Set<string>([...PRODUCT_COLUMNS, ...VARIANT_COLUMNS, ...LEGACY_COLUMNS]);
  const normalised = header.map((name) => {
    const plain = name
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, "_");
    return COLUMN_ALIASES[plain] ?? plain;
  });
  const unknown = normalised.filter((name) => !known.has(name));
  if (unknown.length > 0) return { ok: false, message: CSV_MESSAGES.unknownColumns(unknown.slice(0, 5)) };
  const repeated = normalised.find((name, i) => normalised.indexOf(name) !== i);
  if (repeated) return { ok: false, message: CSV_MESSAGES.repeatedColumn(repeated) };
  const columns = normalised as CsvColumn[];
  if (!columns.includes("sku") && !columns.includes("slug")) return { ok: false, message: CSV_MESSAGES.noKey };
  const variantShape = columns.some((c) => (VARIANT_COLUMNS as readonly string[]).includes(c));
  if (variantShape && columns.some((c) => (LEGACY_COLUMNS as readonly string[]).includes(c))) {
    return { ok: false, message: CSV_MESSAGES.mixedShapes };
  }
  return { ok: true, columns, shape: variantShape ? "variants" : "products" };
}

/**
 * The editor's values for a product's first row: the product's current values (an update) or the
 * new-product defaults (a create), with each product column the file has laid over them — a column
 * the file leaves out keeps its value, and so does a blank slug or sku of a product in the shop.
 * `categoryId` holds the category's slug here; the caller resolves it. Flag cells that are neither yes
 * nor no come back as errors; variant and old inventory columns are read elsewhere.
 */
export function valuesOfRow(
  row: CsvRow,
  base: ProductFormValues,
  options: { keepBlankKeys?: boolean } = {},
): { values: ProductFormValues; errors: Record<string, string> } {
  const values: ProductFormValues = { ...base };
  const errors: Record<string, string> = {};
  for (const [column, raw] of Object.entries(row) as [CsvColumn, string][]) {
    if (!(column in FIELD_OF_COLUMN)) continue;
    const cell = restoreCell(raw);
    if (options.keepBlankKeys && (column === "slug" || column === "sku") && cell.trim() === "") continue;
    const field = FIELD_OF_COLUMN[column as FieldColumn];
    switch (field) {
      case "isActive":
      case "featured":
      case "isNew":
      case "isSale": {
        const flag = parseFlag(cell);
        if (flag === null) errors[column] = CSV_MESSAGES.flag(column);
        else values[field] = flag;
        break;
      }
      case "sizes":
      case "colors":
      case "tags":
      case "images":
        values[field] = splitList(cell);
        break;
      default:
        values[field] = cell;
    }
  }
  return { values, errors };
}

/**
 * A variant's cells as read: `undefined` where the file has no such column (the variant keeps what it
 * has), `null` for a blank optional cell (variant_sku: kept or suggested; price: the product's;
 * barcode: none).
 */
export interface VariantCells {
  size: string;
  color: string;
  sku: string | null | undefined;
  stock: number | undefined;
  priceCents: number | null | undefined;
  barcode: string | null | undefined;
}

function wholeNumber(cell: string, messages: { bad: string; tooHigh: string }): number | string {
  const text = cell.trim();
  if (!/^\d{1,9}$/.test(text)) return messages.bad;
  const value = Number(text);
  return value > PRODUCT_LIMITS.inventory ? messages.tooHigh : value;
}

/** The old file's inventory cell: units, or a message. */
export function readInventory(cell: string): number | string {
  return wholeNumber(restoreCell(cell), { bad: CSV_MESSAGES.inventory, tooHigh: CSV_MESSAGES.inventoryTooHigh });
}

/** A row's variant cells, or the messages of the bad ones by column. */
export function readVariantCells(
  row: CsvRow,
): { ok: true; variant: VariantCells } | { ok: false; errors: Partial<Record<VariantColumn, string>> } {
  const errors: Partial<Record<VariantColumn, string>> = {};
  const cell = (column: VariantColumn) => (row[column] === undefined ? undefined : restoreCell(row[column]).trim());

  const size = cell("size") ?? "";
  const color = cell("color") ?? "";
  if (size.length > PRODUCT_LIMITS.chip) errors.size = CSV_MESSAGES.optionTooLong("size");
  if (color.length > PRODUCT_LIMITS.chip) errors.color = CSV_MESSAGES.optionTooLong("color");

  const skuCell = cell("variant_sku");
  const sku = skuCell === undefined ? undefined : skuCell === "" ? null : skuCell;
  if (sku && /\s/.test(sku)) errors.variant_sku = CSV_MESSAGES.variantSkuSpaces;
  else if (sku && sku.length > PRODUCT_LIMITS.sku) errors.variant_sku = CSV_MESSAGES.variantSkuTooLong;

  const stockCell = cell("stock");
  let stock: number | undefined;
  if (stockCell !== undefined) {
    const read = wholeNumber(stockCell, { bad: CSV_MESSAGES.stock, tooHigh: CSV_MESSAGES.stockTooHigh });
    if (typeof read === "string") errors.stock = read;
    else stock = read;
  }

  const priceCell = cell("variant_price");
  let priceCents: number | null | undefined = priceCell === undefined ? undefined : null;
  if (priceCell) {
    const cents = dollarsToCentsText(priceCell);
    if (cents === null) errors.variant_price = CSV_MESSAGES.variantPrice;
    else if (cents > PRODUCT_LIMITS.priceCents) errors.variant_price = CSV_MESSAGES.variantPriceTooHigh;
    else priceCents = cents;
  }

  const barcodeCell = cell("barcode");
  const barcode = barcodeCell === undefined ? undefined : barcodeCell === "" ? null : barcodeCell;
  if (barcode && /\s/.test(barcode)) errors.barcode = CSV_MESSAGES.barcodeSpaces;
  else if (barcode && barcode.length > PRODUCT_LIMITS.sku) errors.barcode = CSV_MESSAGES.barcodeTooLong;

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, variant: { size, color, sku, stock, priceCents, barcode } };
}

/** A variant as the audit compares it. */
interface ComparedVariant {
  size: string;
  color: string;
  sku: string;
  stock: number;
  barcode: string | null;
  priceCents: number | null;
}

const COMPARED_FIELDS = [
  ["sku", "sku"],
  ["stock", "stock"],
  ["barcode", "barcode"],
  ["priceCents", "price"],
] as const;

/**
 * What an import changes in a product's variants, as audit fields: `variant M/Black stock: [3, 5]`
 * for a changed value, `variant XL: [null, { sku, stock }]` for a new variant and the reverse for one
 * that goes, `variant order` when the kept ones are listed in another order. Empty when nothing changes.
 */
export function variantChanges(
  before: readonly ComparedVariant[],
  after: readonly ComparedVariant[],
): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  const key = (v: ComparedVariant) => `${v.size}\u0000${v.color}`;
  const old = new Map(before.map((v) => [key(v), v]));
  const now = new Map(after.map((v) => [key(v), v]));
  const summary = (v: ComparedVariant) => ({ sku: v.sku, stock: v.stock });
  for (const variant of after) {
    const was = old.get(key(variant));
    const label = `variant ${optionLabel(variant)}`;
    if (!was) {
      changes[label] = [null, summary(variant)];
      continue;
    }
    for (const [field, name] of COMPARED_FIELDS) {
      if ((was[field] ?? null) !== (variant[field] ?? null)) {
        changes[`${label} ${name}`] = [was[field] ?? null, variant[field] ?? null];
      }
    }
  }
  for (const variant of before) {
    if (!now.has(key(variant))) changes[`variant ${optionLabel(variant)}`] = [summary(variant), null];
  }
  const keptBefore = before.filter((v) => now.has(key(v))).map(optionLabel);
  const keptAfter = after.filter((v) => old.has(key(v))).map(optionLabel);
  if (keptBefore.join("\u0000") !== keptAfter.join("\u0000")) changes["variant order"] = [keptBefore, keptAfter];
  return changes;
}

// ---------------------------------------------------------------- the import's answers

/** A problem of the file, on a row as a spreadsheet numbers it (the header is row 1). */
export interface ImportProblem {
  row: number;
  /** The column it is about, when one is. */
  column: string | null;
  message: string;
}

/** "Row 7: stock must be a whole number ≥ 0". */
export function problemText(problem: ImportProblem): string {
  return `Row ${problem.row}: ${problem.message}`;
}

/** Problems in row order (then by column as the file has them), the cap applied by the caller. */
export function sortProblems(problems: ImportProblem[]): ImportProblem[] {
  return problems.sort((a, b) => a.row - b.row);
}

export interface ImportChange {
  /** The product's first row. */
  row: number;
  sku: string;
  name: string;
  action: "create" | "update";
  /** What changes: product fields, and 'variants' when any variant does (every filled field for a new product). */
  fields: string[];
  variants: number;
  stock: number;
}

export interface ImportPlan {
  /** Data rows read (blank rows left out). */
  rows: number;
  /** Products in the file. */
  products: number;
  create: number;
  update: number;
  unchanged: number;
  /** Variants of the file's products, and their stock, as the import leaves them. */
  variants: number;
  stock: number;
  /** The first CSV_MAX_PROBLEMS problems, by row (the preview shows them before anything is written). */
  problems: ImportProblem[];
  /** Every problem's count. */
  problemCount: number;
  /** The first changes, for the preview. */
  sample: ImportChange[];
  /** What the import must find unchanged to write this plan. */
  token: string;
}

/** What `/admin/products/csv` answers a preview or an import. */
export type CsvAnswer =
  | { ok: true; intent: "preview" | "import"; plan: ImportPlan; message: string }
  | { ok: false; intent: string; message: string; plan?: ImportPlan };
