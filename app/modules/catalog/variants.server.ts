import { asc, inArray, sql } from "drizzle-orm";
import { products, productVariants } from "#db/schema/index";
import { queryRows, type Db, type Tx } from "~/lib/db/client.server";
import { suggestedSku, variantOptions, type VariantStock } from "./variant-rules";

/**
 * Variants in the database (decisions.md §6, docs/decisions/0023-variants.md). `products.inventory` is
 * kept by triggers as the sum of the variants' stock; nothing here writes it.
 *
 * Lock order: whoever changes variants' stock locks their products first, in product id order
 * (`lockedProducts` below; the editor's save locks its product row), so concurrent writers of one
 * product's sizes queue instead of deadlocking.
 */

type Conn = Db | Tx;

/** A variant as a writer gives it: its option, and what it holds. */
export interface VariantInput {
  size: string;
  color: string;
  /** Suggested from the product's SKU when missing. */
  sku?: string;
  stock: number;
  barcode?: string | null;
  priceCents?: number | null;
}

export type NewProduct = Omit<typeof products.$inferInsert, "inventory"> & {
  /** The product's variants; when missing, one per size × colour with `stock` on the first. */
  variants?: VariantInput[];
  /** Only with no `variants`: the units put on the first variant. */
  stock?: number;
};

/** The variants a product has when none are given: every size × colour, `stock` on the first. */
export function defaultVariants(product: { sku: string; sizes?: string[]; colors?: string[] }, stock = 0) {
  const options = variantOptions(product.sizes ?? [], product.colors ?? []);
  return options.map((o, i) => ({
    ...o,
    sku: suggestedSku(product.sku, o, options.length),
    stock: i === 0 ? stock : 0,
  }));
}

function variantRows(productId: string, productSku: string, variants: readonly VariantInput[]) {
  return variants.map((v, position) => ({
    productId,
    size: v.size,
    color: v.color,
    sku: v.sku?.trim() || suggestedSku(productSku, v, variants.length),
    stock: v.stock,
    barcode: v.barcode?.trim() || null,
    priceCents: v.priceCents ?? null,
    position,
  }));
}

const INSERT_BATCH = 1000;

/**
 * Inserts products with their variants (the products first, at zero stock; the variants' insert adds
 * their stock to them). Every writer of new products goes through here, so no product is without a
 * variant. Answers the inserted products' ids, slugs and SKUs (conflicting rows are skipped when
 * `skipConflicts`).
 */
export async function insertProducts(
  tx: Conn,
  rows: readonly NewProduct[],
  options: { skipConflicts?: boolean } = {},
): Promise<Array<{ id: string; slug: string; sku: string; name: string }>> {
  const inserted: Array<{ id: string; slug: string; sku: string; name: string }> = [];
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const batch = rows.slice(start, start + INSERT_BATCH);
    const values = batch.map(({ variants: _variants, stock: _stock, ...product }) => product);
    const insert = tx.insert(products).values(values);
    const done = await (options.skipConflicts ? insert.onConflictDoNothing() : insert).returning({
      id: products.id,
      slug: products.slug,
      sku: products.sku,
      name: products.name,
    });
    const bySlug = new Map(batch.map((row) => [row.slug, row]));
    const variants = done.flatMap((p) => {
      const row = bySlug.get(p.slug)!;
      return variantRows(p.id, p.sku, row.variants ?? defaultVariants(row, row.stock ?? 0));
    });
    await insertVariantRows(tx, variants);
    inserted.push(...done);
  }
  return inserted;
}

/**
 * Makes a product's variants exactly these (matched by size and colour: kept variants keep their id,
 * so order lines and subscriptions still point at them). The caller holds the product's row lock.
 */
export async function replaceVariants(
  tx: Tx,
  productId: string,
  productSku: string,
  variants: readonly VariantInput[],
): Promise<void> {
  await replaceVariantsOfProducts(tx, [{ productId, productSku, variants }]);
}

/** A variant as stored, with its product. */
export interface StoredVariantRow {
  id: string;
  productId: string;
  size: string;
  color: string;
  sku: string;
  stock: number;
  barcode: string | null;
  priceCents: number | null;
  position: number;
}

/** Products per query of `storedVariantsOf` (each answers one JSON text of their variants). */
const READ_BATCH = 2000;

/**
 * Every variant of these products, in each product's order (products without variants left out).
 * Each query answers one JSON text that the process parses natively: a result of 150,000 rows would
 * be parsed field by field (1.3 million fields, seconds on PGlite).
 */
