import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, user } from "#db/schema/index";
import { eq } from "drizzle-orm";
import { testAddress } from "../support/fixtures";
import { databaseKind } from "../support/test-database";
import { signUp } from "../support/sessions";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const get = (path: string, cookie?: string) =>
  fetch(`${server.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });

const address = testAddress;

describe(`pages that need a sign-in (${databaseKind})`, () => {
  for (const [path, reason] of [
    ["/orders", "Please log in to view your orders"],
    ["/checkout", "Please log in to complete your order"],
    ["/profile", null],
  ] as const) {
    it(`${path} sends a signed-out visitor to /login with the way back`, async () => {
      const res = await get(path);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(`/login?redirect=${encodeURIComponent(path)}`);
      if (reason) expect(await (await get(res.headers.get("location")!)).text()).toContain(reason);
    });
  }

  it("shows a shopper their own orders only, with the spec's card texts", async () => {
    const ana = await signUp(server, "ana@example.com");
    const ben = await signUp(server, "ben@example.com");
    const db = server.services().database.db;
    const [order] = await db
      .insert(orders)
      .values({
        orderNumber: "ORD-10000001",
        userId: ana.id,
        status: "shipped",
        paymentStatus: "paid",
        subtotalCents: 4000,
        shippingCents: 999,
        taxCents: 320,
        totalCents: 5319,
        shippingAddress: address,
        customerEmail: "ana@example.com",
        trackingNumber: "1Z999AA10123456784",
      })
      .returning();
    await db.insert(orderItems).values(
      ["Tee", "Hoodie", "Cap", "Tote"].map((name) => ({
        orderId: order!.id,
        productName: name,
        productSku: `SKU-${name}`,
        quantity: 1,
        unitPriceCents: 1000,
        totalPriceCents: 1000,
      })),
    );
    const anaPage = await (await get("/orders", ana.cookie)).text();
    expect(anaPage).toContain("ORD-10000001");
    expect(anaPage).toContain("In Transit (tracking 1Z999AA10123456784)");
    expect(anaPage).toContain("+1 more item");
    expect(anaPage).toContain("Track Package");
    expect(anaPage).not.toContain("Reorder");
    const benPage = await (await get("/orders", ben.cookie)).text();
    expect(benPage).not.toContain("ORD-10000001");
    expect(benPage).toContain("No orders found");
    expect(await (await get("/orders?status=delivered", ana.cookie)).text()).toContain("No orders found");
    expect(await (await get("/orders?q=hood", ana.cookie)).text()).toContain("ORD-10000001");
    await db.delete(user).where(eq(user.id, ben.id));
  });
});
