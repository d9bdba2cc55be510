import { count, eq, sql } from "drizzle-orm";
import { orders, products, user } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";

/** The figures at the top of the admin dashboard. */
export async function adminOverview(db: Db) {
  const [[productStats], [orderStats], [customers]] = await Promise.all([
    db
      .select({
        total: count(),
        active: sql<number>`count(*) filter (where ${products.isActive})`.mapWith(Number),
        featured: sql<number>`count(*) filter (where ${products.featured})`.mapWith(Number),
        outOfStock: sql<number>`count(*) filter (where ${products.inventory} = 0 and ${products.isActive})`.mapWith(
          Number,
        ),
      })
      .from(products),
    db
      .select({
        total: count(),
        revenueCents:
          sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${orders.paymentStatus} = 'paid'), 0)`.mapWith(
            Number,
          ),
        pending: sql<number>`count(*) filter (where ${orders.status} = 'pending')`.mapWith(Number),
      })
      .from(orders),
    db.select({ total: count() }).from(user).where(eq(user.role, "customer")),
  ]);
  return {
    products: productStats!,
    orders: orderStats!,
    customers: customers!.total,
  };
}
