import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { categories, products, productVariants, sizeCharts } from "#db/schema/index";
import type { Db, Tx } from "~/lib/db/client.server";
import { DomainError, isDomainError } from "~/lib/domain-error";
import { insertProducts, replaceVariants } from "~/modules/catalog/variants.server";
import type { EditorCategory, EditorProduct, ProductVersion } from "./editor-api";
import { recordProductChanges, type Actor } from "./product-audit.server";
import { changedFields, type FieldChanges } from "./product-changes";
import {
  FIT_MESSAGES,
  formValuesOf,
  PRODUCT_MESSAGES,
  productRowColumns,
  validateProductInput,
  type ProductInput,
  type StoredProductFields,
} from "./product-form";
import { PRODUCT_SAVE_MESSAGES as M, productSaveFailure, type ProductSaveReason } from "./save-messages";
import {
  resolveVariants,
  stockSignature,
  VARIANT_MESSAGES,
  variantChanges,
  type CheckedVariant,
  type StoredVariant,
} from "./variant-form";

/**
 * The editor's reads and its save (spec §2 side panel editor, §7 admin save): a product is created or
 * updated in one transaction together with its audit record, and an update never overwrites a change
 * the form did not see.
 *
 * Variants (decisions.md §6): the save writes the product's variants (the editor's table) with
 * `replaceVariants` in the same transaction, after it has locked and updated the product row (the lock
 * order of every stock writer); `inventory` is never written, triggers keep it as the variants' sum.
 *
 * No lost updates: the form carries the version it was opened from (updated_at to the microsecond,
 * and the stock it showed, in total and per variant: a save whose variants' stock moved meanwhile is
 * refused even when the total is the same). The update is conditional on both — `WHERE id = $id AND updated_at =
 * $version AND inventory = $shown` — after the row is locked, so a save from a stale form is refused
 * (409) instead of silently undoing someone else's save, and a stock figure typed while checkouts run
 * never resurrects units sold meanwhile (placing an order and giving stock back move updated_at too;
 * the inventory condition holds even for a writer that does not). Every successful update moves
 * updated_at forward by at least a microsecond, so two saves never share a version.
 */

/** updated_at in epoch microseconds, as text: exact, and compared in SQL (see ProductVersion). */
const versionOf = sql<string>`(extract(epoch from ${products.updatedAt}) * 1000000)::bigint::text`;

/** The product fields the editor and the CSV import read and write, with the row's version. */
export const editableProductColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  description: products.description,
  images: products.images,
  imageUrl: products.imageUrl,
  categoryId: products.categoryId,
  isActive: products.isActive,
  featured: products.featured,
  isNew: products.isNew,
  isSale: products.isSale,
  priceCents: products.priceCents,
  originalPriceCents: products.originalPriceCents,
  sku: products.sku,
  inventory: products.inventory,
  metaTitle: products.metaTitle,
  metaDescription: products.metaDescription,
  tags: products.tags,
  colors: products.colors,
  sizes: products.sizes,
  variantType: products.variantType,
  sizeChartId: products.sizeChartId,
  fitNote: products.fitNote,
  modelHeightCm: products.modelHeightCm,
  modelSize: products.modelSize,
  garmentMeasurements: products.garmentMeasurements,
  version: versionOf,
};

const editorColumns = { ...editableProductColumns, createdAt: products.createdAt, updatedAt: products.updatedAt };

type EditorRow = StoredProductFields & { id: string; version: string; createdAt: Date; updatedAt: Date };

function editorProduct(row: EditorRow, variants: readonly StoredVariant[]): EditorProduct {
  return {
    id: row.id,
    values: formValuesOf({ ...row, variants }),
    version: { updatedAt: String(row.version), inventory: row.inventory, stock: stockSignature(variants) },
    slug: row.slug,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A product's variants as the editor shows them, in their order. */
export async function storedVariants(db: Db | Tx, productId: string): Promise<StoredVariant[]> {
  return db
    .select({
      size: productVariants.size,
      color: productVariants.color,
      sku: productVariants.sku,
      stock: productVariants.stock,
      barcode: productVariants.barcode,
      priceCents: productVariants.priceCents,
    })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
}

/** A product as the editor opens it, or null. */
export async function loadEditorProduct(db: Db | Tx, id: string): Promise<EditorProduct | null> {
  const [row] = await db.select(editorColumns).from(products).where(eq(products.id, id));
  return row ? editorProduct(row, await storedVariants(db, id)) : null;
}

/** Every category, active or not (an owner may file a product under one not shown yet), in their order. */
export async function listEditorCategories(db: Db): Promise<EditorCategory[]> {
  return db
    .select({ id: categories.id, name: categories.name, isActive: categories.isActive })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.name));
}

