import type { FieldErrors } from "~/lib/forms";
import { centsToDecimalString } from "~/lib/money";
import type { ProductFormValues } from "./product-form";
import { neutraliseCell, restoreCell } from "~/lib/csv-cells";

export { neutraliseCell, restoreCell };

/**
 * The product CSV (beyond the spec: the back office's export and import). Pure: which columns, how a
 * product becomes a row and a row becomes the editor's values, and how cells are kept from running as
 * spreadsheet formulas. Rows are checked by the product form's own rules (`validateProductInput`), so
 * an import accepts exactly what the editor accepts.
 *
 * Lists (sizes, colours, tags, images) are one cell, items separated by " | ". Flags are "yes"/"no"
 * (also read: true/false, 1/0, y/n). The category is its slug; prices are decimal dollars.
 */

export const CSV_COLUMNS = [
  "sku",
  "name",
  "slug",
  "description",
  "price",
  "compare_at_price",
  "inventory",
  "category",
  "active",
  "featured",
  "new",
  "sale",
  "sizes",
  "colors",
  "tags",
  "images",
  "variant_type",
  "meta_title",
  "meta_description",
] as const;

export type CsvColumn = (typeof CSV_COLUMNS)[number];
export type CsvRow = Partial<Record<CsvColumn, string>>;

/** Most rows one import takes (a shop's whole catalogue, twice over). */
export const CSV_MAX_ROWS = 20_000;
/** Largest CSV file an import takes. */
export const CSV_MAX_BYTES = 10 * 1024 * 1024;

export const CSV_MESSAGES = {
  notCsv: "The file could not be read as CSV. Save it as CSV (comma-separated, UTF-8) and try again.",
  noSku: "The file needs a 'sku' column: rows are matched to products by SKU.",
  noRows: "The file has no product rows.",
  tooMany: `The file has more than ${CSV_MAX_ROWS.toLocaleString("en-US")} rows. Split it and import each part.`,
  unknownColumns: (names: string[]) => `Unknown columns: ${names.join(", ")}. Use the columns of an export.`,
  skuRequired: "SKU is required",
  duplicateSku: (line: number) => `The same SKU is on line ${line}`,
  duplicateSlug: (line: number) => `The same slug is on line ${line}`,
  nameRequiredToCreate: "Product name is required",
  unknownCategory: (slug: string) => `No category with the slug '${slug}'`,
  flag: "Use yes or no",
  slugTaken: "A product with this URL slug already exists. Please modify the product name or slug.",
  changedSincePreview: "Products changed since the preview. Preview the file again before importing.",
  hasErrors: "Nothing was imported: fix the rows listed and preview again.",
} as const;

/** Which field of the editor a column fills (its messages come back under the column's name). */
export const FIELD_OF_COLUMN: Record<CsvColumn, keyof ProductFormValues> = {
  sku: "sku",
  name: "name",
  slug: "slug",
  description: "description",
  price: "price",
  compare_at_price: "compareAtPrice",
  inventory: "inventory",
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
};

const COLUMN_OF_FIELD = Object.fromEntries(
  Object.entries(FIELD_OF_COLUMN).map(([column, field]) => [field, column]),
) as Record<keyof ProductFormValues, CsvColumn>;

/** A form field's messages under the CSV column names the owner sees. */
export function columnErrors(errors: FieldErrors): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    if (message) out[COLUMN_OF_FIELD[field as keyof ProductFormValues] ?? field] = message;
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

/** The product as the export writes it. */
export interface ExportProduct {
  sku: string;
  name: string;
  slug: string;
  description: string;
  priceCents: number;
  originalPriceCents: number | null;
  inventory: number;
  categorySlug: string | null;
  isActive: boolean;
  featured: boolean;
  isNew: boolean;
  isSale: boolean;
  sizes: string[];
  colors: string[];
  tags: string[];
  images: string[];
  variantType: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
}

const yesNo = (flag: boolean) => (flag ? "yes" : "no");

/** One product as a CSV row (every cell neutralised), in CSV_COLUMNS order. */
export function exportRow(product: ExportProduct): string[] {
  const cells: Record<CsvColumn, string> = {
    sku: product.sku,
    name: product.name,
    slug: product.slug,
    description: product.description,
    price: centsToDecimalString(product.priceCents),
    compare_at_price: product.originalPriceCents === null ? "" : centsToDecimalString(product.originalPriceCents),
    inventory: String(product.inventory),
    category: product.categorySlug ?? "",
    active: yesNo(product.isActive),
    featured: yesNo(product.featured),
    new: yesNo(product.isNew),
    sale: yesNo(product.isSale),
    sizes: joinList(product.sizes),
    colors: joinList(product.colors),
    tags: joinList(product.tags),
    images: joinList(product.images),
    variant_type: product.variantType ?? "",
    meta_title: product.metaTitle ?? "",
    meta_description: product.metaDescription ?? "",
  };
  return CSV_COLUMNS.map((column) => neutraliseCell(cells[column]));
}

/** The header's columns checked: known names (any case, spaces or hyphens for underscores), a SKU column. */
export function readHeader(
  header: readonly string[],
): { ok: true; columns: CsvColumn[] } | { ok: false; message: string } {
  const normalised = header.map((name) =>
    name
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, "_"),
  );
  const unknown = normalised.filter((name) => !(CSV_COLUMNS as readonly string[]).includes(name));
  if (unknown.length > 0) return { ok: false, message: CSV_MESSAGES.unknownColumns(unknown.slice(0, 5)) };
  if (!normalised.includes("sku")) return { ok: false, message: CSV_MESSAGES.noSku };
  return { ok: true, columns: normalised as CsvColumn[] };
}

/**
 * The editor's values for a row: the product's current values (an update) or the new-product defaults
 * (a create), with each column the file has laid over them — a column the file leaves out keeps its
 * value. `categoryId` holds the category's slug here; the caller resolves it. Flag cells that are
 * neither yes nor no come back as errors.
 */
export function valuesOfRow(
  row: CsvRow,
  base: ProductFormValues,
): { values: ProductFormValues; errors: Record<string, string> } {
  const values: ProductFormValues = { ...base };
  const errors: Record<string, string> = {};
  for (const [column, raw] of Object.entries(row) as [CsvColumn, string][]) {
    const cell = restoreCell(raw);
    const field = FIELD_OF_COLUMN[column];
    switch (field) {
      case "isActive":
      case "featured":
      case "isNew":
      case "isSale": {
        const flag = parseFlag(cell);
        if (flag === null) errors[column] = CSV_MESSAGES.flag;
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

// ---------------------------------------------------------------- the import's answers

export interface ImportRowProblem {
  /** The line of the file (the header is line 1). */
  line: number;
  sku: string;
  /** Messages by column ("row" for the row as a whole). */
  errors: Record<string, string>;
}

export interface ImportRowChange {
  line: number;
  sku: string;
  name: string;
  action: "create" | "update";
  /** The columns that change (every filled column for a new product). */
  fields: string[];
}

export interface ImportPlan {
  /** Data rows read. */
  rows: number;
  create: number;
  update: number;
  unchanged: number;
  /** Every problem, by line (the preview shows them all before anything is written). */
  problems: ImportRowProblem[];
  /** The first changes, for the preview. */
  sample: ImportRowChange[];
  /** What the import must find unchanged to write this plan. */
  token: string;
}

/** What `/admin/products/csv` answers a preview or an import. */
export type CsvAnswer =
  | { ok: true; intent: "preview" | "import"; plan: ImportPlan; message: string }
  | { ok: false; intent: string; message: string; plan?: ImportPlan };