export async function storedVariantsOf(
  db: Conn,
  productIds: readonly string[],
): Promise<Map<string, StoredVariantRow[]>> {
  const byProduct = new Map<string, StoredVariantRow[]>();
  const ids = [...new Set(productIds)];
  for (let start = 0; start < ids.length; start += READ_BATCH) {
    const [row] = await queryRows<{ variants: string }>(
      db,
      sql`select coalesce(json_agg(json_build_array(product_id, id, size, color, sku, stock, barcode, price_cents, position)
            order by product_id, position), '[]')::text as variants
          from ${productVariants} where product_id = any(${sql.param(ids.slice(start, start + READ_BATCH))}::uuid[])`,
    );
    type Tuple = [string, string, string, string, string, number, string | null, number | null, number];
    for (const [productId, id, size, color, sku, stock, barcode, priceCents, position] of JSON.parse(
      row!.variants,
    ) as Tuple[]) {
      const variant = { id, productId, size, color, sku, stock, barcode, priceCents, position };
      const list = byProduct.get(productId);
      if (list) list.push(variant);
      else byProduct.set(productId, [variant]);
    }
  }
  return byProduct;
}

/** Variant rows per statement of `replaceVariantsOfProducts` (each statement takes them as a few arrays). */
const WRITE_BATCH = 20_000;

function batches<T>(items: readonly T[], size = WRITE_BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * `replaceVariants` for many products in a few statements whatever their number (the CSV import).
 * The products' variants as stored are compared with the lists given, and only the differences are
 * written, each by the variant's id: the variants no longer listed deleted, the SKUs that change
 * parked on unique placeholders (so SKUs may move between the variants of these products, even from
 * one product to another), the kept variants that differ updated, the new ones inserted. A product
 * whose variants are already as listed is not written at all (so the stock trigger has nothing to
 * add up for it). The caller holds the products' row locks; `stored` is what it read of their
 * variants under those locks (read here when not given).
 */
export async function replaceVariantsOfProducts(
  tx: Tx,
  items: ReadonlyArray<{ productId: string; productSku: string; variants: readonly VariantInput[] }>,
  stored?: ReadonlyMap<string, readonly StoredVariantRow[]>,
): Promise<void> {
  if (items.length === 0) return;
  const current =
    stored ??
    (await storedVariantsOf(
      tx,
      items.map((item) => item.productId),
    ));
  const deleted: string[] = [];
  const parked: string[] = [];
  const updated: Array<ReturnType<typeof variantRows>[number] & { id: string }> = [];
  const inserted: ReturnType<typeof variantRows> = [];
  for (const item of items) {
    const before = new Map((current.get(item.productId) ?? []).map((v) => [`${v.size}\u0000${v.color}`, v]));
    for (const row of variantRows(item.productId, item.productSku, item.variants)) {
      const key = `${row.size}\u0000${row.color}`;
      const old = before.get(key);
      before.delete(key);
      if (!old) inserted.push(row);
      else if (
        old.sku !== row.sku ||
        old.stock !== row.stock ||
        old.barcode !== row.barcode ||
        old.priceCents !== row.priceCents ||
        old.position !== row.position
      ) {
        updated.push({ ...row, id: old.id });
        if (old.sku !== row.sku) parked.push(old.id);
      }
    }
    for (const gone of before.values()) deleted.push(gone.id);
  }

  // 1. The variants no longer listed go (a product listed with no variants loses them all).
  for (const ids of batches(deleted)) {
    await tx.execute(sql`delete from ${productVariants} where id = any(${sql.param(ids)}::uuid[])`);
  }
  // 2. Kept variants whose SKU changes give it up first: every SKU a variant takes below is then free.
  for (const ids of batches(parked)) {
    await tx.execute(
      sql`update ${productVariants} set sku = 'moving:' || id::text where id = any(${sql.param(ids)}::uuid[])`,
    );
  }
  // 3. The kept variants that differ, by id; then the new ones.
  for (const rows of batches(updated)) {
    await tx.execute(
      sql`update ${productVariants} v set sku = k.sku, stock = k.stock, barcode = k.barcode,
            price_cents = k.price_cents, position = k.position, updated_at = now()
          from unnest(${sql.param(rows.map((r) => r.id))}::uuid[], ${sql.param(rows.map((r) => r.sku))}::text[],
            ${sql.param(rows.map((r) => r.stock))}::int[], ${sql.param(rows.map((r) => r.barcode))}::text[],
            ${sql.param(rows.map((r) => r.priceCents))}::int[], ${sql.param(rows.map((r) => r.position))}::int[])
            as k(id, sku, stock, barcode, price_cents, position)
          where v.id = k.id`,
    );
  }
  await insertVariantRows(tx, inserted);
}

/** Inserts variant rows, a statement per WRITE_BATCH rows (each column one array parameter). */
async function insertVariantRows(tx: Conn, variants: ReturnType<typeof variantRows>): Promise<void> {
  for (const rows of batches(variants)) {
    await tx.execute(
      sql`insert into ${productVariants} (product_id, size, color, sku, stock, barcode, price_cents, position)
          select * from unnest(${sql.param(rows.map((r) => r.productId))}::uuid[], ${sql.param(rows.map((r) => r.size))}::text[],
            ${sql.param(rows.map((r) => r.color))}::text[], ${sql.param(rows.map((r) => r.sku))}::text[],
            ${sql.param(rows.map((r) => r.stock))}::int[], ${sql.param(rows.map((r) => r.barcode))}::text[],
            ${sql.param(rows.map((r) => r.priceCents))}::int[], ${sql.param(rows.map((r) => r.position))}::int[])`,
    );
  }
}

/** The variants of these products, in each product's order. */
export async function variantsOf(db: Conn, productIds: readonly string[]): Promise<Map<string, VariantStock[]>> {
  const byProduct = new Map<string, VariantStock[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      size: productVariants.size,
      color: productVariants.color,
      sku: productVariants.sku,
      stock: productVariants.stock,
      priceCents: productVariants.priceCents,
    })
    .from(productVariants)
    .where(inArray(productVariants.productId, [...productIds]))
    .orderBy(asc(productVariants.productId), asc(productVariants.position));
  for (const { productId, ...variant } of rows) {
    const list = byProduct.get(productId) ?? [];
    list.push(variant);
    byProduct.set(productId, list);
  }
  return byProduct;
}

