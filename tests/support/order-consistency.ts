import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/lib/db/client.server";

/**
 * What a fault (database restart, killed server) must never leave behind, read straight from the
 * database: an order without its items, items that do not add up to the order's totals, an order in a
 * state no transition makes, or stock that does not match the orders holding it. Every list is empty
 * when the data is consistent.
 */
export interface OrderConsistency {
  /** Order numbers of orders without a single item. */
  ordersWithoutItems: string[];
  /** Order numbers whose subtotal is not the sum of their items, or whose total is not subtotal + shipping + tax. */
  wrongTotals: string[];
  /** Order numbers in a status/payment pair no transition produces. */
  impossibleStates: string[];
  /** Products whose stock is not what they started with less what non-cancelled orders hold. */
  stockMismatches: Array<{ productId: string; initial: number; reserved: number; inventory: number }>;
}

/** Checks the whole orders table, and the stock of the products given with their starting inventory. */
export async function orderConsistency(db: Db, initialStock: ReadonlyMap<string, number>): Promise<OrderConsistency> {
  const ordersWithoutItems = await queryRows<{ order_number: string }>(
    db,
    sql`select o.order_number from orders o
        where not exists (select 1 from order_items i where i.order_id = o.id)`,
  );
  const wrongTotals = await queryRows<{ order_number: string }>(
    db,
    sql`select o.order_number from orders o
        join (select order_id, sum(total_price_cents)::bigint as items from order_items group by order_id) i
          on i.order_id = o.id
        where i.items <> o.subtotal_cents or o.total_cents <> o.subtotal_cents + o.shipping_cents + o.tax_cents`,
  );
  const impossibleStates = await queryRows<{ order_number: string }>(
    db,
    sql`select order_number from orders
        where not ((status = 'pending' and payment_status = 'pending')
          or (status = 'processing' and payment_status = 'paid' and paid_at is not null)
          or (status = 'cancelled' and payment_status = 'failed'))`,
  );
  const ids = [...initialStock.keys()];
  const reservedRows = await queryRows<{ product_id: string; reserved: number }>(
    db,
    sql`select i.product_id, sum(i.quantity)::int as reserved from order_items i
        join orders o on o.id = i.order_id
        where o.status <> 'cancelled' and i.product_id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        group by i.product_id`,
  );
  const inventoryRows = await queryRows<{ id: string; inventory: number }>(
    db,
    sql`select id, inventory from products where id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  const reserved = new Map(reservedRows.map((r) => [r.product_id, Number(r.reserved)]));
  const inventory = new Map(inventoryRows.map((r) => [r.id, Number(r.inventory)]));
  const stockMismatches = ids
    .map((productId) => ({
      productId,
      initial: initialStock.get(productId)!,
      reserved: reserved.get(productId) ?? 0,
      inventory: inventory.get(productId) ?? Number.NaN,
    }))
    .filter((p) => p.inventory !== p.initial - p.reserved);
  return {
    ordersWithoutItems: ordersWithoutItems.map((r) => r.order_number),
    wrongTotals: wrongTotals.map((r) => r.order_number),
    impossibleStates: impossibleStates.map((r) => r.order_number),
    stockMismatches,
  };
}

/** Statuses of orders by id, for checking that every order a shopper was told about exists. */
export async function orderStates(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, { status: string; paymentStatus: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: string; status: string; payment_status: string }>(
    db,
    sql`select id, status, payment_status from orders where id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [r.id, { status: r.status, paymentStatus: r.payment_status }]));
}
