import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/lib/db/client.server";
import { runPeriodically } from "~/lib/periodic.server";

/**
 * Upkeep of the sales roll-up that the Analytics page reads (db/schema/sales.ts, migration 0012,
 * docs/decisions/0014-sales-roll-up.md). The roll-up is exact without this: triggers on `orders` and
 * `order_items` keep it equal to the orders in the transaction of every write. This only keeps it small.
 * On the embedded database, which has no autovacuum, it also vacuums the roll-up's tables: every payment
 * updates the same few rows of the day, and their old versions would otherwise pile up.
 * Rows of today and yesterday (UTC) are split into 8 shards by order id, so that concurrent payments on
 * PostgreSQL do not queue on one row; once a day is older than that, nothing writes its shards again, and
 * `fold_sales_roll_up()` moves them into shard 0 and drops rows that count nothing. Each instance runs it
 * every `intervalMs` (10 minutes): the fold moves rows between shards of the same day and key, so the sums
 * — all any reader sees — never change, and instances folding at once never count a row twice (the rows
 * are moved by one DELETE … RETURNING; the second DELETE finds them gone).
 */

/**
 * Counts the whole roll-up again from the orders (`recount_sales_roll_up()`, the backfill of migration
 * 0012): the repair should it ever have drifted — its triggers disabled, or writes made with
 * `session_replication_role = replica`. Order writers wait while it runs (seconds for 100,000 orders).
 */
export async function recountSalesRollUp(db: Db): Promise<void> {
  await db.execute(sql`select recount_sales_roll_up()`);
}

/** Folds the roll-up's old shards into shard 0; answers how many rows were moved. */
export async function foldSalesRollUp(db: Db): Promise<number> {
  const [row] = await queryRows<{ moved: number | string }>(db, sql`select fold_sales_roll_up() as moved`);
  return Number(row?.moved ?? 0);
}

/** VACUUM of the roll-up's tables (milliseconds: they are small), for a database without autovacuum. */
export async function vacuumSalesRollUp(db: Db): Promise<void> {
  await db.execute(sql`vacuum sales_days, sales_day_lines, sales_customer_days`);
}

/**
 * Runs `foldSalesRollUp` (and `vacuumSalesRollUp` when `vacuum`: the embedded database) every
 * `intervalMs` (one run at a time) on a timer that does not keep the process alive; failures are logged
 * as warnings. The returned function stops the timer and waits for a run under way.
 */
export function startSalesRollUpUpkeep(
  db: Db,
  options: { intervalMs?: number; vacuum?: boolean } = {},
): () => Promise<void> {
  const { intervalMs = 10 * 60_000, vacuum = false } = options;
  return runPeriodically(
    intervalMs,
    async () => {
      await foldSalesRollUp(db);
      if (vacuum) await vacuumSalesRollUp(db);
    },
    "[analytics] folding the sales roll-up failed:",
  );
}
