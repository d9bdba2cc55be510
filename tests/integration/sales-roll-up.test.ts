import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { and, eq, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orderItems, orders, products, salesDays, user } from "#db/schema/index";
import { migrationsFolder, openDatabase, queryRows, type Db } from "~/lib/db/client.server";
import { EventBus } from "~/lib/events.server";
import { utcDay } from "~/modules/analytics/analytics-range";
import { salesAnalytics } from "~/modules/analytics/sales-analytics.server";
import { foldSalesRollUp, recountSalesRollUp, vacuumSalesRollUp } from "~/modules/analytics/sales-roll-up.server";
import { seedDemoCatalogIfEmpty } from "~/modules/catalog/seed.server";
import { moveOrder, type FulfilmentDeps } from "~/modules/orders/order-fulfilment.server";
import { cancelAbandonedOrders, failOrderPayment, markOrderPaid } from "~/modules/orders/order-payment.server";
import { placeOrder } from "~/modules/orders/place-order.server";
import { createTestOrder, markLatestTestOrderPaid } from "~/modules/orders/test-orders.server";
import { testAddress, testLimits } from "../support/fixtures";
import { setProductStock } from "../support/catalog-fixtures";
import { EXACT, rollUpDrift } from "../support/sales-roll-up";
import {
  createTestDatabase,
  databaseKind,
  prepareDatabaseLocation,
  type DatabaseLocation,
  type TestDatabase,
} from "../support/test-database";

/**
 * The sales roll-up the Analytics page reads (migration 0012, docs/decisions/0014-sales-roll-up.md): it
 * must equal a straight recomputation from the orders after every way an order or a line changes — the
 * shop's own paths (placing, paying, fulfilment moves, refunds, the sweeper, test orders), a payment that
 * rolls back, and plain SQL of any shape — on PGlite and on PostgreSQL (TEST_POSTGRES_URL); and the
 * migration that creates it fills it from the orders a shop already has.
 */

let t: TestDatabase;
let db: Db;
let deps: FulfilmentDeps;
let productIds: string[] = [];
let key = 0;
const admin = { kind: "member" as const, id: "roll-up-admin", name: "Ada Admin", email: "ada@example.com" };
const today = () => utcDay(new Date());
const todayRange = () => ({ from: today(), to: today() });

const drift = () => rollUpDrift(db);

beforeAll(async () => {
  t = await createTestDatabase();
  db = t.database.db;
  await seedDemoCatalogIfEmpty(db);
  await db.insert(user).values([
    { id: "buyer", name: "Buyer", email: "buyer@example.com" },
    { id: "other-buyer", name: "Other", email: "other@example.com" },
    { id: admin.id, name: admin.name, email: admin.email, role: "admin" },
  ]);
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(products.slug)
    .limit(3);
  productIds = rows.map((row) => row.id);
  deps = { db, events: new EventBus(), paypal: undefined };
});
afterAll(async () => {
  await t?.cleanup();
});
beforeEach(async () => {
  // 1,000 of each size and colour of the products the orders buy.
  for (const id of productIds) await setProductStock(db, id, 1_000, { sizes: ["M", "L"], colors: ["Red", "Blue"] });
  // Every test starts with no order waiting for payment (the per-account unpaid limit).
  await db
    .update(orders)
    .set({ status: "cancelled", paymentStatus: "failed" })
    .where(and(eq(orders.status, "pending"), eq(orders.paymentStatus, "pending")));
});

/** Places an order of `buyer` through the shop: product i in M/Red × quantity, and so on. */
async function place(lines: Array<[number, number]>, userId = "buyer") {
  return placeOrder(db, {
    userId,
    idempotencyKey: `roll-up-${++key}`,
    lines: lines.map(([i, quantity]) => ({ productId: productIds[i]!, size: "M", color: "Red", quantity })),
    shippingAddress: testAddress,
    shippingMethod: "standard",
    paymentMethod: "demo",
    limits: testLimits,
  });
}

const pay = (orderId: string) => markOrderPaid(db, deps.events, { orderId, paymentMethod: "demo" });

