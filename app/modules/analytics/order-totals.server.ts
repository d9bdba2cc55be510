import { sql } from "drizzle-orm";
import { orders } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import { placedOrder } from "~/modules/orders/abandoned-checkouts.server";

/**
 * The console's order cards (spec §2: Total Orders, Total Revenue, Pending Orders, Paid Orders) over all
 * time, in one pass. Test orders, checkouts cancelled before payment and an exchange's replacement orders
 * (issue 30: shipped free, no sale) are never counted as orders; revenue is what sales-analytics counts as
 * a sale (paid, or refunded after a return, not cancelled), so the two agree. Refunds are not taken off here.
 */
export interface OrderTotals {
  orders: number;
  revenueCents: number;
  pending: number;
  paid: number;
}

export async function orderTotals(db: Db): Promise<OrderTotals> {
  const [row] = await db
    .select({
      // A checkout cancelled before it was paid is no order (abandoned-checkouts.server.ts).
      orders: sql<number>`count(*) filter (where ${placedOrder})`.mapWith(Number),
      revenueCents:
        sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${orders.paymentStatus} in ('paid', 'refunded') and ${orders.status} <> 'cancelled'), 0)`.mapWith(
          Number,
        ),
      pending: sql<number>`count(*) filter (where ${orders.status} = 'pending')`.mapWith(Number),
      paid: sql<number>`count(*) filter (where ${orders.paymentStatus} = 'paid')`.mapWith(Number),
    })
    .from(orders)
    .where(sql`${orders.isTest} = false and ${orders.exchangeForOrderId} is null`);
  return row!;
}
