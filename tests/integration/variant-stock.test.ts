import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orderItems, orders, productVariants, user } from "#db/schema/index";
import { queryRows, type Db } from "~/lib/db/client.server";
import { databaseError } from "~/lib/db/errors";
import { DomainError } from "~/lib/domain-error";
import { EventBus } from "~/lib/events.server";
import { giveBackStock, takeStock } from "~/modules/catalog/variants.server";
import { moveOrder } from "~/modules/orders/order-fulfilment.server";
import { cancelAbandonedOrders, failOrderPayment, markOrderPaid } from "~/modules/orders/order-payment.server";
import { placeOrder, type CartLineInput } from "~/modules/orders/place-order.server";
import { insertTestProducts, setProductStock } from "../support/catalog-fixtures";
import { testAddress, testLimits } from "../support/fixtures";
import { createTestDatabase, databaseKind, type TestDatabase } from "../support/test-database";
import { ensureTestStaff, testStaff } from "../support/staff";

/**
 * Stock per size and colour (decisions.md §6, docs/decisions/0023-variants.md) through every path that
 * moves it: placing an order takes it from the line's variant, paying leaves it, a failed payment, the
 * unpaid-order sweeper and an admin's cancel give it back to that same variant, and `products.inventory`
 * is the sum of the variants' stock after each. Runs on the database `databaseKind` names (PGlite, or
 * PostgreSQL with TEST_POSTGRES_URL, where the races are real).
 */
let t: TestDatabase;
let db: Db;
/** Every call of db.transaction that PostgreSQL ended as a deadlock (placeOrder retries those). */
let deadlocks = 0;
/** `db`, counting deadlocks: what placeOrder is given, so a retried deadlock still shows. */
let watched: Db;

const TEE = { name: "Race Tee", sizes: ["S", "M", "L"], colors: ["Black"] };
const JEANS = { name: "Race Jeans", sizes: ["30", "32"], colors: [] as string[] };
let tee: string;
let jeans: string;
const SHOPPERS = 60;
let key = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  await ensureTestStaff(t.database.db);
  db = t.database.db;
  watched = new Proxy<Db>(db, {
    get(target, property, receiver) {
      if (property !== "transaction") return Reflect.get(target, property, receiver);
      return async (...args: Parameters<Db["transaction"]>) => {
        try {
          return await target.transaction(...args);
        } catch (error) {
          if (databaseError(error)?.code === "40P01") deadlocks++;
          throw error;
        }
      };
    },
  });
  const inserted = await insertTestProducts(db, [
    { ...TEE, slug: "race-tee", sku: "RACE-TEE", priceCents: 2500 },
    { ...JEANS, slug: "race-jeans", sku: "RACE-JEANS", priceCents: 6000 },
  ]);
  tee = inserted.find((p) => p.slug === "race-tee")!.id;
  jeans = inserted.find((p) => p.slug === "race-jeans")!.id;
  await db
    .insert(user)
    .values(
      Array.from({ length: SHOPPERS }, (_, i) => ({ id: `shopper-${i}`, name: `Shopper ${i}`, email: `s${i}@x.io` })),
    );
});
afterAll(async () => {
  await t?.cleanup();
});
beforeEach(async () => {
  deadlocks = 0;
  // No order of an earlier test left waiting for payment, for the sweeper to find.
  await db.update(orders).set({ status: "cancelled", paymentStatus: "failed" }).where(eq(orders.status, "pending"));
});

const place = (userId: string, lines: CartLineInput[]) =>
  placeOrder(watched, {
    userId,
    idempotencyKey: `variant-stock-${++key}`,
    lines,
    shippingAddress: testAddress,
    shippingMethod: "standard",
    paymentMethod: "demo",
    limits: testLimits,
  });

const teeLine = (size: string, quantity = 1): CartLineInput => ({ productId: tee, size, color: "Black", quantity });
const jeansLine = (size: string, quantity = 1): CartLineInput => ({ productId: jeans, size, quantity });

/** Each variant's stock of a product, by size (and colour where it has one): { M: 3, L: 40 }. */
async function stockOf(productId: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ size: productVariants.size, color: productVariants.color, stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position));
  return Object.fromEntries(rows.map((r) => [r.size || r.color, r.stock]));
}

/** Every product whose inventory is not the sum of its variants' stock (none, ever). */
async function inventoryMismatches() {
  return queryRows<{ id: string; inventory: number; total: number }>(
    db,
    sql`select p.id, p.inventory, coalesce(sum(v.stock), 0)::int as total
        from products p left join product_variants v on v.product_id = p.id
        group by p.id having p.inventory <> coalesce(sum(v.stock), 0)`,
  );
}

