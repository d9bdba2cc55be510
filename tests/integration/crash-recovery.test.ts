import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/lib/db/client.server";
import { cancelAbandonedOrders } from "~/modules/orders/order-payment.server";
import { orderConsistency, orderStates } from "../support/order-consistency";
import { startServerProcess, type ServerProcess } from "../support/server-process";
import { setProductStock } from "../support/catalog-fixtures";
import { registerOverHttp } from "../support/sessions";
import { fillCart, payOrder, placeOrder, sleep, type CartLine } from "../support/shop-load";
import { databaseKind, prepareDatabaseLocation, type DatabaseLocation } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * The server process is killed (SIGKILL: no shutdown, no cleanup) in the middle of concurrent
 * checkouts, then started again on the same data — the embedded database in its DATA_DIR, or the
 * PostgreSQL database in the PostgreSQL pass. Every order is whole or absent, every order a shopper
 * was told about is there, the stock matches the orders holding it, the embedded database opens
 * again after the kill, and the unpaid orders left behind are swept as usual: cancelled, their stock
 * returned, once their hold has passed (backdated here rather than waited for).
 */
// Each shopper checks out again and again, leaving orders unpaid when the server dies: the per-account
// unpaid limit (2 by default) would refuse them long before the crash this test is about.
const ENV = { RATE_LIMIT_IP_MULTIPLIER: "100", UNPAID_ORDERS_PER_ACCOUNT: "100" };

describe(`the server is killed in the middle of checkouts (${databaseKind})`, () => {
  let location: DatabaseLocation;
  let child: ServerProcess | undefined;
  let server: TestServer | undefined;

  beforeAll(async () => {
    location = await prepareDatabaseLocation();
  });
  afterAll(async () => {
    await child?.kill("SIGKILL");
    await server?.stop();
    await location?.cleanup();
  });

  it("keeps every order whole or absent and the stock true, reopens the database, and sweeps what was left unpaid", async () => {
    // First run, in this process: the catalogue is loaded, the shoppers register, the stock of the
    // products bought is set: one scarce (checkouts compete for it), one plentiful.
    server = await startTestServer(ENV, { location });
    const first = server;
    const cookies = await Promise.all(
      Array.from({ length: 4 }, async (_, i) => (await registerOverHttp(first.url, `crash-${i}@example.com`)).cookie),
    );
    const [scarce, plenty] = await queryRows<{ id: string }>(
      first.services().database.db,
      sql`select id from products where is_active order by slug limit 2`,
    );
    const initialStock = new Map([
      [scarce!.id, 40],
      [plenty!.id, 1000],
    ]);
    for (const [id, stock] of initialStock) {
      // Without sizes or colours (one variant), a cart line without them (the cart's M / Default) is the product's own.
      await setProductStock(first.services().database.db, id, stock, { sizes: [], colors: [] });
    }
    await first.stop();
    server = undefined;
    const lines: CartLine[] = [
      { productId: scarce!.id, quantity: 2 },
      { productId: plenty!.id, quantity: 1 },
    ];

    // Second run, `node server.js` in a process of its own: every shopper checks out again and again
    // (paying every other order) until the process is killed with requests in flight.
    child = await startServerProcess({ ...location.env, ...ENV });
    const url = child.url;
    await Promise.all(cookies.map((cookie) => fillCart(url, cookie, lines)));
    const placed = new Set<string>();
    const paid = new Set<string>();
    let cutOff = 0;
    let killed = false;
    async function checkoutLoop(cookie: string) {
      for (let n = 0; !killed; n++) {
        // A request that gets no answer although it was sent before the kill was cut off mid-flight.
        const place = await placeOrder(url, cookie);
        if (place.status === 0 && !killed) throw new Error(`the server failed before it was killed: ${place.failure}`);
        if (place.status === 0) cutOff++;
        if (place.status !== 200) continue;
        const orderId = place.json!.orderId as string;
        placed.add(orderId);
        if (n % 2 === 1 || killed) continue;
        const pay = await payOrder(url, cookie, orderId);
        if (pay.status === 0) cutOff++;
        if (pay.status !== 200) continue;
        paid.add(orderId);
        if (!killed) await fillCart(url, cookie, lines).catch(() => undefined);
      }
    }
    const load = cookies.map((cookie) => checkoutLoop(cookie));
    const deadline = Date.now() + 60_000;
    while (placed.size < 8 && Date.now() < deadline) await sleep(10);
    expect(placed.size).toBeGreaterThanOrEqual(8);
    killed = true;
    await child.kill("SIGKILL");
    await Promise.all(load);
    expect(cutOff).toBeGreaterThan(0);

    // Started again on the same data: the embedded database opens after the kill (and migrates).
    server = await startTestServer(ENV, { location });
    const db = server.services().database.db;
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);

    const consistent = { ordersWithoutItems: [], wrongTotals: [], impossibleStates: [], stockMismatches: [] };
    expect(await orderConsistency(db, initialStock)).toEqual(consistent);
    const states = await orderStates(db, [...placed]);
    expect([...placed].filter((id) => !states.has(id))).toEqual([]);
    expect([...paid].filter((id) => states.get(id)?.paymentStatus !== "paid")).toEqual([]);
    const leftPending = await queryRows<{ id: string }>(
      db,
      sql`select id from orders where status = 'pending' and payment_status = 'pending'`,
    );
    expect(leftPending.length).toBeGreaterThan(0);

    // The shop works: a shopper checks out; that new order is not swept (its hold has not passed).
    await fillCart(server.url, cookies[0]!, [{ productId: plenty!.id, quantity: 1 }]);
    const fresh = await placeOrder(server.url, cookies[0]!);
    expect(fresh.status).toBe(200);

    // The sweep, once the hold of the orders left behind has passed: all of them cancelled, their
    // stock back, and the stock still matches what the remaining orders hold.
    await db.execute(
      sql`update orders set created_at = created_at - interval '1 day', updated_at = updated_at - interval '1 day'
          where status = 'pending' and payment_status = 'pending' and id <> ${fresh.json!.orderId as string}`,
    );
    await cancelAbandonedOrders(db, { olderThanMinutes: 15 });
    const afterSweep = await orderStates(db, [...leftPending.map((o) => o.id), fresh.json!.orderId as string]);
    expect(leftPending.filter((o) => afterSweep.get(o.id)?.status !== "cancelled")).toEqual([]);
    expect(afterSweep.get(fresh.json!.orderId as string)).toEqual({ status: "pending", paymentStatus: "pending" });
    expect(await orderConsistency(db, initialStock)).toEqual(consistent);
    const [stock] = await queryRows<{ scarce: number }>(
      db,
      sql`select inventory as scarce from products where id = ${scarce!.id}`,
    );
    const paidScarce = await queryRows<{ quantity: number }>(
      db,
      sql`select coalesce(sum(i.quantity), 0)::int as quantity from order_items i join orders o on o.id = i.order_id
          where o.payment_status = 'paid' and i.product_id = ${scarce!.id}`,
    );
    expect(Number(stock!.scarce)).toBe(40 - Number(paidScarce[0]!.quantity));
    console.info(
      `[crash recovery ${databaseKind}] ${placed.size} orders placed, ${paid.size} paid, ${cutOff} requests cut off ` +
        `by the kill, ${leftPending.length} left pending and swept`,
    );
  }, 300_000); // three starts of the server, two of them opening PGlite: slow on a busy machine
});
