import { DomainError } from "~/lib/domain-error";
import { slugify } from "~/modules/catalog/product-rules";
import {
  CSV_MAX_ROWS,
  CSV_MESSAGES,
  PRODUCT_COLUMNS,
  readHeader,
  readInventory,
  readVariantCells,
  restoreCell,
  sortProblems,
  type CsvColumn,
  type CsvRow,
  type FileShape,
  type ImportProblem,
  type VariantCells,
} from "./product-csv";
import { CsvSyntaxError, readCsvRecords } from "./csv-records";

/**
 * A product CSV read into products, before the database is asked anything (pure): the text parsed,
 * rows numbered as a spreadsheet numbers them (the header is row 1, blank rows count), rows grouped
 * into products by handle (or SKU), and every problem a row has on its own — its cell count, its
 * variant cells, a product field on a following row that disagrees with the product's first row, an
 * option twice in one product, a product twice in a one-row-per-product file.
 */

/** A variant row of a product, with its row number. */
export interface FileVariant extends VariantCells {
  row: number;
}

/** A product of the file: its first row's cells, and its variant rows (none in the old file). */
export interface FileProduct {
  /** The product's first row. */
  row: number;
  cells: CsvRow;
  /** The handle as given, slugified ('' when blank). */
  handle: string;
  /** The product SKU as given ('' when blank). */
  sku: string;
  variants: FileVariant[];
  /** The old file's inventory: undefined without the column or when its cell is bad. */
  inventory: number | undefined;
}

export interface ProductFile {
  shape: FileShape;
  columns: CsvColumn[];
  /** Data rows (blank rows left out). */
  rows: number;
  products: FileProduct[];
  /** The rows' own problems, by row. */
  problems: ImportProblem[];
}

/** The CSV's records: a file that is not CSV (or has no header, or too many rows) is a 400. */
function parseRecords(text: string): string[][] {
  try {
    // Blank lines stay (as [""]): a spreadsheet counts them as rows, and so do the row numbers here.
    return readCsvRecords(text);
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    throw new DomainError("invalid", CSV_MESSAGES.notCsvAt(error.records + 1));
  }
}

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === "");

/** A handle cell's slug: each product's rows repeat its handle, so each cell is slugified once. */
function handleReader(): (cells: CsvRow) => string {
  const handles = new Map<string, string>();
  return (cells) => {
    const cell = cells.slug ?? "";
    let handle = handles.get(cell);
    if (handle === undefined) handles.set(cell, (handle = slugify(restoreCell(cell).trim())));
    return handle;
  };
}
const skuOf = (cells: CsvRow) => restoreCell(cells.sku ?? "").trim();

/** Reads a product CSV: its shape, its products with their rows, and the rows' own problems. */
export function readProductFile(text: string): ProductFile {
  const [header, ...body] = parseRecords(text);
  if (!header || isBlank(header)) throw new DomainError("invalid", CSV_MESSAGES.noRows);
  const read = readHeader(header);
  if (!read.ok) throw new DomainError("invalid", read.message);
  const { columns, shape } = read;

  const problems: ImportProblem[] = [];
  const rows: { row: number; cells: CsvRow }[] = [];
  let dataRows = 0;
  body.forEach((record, i) => {
    if (isBlank(record)) return;
    dataRows++;
    const row = i + 2;
    if (record.length !== columns.length) {
      problems.push({ row, column: null, message: CSV_MESSAGES.cellCount(record.length, columns.length) });
      return;
    }
    rows.push({ row, cells: Object.fromEntries(columns.map((column, c) => [column, record[c]!])) as CsvRow });
  });
  if (dataRows === 0) throw new DomainError("invalid", CSV_MESSAGES.noRows);
  if (dataRows > CSV_MAX_ROWS) throw new DomainError("too-large", CSV_MESSAGES.tooMany);

  const products = shape === "variants" ? groupVariantRows(rows, columns, problems) : productRows(rows, problems);
  return { shape, columns, rows: dataRows, products, problems: sortProblems(problems) };
}

