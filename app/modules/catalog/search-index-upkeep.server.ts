import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/lib/db/client.server";

/**
 * Moves the products' GIN indexes' pending entries (search vector, trigrams, sizes, colours) into the
 * indexes proper. A GIN index takes new entries into a pending list and merges it when the list is full
 * (4 MB) — inside whichever write happens to fill it, which then takes a second instead of 0.2 s — or
 * when VACUUM runs. The embedded database has no autovacuum, so after a write that touched many
 * products (a bulk action, a CSV import, a bulk load) the writer merges the list itself, at a known cost
 * (~40 ms after a bulk action on 1,000 products), and the next write starts with an empty list.
 * PostgreSQL's autovacuum does the same in the background; doing it here too is harmless.
 */
/** A write that touched this many products merges the pending entries before it answers. */
export const MERGE_AFTER_PRODUCTS = 100;

/** Answers the names of the indexes it merged. */
export async function mergePendingSearchEntries(db: Db): Promise<string[]> {
  const indexes = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name
        from pg_index i
        join pg_class c on c.oid = i.indexrelid
        join pg_am a on a.oid = c.relam
        where i.indrelid = 'products'::regclass and a.amname = 'gin'`,
  );
  for (const { name } of indexes) {
    await db.execute(sql`select gin_clean_pending_list(${name}::regclass)`);
  }
  return indexes.map((index) => index.name);
}