describe("the sales roll-up through the shop's own paths", () => {
  it("counts nothing for a placed order, and the order once it is paid", async () => {
    const before = await salesAnalytics(db, todayRange());
    const placed = await place([
      [0, 2],
      [1, 1],
    ]);
    expect(await drift()).toEqual(EXACT);
    expect((await salesAnalytics(db, todayRange())).summary).toEqual(before.summary);

    await pay(placed.id);
    expect(await drift()).toEqual(EXACT);
    const after = await salesAnalytics(db, todayRange());
    expect(after.summary.orders).toBe(before.summary.orders + 1);
    expect(after.summary.revenueCents).toBe(before.summary.revenueCents + placed.totalCents);
    const units = (result: typeof after) => result.bySize.reduce((sum, row) => sum + row.units, 0);
    expect(units(after)).toBe(units(before) + 3);
  });

  it("follows shipping, delivery, a cancel with a refund by hand, and a failed payment", async () => {
    const kept = await place([[0, 1]]);
    await pay(kept.id);
    await moveOrder(deps, { orderId: kept.id, move: "ship", actor: admin, trackingNumber: "1Z999", carrier: "UPS" });
    await moveOrder(deps, { orderId: kept.id, move: "deliver", actor: admin });
    expect(await drift()).toEqual(EXACT);

    const before = await salesAnalytics(db, todayRange());
    const cancelled = await place([[1, 3]]);
    await pay(cancelled.id);
    await moveOrder(deps, { orderId: cancelled.id, move: "cancel", actor: admin });
    const [row] = await db.select().from(orders).where(eq(orders.id, cancelled.id));
    expect([row!.status, row!.paymentStatus]).toEqual(["cancelled", "refunded"]);
    expect(await drift()).toEqual(EXACT);

    const failed = await place([[2, 1]]);
    await failOrderPayment(db, failed.id);
    expect(await drift()).toEqual(EXACT);

    const after = await salesAnalytics(db, todayRange());
    expect(after.summary).toEqual(before.summary);
    expect(after.excluded.cancelledOrders).toBe(before.excluded.cancelledOrders + 2);
  });

  it("follows the sweeper's cancellations and the test-order tool", async () => {
    const before = await salesAnalytics(db, todayRange());
    await place([[0, 1]]);
    await place([[1, 1]], "other-buyer");
    const swept = await cancelAbandonedOrders(db, {
      olderThanMinutes: 0,
      now: new Date(Date.now() + 60_000),
    });
    expect(swept).toBeGreaterThanOrEqual(2);
    expect(await drift()).toEqual(EXACT);

    await createTestOrder(db, admin);
    await markLatestTestOrderPaid(deps, admin);
    expect(await drift()).toEqual(EXACT);
    const after = await salesAnalytics(db, todayRange());
    expect(after.summary).toEqual(before.summary);
    expect(after.excluded.testOrders).toBe(before.excluded.testOrders + 1);
  });

  it("leaves the roll-up as it was when a payment rolls back", async () => {
    const placed = await place([[0, 4]]);
    const before = await salesAnalytics(db, todayRange());
    await expect(
      db.transaction(async (tx) => {
        await tx
          .update(orders)
          .set({ status: "processing", paymentStatus: "paid", paidAt: new Date() })
          .where(eq(orders.id, placed.id));
        throw new Error("the provider said no after all");
      }),
    ).rejects.toThrow("the provider said no");
    expect(await salesAnalytics(db, todayRange())).toEqual(before);
    expect(await drift()).toEqual(EXACT);
  });

  it("keeps exact under concurrent payments", async () => {
    const placed = [];
    for (let i = 0; i < 12; i++) placed.push(await place([[i % 3, 1 + (i % 2)]], i % 2 ? "buyer" : "other-buyer"));
    const before = await salesAnalytics(db, todayRange());
    await Promise.all(placed.map((order) => pay(order.id)));
    expect(await drift()).toEqual(EXACT);
    const after = await salesAnalytics(db, todayRange());
    expect(after.summary.orders).toBe(before.summary.orders + 12);
    expect(after.summary.revenueCents).toBe(
      before.summary.revenueCents + placed.reduce((sum, order) => sum + order.totalCents, 0),
    );
  });
});

