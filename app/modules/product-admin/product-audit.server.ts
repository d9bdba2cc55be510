import { desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { auditLog, productChanges, productGroups, products } from "#db/schema/index";
import type { Db, Tx } from "~/lib/db/client.server";
import { isUuid } from "~/lib/ids";
import type { AuditActor } from "~/modules/audit/audit.server";
import type { FieldChanges } from "./product-changes";
import { variantTypeText } from "./product-form";

/**
 * Who made a back-office write: a staff member or the shared password (the staff module's StaffActor),
 * as the audit trail records it.
 */
export type Actor = AuditActor;

export type ChangeAction = "create" | "update" | "flag" | "bulk" | "group" | "import" | "duplicate";

/**
 * Records catalogue writes in the product's history (`product_changes`, the editor's History) and in the
 * shop's audit trail (`audit_log`, issue 32), in the caller's transaction (so a write and its record land
 * together or not at all), as one statement however many products: a data-modifying CTE writes both
 * tables, the audit rows named after the products as they are once written. Entries without changes are
 * skipped.
 *
 * The rows travel as one JSON parameter expanded by the database: a VALUES list would take five
 * parameters a row, which is slow to build for a bulk action on thousands of products and refused by
 * PostgreSQL past 65,535 parameters (13,107 rows).
 */
export async function recordProductChanges(
  tx: Db | Tx,
  actor: Actor,
  action: ChangeAction,
  entries: readonly { productId: string; changes: FieldChanges }[],
): Promise<void> {
  const rows = entries
    .filter((entry) => Object.keys(entry.changes).length > 0)
    .map((entry) => ({ productId: entry.productId, changes: entry.changes }));
  if (rows.length === 0) return;
  const session = actor.kind === "shared-password" ? actor.sessionId : null;
  await tx.execute(
    sql`with entry as (
          select (e->>'productId')::uuid as product_id, e->'changes' as changes, x.n
            from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) with ordinality as x(e, n)
        ), history as (
          insert into ${productChanges} (product_id, actor_id, actor_label, action, changes)
          select product_id, ${actor.id}, ${actor.email}, ${action}, changes from entry
        )
        insert into ${auditLog} (actor_kind, actor_id, actor_email, actor_name, actor_session,
          action, object_type, object_id, object_name, changes)
        select ${actor.kind}, ${actor.id}, ${actor.email}, ${actor.name}, ${session},
               ${`product.${action}`}, 'product', entry.product_id::text, coalesce(p.name, ''), entry.changes
          from entry left join ${products} p on p.id = entry.product_id
         order by entry.n`,
  );
}

/**
 * The audit trail's rows for product-history rows a statement has just written: `history` names a CTE
 * of the statement (`product_id, action, changes`, the RETURNING of its insert into product_changes),
 * and this is the statement's last part, answering the products' ids. For the writes that change many
 * products and record them in one statement (flags, bulk actions, sales).
 */
export function auditFromHistory(actor: Actor, history: SQL): SQL {
  const session = actor.kind === "shared-password" ? actor.sessionId : null;
  return sql`insert into ${auditLog} (actor_kind, actor_id, actor_email, actor_name, actor_session,
      action, object_type, object_id, object_name, changes)
    select ${actor.kind}, ${actor.id}, ${actor.email}, ${actor.name}, ${session},
           'product.' || h.action, 'product', h.product_id::text, coalesce(p.name, ''), h.changes
      from ${history} h left join ${products} p on p.id = h.product_id
    returning object_id as id`;
}

export type ProductChange = {
  id: string;
  actor: string;
  action: string;
  changes: FieldChanges;
  at: string;
};

/** Fields whose recorded values are ids: shown as the group's or the product's name. */
const GROUP_FIELDS = new Set(["productGroupId"]);
const PRODUCT_FIELDS = new Set(["parentProductId"]);

/**
 * The changes as the owner reads them: a group's id as the group's name ('Wrap Midi Dress'), a
 * product's id as its name, a variant type as a word. An id whose row is gone reads 'a deleted group'
 * or 'a deleted product'.
 */
async function inWords(db: Db, rows: readonly ProductChange[]): Promise<ProductChange[]> {
  const idsOf = (fields: Set<string>) => [
    ...new Set(
      rows.flatMap((row) =>
        Object.entries(row.changes).flatMap(([field, pair]) =>
          fields.has(field) ? pair.filter((v): v is string => typeof v === "string" && v !== "") : [],
        ),
      ),
    ),
  ];
  const groupIds = idsOf(GROUP_FIELDS);
  const productIds = idsOf(PRODUCT_FIELDS).filter(isUuid);
  const [groups, named] = await Promise.all([
    groupIds.length > 0
      ? db
          .select({ id: productGroups.id, name: productGroups.name })
          .from(productGroups)
          .where(inArray(productGroups.id, groupIds))
      : [],
    productIds.length > 0
      ? db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, productIds))
      : [],
  ]);
  const groupName = new Map(groups.map((g) => [g.id, g.name]));
  const productName = new Map(named.map((p) => [p.id, p.name]));
  const word = (field: string, value: unknown): unknown => {
    if (typeof value !== "string" || value === "") return value;
    if (GROUP_FIELDS.has(field)) return groupName.get(value) ?? "a deleted group";
    if (PRODUCT_FIELDS.has(field)) return productName.get(value) ?? "a deleted product";
    if (field === "variantType") return variantTypeText(value);
    return value;
  };
  return rows.map((row) => ({
    ...row,
    changes: Object.fromEntries(
      Object.entries(row.changes).map(([field, [before, after]]) => [field, [word(field, before), word(field, after)]]),
    ) as FieldChanges,
  }));
}

/** A product's last changes, newest first (the editor's history), in words. */
export async function lastProductChanges(db: Db, productId: string, limit = 10): Promise<ProductChange[]> {
  const rows = await db
    .select({
      id: productChanges.id,
      actor: productChanges.actorLabel,
      action: productChanges.action,
      changes: productChanges.changes,
      at: productChanges.createdAt,
    })
    .from(productChanges)
    .where(eq(productChanges.productId, productId))
    .orderBy(desc(productChanges.createdAt), desc(productChanges.id))
    .limit(limit);
  return inWords(
    db,
    rows.map((row) => ({ ...row, at: row.at.toISOString() })),
  );
}
