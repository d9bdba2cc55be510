import { and, count, eq, sql, type SQL } from "drizzle-orm";
import { categories, productChanges, products } from "#db/schema/index";
import { queryRows, type Db, type Tx } from "~/lib/db/client.server";
import { DomainError } from "~/lib/domain-error";
import { MERGE_AFTER_PRODUCTS, mergePendingSearchEntries } from "~/modules/catalog/search-index-upkeep.server";
import { insertDemoCatalog, SEED_LOCK } from "~/modules/catalog/seed.server";
import { adminProductConditions } from "./admin-product-list.server";
import { auditFromHistory, recordProductChanges, type Actor, type ChangeAction } from "./product-audit.server";
import type { FieldChanges } from "./product-changes";
import {
  bulkActionOf,
  SALE_PERCENT_MESSAGE,
  SELECT_PRODUCTS_FIRST,
  type BulkAction,
  type BulkFlag,
  type BulkTarget,
} from "./product-flags";

/**
 * The dashboard's flag writes (spec §4: is_active, featured, is_sale toggled singly or in bulk).
 * Each is one conditional UPDATE that changes only the products not yet in the asked-for state,
 * and records those changes in the audit trail in the same transaction. The caller empties the
 * catalogue's caches after the commit when anything changed.
 */

const PRODUCT_NOT_FOUND = "Product not found";

function flagValues(flag: Exclude<BulkFlag, "isSale">, to: boolean) {
  return flag === "isActive" ? { isActive: to } : { featured: to };
}

/**
 * Sets `flag` to `to` on the products `scope` selects, in one UPDATE whose WHERE leaves out those
 * already in that state (`IS DISTINCT FROM`), so each changed product is recorded once, as
 * `{ flag: [!to, to] }`. Answers the ids it changed.
 */
async function setFlagWhere(
  tx: Tx,
  actor: Actor,
  action: ChangeAction,
  flag: Exclude<BulkFlag, "isSale">,
  to: boolean,
  scope: SQL | undefined,
): Promise<string[]> {
  const column = products[flag];
  const changed = tx
    .update(products)
    .set({ ...flagValues(flag, to), updatedAt: sql`now()` })
    .where(and(scope, sql`${column} is distinct from ${to}`))
    .returning({ id: products.id });
  const changes: FieldChanges = { [flag]: [!to, to] };
  // The UPDATE and its audit rows in one statement: a round trip less, and no id list sent back and forth
  // (an embedded query comes in its own parentheses).
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`with changed as ${changed}, history as (
          insert into ${productChanges} (product_id, actor_id, actor_label, action, changes)
          select id, ${actor.id}, ${actor.email}, ${action}, ${JSON.stringify(changes)}::jsonb from changed
          returning product_id, action, changes
        )
        ${auditFromHistory(actor, sql`history`)}`,
  );
  return rows.map((row) => row.id);
}

/**
 * A per-row toggle: sets one product's flag to the state asked for. Answers whether it changed
 * (false when it already was in that state); a product that does not exist is a 404.
 */
export async function setProductFlag(
  db: Db,
  actor: Actor,
  write: { id: string; flag: "isActive" | "featured"; value: boolean },
): Promise<{ changed: boolean }> {
  return db.transaction(async (tx) => {
    const changed = await setFlagWhere(tx, actor, "flag", write.flag, write.value, eq(products.id, write.id));
    if (changed.length > 0) return { changed: true };
    const [found] = await tx.select({ id: products.id }).from(products).where(eq(products.id, write.id));
    if (!found) throw new DomainError("not-found", PRODUCT_NOT_FOUND, { reason: "PRODUCT_NOT_FOUND" });
    return { changed: false };
  });
}

/**
 * 'Mark as Sale' at `percent` off, or 'Remove from Sale' (percent null), on the products `scope`
 * selects, in one statement with its audit rows: the prices of `salePrices` / `regularPrices`
 * (product-flags.ts) computed in SQL, is_sale set to whether the compare-at price is above the price
 * (decisions.md §6). Products already so priced are left alone. Answers the ids it changed.
 */
