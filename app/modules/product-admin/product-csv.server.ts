import { createHash, randomUUID } from "node:crypto";
import { stringify } from "csv-stringify/sync";
import { asc, eq, sql, type SQL } from "drizzle-orm";
import { categories, products, productVariants, sizeCharts } from "#db/schema/index";
import { queryRows, type Db, type Tx } from "~/lib/db/client.server";
import { DomainError, isDomainError } from "~/lib/domain-error";
import { centsToDecimalString } from "~/lib/money";
import { slugify } from "~/modules/catalog/product-rules";
import { suggestedSku, variantOptions, type VariantOption } from "~/modules/catalog/variant-rules";
import {
  insertProducts,
  replaceVariantsOfProducts,
  storedVariantsOf,
  type StoredVariantRow,
  type VariantInput,
} from "~/modules/catalog/variants.server";
import { MERGE_AFTER_PRODUCTS, mergePendingSearchEntries } from "~/modules/catalog/search-index-upkeep.server";
import { recordProductChanges, type Actor } from "./product-audit.server";
import { changedFields, type FieldChanges } from "./product-changes";
import {
  columnErrors,
  CSV_COLUMNS,
  CSV_MAX_PROBLEMS,
  CSV_MESSAGES,
  exportRows,
  sortProblems,
  valuesOfRow,
  variantChanges,
  type ExportVariant,
  type ImportPlan,
  type ImportProblem,
} from "./product-csv";
import { readProductFile, type FileProduct } from "./product-csv-file";
import { formValuesOf, newProductValues, productColumns, validateProductInput } from "./product-form";
import { editableProductColumns } from "./product-save.server";
import { productSaveFailure } from "./save-messages";

/**
 * The product CSV's export and import (beyond the spec), one row per variant (see product-csv.ts).
 *
 * The import is planned first — the file read and every row checked (product-csv-file.ts), each
 * product checked with the editor's own rules and matched to a product of the shop by handle (slug) or
 * SKU, every SKU checked against the file and the shop, nothing written — and the owner sees the plan:
 * what would be created and changed, or every problem by row. Importing locks the matched products
 * (in id order, as every writer of stock does) in one transaction and writes only when the plan has no
 * problem and nothing changed since the preview (the preview's token covers the file, each matched
 * product's fields and version, its variants, and the categories): all rows or none, never over a
 * change the preview did not show. The preview's plan is kept for its import (`planToImport`), which
 * then only reads the shop again under the locks instead of reading and checking every row again.
 * Writes are batched: new products through `insertProducts`, changed fields in one UPDATE per 500
 * products, variants through `replaceVariantsOfProducts` (only the variants that differ, a few
 * statements in all), the audit in one INSERT per 500 products.
 */

// ---------------------------------------------------------------- export