// — Plain SQL —

let sqlSeq = 0;
interface SqlOrder {
  at: string;
  email?: string;
  userId?: string | null;
  status?: string;
  payment?: string;
  method?: string | null;
  test?: boolean;
}

/** An order and its lines written in one statement, as a script or an import would. */
async function insertWithLines(
  order: SqlOrder,
  lines: Array<{
    name: string;
    product?: number;
    size?: string | null;
    color?: string | null;
    quantity: number;
    unit: number;
  }>,
) {
  const number = `SQL-${String(++sqlSeq).padStart(6, "0")}`;
  const subtotal = lines.reduce((sum, line) => sum + line.quantity * line.unit, 0);
  const items = lines.map((line) => ({
    product_id: line.product === undefined ? null : productIds[line.product]!,
    name: line.name,
    size: line.size ?? null,
    color: line.color ?? null,
    quantity: line.quantity,
    unit: line.unit,
  }));
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`with placed as (
          insert into orders (order_number, user_id, status, payment_status, subtotal_cents, total_cents,
            shipping_address, customer_email, payment_method, is_test, created_at, updated_at)
          values (${number}, ${order.userId ?? null}, ${order.status ?? "processing"}, ${order.payment ?? "paid"},
            ${subtotal}, ${subtotal}, ${JSON.stringify(testAddress)}::jsonb, ${order.email ?? "sql@example.com"},
            ${order.method === undefined ? "paypal" : order.method}, ${order.test ?? false}, ${order.at}::timestamptz,
            ${order.at}::timestamptz)
          returning id
        ), lines as (
          insert into order_items (order_id, product_id, product_name, product_sku, size, color, quantity,
            unit_price_cents, total_price_cents)
          select placed.id, v.product_id, v.name, 'SQL', v.size, v.color, v.quantity, v.unit, v.quantity * v.unit
            from placed cross join jsonb_to_recordset(${JSON.stringify(items)}::jsonb)
              as v(product_id uuid, name text, size text, color text, quantity int, unit int)
        )
        select id from placed`,
  );
  return { id: row!.id, number };
}

const run = (statement: ReturnType<typeof sql>) => db.execute(statement);

