import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PayPalClient, PayPalError } from "~/modules/payments/paypal.server";
import { startFakePayPal, type FakePayPal } from "../support/fake-paypal";

/**
 * Partial refunds of a PayPal capture (issue 30: a return refunds only its items and their share of tax),
 * through the client over HTTP against the fake PayPal, which keeps the refunded total per capture as
 * PayPal does. No database: the client and the fake only.
 */

let paypal: FakePayPal;

beforeAll(async () => {
  paypal = await startFakePayPal();
});

afterAll(async () => {
  await paypal?.stop();
});

function client(options: { timeoutMs?: number } = {}) {
  return new PayPalClient({
    clientId: paypal.clientId,
    clientSecret: paypal.clientSecret,
    apiBase: paypal.url,
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
}

const TOTAL = 5913; // $59.13: 2 × $20.00 + $5.50, shipping $9.99, tax $3.64

/** A fresh COMPLETED capture of $59.13. */
async function capture(api: PayPalClient): Promise<string> {
  const order = await api.createOrder({
    requestId: randomUUID(),
    referenceId: "order-2001",
    customId: "2001",
    totals: { subtotalCents: 4550, shippingCents: 999, taxCents: 364, totalCents: TOTAL },
    items: [
      { name: "Classic Tee", sku: "TEE-BLK-M", unitPriceCents: 2000, quantity: 2 },
      { name: "Socks", sku: "SOCK-WHT", unitPriceCents: 550, quantity: 1 },
    ],
  });
  paypal.approve(order.id);
  const captured = await api.captureOrder({
    paypalOrderId: order.id,
    requestId: randomUUID(),
    expectedTotalCents: TOTAL,
  });
  if (!captured.ok) throw new Error(`capture failed: ${captured.reason}`);
  return captured.captureId;
}

const refundRequests = (captureId: string) =>
  paypal.requests.filter((request) => request.path === `/v2/payments/captures/${captureId}/refund`);

const usd = (cents: number) => ({ cents, currency: "USD" });

async function failure(promise: Promise<unknown>): Promise<PayPalError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PayPalError);
  return error as PayPalError;
}