export type SaveTarget = { kind: "create" } | { kind: "update"; id: string; version: ProductVersion };

export interface SavedProduct {
  product: EditorProduct;
  created: boolean;
  /** What the save changed (empty when the form was saved unchanged). */
  changes: FieldChanges;
}

const fail = (
  code: "invalid" | "not-found" | "conflict",
  message: string,
  reason: ProductSaveReason,
  fieldErrors?: Record<string, string>,
) => new DomainError<ProductSaveReason>(code, message, { reason, ...(fieldErrors ? { fieldErrors } : {}) });

/**
 * Creates or updates a product from the editor's values (checked here with the form's own rules),
 * records who changed what in the same transaction, and answers the product as saved. Fails with a
 * DomainError: INVALID (400, with field messages), NOT_FOUND (404), STALE or STOCK_MOVED (409), or the
 * spec's database messages (productSaveFailure). The caller invalidates the catalogue after it returns.
 */
export async function saveProduct(db: Db, actor: Actor, target: SaveTarget, values: unknown): Promise<SavedProduct> {
  const parsed = validateProductInput(values);
  if (!parsed.ok) throw fail("invalid", M.invalid, "INVALID", parsed.errors as Record<string, string>);
  const input = parsed.data;
  try {
    return await db.transaction(async (tx) => {
      if (input.categoryId !== null) await requireCategory(tx, input.categoryId);
      await checkFitChart(tx, input, target);
      return target.kind === "create" ? createProduct(tx, actor, input) : updateProduct(tx, actor, target, input);
    });
  } catch (error) {
    if (isDomainError(error)) throw error;
    throw productSaveFailure(error) ?? error;
  }
}

async function requireCategory(tx: Tx, id: string) {
  const [found] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  if (!found) throw fail("invalid", M.invalid, "UNKNOWN_CATEGORY", { categoryId: PRODUCT_MESSAGES.category });
}

/**
 * The chart the product picks exists, and garment measurements follow its columns (issue 29). A save
 * that does not name the chart is checked against the product's own.
 */
async function checkFitChart(tx: Tx, input: ProductInput, target: SaveTarget) {
  let chartId = input.sizeChartId;
  if (chartId === undefined && input.garmentMeasurements !== undefined && target.kind === "update") {
    const [row] = await tx.select({ chart: products.sizeChartId }).from(products).where(eq(products.id, target.id));
    chartId = row?.chart ?? null;
  }
  if (!chartId) {
    const garment = input.garmentMeasurements ?? {};
    if (input.sizeChartId === undefined && Object.keys(garment).length > 0) {
      throw fail("invalid", M.invalid, "INVALID", { garmentMeasurements: FIT_MESSAGES.garmentWithoutChart });
    }
    return;
  }
  const [chart] = await tx
    .select({ measurements: sizeCharts.measurements })
    .from(sizeCharts)
    .where(eq(sizeCharts.id, chartId));
  if (!chart) throw fail("invalid", M.invalid, "INVALID", { sizeChartId: FIT_MESSAGES.sizeChart });
  for (const row of Object.values(input.garmentMeasurements ?? {})) {
    const stray = Object.keys(row).find((m) => !chart.measurements.includes(m));
    if (stray !== undefined) {
      throw fail("invalid", M.invalid, "INVALID", { garmentMeasurements: FIT_MESSAGES.garmentMeasurement(stray) });
    }
  }
}

const isEmpty = (value: unknown) => value === null || value === "" || (Array.isArray(value) && value.length === 0);

/**
 * The variants a save writes: the given table resolved against the sizes × colours (see
 * `resolveVariants`), every SKU checked against the other products' variants. A product written
 * without a table gets `inventory` on its first variant when new.
 */
