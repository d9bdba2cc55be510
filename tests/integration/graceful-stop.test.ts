import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/lib/db/client.server";
import { setProductStock } from "../support/catalog-fixtures";
import { registerOverHttp } from "../support/sessions";
import { fillCart, placeOrder, sleep } from "../support/shop-load";
import { databaseKind, prepareDatabaseLocation, type DatabaseLocation } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * A server that stops (a deploy, a scale-in) closes its connections, then its database. A client that
 * hung up has no connection left to wait for, but the action serving it may still be running: here a demo
 * payment, which waits 1.5 s before it writes. The stop waits for it (decision 0022), so the payment is
 * written rather than cut off by a closed database.
 */
describe(`a server stopping while an action still runs (${databaseKind})`, () => {
  let location: DatabaseLocation;
  let server: TestServer | undefined;

  beforeAll(async () => {
    location = await prepareDatabaseLocation();
  });
  afterAll(async () => {
    await server?.stop();
    await location?.cleanup();
  });

  it("lets a payment whose shopper hung up finish before the database closes", async () => {
    const first = await startTestServer({}, { location });
    server = first;
    const { cookie } = await registerOverHttp(first.url, "leaving@example.com");
    const [product] = await queryRows<{ id: string }>(
      first.services().database.db,
      sql`select id from products where is_active order by slug limit 1`,
    );
    await setProductStock(first.services().database.db, product!.id, 10, { sizes: [], colors: [] });
    await fillCart(first.url, cookie, [{ productId: product!.id, quantity: 1 }]);
    const placed = await placeOrder(first.url, cookie);
    expect(placed.status).toBe(200);
    const orderId = String(placed.json?.orderId);

    // The shopper pays, and closes the tab while the payment is under way; then the server stops.
    const hangUp = new AbortController();
    const paying = fetch(`${first.url}/api/checkout`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: first.url, cookie },
      body: JSON.stringify({ intent: "demo-pay", orderId }),
      signal: hangUp.signal,
    }).catch(() => "hung up");
    await sleep(300);
    hangUp.abort();
    expect(await paying).toBe("hung up");
    server = undefined;
    await first.stop();

    // Started again on the same data: the payment was written.
    server = await startTestServer({}, { location });
    const [order] = await queryRows<{ status: string; payment_status: string }>(
      server.services().database.db,
      sql`select status, payment_status from orders where id = ${orderId}`,
    );
    expect(order).toEqual({ status: "processing", payment_status: "paid" });
  });
});