describe("the sales roll-up under plain SQL", () => {
  it("counts a paid order written with its lines in one statement once, and lines added later", async () => {
    const range = { from: "2025-05-01", to: "2025-05-01" };
    const order = await insertWithLines({ at: "2025-05-01T10:00:00Z" }, [
      { name: "Linen Shirt", product: 0, size: "M", color: "Red", quantity: 2, unit: 1500 },
      { name: "Gift Card", size: " ", quantity: 1, unit: 2000 },
    ]);
    expect(await drift()).toEqual(EXACT);
    let result = await salesAnalytics(db, range);
    expect(result.summary).toEqual({ orders: 1, revenueCents: 5000, averageOrderCents: 5000, uniqueCustomers: 1 });
    expect(result.bySize).toEqual([
      { size: "M", units: 2, share: 2 / 3 },
      { size: "No size", units: 1, share: 1 / 3 },
    ]);

    // A line added afterwards (the order's total left as it was: lines and orders are counted apart).
    await run(sql`insert into order_items (order_id, product_name, product_sku, size, color, quantity, unit_price_cents,
      total_price_cents) values (${order.id}, 'Extra', 'X', 'L', 'Blue', 3, 100, 300)`);
    expect(await drift()).toEqual(EXACT);
    result = await salesAnalytics(db, range);
    expect(result.byColor).toEqual([
      { color: "Blue", units: 3, share: 3 / 6 },
      { color: "Red", units: 2, share: 2 / 6 },
      { color: "No colour", units: 1, share: 1 / 6 },
    ]);
  });

  it("follows lines changed, moved between orders and deleted", async () => {
    const a = await insertWithLines({ at: "2025-05-02T10:00:00Z" }, [
      { name: "Tee", product: 1, size: "S", color: "Red", quantity: 1, unit: 1000 },
      { name: "Cap", size: null, color: "Black", quantity: 2, unit: 500 },
    ]);
    const pending = await insertWithLines({ at: "2025-05-02T11:00:00Z", status: "pending", payment: "pending" }, [
      { name: "Sock", quantity: 5, unit: 100 },
    ]);
    await run(
      sql`update order_items set quantity = 4, total_price_cents = 4000, size = 'XL' where order_id = ${a.id} and product_name = 'Tee'`,
    );
    expect(await drift()).toEqual(EXACT);
    // The cap moves to the unpaid order: no longer counted; the socks move to the paid one: counted.
    await run(sql`update order_items set order_id = case when order_id = ${a.id} then ${pending.id}::uuid else ${a.id}::uuid end
      where product_name in ('Cap', 'Sock')`);
    expect(await drift()).toEqual(EXACT);
    await run(sql`delete from order_items where order_id = ${a.id} and product_name = 'Tee'`);
    expect(await drift()).toEqual(EXACT);
    const result = await salesAnalytics(db, { from: "2025-05-02", to: "2025-05-02" });
    expect(result.bestSellers).toEqual([{ productId: null, name: "Sock", units: 5, revenueCents: 500 }]);
  });

  it("follows orders paid, refunded, cancelled, marked test, moved in time and deleted, one and many at once", async () => {
    const at = (day: number) => `2025-06-${String(day).padStart(2, "0")}T12:00:00Z`;
    const made = [];
    for (let i = 0; i < 10; i++) {
      made.push(
        await insertWithLines(
          { at: at(1 + (i % 3)), status: "pending", payment: "pending", email: `Buyer${i % 4}@Example.com` },
          [
            {
              name: "Tee",
              product: i % 3,
              size: ["S", "M", "L"][i % 3]!,
              color: "Red",
              quantity: 1 + (i % 2),
              unit: 1200,
            },
            { name: "Bag", color: i % 2 ? "Blue" : null, quantity: 1, unit: 3000 },
          ],
        ),
      );
    }
    const ids = made.map((order) => order.id);
    const each = async (statement: ReturnType<typeof sql>) => {
      await run(statement);
      expect(await drift()).toEqual(EXACT);
    };
    // All paid in one statement; then one by one: refunded, cancelled, marked test, moved, another method.
    await each(
      sql`update orders set status = 'processing', payment_status = 'paid' where id in ${sql.raw(`('${ids.join("','")}')`)}`,
    );
    await each(sql`update orders set payment_status = 'refunded' where id = ${ids[0]}`);
    await each(sql`update orders set status = 'cancelled' where id = ${ids[1]}`);
    await each(sql`update orders set is_test = true where id = ${ids[2]}`);
    await each(sql`update orders set created_at = '2025-06-20T23:59:59Z' where id = ${ids[3]}`);
    await each(sql`update orders set payment_method = null where id = ${ids[4]}`);
    await each(
      sql`update orders set total_cents = total_cents + 100, tax_cents = tax_cents + 100 where id = ${ids[5]}`,
    );
    await each(sql`update orders set customer_email = 'someone@else.com' where id = ${ids[6]}`);
    // Undo in one statement what the first moves did, and delete two orders (their lines go with them).
    await each(sql`update orders set status = 'processing', payment_status = 'paid', is_test = false
      where id in (${ids[0]}, ${ids[1]}, ${ids[2]})`);
    await each(sql`delete from orders where id in (${ids[7]}, ${ids[8]})`);

    const result = await salesAnalytics(db, { from: "2025-06-01", to: "2025-06-30" });
    expect(result.byPaymentMethod.map((row) => row.method).sort()).toEqual(["paypal", "unknown"]);
    expect(result.summary.orders).toBe(8);
  });

  it("follows an account deleted (its orders become the e-mail's) and a product deleted (its lines keep the name)", async () => {
    await db.insert(user).values({ id: "leaver", name: "Leaver", email: "leaver@example.com" });
    const [doomed] = await db
      .insert(products)
      .values({ name: "Doomed Hat", slug: "doomed-hat", priceCents: 900, sku: "DOOMED-HAT" })
      .returning({ id: products.id });
    productIds.push(doomed!.id);
    const range = { from: "2025-07-01", to: "2025-07-01" };
    await insertWithLines({ at: "2025-07-01T08:00:00Z", userId: "leaver", email: "leaver@example.com" }, [
      { name: "Doomed Hat", product: productIds.length - 1, quantity: 2, unit: 900 },
    ]);
    await insertWithLines({ at: "2025-07-01T09:00:00Z", email: "LEAVER@example.com" }, [
      { name: "Pin", quantity: 1, unit: 100 },
    ]);
    // The account and the guest e-mail are two customers…
    expect((await salesAnalytics(db, range)).summary.uniqueCustomers).toBe(2);

    await db.delete(user).where(eq(user.id, "leaver"));
    await db.delete(products).where(eq(products.id, doomed!.id));
    productIds.pop();
    expect(await drift()).toEqual(EXACT);
    const result = await salesAnalytics(db, range);
    // …then one: the account's order is now the e-mail's.
    expect(result.summary.uniqueCustomers).toBe(1);
    expect(result.bestSellers[0]).toEqual({ productId: null, name: "Doomed Hat", units: 2, revenueCents: 1800 });
  });

  it("is checked by a recomputation that notices any figure off by one", async () => {
    await insertWithLines({ at: "2025-05-20T10:00:00Z", userId: "buyer" }, [
      { name: "Check", size: "M", quantity: 1, unit: 100 },
    ]);
    const nudge = async (table: string, column: string, by: number) =>
      run(sql`update ${sql.raw(table)} set ${sql.raw(column)} = ${sql.raw(column)} + ${by} where day = '2025-05-20'`);
    for (const [table, column, part] of [
      ["sales_days", "revenue_cents", "days"],
      ["sales_days", "cancelled_orders", "days"],
      ["sales_day_lines", "units", "lines"],
      ["sales_customer_days", "orders", "customers"],
    ] as const) {
      await nudge(table, column, 1);
      expect((await drift())[part].length).toBeGreaterThan(0);
      await nudge(table, column, -1);
    }
    expect(await drift()).toEqual(EXACT);
  });

  it("is counted anew by recount_sales_roll_up when it has drifted", async () => {
    const range = { from: "2025-05-01", to: "2025-05-31" };
    const before = await salesAnalytics(db, range);
    // As if writes had bypassed the triggers: figures off in every table, a line's mark lost.
    await run(
      sql`update sales_days set orders = orders + 3, revenue_cents = revenue_cents - 7 where day = '2025-05-20'`,
    );
    await run(sql`delete from sales_day_lines where day = '2025-05-01' and kind = 'size'`);
    await run(sql`update sales_customer_days set orders = 0 where day = '2025-05-02'`);
    await run(sql`alter table order_items disable trigger sales_roll_up_items_sale_day`);
    await run(sql`update order_items set sale_day = null where product_name = 'Extra'`);
    await run(sql`alter table order_items enable trigger sales_roll_up_items_sale_day`);
    expect(await drift()).not.toEqual(EXACT);

    await recountSalesRollUp(db);
    expect(await drift()).toEqual(EXACT);
    expect(await salesAnalytics(db, range)).toEqual(before);
  });

  it("refuses a hand-set sale_day", async () => {
    await expect(run(sql`update order_items set sale_day = '2000-01-01' where sale_day is not null`)).rejects.toThrow();
    expect(await drift()).toEqual(EXACT);
  });

  it("stays exact over a long run of random changes", async () => {
    let seed = 20260124;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const made: string[] = [];
    for (let i = 0; i < 30; i++) {
      const order = await insertWithLines(
        {
          at: `2025-08-${String(1 + random(5)).padStart(2, "0")}T${String(random(24)).padStart(2, "0")}:00:00Z`,
          status: "pending",
          payment: "pending",
          email: `r${random(6)}@example.com`,
          userId: random(3) === 0 ? "buyer" : null,
        },
        Array.from({ length: 1 + random(3) }, (_, k) => ({
          name: `Random ${random(4)}`,
          product: random(2) ? random(3) : undefined,
          size: random(3) ? ["S", "M", " L "][random(3)] : null,
          color: random(3) ? ["Red", "Blue"][random(2)] : null,
          quantity: 1 + random(3),
          unit: 100 * (1 + random(9)) + k,
        })),
      );
      made.push(order.id);
    }
    const pick = () => made[random(made.length)]!;
    const moves = [
      () => sql`update orders set status = 'processing', payment_status = 'paid' where id = ${pick()}`,
      () => sql`update orders set status = 'cancelled' where id = ${pick()}`,
      () => sql`update orders set payment_status = 'refunded' where id = ${pick()}`,
      () => sql`update orders set is_test = not is_test where id = ${pick()}`,
      () => sql`update orders set created_at = created_at + interval '13 hours' where id = ${pick()}`,
      () => sql`update orders set payment_method = ${["paypal", "demo", null][random(3)]} where id = ${pick()}`,
      () =>
        sql`update orders set status = 'processing', payment_status = 'paid', is_test = false where id in (${pick()}, ${pick()}, ${pick()})`,
      () =>
        sql`update order_items set quantity = quantity + 1, total_price_cents = total_price_cents + unit_price_cents where order_id = ${pick()}`,
      () =>
        sql`update order_items set order_id = ${pick()} where id = (select id from order_items where order_id = ${pick()} limit 1)`,
      () => sql`insert into order_items (order_id, product_name, product_sku, size, color, quantity, unit_price_cents, total_price_cents)
                values (${pick()}, 'Late', 'L', 'M', 'Red', 1, 700, 700)`,
      () => sql`delete from order_items where id = (select id from order_items where order_id = ${pick()} limit 1)`,
    ];
    for (let step = 0; step < 120; step++) {
      await run(moves[random(moves.length)]!());
      if (step % 20 === 19) expect(await drift()).toEqual(EXACT);
    }
    expect(await drift()).toEqual(EXACT);
  });
});

