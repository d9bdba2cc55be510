import { describe, expect, it } from "vitest";
import {
  orderDiscountLabel,
  orderDiscountLinesOf,
  orderDiscountNames,
  orderDiscountText,
  orderDiscountValue,
  shippingText,
  type OrderDiscountLine,
} from "~/modules/orders/order-discount-lines";

const summer: OrderDiscountLine = { code: "SUMMER20", title: "Summer 20%", kind: "amount", amountCents: 1200 };
const weekend: OrderDiscountLine = { code: null, title: "Weekend sale", kind: "amount", amountCents: 5 };
const freeShip: OrderDiscountLine = { code: "FREESHIP", title: "Free standard", kind: "shipping", amountCents: 999 };

describe("an order's discount lines", () => {
  it("reads as the code, or an automatic offer's title, and the amount taken off", () => {
    expect(orderDiscountText(summer)).toBe("SUMMER20 — −$12.00");
    expect(orderDiscountText(weekend)).toBe("Weekend sale — −$0.05");
    expect(orderDiscountLabel(weekend)).toBe("Weekend sale");
    expect(orderDiscountValue({ kind: "amount", amountCents: 123_456 })).toBe("−$1,234.56");
  });

  it("says free shipping rather than the rate waived", () => {
    expect(orderDiscountText(freeShip)).toBe("FREESHIP — Free shipping");
    expect(orderDiscountText({ ...freeShip, code: null, title: "Free shipping over $50" })).toBe(
      "Free shipping over $50 — Free shipping",
    );
  });

  it("names every discount of an order for the export, in order", () => {
    expect(orderDiscountNames([summer, weekend, freeShip])).toBe("SUMMER20; Weekend sale; FREESHIP");
    expect(orderDiscountNames([])).toBe("");
  });

  it("shows a shipping of 0 as Free", () => {
    expect(shippingText(0)).toBe("Free");
    expect(shippingText(999)).toBe("$9.99");
  });
});

describe("the discounts column as the database hands it", () => {
  const row = { code: "SUMMER20", title: "Summer 20%", kind: "amount", amountCents: 1200 };

  it("reads parsed JSON and JSON text alike", () => {
    expect(orderDiscountLinesOf([row])).toEqual([summer]);
    expect(orderDiscountLinesOf(JSON.stringify([row, { ...row, code: null, title: "Weekend sale" }]))).toEqual([
      summer,
      { ...summer, code: null, title: "Weekend sale" },
    ]);
    expect(orderDiscountLinesOf([])).toEqual([]);
    expect(orderDiscountLinesOf(null)).toEqual([]);
  });

  it("leaves out what is not a discount line rather than show it wrong", () => {
    expect(
      orderDiscountLinesOf([
        null,
        "SUMMER20",
        { ...row, kind: "percent" },
        { ...row, title: null },
        { ...row, amountCents: 1.5 },
        { ...row, amountCents: "1200" },
      ]),
    ).toEqual([summer]);
  });
});
