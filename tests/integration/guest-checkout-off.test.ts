import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { products } from "#db/schema/index";
import { checkoutForm } from "../support/fixtures";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * GUEST_CHECKOUT off (the default, spec §2): a visitor is sent to sign in and /api/checkout refuses a
 * guest's order with the lines it sends (401), as before issue 31; the order lookup answers as always.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ DEMO_PAYMENTS: "true" });
});
afterAll(async () => {
  await server?.stop();
});

describe("with GUEST_CHECKOUT off", () => {
  it("refuses a guest (401) and sends /checkout to the sign-in page", async () => {
    const [product] = await server
      .services()
      .database.db.select({ id: products.id })
      .from(products)
      .where(eq(products.isActive, true))
      .limit(1);
    const res = await fetch(`${server.url}/api/checkout`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({
        intent: "place",
        idempotencyKey: "guest-off-key-1",
        paymentMethod: "demo",
        form: { ...checkoutForm, email: "guest-off@example.com" },
        lines: [{ id: product!.id, size: "M", color: "Default", quantity: 1 }],
      }),
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: string }).error).toBe("Please log in to complete your order");
    const page = await fetch(`${server.url}/checkout`, { redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toMatch(/^\/login\?redirect=%2Fcheckout/);
  });

  it("offers no account creation on an order page (there are no guest orders to offer it for)", async () => {
    const res = await fetch(`${server.url}/order-confirmation/ORD-00000000`, {
      method: "POST",
      headers: { origin: server.url },
      body: new URLSearchParams({ email: "x@example.com" }),
      redirect: "manual",
    });
    expect(res.status).toBe(404);
  });
});