describe.skipIf(databaseKind !== "postgres")("the sales roll-up when transactions meet (PostgreSQL)", () => {
  /** Two connections of their own, outside the pool: one pays an order while the other adds a line to it. */
  async function clients() {
    const payer = new pg.Client({ connectionString: t.databaseUrl });
    const writer = new pg.Client({ connectionString: t.databaseUrl });
    await Promise.all([payer.connect(), writer.connect()]);
    return { payer, writer, end: () => Promise.all([payer.end(), writer.end()]) };
  }
  const addLine = (client: pg.Client, orderId: string, name: string) =>
    client.query(
      `insert into order_items (order_id, product_name, product_sku, quantity, unit_price_cents, total_price_cents)
       values ($1, $2, 'RACE', 1, 250, 250)`,
      [orderId, name],
    );
  const payOrder = (client: pg.Client, orderId: string) =>
    client.query(`update orders set status = 'processing', payment_status = 'paid' where id = $1`, [orderId]);
  const unitsOf = async (name: string) =>
    (await salesAnalytics(db, { from: "2025-10-01", to: "2025-10-01" })).bestSellers.find((row) => row.name === name)
      ?.units ?? 0;

  it("counts a line added while its order is being paid", async () => {
    const order = await insertWithLines({ at: "2025-10-01T10:00:00Z", status: "pending", payment: "pending" }, [
      { name: "Race First", quantity: 1, unit: 100 },
    ]);
    const { payer, writer, end } = await clients();
    try {
      await payer.query("begin");
      await payOrder(payer, order.id);
      const adding = addLine(writer, order.id, "Race Late");
      await new Promise((resolve) => setTimeout(resolve, 200));
      await payer.query("commit");
      await adding;
    } finally {
      await end();
    }
    expect(await drift()).toEqual(EXACT);
    expect(await unitsOf("Race Late")).toBe(1);
  });

  it("counts a line added just before its order is paid, the payment waiting", async () => {
    const order = await insertWithLines({ at: "2025-10-01T11:00:00Z", status: "pending", payment: "pending" }, [
      { name: "Race Second", quantity: 1, unit: 100 },
    ]);
    const { payer, writer, end } = await clients();
    try {
      await writer.query("begin");
      await addLine(writer, order.id, "Race Early");
      const paying = payOrder(payer, order.id);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await writer.query("commit");
      await paying;
    } finally {
      await end();
    }
    expect(await drift()).toEqual(EXACT);
    expect(await unitsOf("Race Early")).toBe(1);
  });
});