async function setSaleWhere(tx: Tx, actor: Actor, percent: number | null, scope: SQL | undefined): Promise<string[]> {
  const regular = sql`case when ${products.originalPriceCents} > ${products.priceCents} then ${products.originalPriceCents} else ${products.priceCents} end`;
  const price = percent === null ? regular : sql`round(${regular} * ${100 - percent}::numeric / 100)::int`;
  const compareAt = percent === null ? sql`null::int` : regular;
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`with target as (
          select ${products.id} as id, ${products.priceCents} as old_price, ${products.originalPriceCents} as old_compare,
            ${products.isSale} as old_sale, ${price} as new_price, ${compareAt} as new_compare
          from ${products} where ${scope ?? sql`true`}
          order by ${products.id} for no key update
        ), changed as (
          update ${products} p set price_cents = t.new_price, original_price_cents = t.new_compare,
            is_sale = coalesce(t.new_compare > t.new_price, false), updated_at = now()
          from target t
          where p.id = t.id and (t.old_price, t.old_compare, t.old_sale)
            is distinct from (t.new_price, t.new_compare, coalesce(t.new_compare > t.new_price, false))
          returning p.id, t.old_price, t.old_compare, t.old_sale, p.price_cents, p.original_price_cents, p.is_sale
        )
        , history as (
          insert into ${productChanges} (product_id, actor_id, actor_label, action, changes)
          select id, ${actor.id}, ${actor.email}, 'bulk', jsonb_strip_nulls(jsonb_build_object(
            'priceCents', case when old_price <> price_cents then jsonb_build_array(old_price, price_cents) end,
            'originalPriceCents', case when old_compare is distinct from original_price_cents
              then jsonb_build_array(old_compare, original_price_cents) end,
            'isSale', case when old_sale <> is_sale then jsonb_build_array(old_sale, is_sale) end))
          from changed
          returning product_id, action, changes
        )
        ${auditFromHistory(actor, sql`history`)}`,
  );
  return rows.map((row) => row.id);
}

/**
 * A bulk action on the selected products, or on every product matching the list's filter (the
 * server resolves the filter inside the same UPDATE, so "all 10,000 matching" is one statement and
 * no list of ids travels). 'Mark as Sale' needs `percent`. Answers how many products it changed.
 */
export async function applyBulkAction(
  db: Db,
  actor: Actor,
  action: BulkAction,
  target: BulkTarget,
  percent?: number,
): Promise<{ changed: number }> {
  const { flag, to } = bulkActionOf(action);
  let scope: SQL | undefined;
  if ("ids" in target) {
    if (target.ids.length === 0)
      throw new DomainError("invalid", SELECT_PRODUCTS_FIRST, { reason: "NOTHING_SELECTED" });
    scope = sql`${products.id} = any(${sql.param(target.ids)}::uuid[])`;
  } else {
    scope = adminProductConditions(target.filter);
  }
  if (flag === "isSale" && to && percent === undefined)
    throw new DomainError("invalid", SALE_PERCENT_MESSAGE, { reason: "PERCENT_REQUIRED" });
  const ids = await db.transaction((tx) =>
    flag === "isSale"
      ? setSaleWhere(tx, actor, to ? percent! : null, scope)
      : setFlagWhere(tx, actor, "bulk", flag, to, scope),
  );
  // A flag change rewrites each product's row and so its search-index entries (search-index-upkeep).
  if (ids.length >= MERGE_AFTER_PRODUCTS) await mergePendingSearchEntries(db);
  return { changed: ids.length };
}

export const CATALOGUE_NOT_EMPTY =
  "The catalogue already has products: demo products are loaded into an empty one only";

/**
 * decisions.md §4: an empty catalogue offers to load the demo catalogue, for real. Only into an
 * empty catalogue (checked under the seeding lock, so two clicks or two admins load it once); each
 * product is recorded in the audit trail as created by this admin.
 */
export async function loadDemoProducts(db: Db, actor: Actor): Promise<{ products: number }> {
  const loaded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [existing] = await tx.select({ n: count() }).from(products);
    if ((existing?.n ?? 0) > 0) throw new DomainError("conflict", CATALOGUE_NOT_EMPTY, { reason: "NOT_EMPTY" });
    const { inserted } = await insertDemoCatalog(tx);
    await recordProductChanges(
      tx,
      actor,
      "create",
      inserted.map((p) => ({ productId: p.id, changes: { name: [null, p.name], sku: [null, p.sku] } })),
    );
    return inserted.length;
  });
  // Fresh statistics after a bulk load, so the planner picks the search and listing indexes.
  await db.execute(sql`analyze ${products}, ${categories}`);
  await mergePendingSearchEntries(db);
  return { products: loaded };
}
