import { createHash, randomUUID } from "node:crypto";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { categories, products } from "#db/schema/index";
import type { Db, Tx } from "~/lib/db/client.server";
import { DomainError, isDomainError } from "~/lib/domain-error";
import { centsToDecimalString } from "~/lib/money";
import { slugify } from "~/modules/catalog/product-rules";
import { recordProductChanges, type Actor } from "./product-audit.server";
import { changedFields, type FieldChanges } from "./product-changes";
import {
  columnErrors,
  CSV_COLUMNS,
  CSV_MAX_ROWS,
  CSV_MESSAGES,
  exportRow,
  readHeader,
  restoreCell,
  valuesOfRow,
  type CsvColumn,
  type CsvRow,
  type ImportPlan,
  type ImportRowProblem,
} from "./product-csv";
import {
  formValuesOf,
  newProductValues,
  productColumns,
  validateProductInput,
  type ProductColumns,
} from "./product-form";
import { editableProductColumns } from "./product-save.server";
import { productSaveFailure } from "./save-messages";
import { MERGE_AFTER_PRODUCTS, mergePendingSearchEntries } from "~/modules/catalog/search-index-upkeep.server";

/**
 * The product CSV's export and import (beyond the spec). The import is planned first — every row
 * checked with the editor's own rules, matched to a product by SKU, nothing written — and the owner
 * sees the plan (what would be created or changed, and every row's problems). Importing runs the same
 * plan again inside one transaction with the matched products locked, and writes only when the plan
 * has no errors and nothing changed since the preview (the preview's token covers each matched
 * product's version and stock): all rows or none, and never over a change the preview did not show.
 */

// ---------------------------------------------------------------- export

/** Every product the filter matches (all of them without one), as CSV text (UTF-8 with a BOM for spreadsheets). */
export async function exportProductsCsv(db: Db, where?: SQL): Promise<string> {
  const rows = await db
    .select({
      sku: products.sku,
      name: products.name,
      slug: products.slug,
      description: products.description,
      priceCents: products.priceCents,
      originalPriceCents: products.originalPriceCents,
      inventory: products.inventory,
      categorySlug: categories.slug,
      isActive: products.isActive,
      featured: products.featured,
      isNew: products.isNew,
      isSale: products.isSale,
      sizes: products.sizes,
      colors: products.colors,
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
  return `\ufeff${stringify([[...CSV_COLUMNS], ...rows.map(exportRow)])}`;
}

// ---------------------------------------------------------------- import plan

/** How many changes the preview lists. */
const SAMPLE_SIZE = 50;

type Planned =
  | { action: "create"; line: number; id: string; columns: ProductColumns; changes: FieldChanges }
  | { action: "update"; line: number; id: string; columns: ProductColumns; changes: FieldChanges };

/** The CSV's rows as column → cell, with their line numbers; a file that is not CSV is a 400. */
function readCsv(text: string): { columns: CsvColumn[]; rows: { line: number; row: CsvRow }[] } {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: false }) as string[][];
  } catch {
    throw new DomainError("invalid", CSV_MESSAGES.notCsv);
  }
  const [header, ...body] = records;
  if (!header) throw new DomainError("invalid", CSV_MESSAGES.noRows);
  const read = readHeader(header);
  if (!read.ok) throw new DomainError("invalid", read.message);
  if (body.length === 0) throw new DomainError("invalid", CSV_MESSAGES.noRows);
  if (body.length > CSV_MAX_ROWS) throw new DomainError("too-large", CSV_MESSAGES.tooMany);
  return {
    columns: read.columns,
    rows: body.map((cells, i) => ({
      // skip_empty_lines keeps the count of non-empty records; files from spreadsheets have no blank lines inside.
      line: i + 2,
      row: Object.fromEntries(read.columns.map((column, c) => [column, cells[c] ?? ""])) as CsvRow,
    })),
  };
}

/** What the plan reads of each matched product: what the editor reads, version included. */
const productColumnsForPlan = editableProductColumns;

