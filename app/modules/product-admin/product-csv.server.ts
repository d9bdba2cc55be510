import { createHash, randomUUID } from "node:crypto";
import { stringify } from "csv-stringify/sync";
import { asc, eq, sql, type SQL } from "drizzle-orm";
import { categories, products, productVariants } from "#db/schema/index";
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
 * what would be created and changed, or every problem by row. Importing makes the same plan again in
 * one transaction with the matched products locked (in id order, as every writer of stock does), and
 * writes only when it has no problem and nothing changed since the preview (the preview's token covers
 * each matched product's version and its variants): all rows or none, never over a change the
 * preview did not show. Writes are batched: new products through `insertProducts`, changed fields in
 * one UPDATE per 500 products, variants through `replaceVariantsOfProducts` (a few statements per
 * 5,000 variants), the audit in one INSERT per 500 products.
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
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(asc(products.sku));
  const variantRows = await db
    .select({
      productId: productVariants.productId,
      size: productVariants.size,
      color: productVariants.color,
      sku: productVariants.sku,
      stock: productVariants.stock,
      barcode: productVariants.barcode,
      priceCents: productVariants.priceCents,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(where)
    .orderBy(asc(productVariants.productId), asc(productVariants.position));
  const variantsOf = new Map<string, ExportVariant[]>();
  for (const { productId, ...variant } of variantRows) {
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

async function plan(db: Db | Tx, text: string, lock: boolean) {
  const file = readProductFile(text);
  const problems: ImportProblem[] = [...file.problems];
  const problem = (row: number, column: string | null, message: string) => problems.push({ row, column, message });

  // The shop's products the file names (by handle or SKU), locked when importing, and their variants.
  const handles = distinct(file.products.map((p) => p.handle));
  const skus = distinct(file.products.map((p) => p.sku));
  const existingQuery = db
    .select(editableProductColumns)
    .from(products)
    .where(
      sql`${products.slug} = any(${sql.param(handles)}::text[]) or ${products.sku} = any(${sql.param(skus)}::text[])`,
    )
    .orderBy(asc(products.id));
  const existing = await (lock ? existingQuery.for("no key update") : existingQuery);
  const bySlug = new Map(existing.map((p) => [p.slug, p]));
  const bySku = new Map(existing.map((p) => [p.sku, p]));
  const storedOf = await storedVariantsOf(
    db,
    existing.map((p) => p.id),
  );
  const categoryRows = await db.select({ id: categories.id, slug: categories.slug }).from(categories);
  const categoryBySlug = new Map(categoryRows.map((c) => [c.slug, c.id]));

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

  // ... and not another product's in the shop (one query each for the whole file). Only what a
  // product takes anew is asked about: its own slug, SKU and variant SKUs are no other product's.
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
      if (slugOwner !== undefined && slugOwner !== p.id) problem(p.row, "slug", CSV_MESSAGES.slugTaken);
      const skuOwner = skuHolder.get(p.columns.sku);
      if (skuOwner !== undefined && skuOwner !== p.id)
        problem(p.row, "sku", CSV_MESSAGES.productSkuTaken(p.columns.sku));
    }
  }
  // A variant SKU may come from a product of the file (its variants are all rewritten), not from another.
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
        problem(rowOfSku.get(t.sku)!, "variant_sku", CSV_MESSAGES.variantSkuTaken(t.sku, t.slug));
      }
    }
  }

  const sorted = sortProblems(problems);
  const token = createHash("sha256")
    .update(
      existing
        .map((p) => {
          const variants = (storedOf.get(p.id) ?? []).map(
            (v) => `${v.id}\u0002${v.sku}\u0002${v.stock}\u0002${v.barcode}\u0002${v.priceCents}\u0002${v.position}`,
          );
          return `${p.id}\u0001${p.version}\u0001${p.inventory}\u0001${variants.join("\u0003")}`;
        })
        .sort()
        .join("\n"),
    )
    .update(`\n${createHash("sha256").update(text).digest("hex")}`)
    .digest("base64url");

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
  return { summary, planned, storedOf };
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

/** The import's preview: what would be created and changed, or every problem by row. Writes nothing. */
export async function previewProductImport(db: Db, text: string): Promise<ImportPlan> {
  return (await plan(db, text, false)).summary;
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
      const { summary, planned, storedOf } = await plan(tx, text, true);
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
  }));
  await tx.execute(sql`
    update products as p set
      name = v.name, slug = v.slug, description = v.description, images = v.images, image_url = v.image_url,
      category_id = v.category_id, is_active = v.is_active, featured = v.featured, is_new = v.is_new,
      is_sale = v.is_sale, price_cents = v.price_cents, original_price_cents = v.original_price_cents,
      sku = v.sku, meta_title = v.meta_title, meta_description = v.meta_description,
      tags = v.tags, colors = v.colors, sizes = v.sizes, variant_type = v.variant_type,
      updated_at = greatest(now(), p.updated_at + interval '1 microsecond')
    from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as v(
      id uuid, name text, slug text, description text, images text[], image_url text, category_id uuid,
      is_active boolean, featured boolean, is_new boolean, is_sale boolean, price_cents integer,
      original_price_cents integer, sku text, meta_title text, meta_description text,
      tags text[], colors text[], sizes text[], variant_type text)
    where p.id = v.id`);
}