async function variantsToWrite(
  tx: Tx,
  productId: string,
  columns: { sku: string; sizes: string[]; colors: string[] },
  input: ProductInput,
  stored: readonly StoredVariant[],
): Promise<CheckedVariant[]> {
  const resolved = resolveVariants(columns, input.variants, stored);
  if (!resolved.ok) {
    const message = VARIANT_MESSAGES.notAnOption(resolved.notAnOption);
    throw fail("invalid", message, "INVALID", { variants: message });
  }
  // The product's own SKU first (spec §8's message), then its variants'.
  const [skuHolder] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.sku, columns.sku), ne(products.id, productId)))
    .limit(1);
  if (skuHolder) throw fail("conflict", M.skuTaken, "SKU_TAKEN", { sku: M.skuTaken });
  const variants = resolved.variants;
  if (input.variants === null && stored.length === 0 && variants.length > 0) variants[0]!.stock = input.inventory;
  const skus = variants.map((v) => v.sku);
  const [taken] = await tx
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(and(inArray(productVariants.sku, skus), ne(productVariants.productId, productId)))
    .limit(1);
  if (taken) {
    const message = VARIANT_MESSAGES.skuTaken(taken.sku);
    throw fail("conflict", message, "SKU_TAKEN", { variants: message });
  }
  const repeated = skus.find((sku, i) => skus.indexOf(sku) !== i);
  if (repeated) {
    const message = VARIANT_MESSAGES.skuRepeated(repeated);
    throw fail("invalid", message, "INVALID", { variants: message });
  }
  return variants;
}

async function createProduct(tx: Tx, actor: Actor, input: ProductInput): Promise<SavedProduct> {
  const id = randomUUID();
  const columns = productRowColumns(input, id);
  const variants = await variantsToWrite(tx, id, columns, input, []);
  await insertProducts(tx, [{ id, ...columns, variants }]);
  const [row] = await tx.select(editorColumns).from(products).where(eq(products.id, id));
  const filled = Object.fromEntries(Object.entries(columns).filter(([, value]) => !isEmpty(value)));
  const changes = { ...changedFields({} as Record<string, unknown>, filled), ...variantChanges([], variants) };
  await recordProductChanges(tx, actor, "create", [{ productId: id, changes }]);
  return { product: editorProduct(row!, await storedVariants(tx, id)), created: true, changes };
}

async function updateProduct(
  tx: Tx,
  actor: Actor,
  target: Extract<SaveTarget, { kind: "update" }>,
  input: ProductInput,
): Promise<SavedProduct> {
  const { id, version } = target;
  // Locked until the commit: a checkout taking stock of this product waits for this save, or this
  // save sees what the checkout took.
  const [current] = await tx.select(editorColumns).from(products).where(eq(products.id, id)).for("update");
  if (!current) throw fail("not-found", M.notFound, "NOT_FOUND");
  const stored = await storedVariants(tx, id);
  const stockMoved = current.inventory !== version.inventory || stockSignature(stored) !== version.stock;
  if (current.version !== version.updatedAt || stockMoved) {
    // Orders taking or returning stock move the version too: name the stock when it is what moved.
    throw stockMoved ? fail("conflict", M.stockMoved, "STOCK_MOVED") : fail("conflict", M.stale, "STALE");
  }

  const written = productRowColumns(input, id);
  const variants = await variantsToWrite(tx, id, written, input, stored);
  const changes = { ...changedFields(current, written), ...variantChanges(stored, variants) };
  if (Object.keys(changes).length === 0) return { product: editorProduct(current, stored), created: false, changes };

  const [row] = await tx
    .update(products)
    .set({ ...written, updatedAt: sql`greatest(now(), ${products.updatedAt} + interval '1 microsecond')` })
    .where(
      and(
        eq(products.id, id),
        sql`(extract(epoch from ${products.updatedAt}) * 1000000)::bigint = ${version.updatedAt}::bigint`,
        eq(products.inventory, version.inventory),
      ),
    )
    .returning({ id: products.id });
  if (!row) throw fail("conflict", M.stale, "STALE");
  // The product row is locked and written first, then its variants (the lock order of stock writers).
  await replaceVariants(tx, id, written.sku, variants);
  await recordProductChanges(tx, actor, "update", [{ productId: id, changes }]);
  const [saved] = await tx.select(editorColumns).from(products).where(eq(products.id, id));
  return { product: editorProduct(saved!, await storedVariants(tx, id)), created: false, changes };
}