describe("partial refunds of a PayPal capture", () => {
  it("two partial refunds, then the rest: each sends its amount to the cent and PayPal keeps the total", async () => {
    const api = client();
    const captureId = await capture(api);

    const first = await api.refundCapture({ captureId, requestId: "return-1", amount: usd(1005) });
    expect(first).toEqual({
      refundId: expect.any(String),
      status: "COMPLETED",
      alreadyRefunded: false,
      amountCents: 1005,
    });
    const second = await api.refundCapture({ captureId, requestId: "return-2", amount: usd(1) });
    expect(second).toMatchObject({ alreadyRefunded: false, amountCents: 1 });
    expect(second.refundId).not.toBe(first.refundId);
    expect(paypal.refundedCents(captureId)).toBe(1006);

    // Without an amount: what is left of the capture.
    const rest = await api.refundCapture({ captureId, requestId: "cancel-order" });
    expect(rest).toMatchObject({ alreadyRefunded: false, amountCents: TOTAL - 1006 });

    const sent = refundRequests(captureId);
    expect(sent.map((request) => request.body)).toEqual([
      { amount: { value: "10.05", currency_code: "USD" } },
      { amount: { value: "0.01", currency_code: "USD" } },
      {},
    ]);
    expect(sent.map((request) => request.headers["paypal-request-id"])).toEqual([
      "return-1",
      "return-2",
      "cancel-order",
    ]);
    expect(sent.map((request) => request.status)).toEqual([201, 201, 201]);
    expect(paypal.refundedCents(captureId)).toBe(TOTAL);
    expect(paypal.refundCount(captureId)).toBe(3);
    expect(paypal.refunds(captureId)).toEqual([
      { id: first.refundId, captureId, amountCents: 1005, currency: "USD", requestId: "return-1" },
      { id: second.refundId, captureId, amountCents: 1, currency: "USD", requestId: "return-2" },
      { id: rest.refundId, captureId, amountCents: TOTAL - 1006, currency: "USD", requestId: "cancel-order" },
    ]);

    // Nothing left: a whole refund answers alreadyRefunded (as before), a partial one is refused.
    expect(await api.refundCapture({ captureId, requestId: "cancel-again" })).toEqual({
      refundId: null,
      status: "COMPLETED",
      alreadyRefunded: true,
      amountCents: null,
    });
    const refused = await failure(api.refundCapture({ captureId, requestId: "return-3", amount: usd(100) }));
    expect(refused).toMatchObject({ issue: "CAPTURE_FULLY_REFUNDED", status: 422 });
    expect(refused.message).toBe(
      `PayPal refused the refund of 1.00 USD from capture ${captureId}: the capture is already fully refunded`,
    );
    expect(paypal.refundedCents(captureId)).toBe(TOTAL);
    expect(paypal.refundCount(captureId)).toBe(3);
  });

  it("a refund without an amount still refunds the whole capture, with PayPal's empty body", async () => {
    const api = client();
    const captureId = await capture(api);
    const refund = await api.refundCapture({ captureId, requestId: randomUUID() });
    expect(refund).toMatchObject({ status: "COMPLETED", alreadyRefunded: false, amountCents: TOTAL });
    expect(refundRequests(captureId).at(-1)?.body).toEqual({});
    expect(paypal.refundedCents(captureId)).toBe(TOTAL);
  });

  it("refuses more than is left (REFUND_AMOUNT_EXCEEDED) and takes nothing; exactly what is left passes", async () => {
    const api = client();
    const captureId = await capture(api);
    await api.refundCapture({ captureId, requestId: "return-a", amount: usd(5000) });

    const refused = await failure(api.refundCapture({ captureId, requestId: "return-b", amount: usd(914) }));
    expect(refused).toMatchObject({ name: "PayPalError", issue: "REFUND_AMOUNT_EXCEEDED", status: 422 });
    expect(refused.message).toBe(
      `PayPal refused the refund of 9.14 USD from capture ${captureId}: it is more than what is left of the capture to refund`,
    );
    expect(paypal.refundedCents(captureId)).toBe(5000);

    // More than the whole capture, on a fresh one, is refused the same way.
    const other = await capture(api);
    await expect(
      api.refundCapture({ captureId: other, requestId: randomUUID(), amount: usd(TOTAL + 1) }),
    ).rejects.toMatchObject({
      issue: "REFUND_AMOUNT_EXCEEDED",
    });
    expect(paypal.refundedCents(other)).toBe(0);

    // A refused request id is not remembered: the same id with a right amount refunds.
    const rest = await api.refundCapture({ captureId, requestId: "return-b", amount: usd(913) });
    expect(rest.amountCents).toBe(913);
    expect(paypal.refundedCents(captureId)).toBe(TOTAL);
  });

  it("a repeated request id answers the first refund and takes nothing more, even at the same moment", async () => {
    const api = client();
    const captureId = await capture(api);
    const input = { captureId, requestId: "return-77", amount: usd(2164) };
    const [a, b, c] = await Promise.all([api.refundCapture(input), api.refundCapture(input), api.refundCapture(input)]);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    const again = await api.refundCapture(input);
    expect(again).toEqual(a);
    expect(paypal.refundCount(captureId)).toBe(1);
    expect(paypal.refundedCents(captureId)).toBe(2164);
  });

  it("a retry with the same request id after a lost answer (connection dropped) gets the same refund, once", async () => {
    const api = client();
    const captureId = await capture(api);
    const input = { captureId, requestId: "return-lost", amount: usd(1234) };
    paypal.loseNextRefundAnswer();
    const lost = await failure(api.refundCapture(input));
    expect(lost.status).toBeUndefined();
    // The money moved although we never heard it.
    expect(paypal.refundedCents(captureId)).toBe(1234);

    const retry = await api.refundCapture(input);
    expect(retry).toMatchObject({ status: "COMPLETED", alreadyRefunded: false, amountCents: 1234 });
    expect(retry.refundId).toBe(paypal.refunds(captureId)[0]!.id);
    expect(paypal.refundCount(captureId)).toBe(1);
    expect(paypal.refundedCents(captureId)).toBe(1234);
  });

  it("a retry with the same request id after a timeout gets the same refund, once", async () => {
    const api = client({ timeoutMs: 200 });
    const captureId = await capture(api);
    const input = { captureId, requestId: "return-slow", amount: usd(999) };
    paypal.loseNextRefundAnswer("hang");
    const timedOut = await failure(api.refundCapture(input));
    expect(timedOut.message).toMatch(/timed out after 200 ms/);
    expect(paypal.refundedCents(captureId)).toBe(999);

    const retry = await api.refundCapture(input);
    expect(retry.refundId).toBe(paypal.refunds(captureId)[0]!.id);
    expect(retry.amountCents).toBe(999);
    expect(paypal.refundCount(captureId)).toBe(1);
  });

  it("refunds PayPal fails (503) take nothing; the retry after them refunds once", async () => {
    const api = client();
    const captureId = await capture(api);
    const input = { captureId, requestId: "return-503", amount: usd(700) };
    paypal.failNextRefund(2);
    expect(await failure(api.refundCapture(input))).toMatchObject({ status: 503 });
    expect(await failure(api.refundCapture(input))).toMatchObject({ status: 503 });
    expect(paypal.refundedCents(captureId)).toBe(0);
    expect(await api.refundCapture(input)).toMatchObject({ amountCents: 700 });
    expect(paypal.refundCount(captureId)).toBe(1);
    expect(paypal.refundedCents(captureId)).toBe(700);
  });

  it("refuses an amount that is not a positive number of cents, or a bad currency, before sending anything", async () => {
    const api = client();
    const captureId = await capture(api);
    const before = paypal.requests.length;
    for (const amount of [usd(0), usd(-100), usd(10.5), usd(Number.NaN), { cents: 100, currency: "usd" }]) {
      await failure(api.refundCapture({ captureId, requestId: randomUUID(), amount }));
    }
    await failure(api.refundCapture({ captureId, requestId: "", amount: usd(100) }));
    expect(paypal.requests.length).toBe(before);
    expect(paypal.refundedCents(captureId)).toBe(0);
  });

  it("reports PayPal's refusal of another currency than the capture's", async () => {
    const api = client();
    const captureId = await capture(api);
    const refused = await failure(
      api.refundCapture({ captureId, requestId: randomUUID(), amount: { cents: 500, currency: "EUR" } }),
    );
    expect(refused).toMatchObject({ status: 422, issue: "REFUND_CAPTURE_CURRENCY_MISMATCH" });
    expect(refused.message).toMatch(/^PayPal refused on refund of 5\.00 EUR from capture [A-Z0-9]+ \(HTTP 422\)/);
    expect(paypal.refundedCents(captureId)).toBe(0);
  });

  it("the test-only routes (for another process) show a capture's refunds and fail or lose the next refund", async () => {
    const api = client();
    const captureId = await capture(api);
    const testRoute = (path: string, method = "GET") => fetch(`${paypal.url}/__test__/${path}`, { method });

    expect((await testRoute("fail-next-refund", "POST")).status).toBe(200);
    expect(await failure(api.refundCapture({ captureId, requestId: "r-1", amount: usd(300) }))).toMatchObject({
      status: 503,
    });
    expect((await testRoute("lose-next-refund-answer", "POST")).status).toBe(200);
    await failure(api.refundCapture({ captureId, requestId: "r-1", amount: usd(300) }));
    const refund = await api.refundCapture({ captureId, requestId: "r-1", amount: usd(300) });

    const view = await testRoute(`captures/${captureId}`);
    expect(view.status).toBe(200);
    expect(await view.json()).toEqual({
      id: captureId,
      amount: { currency_code: "USD", value: "59.13" },
      refundedCents: 300,
      refunds: [{ id: refund.refundId, captureId, amountCents: 300, currency: "USD", requestId: "r-1" }],
    });
    expect((await testRoute("captures/NOSUCHCAPTURE")).status).toBe(404);
  });
});
