import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PayPalClient, PayPalError, type CreateOrderInput } from "~/modules/payments/paypal.server";
import { startFakePayPal, type FakePayPal } from "../support/fake-paypal";

let paypal: FakePayPal;

beforeAll(async () => {
  paypal = await startFakePayPal();
});

afterAll(async () => {
  await paypal?.stop();
});

function client(
  options: {
    timeoutMs?: number;
    clientSecret?: string;
    now?: () => number;
  } = {},
) {
  return new PayPalClient({
    clientId: paypal.clientId,
    clientSecret: options.clientSecret ?? paypal.clientSecret,
    apiBase: paypal.url,
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
}

// 2 × $20.00 + 1 × $5.50 = $45.50; shipping $9.99; tax 8% = $3.64; total $59.13.
function orderInput(overrides: Partial<CreateOrderInput> = {}): CreateOrderInput {
  return {
    requestId: randomUUID(),
    referenceId: "order-1001",
    customId: "1001",
    totals: {
      subtotalCents: 4550,
      shippingCents: 999,
      taxCents: 364,
      totalCents: 5913,
    },
    items: [
      {
        name: "Classic Tee",
        sku: "TEE-BLK-M",
        unitPriceCents: 2000,
        quantity: 2,
      },
      { name: "Socks", sku: "SOCK-WHT", unitPriceCents: 550, quantity: 1 },
    ],
    ...overrides,
  };
}

const requestsTo = (path: string) => paypal.requests.filter((request) => request.path === path);

async function approvedOrder(api: PayPalClient, input = orderInput()) {
  const order = await api.createOrder(input);
  paypal.approve(order.id);
  return order;
}

describe("PayPal Orders v2 client", () => {
  it("caches the access token across calls and renews it once it runs out", async () => {
    let now = 1_000_000;
    const api = client({ now: () => now });
    const before = requestsTo("/v1/oauth2/token").length;
    const first = await api.accessToken();
    await api.createOrder(orderInput());
    await api.createOrder(orderInput());
    expect(await api.accessToken()).toBe(first);
    expect(requestsTo("/v1/oauth2/token").length - before).toBe(1);

    const tokenRequest = requestsTo("/v1/oauth2/token").at(-1)!;
    expect(tokenRequest.headers.authorization).toBe(
      `Basic ${Buffer.from(`${paypal.clientId}:${paypal.clientSecret}`).toString("base64")}`,
    );
    expect(tokenRequest.body).toBe("grant_type=client_credentials");

    now += 32_400 * 1000; // expires_in has passed
    const second = await api.accessToken();
    expect(second).not.toBe(first);
    expect(requestsTo("/v1/oauth2/token").length - before).toBe(2);
  });

  it("creates an order with the right amounts, breakdown, items and PayPal-Request-Id", async () => {
    const api = client();
    const longName = "x".repeat(200);
    const input = orderInput({
      items: [
        { name: longName, sku: "TEE-BLK-M", unitPriceCents: 2000, quantity: 2 },
        { name: "Socks", sku: "SOCK-WHT", unitPriceCents: 550, quantity: 1 },
      ],
    });
    const order = await api.createOrder(input);
    expect(order.status).toBe("CREATED");
    expect(order.id).toMatch(/^[A-Z0-9]+$/);

    const sent = requestsTo("/v2/checkout/orders").at(-1)!;
    expect(sent.status).toBe(201);
    expect(sent.headers["paypal-request-id"]).toBe(input.requestId);
    expect(sent.headers.authorization).toMatch(/^Bearer /);
    expect(sent.body).toEqual({
      intent: "CAPTURE",
      purchase_units: [
        {
          reference_id: "order-1001",
          custom_id: "1001",
          amount: {
            currency_code: "USD",
            value: "59.13",
            breakdown: {
              item_total: { currency_code: "USD", value: "45.50" },
              shipping: { currency_code: "USD", value: "9.99" },
              tax_total: { currency_code: "USD", value: "3.64" },
            },
          },
          items: [
            {
              name: "x".repeat(127),
              sku: "TEE-BLK-M",
              unit_amount: { currency_code: "USD", value: "20.00" },
              quantity: "2",
              category: "PHYSICAL_GOODS",
            },
            {
              name: "Socks",
              sku: "SOCK-WHT",
              unit_amount: { currency_code: "USD", value: "5.50" },
              quantity: "1",
              category: "PHYSICAL_GOODS",
            },
          ],
        },
      ],
    });
  });

  it("refuses inconsistent totals before sending anything", async () => {
    const api = client();
    await api.accessToken();
    const before = paypal.requests.length;
    await expect(
      api.createOrder(
        orderInput({
          totals: {
            subtotalCents: 4500,
            shippingCents: 999,
            taxCents: 364,
            totalCents: 5863,
          },
        }),
      ),
    ).rejects.toMatchObject({
      name: "PayPalError",
      issue: "ITEM_TOTAL_MISMATCH",
    });
    await expect(
      api.createOrder(
        orderInput({
          totals: {
            subtotalCents: 4550,
            shippingCents: 999,
            taxCents: 364,
            totalCents: 5914,
          },
        }),
      ),
    ).rejects.toMatchObject({ name: "PayPalError", issue: "AMOUNT_MISMATCH" });
    expect(paypal.requests.length).toBe(before);
  });

  it("returns the same order on an idempotent retry", async () => {
    const api = client();
    const input = orderInput();
    const first = await api.createOrder(input);
    const retry = await api.createOrder(input);
    expect(retry).toEqual(first);
    expect(
      requestsTo("/v2/checkout/orders")
        .slice(-2)
        .map((request) => request.status),
    ).toEqual([201, 200]);
    const other = await api.createOrder({ ...input, requestId: randomUUID() });
    expect(other.id).not.toBe(first.id);
  });

  it("captures an approved order for the captured amount", async () => {
    const api = client();
    const order = await approvedOrder(api);
    const requestId = randomUUID();
    const result = await api.captureOrder({
      paypalOrderId: order.id,
      requestId,
      expectedTotalCents: 5913,
    });
    expect(result).toEqual({
      ok: true,
      captureId: expect.any(String),
      amountCents: 5913,
    });
    const sent = requestsTo(`/v2/checkout/orders/${order.id}/capture`).at(-1)!;
    expect(sent.headers["paypal-request-id"]).toBe(requestId);
    expect(paypal.captureCount(order.id)).toBe(1);
  });

  it("reports an order the buyer has not approved as NOT_APPROVED", async () => {
    const api = client();
    const order = await api.createOrder(orderInput());
    const result = await api.captureOrder({
      paypalOrderId: order.id,
      requestId: randomUUID(),
      expectedTotalCents: 5913,
    });
    expect(result).toEqual({ ok: false, reason: "NOT_APPROVED" });
    expect(paypal.captureCount(order.id)).toBe(0);
  });

  it("reports a declined instrument as DECLINED", async () => {
    const api = client();
    const order = await approvedOrder(api);
    paypal.declineNext();
    const result = await api.captureOrder({
      paypalOrderId: order.id,
      requestId: randomUUID(),
      expectedTotalCents: 5913,
    });
    expect(result).toEqual({ ok: false, reason: "DECLINED" });
    expect(paypal.captureCount(order.id)).toBe(0);
  });

  it("never applies a capture twice: same request id replays, a new one is ALREADY_CAPTURED", async () => {
    const api = client();
    const order = await approvedOrder(api);
    const requestId = randomUUID();
    const first = await api.captureOrder({
      paypalOrderId: order.id,
      requestId,
      expectedTotalCents: 5913,
    });
    expect(first.ok).toBe(true);

    const replay = await api.captureOrder({
      paypalOrderId: order.id,
      requestId,
      expectedTotalCents: 5913,
    });
    expect(replay).toEqual(first);

    const second = await api.captureOrder({
      paypalOrderId: order.id,
      requestId: randomUUID(),
      expectedTotalCents: 5913,
    });
    expect(second).toEqual({ ok: false, reason: "ALREADY_CAPTURED" });
    expect(paypal.captureCount(order.id)).toBe(1);
  });

  it("reports a capture for another amount than expected as AMOUNT_MISMATCH", async () => {
    const api = client();
    const order = await approvedOrder(api);
    const result = await api.captureOrder({
      paypalOrderId: order.id,
      requestId: randomUUID(),
      expectedTotalCents: 6000,
    });
    expect(result).toEqual({ ok: false, reason: "AMOUNT_MISMATCH" });
  });

  it("throws a PayPalError when a capture hangs past the timeout, and a retry with the same id is safe", async () => {
    const api = client({ timeoutMs: 200 });
    const order = await approvedOrder(api);
    const requestId = randomUUID();
    paypal.hangNext();
    const started = Date.now();
    const error = await api
      .captureOrder({
        paypalOrderId: order.id,
        requestId,
        expectedTotalCents: 5913,
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PayPalError);
    expect((error as PayPalError).message).toMatch(/timed out after 200 ms/);
    expect(Date.now() - started).toBeLessThan(5_000);

    const retry = await api.captureOrder({
      paypalOrderId: order.id,
      requestId,
      expectedTotalCents: 5913,
    });
    expect(retry).toMatchObject({ ok: true, amountCents: 5913 });
    expect(paypal.captureCount(order.id)).toBe(1);
  });

  it("throws a PayPalError on wrong credentials", async () => {
    const api = client({ clientSecret: "wrong-secret" });
    const error = await api.createOrder(orderInput()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PayPalError);
    expect(error).toMatchObject({ status: 401 });
    expect((error as PayPalError).message).toMatch(/invalid_client/);
  });

  it("throws a PayPalError when PayPal cannot be reached", async () => {
    const api = new PayPalClient({
      clientId: "a",
      clientSecret: "b",
      apiBase: "http://127.0.0.1:9",
    });
    await expect(api.accessToken()).rejects.toBeInstanceOf(PayPalError);
  });

  it("throws on 5xx answers", async () => {
    const api = new PayPalClient({
      clientId: "a",
      clientSecret: "b",
      apiBase: "https://paypal.invalid",
      fetch: async () =>
        new Response(JSON.stringify({ name: "INTERNAL_SERVER_ERROR" }), {
          status: 503,
        }),
    });
    await expect(api.accessToken()).rejects.toMatchObject({
      name: "PayPalError",
      status: 503,
    });
  });
});
