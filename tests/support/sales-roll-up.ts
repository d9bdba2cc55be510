import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/lib/db/client.server";

/**
 * The sales roll-up (db/schema/sales.ts, migration 0012) against a straight recomputation from the orders
 * and their lines, summed over shards: every list is empty when the roll-up is exact. A mismatch reads as
 * "key: roll-up / recomputed".
 */
export interface RollUpDrift {
  /** sales_days by UTC day and payment method: sales, revenue, test orders, cancelled orders. */
  days: string[];
  /** sales_day_lines by day, kind and key: units and revenue. */
  lines: string[];
  /** sales_customer_days by day and customer key: the customer's sales that day. */
  customers: string[];
  /** Lines whose sale_day is not their order's day while it is a sale (null otherwise). */
  saleDays: string[];
}

const SALE = sql.raw(
  `not o.is_test and o.status <> 'cancelled' and o.payment_status in ('paid', 'refunded') and o.exchange_for_order_id is null`,
);
const DAY = sql.raw(`(o.created_at at time zone 'UTC')::date`);

export async function rollUpDrift(db: Db): Promise<RollUpDrift> {
  const days = await queryRows<{ key: string; have: string; want: string }>(
    db,
    sql`with want as (
          select ${DAY} as day, coalesce(o.payment_method, 'unknown') as method,
                 count(*) filter (where ${SALE}) as orders,
                 coalesce(sum(o.total_cents) filter (where ${SALE}), 0) as revenue,
                 count(*) filter (where o.is_test) as tests,
                 count(*) filter (where not o.is_test and o.status = 'cancelled') as cancelled
            from orders o
           group by 1, 2
        ), have as (
          select day, payment_method as method, sum(orders) as orders, sum(revenue_cents) as revenue,
                 sum(test_orders) as tests, sum(cancelled_orders) as cancelled
            from sales_days
           group by 1, 2
        )
        select day::text || ' ' || method as key,
               concat_ws(',', coalesce(h.orders, 0), coalesce(h.revenue, 0), coalesce(h.tests, 0), coalesce(h.cancelled, 0)) as have,
               concat_ws(',', coalesce(w.orders, 0), coalesce(w.revenue, 0), coalesce(w.tests, 0), coalesce(w.cancelled, 0)) as want
          from want w
          full join have h using (day, method)
         order by 1`,
  );
  const lines = await queryRows<{ key: string; have: string; want: string }>(
    db,
    sql`with want as (
          select ${DAY} as day, v.kind, v.key, sum(i.quantity) as units, sum(i.total_price_cents) as revenue
            from orders o
            join order_items i on i.order_id = o.id
           cross join lateral (values
                   (case when i.product_id is null then 'orphan' else 'product' end, coalesce(i.product_id::text, i.product_name)),
                   ('size', coalesce(btrim(i.size), '')),
                   ('color', coalesce(btrim(i.color), ''))) as v(kind, key)
           where ${SALE}
           group by 1, 2, 3
        ), have as (
          select day, kind, key, sum(units) as units, sum(revenue_cents) as revenue from sales_day_lines group by 1, 2, 3
        )
        select concat_ws(' ', day, kind, key) as key,
               concat_ws(',', coalesce(h.units, 0), coalesce(h.revenue, 0)) as have,
               concat_ws(',', coalesce(w.units, 0), coalesce(w.revenue, 0)) as want
          from want w
          full join have h using (day, kind, key)
         order by 1`,
  );
  const customers = await queryRows<{ key: string; have: string; want: string }>(
    db,
    sql`with want as (
          select ${DAY} as day, coalesce(o.user_id, lower(o.customer_email)) as customer, count(*) as orders
            from orders o
           where ${SALE}
           group by 1, 2
        ), have as (
          select d.day, k.customer_key as customer, sum(d.orders) as orders
            from sales_customer_days d
            join sales_customers k using (customer_no)
           group by 1, 2
        )
        select day::text || ' ' || customer as key, coalesce(h.orders, 0)::text as have, coalesce(w.orders, 0)::text as want
          from want w
          full join have h using (day, customer)
         order by 1`,
  );
  const saleDays = await queryRows<{ key: string; have: string | null; want: string | null }>(
    db,
    sql`select o.order_number || ' ' || i.product_name as key, i.sale_day::text as have,
               (case when ${SALE} then ${DAY} end)::text as want
          from order_items i
          join orders o on o.id = i.order_id
         order by 1`,
  );
  const differing = (rows: Array<{ key: string; have: string | null; want: string | null }>) =>
    rows.filter((row) => row.have !== row.want).map((row) => `${row.key}: ${row.have} / ${row.want}`);
  return {
    days: differing(days),
    lines: differing(lines),
    customers: differing(customers),
    saleDays: differing(saleDays),
  };
}

export const EXACT: RollUpDrift = { days: [], lines: [], customers: [], saleDays: [] };