async function plan(db: Db | Tx, text: string, lock: boolean) {
  const { columns, rows } = readCsv(text);
  const skus = rows.map(({ row }) => restoreCell(row.sku ?? "").trim()).filter((sku) => sku !== "");
  const existingQuery = db.select(productColumnsForPlan).from(products).where(inArray(products.sku, skus));
  const existing = await (lock ? existingQuery.orderBy(asc(products.id)).for("update") : existingQuery);
  const bySku = new Map(existing.map((product) => [product.sku, product]));
  const categoryRows = await db.select({ id: categories.id, slug: categories.slug }).from(categories);
  const categoryBySlug = new Map(categoryRows.map((c) => [c.slug, c.id]));

  const problems: ImportRowProblem[] = [];
  const planned: Planned[] = [];
  const lineOfSku = new Map<string, number>();
  const lineOfSlug = new Map<string, number>();
  let unchanged = 0;

  for (const { line, row } of rows) {
    const sku = restoreCell(row.sku ?? "").trim();
    const errors: Record<string, string> = {};
    if (sku === "") errors.sku = CSV_MESSAGES.skuRequired;
    else if (lineOfSku.has(sku)) errors.sku = CSV_MESSAGES.duplicateSku(lineOfSku.get(sku)!);
    else lineOfSku.set(sku, line);

    const current = bySku.get(sku);
    const base = current
      ? // The file's compare-at stays as it is: no price × 1.2 pre-fill (that is the editor's suggestion).
        {
          ...formValuesOf(current),
          compareAtPrice: current.originalPriceCents === null ? "" : centsToDecimalString(current.originalPriceCents),
        }
      : newProductValues();
    const { values, errors: cellErrors } = valuesOfRow(row, base);
    Object.assign(errors, cellErrors);
    if (columns.includes("category")) {
      const slug = restoreCell(row.category ?? "")
        .trim()
        .toLowerCase();
      const id = slug === "" ? "" : categoryBySlug.get(slug);
      if (id === undefined) errors.category = CSV_MESSAGES.unknownCategory(slug);
      values.categoryId = id ?? "";
    }
    // A new product without a slug gets one from its name (spec §5 slug rule), as in the editor.
    if (!current && values.slug.trim() === "") values.slug = slugify(values.name);

    const checked = validateProductInput(values);
    // The row's own messages (unknown category, a flag that is neither yes nor no) come first.
    if (!checked.ok) Object.assign(errors, { ...columnErrors(checked.errors), ...errors });
    if (Object.keys(errors).length > 0 || !checked.ok) {
      problems.push({ line, sku, errors });
      continue;
    }
    const id = current?.id ?? randomUUID();
    const written = productColumns(checked.data, id);
    const slugLine = lineOfSlug.get(written.slug);
    if (slugLine !== undefined) {
      problems.push({ line, sku, errors: { slug: CSV_MESSAGES.duplicateSlug(slugLine) } });
      continue;
    }
    lineOfSlug.set(written.slug, line);
    if (current) {
      const changes = changedFields(current, written);
      if (Object.keys(changes).length === 0) unchanged++;
      else planned.push({ action: "update", line, id, columns: written, changes });
    } else {
      const filled = Object.fromEntries(
        Object.entries(written).filter(([, v]) => v !== null && v !== "" && !(Array.isArray(v) && v.length === 0)),
      );
      planned.push({ action: "create", line, id, columns: written, changes: changedFields({}, filled) });
    }
  }

  // A slug the file gives must not be another product's (one query for the whole file).
  const slugs = planned.map((p) => p.columns.slug);
  if (slugs.length > 0) {
    const taken = await db
      .select({ id: products.id, slug: products.slug })
      .from(products)
      .where(inArray(products.slug, slugs));
    const owner = new Map(taken.map((t) => [t.slug, t.id]));
    for (let i = planned.length - 1; i >= 0; i--) {
      const p = planned[i]!;
      const holder = owner.get(p.columns.slug);
      if (holder !== undefined && holder !== p.id) {
        problems.push({ line: p.line, sku: p.columns.sku, errors: { slug: CSV_MESSAGES.slugTaken } });
        planned.splice(i, 1);
      }
    }
    problems.sort((a, b) => a.line - b.line);
  }

  const token = createHash("sha256")
    .update(
      existing
        .map((p) => `${p.sku}\u0001${p.version}\u0001${p.inventory}`)
        .sort()
        .join("\n"),
    )
    .update(`\n${createHash("sha256").update(text).digest("hex")}`)
    .digest("base64url");

  const summary: ImportPlan = {
    rows: rows.length,
    create: planned.filter((p) => p.action === "create").length,
    update: planned.filter((p) => p.action === "update").length,
    unchanged,
    problems,
    sample: planned.slice(0, SAMPLE_SIZE).map((p) => ({
      line: p.line,
      sku: p.columns.sku,
      name: p.columns.name,
      action: p.action,
      fields: Object.keys(p.changes),
    })),
    token,
  };
  return { summary, planned };
}

/** The import's preview: what would be created and changed, and every row's problems. Writes nothing. */
export async function previewProductImport(db: Db, text: string): Promise<ImportPlan> {
  return (await plan(db, text, false)).summary;
}

// ---------------------------------------------------------------- import

/** Rows per INSERT / UPDATE statement (well under PostgreSQL's 65,535 parameters). */
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
      const { summary, planned } = await plan(tx, text, true);
      if (summary.problems.length > 0) return { written: false, plan: summary };
      if (summary.token !== previewToken) {
        throw new DomainError("conflict", CSV_MESSAGES.changedSincePreview, { reason: "CHANGED_SINCE_PREVIEW" });
      }
      const creates = planned.filter((p) => p.action === "create");
      const updates = planned.filter((p) => p.action === "update");
      for (const part of chunks(creates)) {
        await tx.insert(products).values(part.map((p) => ({ id: p.id, ...p.columns })));
      }
      for (const part of chunks(updates)) await updateChunk(tx, part);
      for (const part of chunks(planned)) {
        await recordProductChanges(
          tx,
          actor,
          "import",
          part.map((p) => ({ productId: p.id, changes: p.changes })),
        );
      }
      return { written: true, plan: summary };
    });
  } catch (error) {
    if (isDomainError(error)) throw error;
    throw productSaveFailure(error) ?? error;
  }
}

/** One UPDATE for many products: the new columns arrive as a JSON array of records. */
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
    inventory: c.inventory,
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
      sku = v.sku, inventory = v.inventory, meta_title = v.meta_title, meta_description = v.meta_description,
      tags = v.tags, colors = v.colors, sizes = v.sizes, variant_type = v.variant_type,
      updated_at = greatest(now(), p.updated_at + interval '1 microsecond')
    from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as v(
      id uuid, name text, slug text, description text, images text[], image_url text, category_id uuid,
      is_active boolean, featured boolean, is_new boolean, is_sale boolean, price_cents integer,
      original_price_cents integer, sku text, inventory integer, meta_title text, meta_description text,
      tags text[], colors text[], sizes text[], variant_type text)
    where p.id = v.id`);
}