async function inventoryOf(productId: string): Promise<number> {
  const [row] = await queryRows<{ inventory: number }>(db, sql`select inventory from products where id = ${productId}`);
  return Number(row!.inventory);
}

/** Each outcome of a race: the order, or the DomainError's message. */
async function settle<T>(work: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; message: string }> {
  try {
    return { ok: true, value: await work };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { ok: false, message: error.message };
  }
}

describe(`stock per size and colour through every path (${databaseKind})`, () => {
  it("50 shoppers racing for the last 3 of size M get exactly 3 orders, while size L sells in the same race", async () => {
    await setProductStock(db, tee, (o) => ({ S: 5, M: 3, L: 40 })[o.size] ?? 0);
    const forM = Array.from({ length: 50 }, (_, i) => settle(place(`shopper-${i}`, [teeLine("M")])));
    const forL = Array.from({ length: 10 }, (_, i) => settle(place(`shopper-${50 + i}`, [teeLine("L", 2)])));
    const [m, l] = await Promise.all([Promise.all(forM), Promise.all(forL)]);

    expect(m.filter((r) => r.ok)).toHaveLength(3);
    expect(new Set(m.flatMap((r) => (r.ok ? [] : [r.message])))).toEqual(
      new Set(["Not enough stock for Race Tee (M, Black)"]),
    );
    expect(l.filter((r) => !r.ok)).toEqual([]);
    expect(await stockOf(tee)).toEqual({ S: 5, M: 0, L: 20 });
    expect(await inventoryOf(tee)).toBe(25);
    const sold = await queryRows<{ size: string; quantity: number }>(
      db,
      sql`select i.size, sum(i.quantity)::int as quantity from order_items i join orders o on o.id = i.order_id
          where i.product_id = ${tee} and o.status = 'pending' group by i.size order by i.size`,
    );
    expect(sold).toEqual([
      { size: "L", quantity: 20 },
      { size: "M", quantity: 3 },
    ]);
    expect(await inventoryMismatches()).toEqual([]);
  });

  it("each path takes from and gives back to the line's own variant, and inventory stays their sum", async () => {
    await setProductStock(db, tee, 10);
    await setProductStock(db, jeans, 10);
    const events = new EventBus();
    const expectStock = async (teeStock: Record<string, number>, jeansStock: Record<string, number>) => {
      expect(await stockOf(tee)).toEqual(teeStock);
      expect(await stockOf(jeans)).toEqual(jeansStock);
      expect(await inventoryMismatches()).toEqual([]);
    };

    // Place: M and 32 taken, each line recording its variant and that variant's SKU.
    const paid = await place("shopper-0", [teeLine("M", 2), jeansLine("32", 1)]);
    await expectStock({ S: 10, M: 8, L: 10 }, { "30": 10, "32": 9 });
    const items = await db
      .select({
        variantId: orderItems.variantId,
        sku: orderItems.productSku,
        variantSku: productVariants.sku,
        size: productVariants.size,
      })
      .from(orderItems)
      .innerJoin(productVariants, eq(productVariants.id, orderItems.variantId))
      .where(eq(orderItems.orderId, paid.id))
      .orderBy(asc(productVariants.size));
    expect(items.map((i) => [i.size, i.sku])).toEqual([
      ["32", "RACE-JEANS-32"],
      ["M", "RACE-TEE-M-BLACK"],
    ]);
    for (const item of items) expect(item.sku).toBe(item.variantSku);

    // Pay: nothing moves.
    await markOrderPaid(db, events, { orderId: paid.id, paymentMethod: "demo" });
    await expectStock({ S: 10, M: 8, L: 10 }, { "30": 10, "32": 9 });

    // A failed payment: L comes back to L.
    const failed = await place("shopper-1", [teeLine("L", 3)]);
    await expectStock({ S: 10, M: 8, L: 7 }, { "30": 10, "32": 9 });
    await failOrderPayment(db, failed.id, events);
    await expectStock({ S: 10, M: 8, L: 10 }, { "30": 10, "32": 9 });

    // The sweeper: an order unpaid past the hold gives S and 30 back.
    const abandoned = await place("shopper-2", [teeLine("S", 4), jeansLine("30", 2)]);
    await expectStock({ S: 6, M: 8, L: 10 }, { "30": 8, "32": 9 });
    const longAgo = new Date(Date.now() - 60 * 60_000);
    await db.update(orders).set({ updatedAt: longAgo }).where(eq(orders.id, abandoned.id));
    expect(await cancelAbandonedOrders(db, { olderThanMinutes: 15 })).toBe(1);
    await expectStock({ S: 10, M: 8, L: 10 }, { "30": 10, "32": 9 });

    // An admin cancels the paid order: M and 32 come back, once.
    const deps = { db, events, paypal: undefined };
    const admin = testStaff("Ada Admin");
    await moveOrder(deps, { orderId: paid.id, move: "cancel", actor: admin });
    await expectStock({ S: 10, M: 10, L: 10 }, { "30": 10, "32": 10 });
    await expect(moveOrder(deps, { orderId: paid.id, move: "cancel", actor: admin })).rejects.toBeInstanceOf(
      DomainError,
    );
    await expectStock({ S: 10, M: 10, L: 10 }, { "30": 10, "32": 10 });
    expect(await inventoryOf(tee)).toBe(30);
    expect(await inventoryOf(jeans)).toBe(20);
  });

  it("a variant that was changed since an order was placed still gets its units back when it is cancelled", async () => {
    await setProductStock(db, tee, 5);
    const placed = await place("shopper-3", [teeLine("M", 2)]);
    // The owner sets the stock of M by hand meanwhile (the editor replaces the variants, keeping M's id).
    await setProductStock(db, tee, (o) => (o.size === "M" ? 7 : 5));
    await failOrderPayment(db, placed.id);
    expect(await stockOf(tee)).toEqual({ S: 5, M: 9, L: 5 });
    expect(await inventoryMismatches()).toEqual([]);
  });

  it("concurrent orders taking several sizes of two products in different line orders, while returns give units back, never deadlock", async () => {
    await setProductStock(db, tee, 100);
    await setProductStock(db, jeans, 100);
    const lines = [teeLine("S"), teeLine("M"), teeLine("L"), jeansLine("30"), jeansLine("32")];
    const orderings = [
      lines,
      [...lines].reverse(),
      [lines[3]!, lines[1]!, lines[4]!, lines[0]!, lines[2]!],
      [lines[4]!, lines[2]!, lines[0]!, lines[3]!, lines[1]!],
    ];
    const variantMoves = (
      await db
        .select({ variantId: productVariants.id, productId: productVariants.productId })
        .from(productVariants)
        .where(sql`${productVariants.productId} in (${tee}, ${jeans})`)
    ).map((v) => ({ ...v, quantity: 1 }));
    // Returns coming in meanwhile (cancellations, the sweeper): one unit back to every variant, products locked first.
    const giveBack = (i: number) =>
      watched.transaction(async (tx) => {
        await giveBackStock(tx, i % 2 === 0 ? variantMoves : [...variantMoves].reverse());
        if (databaseKind === "postgres") await tx.execute(sql`select pg_sleep(0.002)`);
      });
    const [placed] = await Promise.all([
      Promise.all(Array.from({ length: 40 }, (_, i) => place(`shopper-${i}`, orderings[i % orderings.length]!))),
      Promise.all(Array.from({ length: 20 }, (_, i) => giveBack(i))),
    ]);
    expect(placed.every((p) => p.created)).toBe(true);
    expect(deadlocks).toBe(0);
    expect(await stockOf(tee)).toEqual({ S: 80, M: 80, L: 80 });
    expect(await stockOf(jeans)).toEqual({ "30": 80, "32": 80 });
    expect(await inventoryMismatches()).toEqual([]);
  });
  it("a move naming another product than its variant's changes nothing, taking or giving back", async () => {
    await setProductStock(db, tee, 5);
    const [small] = await db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(sql`${productVariants.productId} = ${tee} and ${productVariants.size} = 'S'`);
    const wrong = { variantId: small!.id, productId: jeans, quantity: 2 };
    expect(await db.transaction((tx) => takeStock(tx, [wrong]))).toBe(small!.id);
    await db.transaction((tx) => giveBackStock(tx, [wrong]));
    expect(await stockOf(tee)).toMatchObject({ S: 5 });
    // The same variant with its own product moves, and two moves of one variant add up.
    const right = { ...wrong, productId: tee, quantity: 1 };
    expect(await db.transaction((tx) => takeStock(tx, [right, right]))).toBeNull();
    expect(await stockOf(tee)).toMatchObject({ S: 3 });
    expect(await inventoryMismatches()).toEqual([]);
  });
});
