import { describe, expect, it } from "vitest";
import { historyChangeText, orderStateText, paymentMethodText, shippingMethodText } from "~/modules/orders/order-words";

const change = (from: [string, string] | null, to: [string, string]) => ({
  fromStatus: from?.[0] ?? null,
  fromPaymentStatus: from?.[1] ?? null,
  toStatus: to[0],
  toPaymentStatus: to[1],
});

describe("an order's values in words", () => {
  it("names payment and shipping methods, and keeps an unknown one as it is", () => {
    expect(paymentMethodText("demo")).toBe("Demo payment");
    expect(paymentMethodText("paypal")).toBe("PayPal");
    expect(paymentMethodText("cheque")).toBe("cheque");
    expect(paymentMethodText(null)).toBeNull();
    expect(shippingMethodText("standard")).toBe("Standard Shipping (5-7 business days)");
    expect(shippingMethodText("overnight")).toBe("Overnight Shipping (1 business day)");
    expect(shippingMethodText("drone")).toBe("drone");
  });

  it("says an order's state", () => {
    expect(orderStateText("pending", "pending")).toBe("Placed, awaiting payment");
    expect(orderStateText("processing", "paid")).toBe("Processing, paid");
  });

  it("tells each change of the history as the owner says it", () => {
    expect(historyChangeText(change(null, ["pending", "pending"]), "demo")).toBe("Placed, awaiting payment");
    expect(historyChangeText(change(["pending", "pending"], ["processing", "paid"]), "demo")).toBe(
      "Paid by demo payment",
    );
    expect(historyChangeText(change(["pending", "pending"], ["processing", "paid"]), "paypal")).toBe("Paid by PayPal");
    expect(historyChangeText(change(["pending", "pending"], ["processing", "paid"]), null)).toBe("Paid");
    expect(historyChangeText(change(["processing", "paid"], ["shipped", "paid"]), "demo")).toBe("Shipped");
    expect(historyChangeText(change(["shipped", "paid"], ["delivered", "paid"]), "demo")).toBe("Delivered");
    expect(historyChangeText(change(["pending", "pending"], ["cancelled", "failed"]), "demo")).toBe(
      "Cancelled: never paid",
    );
    expect(historyChangeText(change(["processing", "paid"], ["cancelled", "refunded"]), "paypal")).toBe(
      "Cancelled and refunded",
    );
    expect(historyChangeText(change(["processing", "paid"], ["cancelled", "paid"]), "paypal")).toBe("Cancelled");
    expect(historyChangeText(change(["cancelled", "paid"], ["cancelled", "refunded"]), "paypal")).toBe("Refunded");
    // Anything else still reads as words, with where it came from.
    expect(historyChangeText(change(["shipped", "paid"], ["processing", "pending"]), "demo")).toBe(
      "Processing, awaiting payment (was Shipped, paid)",
    );
  });
});
