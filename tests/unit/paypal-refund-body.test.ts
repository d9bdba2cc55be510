import { describe, expect, it } from "vitest";
import { refundRequestBody } from "~/modules/payments/paypal.server";

describe("a PayPal refund's body", () => {
  it("writes a partial refund's amount to the cent, as PayPal's { value, currency_code }", () => {
    const value = (cents: number) => refundRequestBody({ cents, currency: "USD" });
    expect(value(1005)).toEqual({ amount: { value: "10.05", currency_code: "USD" } });
    expect(value(1)).toEqual({ amount: { value: "0.01", currency_code: "USD" } });
    expect(value(10)).toEqual({ amount: { value: "0.10", currency_code: "USD" } });
    expect(value(100)).toEqual({ amount: { value: "1.00", currency_code: "USD" } });
    expect(value(123456)).toEqual({ amount: { value: "1234.56", currency_code: "USD" } });
  });

  it("is empty without an amount: PayPal then refunds what is left of the capture", () => {
    expect(refundRequestBody(undefined)).toEqual({});
  });
});
