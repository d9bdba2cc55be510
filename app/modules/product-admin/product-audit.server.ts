import { desc, eq, sql } from "drizzle-orm";
import { productChanges } from "#db/schema/index";
import type { Db, Tx } from "~/lib/db/client.server";
import type { FieldChanges } from "./product-changes";

/** Who made a back-office write: the signed-in admin. */
export type Actor = { id: string; email: string };

export type ChangeAction = "create" | "update" | "flag" | "bulk" | "group" | "import" | "duplicate";

/**
 * Records catalogue writes in the audit trail, in the caller's transaction (so a write and its record
 * land together or not at all), as one INSERT however many products. Entries without changes are skipped.
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
  await tx.execute(
    sql`insert into ${productChanges} (product_id, actor_id, actor_label, action, changes)
        select (entry->>'productId')::uuid, ${actor.id}, ${actor.email}, ${action}, entry->'changes'
        from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) as entry`,
  );
}

export type ProductChange = {
  id: string;
  actor: string;
  action: string;
  changes: FieldChanges;
  at: string;
};

/** A product's last changes, newest first (the editor's history). */
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
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}