/** The old file: one row per product; a product twice is a problem on its second row. */
function productRows(rows: readonly { row: number; cells: CsvRow }[], problems: ImportProblem[]): FileProduct[] {
  const handleOf = handleReader();
  const products: FileProduct[] = [];
  const rowOfHandle = new Map<string, number>();
  const rowOfSku = new Map<string, number>();
  for (const { row, cells } of rows) {
    const handle = handleOf(cells);
    const sku = skuOf(cells);
    if (handle === "" && sku === "") {
      problems.push({ row, column: cells.sku === undefined ? "slug" : "sku", message: CSV_MESSAGES.keyRequired });
      continue;
    }
    const earlier = (handle && rowOfHandle.get(handle)) || (sku && rowOfSku.get(sku));
    if (earlier) {
      problems.push({ row, column: null, message: CSV_MESSAGES.duplicateProduct(earlier) });
      continue;
    }
    if (handle) rowOfHandle.set(handle, row);
    if (sku) rowOfSku.set(sku, row);
    let inventory: number | undefined;
    if (cells.inventory !== undefined) {
      const read = readInventory(cells.inventory);
      if (typeof read === "string") problems.push({ row, column: "inventory", message: read });
      else inventory = read;
    }
    products.push({ row, cells, handle, sku, variants: [], inventory });
  }
  return products;
}

/**
 * The file of variant rows: a row whose handle (or, without one, SKU) is new starts a product and
 * holds its fields; a row naming a product already started adds a variant to it. Product cells on a
 * following row must be blank or the same as on the product's first row.
 */
function groupVariantRows(
  rows: readonly { row: number; cells: CsvRow }[],
  columns: readonly CsvColumn[],
  problems: ImportProblem[],
): FileProduct[] {
  const handleOf = handleReader();
  const products: FileProduct[] = [];
  const byHandle = new Map<string, FileProduct>();
  const bySku = new Map<string, FileProduct>();
  const productColumns = columns.filter((c) => (PRODUCT_COLUMNS as readonly string[]).includes(c));

  for (const { row, cells } of rows) {
    const handle = handleOf(cells);
    const sku = skuOf(cells);
    if (handle === "" && sku === "") {
      problems.push({ row, column: cells.slug === undefined ? "sku" : "slug", message: CSV_MESSAGES.keyRequired });
      continue;
    }
    const variant = readVariantCells(cells);
    if (!variant.ok) {
      for (const [column, message] of Object.entries(variant.errors)) problems.push({ row, column, message });
    }

    let product = (handle && byHandle.get(handle)) || (sku && bySku.get(sku)) || undefined;
    if (product) {
      const differing = productColumns.filter((column) => {
        const cell = restoreCell(cells[column] ?? "").trim();
        if (cell === "") return false;
        if (column === "slug") return handleOf(cells) !== product!.handle;
        return cell !== restoreCell(product!.cells[column] ?? "").trim();
      });
      if (differing.length > 0) {
        problems.push({
          row,
          column: differing[0]!,
          message: CSV_MESSAGES.continuationDiffers(differing, product.row),
        });
        continue;
      }
    } else {
      product = { row, cells, handle, sku, variants: [], inventory: undefined };
      products.push(product);
      if (handle) byHandle.set(handle, product);
      if (sku) bySku.set(sku, product);
    }
    if (variant.ok) product.variants.push({ row, ...variant.variant });
  }

  for (const product of products) checkOptions(product, problems);
  return products;
}

/** A product's rows: each option once, and a size (or colour) on all of them or on none. */
function checkOptions(product: FileProduct, problems: ImportProblem[]): void {
  const rowOfOption = new Map<string, number>();
  for (const variant of product.variants) {
    const key = `${variant.size}\u0000${variant.color}`;
    const earlier = rowOfOption.get(key);
    if (earlier !== undefined) {
      problems.push({ row: variant.row, column: "size", message: CSV_MESSAGES.duplicateOption(variant, earlier) });
    } else rowOfOption.set(key, variant.row);
  }
  for (const column of ["size", "color"] as const) {
    const withOne = product.variants.find((v) => v[column] !== "");
    if (!withOne) continue;
    for (const variant of product.variants) {
      if (variant[column] === "") {
        problems.push({ row: variant.row, column, message: CSV_MESSAGES.mixedOption(column, withOne.row) });
      }
    }
  }
}