/** Every product the filter matches (all of them without one) with its variants, as CSV text (UTF-8 with a BOM for spreadsheets). */
export async function exportProductsCsv(db: Db, where?: SQL): Promise<string> {
  const list = await db
    .select({
      id: products.id,
      sku: products.sku,
      name: products.name,
      slug: products.slug,
      description: products.description,
      priceCents: products.priceCents,
      originalPriceCents: products.originalPriceCents,
      categorySlug: categories.slug,
      isActive: products.isActive,
      featured: products.featured,
      isNew: products.isNew,
      isSale: products.isSale,
      tags: products.tags,
      images: products.images,
      variantType: products.variantType,
      metaTitle: products.metaTitle,
      metaDescription: products.metaDescription,
      sizeChartName: sizeCharts.name,
      fitNote: products.fitNote,
      modelHeightCm: products.modelHeightCm,
      modelSize: products.modelSize,
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(sizeCharts, eq(sizeCharts.id, products.sizeChartId))
    .where(where)
    .orderBy(asc(products.sku));
  // The variants as one JSON text, parsed natively (150,000 rows would be parsed field by field).
  const [row] = await queryRows<{ variants: string }>(
    db,
    sql`select coalesce(json_agg(json_build_array(v.product_id, v.size, v.color, v.sku, v.stock, v.barcode, v.price_cents)
          order by v.product_id, v.position), '[]')::text as variants
        from ${productVariants} v join ${products} on ${products.id} = v.product_id
        ${where ? sql`where ${where}` : sql``}`,
  );
  type Tuple = [string, string, string, string, number, string | null, number | null];
  const variantsOf = new Map<string, ExportVariant[]>();
  for (const [productId, size, color, sku, stock, barcode, priceCents] of JSON.parse(row!.variants) as Tuple[]) {
    const variant = { size, color, sku, stock, barcode, priceCents };
    const list = variantsOf.get(productId);
    if (list) list.push(variant);
    else variantsOf.set(productId, [variant]);
  }
  const rows: string[][] = [[...CSV_COLUMNS]];
  for (const product of list) rows.push(...exportRows(product, variantsOf.get(product.id) ?? []));
  return `\ufeff${stringify(rows)}`;
}

// ---------------------------------------------------------------- import plan

/** How many changes the preview lists. */
const SAMPLE_SIZE = 50;

/** A variant the import writes, with the row it comes from. */
type PlannedVariant = VariantInput & { sku: string; barcode: string | null; priceCents: number | null; row: number };

type WrittenColumns = Omit<ReturnType<typeof productColumns>, "inventory">;

interface Planned {
  action: "create" | "update";
  row: number;
  id: string;
  columns: WrittenColumns;
  variants: PlannedVariant[];
  fieldChanges: FieldChanges;
  variantChanges: FieldChanges;
}

/** The product's columns without `inventory`: the variants' triggers keep it, nothing else writes it. */
function withoutInventory(columns: ReturnType<typeof productColumns>): WrittenColumns {
  const { inventory: _inventory, ...rest } = columns as ReturnType<typeof productColumns> & { inventory?: unknown };
  return rest;
}

const distinct = (values: readonly string[]) => [...new Set(values.filter((v) => v !== ""))];
const optionKey = (o: VariantOption) => `${o.size}\u0000${o.color}`;

/** Rows by value, for the values given more than once. */
function repeated(entries: Iterable<[string, number]>): Map<string, number[]> {
  const rows = new Map<string, number[]>();
  for (const [value, row] of entries) {
    const list = rows.get(value);
    if (list) list.push(row);
    else rows.set(value, [row]);
  }
  for (const [value, list] of rows) if (list.length < 2) rows.delete(value);
  return rows;
}

/** The products of the shop a file names (its handles and SKUs). */
interface FileKeys {
  handles: string[];
  skus: string[];
}

type ExistingProduct = Awaited<ReturnType<typeof readShop>>["existing"][number];

/**
 * What the plan reads of the shop: the products the file names (by handle or SKU), locked when
 * importing (in id order, as every writer of stock locks them), their variants, and the categories.
 */
async function readShop(db: Db | Tx, keys: FileKeys, lock: boolean) {
  const existingQuery = db
    .select(editableProductColumns)
    .from(products)
    .where(
      sql`${products.slug} = any(${sql.param(keys.handles)}::text[]) or ${products.sku} = any(${sql.param(keys.skus)}::text[])`,
    )
    .orderBy(asc(products.id));
  const existing = await (lock ? existingQuery.for("no key update") : existingQuery);
  const storedOf = await storedVariantsOf(
    db,
    existing.map((p) => p.id),
  );
  const categoryRows = await db.select({ id: categories.id, slug: categories.slug }).from(categories);
  const chartRows = await db.select({ id: sizeCharts.id, name: sizeCharts.name }).from(sizeCharts);
  return { existing, storedOf, categoryRows, chartRows };
}

/**
 * What the import must find unchanged to write the preview's plan: the file, and everything of the
 * shop the plan was made from — the products it names (each one's fields and version), their
 * variants, the categories.
 */
function tokenOf(shop: Awaited<ReturnType<typeof readShop>>, textHash: string): string {
  const hash = createHash("sha256");
  for (const p of shop.existing) {
    const variants = (shop.storedOf.get(p.id) ?? []).map(
      (v) => `${v.id}\u0002${v.sku}\u0002${v.stock}\u0002${v.barcode}\u0002${v.priceCents}\u0002${v.position}`,
    );
    hash.update(`${JSON.stringify(p)}\u0001${variants.join("\u0003")}\n`);
  }
  for (const c of shop.categoryRows) hash.update(`${c.id}\u0001${c.slug}\n`);
  for (const c of shop.chartRows) hash.update(`chart\u0001${c.id}\u0001${c.name}\n`);
  return hash.update(textHash).digest("base64url");
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

async function plan(db: Db | Tx, text: string, lock: boolean) {
  const file = readProductFile(text);
  const problems: ImportProblem[] = [...file.problems];
  const problem = (row: number, column: string | null, message: string) => problems.push({ row, column, message });

  const keys = {
    handles: distinct(file.products.map((p) => p.handle)),
    skus: distinct(file.products.map((p) => p.sku)),
  };
  const shop = await readShop(db, keys, lock);
  const { existing, storedOf } = shop;
  const bySlug = new Map(existing.map((p) => [p.slug, p]));
  const bySku = new Map(existing.map((p) => [p.sku, p]));
  const categoryBySlug = new Map(shop.categoryRows.map((c) => [c.slug, c.id]));
  const chartByName = new Map(shop.chartRows.map((c) => [c.name.toLowerCase(), c.id]));

  const planned: Planned[] = [];
  // Every variant SKU of the file with its row (those of products with problems too, as far as given).
  const variantSkus: Array<[string, number]> = [];
  let unchanged = 0;
  // The file's valid products' variants and stock, as the import leaves them.
  let variantCount = 0;
  let stockTotal = 0;

  for (const fileProduct of file.products) {
    const { row } = fileProduct;
    const slugMatch = fileProduct.handle ? bySlug.get(fileProduct.handle) : undefined;
    const skuMatch = fileProduct.sku ? bySku.get(fileProduct.sku) : undefined;
    const explicitSkus = () => {
      for (const v of fileProduct.variants) if (v.sku) variantSkus.push([v.sku, v.row]);
    };
    if (slugMatch && skuMatch && slugMatch.id !== skuMatch.id) {
      problem(row, "sku", CSV_MESSAGES.twoProducts(fileProduct.handle, fileProduct.sku));
      explicitSkus();
      continue;
    }
    const current = slugMatch ?? skuMatch;
    const base = current
      ? // The file's compare-at stays as it is: nothing fills one in.
        {
          ...formValuesOf(current),
          compareAtPrice: current.originalPriceCents === null ? "" : centsToDecimalString(current.originalPriceCents),
        }
      : newProductValues();
    const { values, errors } = valuesOfRow(fileProduct.cells, base, { keepBlankKeys: current !== undefined });
    if (file.columns.includes("category")) {
      const slug = (fileProduct.cells.category ?? "").trim().toLowerCase();
      const id = slug === "" ? "" : categoryBySlug.get(slug);
      if (id === undefined) errors.category = CSV_MESSAGES.unknownCategory(slug);
      values.categoryId = id ?? "";
    }
    if (file.columns.includes("size_chart")) {
      const name = (values.sizeChartId ?? "").trim();
      const id = name === "" ? "" : chartByName.get(name.toLowerCase());
      if (id === undefined) errors.size_chart = CSV_MESSAGES.unknownSizeChart(name);
      values.sizeChartId = id ?? "";
      // Garment measurements are measured against a chart: another chart starts them afresh.
      if ((id ?? "") !== (base.sizeChartId ?? "")) values.garmentMeasurements = {};
    }
    if (file.shape === "variants") {
      values.sizes = distinct(fileProduct.variants.map((v) => v.size));
      values.colors = distinct(fileProduct.variants.map((v) => v.color));
    }
    // A new product without a slug gets one from its name (spec §5 slug rule), as in the editor.
    if (!current && values.slug.trim() === "") values.slug = slugify(values.name);

    const checked = validateProductInput(values);
    // The row's own messages (unknown category, a flag that is neither yes nor no) come first.
    const all = checked.ok ? errors : { ...columnErrors(checked.errors, file.shape === "variants"), ...errors };
    if (!checked.ok || Object.keys(all).length > 0) {
      for (const [column, message] of Object.entries(all)) problem(row, column, message);
      explicitSkus();
      continue;
    }
    const id = current?.id ?? randomUUID();
    const columns = withoutInventory(productColumns(checked.data, id));
    const before = storedOf.get(id) ?? [];
    const variants = plannedVariants(fileProduct, file.shape, columns, before, file.columns, current !== undefined);
    if (typeof variants === "string") {
      problem(row, "inventory", variants);
      continue;
    }
    for (const v of variants) variantSkus.push([v.sku, v.row]);
    variantCount += variants.length;
    stockTotal += variants.reduce((sum, v) => sum + v.stock, 0);
    if (file.shape === "variants" && variants.length === 0) continue; // its rows' problems are listed

    if (current) {
      const fieldChanges = changedFields(current as Record<string, unknown>, columns);
      const changes = variantChanges(before, variants);
      if (Object.keys(fieldChanges).length + Object.keys(changes).length === 0) unchanged++;
      else planned.push({ action: "update", row, id, columns, variants, fieldChanges, variantChanges: changes });
    } else {
      const filled = Object.fromEntries(
        Object.entries(columns).filter(([, v]) => v !== null && v !== "" && !(Array.isArray(v) && v.length === 0)),
      );
      const fieldChanges = changedFields({}, filled);
      planned.push({ action: "create", row, id, columns, variants, fieldChanges, variantChanges: {} });
    }
  }

  // Each slug, product SKU and variant SKU once in the file.
  for (const [slug, rows] of repeated(planned.map((p) => [p.columns.slug, p.row]))) {
    problem(rows[0]!, "slug", CSV_MESSAGES.duplicateSlug(slug, rows));
  }
  for (const [sku, rows] of repeated(planned.map((p) => [p.columns.sku, p.row]))) {
    problem(rows[0]!, "sku", CSV_MESSAGES.duplicateSku(sku, rows));
  }
  for (const [sku, rows] of repeated(variantSkus)) {
    problem(rows[0]!, "variant_sku", CSV_MESSAGES.duplicateSku(sku, rows));
  }

  problems.push(...(await shopConflicts(db, planned, existing, storedOf, variantSkus)));

  const sorted = sortProblems(problems);
  const token = tokenOf(shop, sha256(text));

  const summary: ImportPlan = {
    rows: file.rows,
    products: file.products.length,
    create: planned.filter((p) => p.action === "create").length,
    update: planned.filter((p) => p.action === "update").length,
    unchanged,
    variants: variantCount,
    stock: stockTotal,
    problems: sorted.slice(0, CSV_MAX_PROBLEMS),
    problemCount: sorted.length,
    sample: planned.slice(0, SAMPLE_SIZE).map((p) => ({
      row: p.row,
      sku: p.columns.sku,
      name: p.columns.name,
      action: p.action,
      fields: [...Object.keys(p.fieldChanges), ...(Object.keys(p.variantChanges).length > 0 ? ["variants"] : [])],
      variants: p.variants.length,
      stock: p.variants.reduce((sum, v) => sum + v.stock, 0),
    })),
    token,
  };
  return { summary, planned, storedOf, keys, variantSkus };
}

/**
 * Slugs, product SKUs and variant SKUs the plan gives that are another product's in the shop (one
 * query each for the whole file). Only what a product takes anew is asked about: its own slug, SKU
 * and variant SKUs are no other product's; a variant SKU may come from a product of the file (its
 * variants are all rewritten), not from another.
 */
async function shopConflicts(
  db: Db | Tx,
  planned: readonly Planned[],
  existing: readonly ExistingProduct[],
  storedOf: ReadonlyMap<string, readonly StoredVariantRow[]>,
  variantSkus: ReadonlyArray<[string, number]>,
): Promise<ImportProblem[]> {
  const problems: ImportProblem[] = [];
  const existingById = new Map(existing.map((p) => [p.id, p]));
  const newSlugs = planned.filter((p) => existingById.get(p.id)?.slug !== p.columns.slug);
  const newSkus = planned.filter((p) => existingById.get(p.id)?.sku !== p.columns.sku);
  if (newSlugs.length + newSkus.length > 0) {
    const holders = await queryRows<{ id: string; slug: string; sku: string }>(
      db,
      sql`select id, slug, sku from ${products}
          where slug = any(${sql.param(newSlugs.map((p) => p.columns.slug))}::text[])
             or sku = any(${sql.param(newSkus.map((p) => p.columns.sku))}::text[])`,
    );
    const slugHolder = new Map(holders.map((h) => [h.slug, h.id]));
    const skuHolder = new Map(holders.map((h) => [h.sku, h.id]));
    for (const p of planned) {
      const slugOwner = slugHolder.get(p.columns.slug);
      if (slugOwner !== undefined && slugOwner !== p.id) {
        problems.push({ row: p.row, column: "slug", message: CSV_MESSAGES.slugTaken });
      }
      const skuOwner = skuHolder.get(p.columns.sku);
      if (skuOwner !== undefined && skuOwner !== p.id) {
        problems.push({ row: p.row, column: "sku", message: CSV_MESSAGES.productSkuTaken(p.columns.sku) });
      }
    }
  }
  const matchedSkus = new Set<string>();
  for (const variants of storedOf.values()) for (const v of variants) matchedSkus.add(v.sku);
  const wanted = planned.flatMap((p) => p.variants.map((v) => v.sku)).filter((sku) => !matchedSkus.has(sku));
  if (wanted.length > 0) {
    const taken = await queryRows<{ sku: string; productId: string; slug: string }>(
      db,
      sql`select v.sku, v.product_id as "productId", p.slug from ${productVariants} v
          join ${products} p on p.id = v.product_id where v.sku = any(${sql.param(wanted)}::text[])`,
    );
    const rowOfSku = new Map(variantSkus);
    for (const t of taken) {
      if (!existingById.has(t.productId)) {
        problems.push({
          row: rowOfSku.get(t.sku)!,
          column: "variant_sku",
          message: CSV_MESSAGES.variantSkuTaken(t.sku, t.slug),
        });
      }
    }
  }
  return problems;
}

/**
 * The variants a product of the file will have.
 * - Rows of variants: one per row; a cell the file leaves out (or a blank variant_sku) keeps what the
 *   variant has, a new variant gets stock 0 and a SKU suggested from the product's.
 * - The old file: each size × colour of its lists (its current variants when it has neither column);
 *   `inventory` on the first variant of a new product, or the change of total on the first variant of
 *   a product of the shop. Answers a message when the inventory is below the other variants' stock.
 */
function plannedVariants(
  fileProduct: FileProduct,
  shape: "variants" | "products",
  product: WrittenColumns,
  before: readonly StoredVariantRow[],
  columns: readonly string[],
  exists: boolean,
): PlannedVariant[] | string {
  const storedByOption = new Map(before.map((v) => [optionKey(v), v]));
  if (shape === "variants") {
    const count = fileProduct.variants.length;
    return fileProduct.variants.map((v) => {
      const old = storedByOption.get(optionKey(v));
      return {
        size: v.size,
        color: v.color,
        sku: v.sku ?? old?.sku ?? suggestedSku(product.sku, v, count),
        stock: v.stock ?? old?.stock ?? 0,
        barcode: v.barcode === undefined ? (old?.barcode ?? null) : v.barcode,
        priceCents: v.priceCents === undefined ? (old?.priceCents ?? null) : v.priceCents,
        row: v.row,
      };
    });
  }
  const listsGiven = columns.includes("sizes") || columns.includes("colors");
  const options: VariantOption[] =
    exists && !listsGiven
      ? before.map(({ size, color }) => ({ size, color }))
      : variantOptions(product.sizes, product.colors);
  const variants = options.map((o) => {
    const old = storedByOption.get(optionKey(o));
    return {
      ...o,
      sku: old?.sku ?? suggestedSku(product.sku, o, options.length),
      stock: old?.stock ?? 0,
      barcode: old?.barcode ?? null,
      priceCents: old?.priceCents ?? null,
      row: fileProduct.row,
    };
  });
  const inventory = fileProduct.inventory;
  if (inventory !== undefined && variants.length > 0) {
    const others = variants.slice(1).reduce((sum, v) => sum + v.stock, 0);
    if (!exists) variants.forEach((v, i) => (v.stock = i === 0 ? inventory : 0));
    else if (variants.reduce((sum, v) => sum + v.stock, 0) !== inventory) {
      if (inventory < others) return CSV_MESSAGES.inventoryBelowOthers(inventory, others);
      variants[0]!.stock = inventory - others;
    }
  }
  return variants;
}

type Plan = Awaited<ReturnType<typeof plan>>;

/** Plans of the last previews without problems, kept for their import: at most this many, this long. */
const PLANS_KEPT = 2;
const PLAN_KEPT_MS = 30 * 60_000;
const keptPlans = new Map<string, Omit<Plan, "storedOf"> & { at: number }>();

/** The import's preview: what would be created and changed, or every problem by row. Writes nothing. */
export async function previewProductImport(db: Db, text: string): Promise<ImportPlan> {
  const made = await plan(db, text, false);
  if (made.summary.problemCount === 0) {
    keptPlans.delete(made.summary.token);
    // Without the variants as stored: the import reads them again under its locks.
    const { storedOf: _storedOf, ...kept } = made;
    keptPlans.set(made.summary.token, { ...kept, at: Date.now() });
    for (const token of keptPlans.keys()) if (keptPlans.size > PLANS_KEPT) keptPlans.delete(token);
  }
  return made.summary;
}

/**
 * The plan to import, made in the import's transaction with the file's products locked. The preview's
 * own plan when it kept one for this token and the shop still reads as it did then: the token covers
 * the file and all the plan was made from (the products named, their variants, the categories), so
 * the rows need not be read and checked again — only the other products' slugs and SKUs are asked
 * about again (they may have been taken since). Otherwise (another server, a restart, anything
 * changed) the plan is made again from the file.
 */
async function planToImport(tx: Tx, text: string, previewToken: string): Promise<Plan> {
  const kept = keptPlans.get(previewToken);
  keptPlans.delete(previewToken);
  if (kept && Date.now() - kept.at < PLAN_KEPT_MS) {
    const shop = await readShop(tx, kept.keys, true);
    if (tokenOf(shop, sha256(text)) === previewToken) {
      const problems = sortProblems(
        await shopConflicts(tx, kept.planned, shop.existing, shop.storedOf, kept.variantSkus),
      );
      const summary = { ...kept.summary, problems: problems.slice(0, CSV_MAX_PROBLEMS), problemCount: problems.length };
      return { ...kept, summary, storedOf: shop.storedOf };
    }
  }
  return plan(tx, text, true);
}

// ---------------------------------------------------------------- import

/** Products per UPDATE / audit INSERT statement. */
const CHUNK = 500;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export type ImportResult = { written: true; plan: ImportPlan } | { written: false; plan: ImportPlan };

/**
 * Imports the file as previewed: one transaction, the matched products locked, the plan made again and
 * compared with the preview's token. Nothing is written when any row has a problem (the answer then
 * carries the plan with its problems) and a matched product that changed since the preview is a 409.
 * The caller invalidates the catalogue when something was written.
 */
export async function importProducts(db: Db, actor: Actor, text: string, previewToken: string): Promise<ImportResult> {
  const result = await writeImport(db, actor, text, previewToken);
  if (result.written && result.plan.create + result.plan.update >= MERGE_AFTER_PRODUCTS) {
    await mergePendingSearchEntries(db);
  }
  return result;
}

async function writeImport(db: Db, actor: Actor, text: string, previewToken: string): Promise<ImportResult> {
  try {
    return await db.transaction(async (tx): Promise<ImportResult> => {
      const { summary, planned, storedOf } = await planToImport(tx, text, previewToken);
      if (summary.problemCount > 0) return { written: false, plan: summary };
      if (summary.token !== previewToken) {
        throw new DomainError("conflict", CSV_MESSAGES.changedSincePreview, { reason: "CHANGED_SINCE_PREVIEW" });
      }
      const creates = planned.filter((p) => p.action === "create");
      await insertProducts(
        tx,
        creates.map((p) => ({ id: p.id, ...p.columns, variants: p.variants })),
      );
      const fieldUpdates = planned.filter((p) => p.action === "update" && Object.keys(p.fieldChanges).length > 0);
      for (const part of chunks(fieldUpdates)) await updateChunk(tx, part);
      await replaceVariantsOfProducts(
        tx,
        planned
          .filter((p) => p.action === "update" && Object.keys(p.variantChanges).length > 0)
          .map((p) => ({ productId: p.id, productSku: p.columns.sku, variants: p.variants })),
        storedOf,
      );
      for (const part of chunks(planned)) {
        await recordProductChanges(
          tx,
          actor,
          "import",
          part.map((p) => ({ productId: p.id, changes: { ...p.fieldChanges, ...p.variantChanges } })),
        );
      }
      return { written: true, plan: summary };
    });
  } catch (error) {
    if (isDomainError(error)) throw error;
    throw productSaveFailure(error) ?? error;
  }
}

/** One UPDATE for many products: the new columns arrive as a JSON array of records (stock is the variants'). */
async function updateChunk(tx: Tx, part: readonly Planned[]): Promise<void> {
  const records = part.map(({ id, columns: c }) => ({
    id,
    name: c.name,
    slug: c.slug,
    description: c.description,
    images: c.images,
    image_url: c.imageUrl,
    category_id: c.categoryId,
    is_active: c.isActive,
    featured: c.featured,
    is_new: c.isNew,
    is_sale: c.isSale,
    price_cents: c.priceCents,
    original_price_cents: c.originalPriceCents,
    sku: c.sku,
    meta_title: c.metaTitle,
    meta_description: c.metaDescription,
    tags: c.tags,
    colors: c.colors,
    sizes: c.sizes,
    variant_type: c.variantType,
    size_chart_id: c.sizeChartId,
    fit_note: c.fitNote,
    model_height_cm: c.modelHeightCm,
    model_size: c.modelSize,
    garment_measurements: c.garmentMeasurements,
  }));
  await tx.execute(sql`
    update products as p set
      name = v.name, slug = v.slug, description = v.description, images = v.images, image_url = v.image_url,
      category_id = v.category_id, is_active = v.is_active, featured = v.featured, is_new = v.is_new,
      is_sale = v.is_sale, price_cents = v.price_cents, original_price_cents = v.original_price_cents,
      sku = v.sku, meta_title = v.meta_title, meta_description = v.meta_description,
      tags = v.tags, colors = v.colors, sizes = v.sizes, variant_type = v.variant_type,
      size_chart_id = v.size_chart_id, fit_note = coalesce(v.fit_note, p.fit_note),
      model_height_cm = v.model_height_cm, model_size = v.model_size,
      garment_measurements = coalesce(v.garment_measurements, p.garment_measurements),
      updated_at = greatest(now(), p.updated_at + interval '1 microsecond')
    from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as v(
      id uuid, name text, slug text, description text, images text[], image_url text, category_id uuid,
      is_active boolean, featured boolean, is_new boolean, is_sale boolean, price_cents integer,
      original_price_cents integer, sku text, meta_title text, meta_description text,
      tags text[], colors text[], sizes text[], variant_type text,
      size_chart_id uuid, fit_note text, model_height_cm integer, model_size text, garment_measurements jsonb)
    where p.id = v.id`);
}
