import { and, asc, count, eq, ilike, or, sql } from "drizzle-orm";
import { categories, orders, products, user } from "#db/schema/index";
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

export const ADMIN_PAGE_SIZE = 20;

/** Every product, active or not, for the admin list: search by name or SKU, 20 a page. */
export async function adminProductPage(db: Db, options: { q: string; page: number }) {
  const escaped = options.q.replace(/[\\%_]/g, (c) => `\\${c}`);
  const where = options.q ? or(ilike(products.name, `%${escaped}%`), ilike(products.sku, `%${escaped}%`)) : undefined;
  const [counted] = await db.select({ n: count() }).from(products).where(where);
  const total = counted?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  const page = Math.min(Math.max(1, options.page), pageCount);
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      sku: products.sku,
      priceCents: products.priceCents,
      originalPriceCents: products.originalPriceCents,
      inventory: products.inventory,
      isActive: products.isActive,
      featured: products.featured,
      isNew: products.isNew,
      isSale: products.isSale,
      imageUrl: products.imageUrl,
      category: categories.name,
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(and(where))
    .orderBy(sql`${products.createdAt} desc`, asc(products.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
  return { rows, total, page, pageCount };
}
