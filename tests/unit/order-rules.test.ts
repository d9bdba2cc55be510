import { describe, expect, it } from "vitest";
import { moreItemsText, paymentBadge, progressMessage, STATUS_BADGE } from "~/modules/orders/order-rules";

describe("order rules (spec §4)", () => {
  it("says how far an order has come", () => {
    expect(progressMessage("delivered", null)).toBe("Delivered");
    expect(progressMessage("shipped", "1Z9")).toBe("In Transit (tracking 1Z9)");
    expect(progressMessage("shipped", null)).toBe("Unknown");
    expect(progressMessage("processing", null)).toBe("Processing");
    expect(progressMessage("pending", null)).toBe("Order Placed");
    expect(progressMessage("cancelled", null)).toBe("Unknown");
  });
  it("colours statuses yellow, blue, purple, green, red", () => {
    expect(STATUS_BADGE.pending).toContain("yellow");
    expect(STATUS_BADGE.processing).toContain("blue");
    expect(STATUS_BADGE.shipped).toContain("purple");
    expect(STATUS_BADGE.delivered).toContain("green");
    expect(STATUS_BADGE.cancelled).toContain("red");
    expect(paymentBadge("something-else")).toContain("red");
  });
  it("shows three items, then '+n more items'", () => {
    expect(moreItemsText(3)).toBeNull();
    expect(moreItemsText(4)).toBe("+1 more item");
    expect(moreItemsText(7)).toBe("+4 more items");
  });
});