/**
 * A select column of a read of `products` (not aliased): the product's variants (`VariantStock[]`, in
 * its order) as one JSON value, so that the read brings their variants in the same statement. With
 * `only`, just the variants of those sizes and colours ('' among them for a product without either):
 * a checkout reads the variants it buys, not every size of every product in it.
 */
export function variantsColumn(only?: { sizes: readonly string[]; colors: readonly string[] }) {
  const chosen = only
    ? sql` and v.size = any(${sql.param(["", ...only.sizes])}::text[]) and v.color = any(${sql.param(["", ...only.colors])}::text[])`
    : sql``;
  return sql<VariantStock[]>`(
    select coalesce(json_agg(json_build_object('id', v.id, 'size', v.size, 'color', v.color, 'sku', v.sku,
      'stock', v.stock, 'priceCents', v.price_cents) order by v.position), '[]'::json)
    from ${productVariants} v where v.product_id = "products"."id"${chosen})`;
}

/** A quantity of one variant, with the product it belongs to (whose row is locked first). */
export interface StockMove {
  variantId: string;
  productId: string;
  quantity: number;
}

/**
 * Takes quantities off variants' stock: their products locked first (in id order), then one
 * conditional update that never takes a variant below zero, in one statement. Answers the id of a
 * variant that had too little, or that is not its move's product's (nothing was taken then: the caller
 * rolls back), or null.
 */
export async function takeStock(tx: Tx, moves: readonly StockMove[]): Promise<string | null> {
  if (moves.length === 0) return null;
  const wanted = mergeMoves(moves);
  const taken = await queryRows<{ id: string }>(
    tx,
    sql`with ${lockedProducts(wanted)}
        update ${productVariants} v set stock = v.stock - w.quantity, updated_at = now()
        from ${movesTable(wanted)}
        where (select count(*) from locked) > 0 and v.id = w.id and v.product_id = w.product_id and v.stock >= w.quantity
        returning v.id`,
  );
  if (taken.length === wanted.length) return null;
  const done = new Set(taken.map((t) => t.id));
  return wanted.find((m) => !done.has(m.variantId))?.variantId ?? null;
}

/** Gives quantities back to variants' stock (cancellation, a failed payment, the sweeper, a restock). */
export async function giveBackStock(tx: Tx, moves: readonly StockMove[]): Promise<void> {
  if (moves.length === 0) return;
  const given = mergeMoves(moves);
  await tx.execute(
    sql`with ${lockedProducts(given)}
        update ${productVariants} v set stock = v.stock + w.quantity, updated_at = now()
        from ${movesTable(given)}
        where (select count(*) from locked) > 0 and v.id = w.id and v.product_id = w.product_id`,
  );
}

/** One move per variant, its quantities added up (an update changes a row once per statement). */
function mergeMoves(moves: readonly StockMove[]): StockMove[] {
  const byVariant = new Map<string, StockMove>();
  for (const m of moves) {
    const seen = byVariant.get(m.variantId);
    byVariant.set(m.variantId, seen ? { ...seen, quantity: seen.quantity + m.quantity } : { ...m });
  }
  return [...byVariant.values()];
}

/** The moves as a table `w(id, product_id, quantity)`: three arrays, one parameter each. */
function movesTable(moves: readonly StockMove[]) {
  return sql`unnest(${sql.param(moves.map((m) => m.variantId))}::uuid[], ${sql.param(moves.map((m) => m.productId))}::uuid[],
    ${sql.param(moves.map((m) => m.quantity))}::int[]) as w(id, product_id, quantity)`;
}

/**
 * `locked`: the moves' products, locked in id order. A statement that changes the variants filters
 * on `(select count(*) from locked) > 0`, an uncorrelated subquery PostgreSQL runs once before the
 * first variant is read for update, so every product lock is taken before any variant's, in one round
 * trip (the embedded database pays ~0.3 ms a statement). The products come by id, not looked up from
 * the variants: that look-up cost placing an order a tenth of its time on the embedded database.
 */
function lockedProducts(moves: readonly StockMove[]) {
  const ids = [...new Set(moves.map((m) => m.productId))];
  return sql`locked as materialized (
    select ${products.id} from ${products} where ${products.id} = any(${sql.param(ids)}::uuid[])
    order by ${products.id} for no key update)`;
}