describe("the roll-up's shards", () => {
  it("splits today's rows by order and writes older days to shard 0", async () => {
    for (let i = 0; i < 8; i++) await pay((await place([[i % 3, 1]])).id);
    const shards = await queryRows<{ shard: number }>(
      db,
      sql`select distinct shard from sales_days where day = ${today()}::date order by 1`,
    );
    expect(shards.length).toBeGreaterThan(1);
    const old = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from sales_days where day < (now() at time zone 'UTC')::date - 1 and shard <> 0`,
    );
    expect(old[0]!.n).toBe(0);
  });

  it("folds the shards of old days into shard 0 without changing a sum", async () => {
    const day = "2025-09-10";
    const order = await insertWithLines({ at: `${day}T12:00:00Z` }, [
      { name: "Fold Tee", size: "M", quantity: 2, unit: 999 },
    ]);
    // As if the day's figures had been written while it was recent: the sale in shard 5, not shard 0.
    await db
      .update(salesDays)
      .set({ orders: sql`${salesDays.orders} - 1`, revenueCents: sql`${salesDays.revenueCents} - 1998` })
      .where(and(eq(salesDays.day, day), eq(salesDays.paymentMethod, "paypal"), eq(salesDays.shard, 0)));
    await db.insert(salesDays).values({ day, paymentMethod: "paypal", shard: 5, orders: 1, revenueCents: 1998 });
    await run(sql`update sales_day_lines set shard = 3 where day = ${day}::date`);
    const before = await salesAnalytics(db, { from: day, to: day });
    expect(before.summary.orders).toBe(1);
    expect(await drift()).toEqual(EXACT);

    expect(await foldSalesRollUp(db)).toBeGreaterThan(0);
    expect(await salesAnalytics(db, { from: day, to: day })).toEqual(before);
    expect(await drift()).toEqual(EXACT);
    const [left] = await queryRows<{ n: number }>(
      db,
      sql`select (select count(*) from sales_days where day < (now() at time zone 'UTC')::date - 1 and shard <> 0)
               + (select count(*) from sales_day_lines where day < (now() at time zone 'UTC')::date - 1 and shard <> 0) as n`,
    );
    expect(Number(left!.n)).toBe(0);
    // A second fold finds nothing to move; the order is still counted once, vacuumed or not.
    expect(await foldSalesRollUp(db)).toBe(0);
    if (databaseKind === "pglite") await vacuumSalesRollUp(db);
    await run(sql`update orders set status = 'cancelled' where id = ${order.id}`);
    expect(await drift()).toEqual(EXACT);
    expect((await salesAnalytics(db, { from: day, to: day })).summary.orders).toBe(0);
  });
});

describe("emptying the tables", () => {
  it("empties the roll-up when orders are truncated", async () => {
    await run(sql`truncate orders cascade`);
    expect(await drift()).toEqual(EXACT);
    const [counts] = await queryRows<{ days: number; lines: number; customers: number }>(
      db,
      sql`select (select count(*) from sales_days)::int as days, (select count(*) from sales_day_lines)::int as lines,
                 (select count(*) from sales_customer_days)::int as customers`,
    );
    expect(counts).toEqual({ days: 0, lines: 0, customers: 0 });
    expect(await db.select().from(orderItems)).toEqual([]);
  });
});

describe("migration 0012", () => {
  /** Migrates a fresh database as far as `lastTag` only, with a copy of the migrations cut there. */
  async function migratedUpTo(location: DatabaseLocation, lastTag: string) {
    const folder = mkdtempSync(path.join(os.tmpdir(), "abundance-migrations-"));
    cpSync(migrationsFolder(), folder, { recursive: true });
    const journalFile = path.join(folder, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: Array<{ tag: string }> };
    journal.entries = journal.entries.slice(0, journal.entries.findIndex((entry) => entry.tag === lastTag) + 1);
    writeFileSync(journalFile, JSON.stringify(journal));
    try {
      if (location.databaseUrl) {
        const pool = new pg.Pool({ connectionString: location.databaseUrl, max: 1 });
        const early = drizzlePg({ client: pool, casing: "snake_case" });
        await migratePg(early, { migrationsFolder: folder });
        return { db: early as unknown as Db, close: () => pool.end() };
      }
      mkdirSync(path.join(location.dataDir, "pg"), { recursive: true });
      const client = await PGlite.create(path.join(location.dataDir, "pg"), { extensions: { pg_trgm } });
      const early = drizzlePglite({ client, casing: "snake_case" });
      await migratePglite(early, { migrationsFolder: folder });
      return { db: early as unknown as Db, close: () => client.close() };
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }

  it("fills the roll-up from the orders there already are", async () => {
    const location = await prepareDatabaseLocation({ empty: true });
    try {
      const early = await migratedUpTo(location, "0011_secure_admin_passes");
      const [before] = await queryRows<{ table: string | null }>(
        early.db,
        sql`select to_regclass('sales_days')::text as table`,
      );
      expect(before!.table).toBeNull();
      // 40 orders over 5 days before the roll-up exists: every fifth a test order, some cancelled,
      // refunded, unpaid or without a method; 1–3 lines each, some without size or colour.
      await early.db.execute(sql`
        insert into "user" (id, name, email) values ('early-buyer', 'Early', 'early@example.com')`);
      await early.db.execute(sql`
        insert into orders (order_number, user_id, status, payment_status, subtotal_cents, total_cents,
          shipping_address, customer_email, payment_method, is_test, created_at)
        select 'EARLY-' || g, case when g % 3 = 0 then 'early-buyer' end,
               (array['processing', 'shipped', 'cancelled', 'pending', 'delivered'])[1 + g % 5],
               (array['paid', 'paid', 'refunded', 'pending', 'paid'])[1 + g % 5],
               1000 * g, 1000 * g, '{}'::jsonb, 'Early' || (g % 4) || '@Example.com',
               case when g % 7 = 0 then null else 'paypal' end, g % 5 = 1,
               '2025-03-01T00:00:00Z'::timestamptz + make_interval(hours => g * 3)
          from generate_series(1, 40) as g`);
      await early.db.execute(sql`
        insert into order_items (order_id, product_name, product_sku, size, color, quantity, unit_price_cents,
          total_price_cents)
        select o.id, 'Early ' || k, 'E', case when k = 2 then null else 'M' end, case when k = 3 then ' ' else 'Red' end,
               k, 100, 100 * k
          from orders o cross join generate_series(1, 3) as k
         where k <= 1 + (substr(o.order_number, 7)::int % 3)`);
      await early.close();

      const database = await openDatabase({
        databaseUrl: location.databaseUrl,
        dataDir: location.dataDir,
        poolSize: 2,
      });
      try {
        expect(await rollUpDrift(database.db)).toEqual(EXACT);
        const result = await salesAnalytics(database.db, { from: "2025-03-01", to: "2025-03-06" });
        const [want] = await queryRows<{ orders: number; customers: number }>(
          database.db,
          sql`select count(*)::int as orders, count(distinct coalesce(user_id, lower(customer_email)))::int as customers
                from orders where not is_test and status <> 'cancelled' and payment_status = 'paid'`,
        );
        expect(result.summary.orders).toBe(want!.orders);
        expect(result.summary.uniqueCustomers).toBe(want!.customers);
        expect(result.summary.orders).toBeGreaterThan(0);
      } finally {
        await database.close();
      }
    } finally {
      await location.cleanup();
    }
  });
});
