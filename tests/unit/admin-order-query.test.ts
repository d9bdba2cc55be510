import { describe, expect, it } from "vitest";
import {
  adminOrderSearchParams,
  likePrefix,
  orderSearchOf,
  wordPrefixQuery,
  parseAdminOrderQuery,
} from "~/modules/orders/admin-order-query";
import { ORDER_CSV_COLUMNS, orderCsvRow, type ExportOrder } from "~/modules/orders/order-csv";

describe("the admin order list query", () => {
  it("reads the URL, falling back per value", () => {
    expect(parseAdminOrderQuery(new URLSearchParams("q=%20ann%20&status=shipped&payment=paid&page=3"))).toEqual({
      q: "ann",
      status: "shipped",
      payment: "paid",
      page: 3,
    });
    expect(parseAdminOrderQuery(new URLSearchParams("status=lost&payment=x&page=-2&q=a%00b"))).toEqual({
      q: "ab",
      status: null,
      payment: null,
      page: 1,
    });
  });

  it("writes only what differs from the defaults", () => {
    expect(adminOrderSearchParams({ q: "", status: null, payment: "paid", page: 1 }).toString()).toBe("payment=paid");
  });

  it("reads an order number, digits, or text", () => {
    expect(orderSearchOf("ord-1234")).toEqual({ kind: "number", prefixes: ["ORD-1234"] });
    expect(orderSearchOf("1234")).toEqual({ kind: "number", prefixes: ["ORD-1234", "TEST-1234"] });
    expect(orderSearchOf("Ann@Example")).toEqual({ kind: "text", prefix: "ann@example", words: ["ann", "example"] });
    expect(orderSearchOf(" Maya O. Okafor ")).toEqual({
      kind: "text",
      prefix: "maya o. okafor",
      words: ["maya", "o", "okafor"],
    });
    expect(orderSearchOf("José D'Arcy-Núñez")).toMatchObject({ words: ["josé", "d", "arcy", "núñez"] });
    expect(orderSearchOf("a b c d e f g h i j").kind === "text" && orderSearchOf("a b c d e f g h i j")).toMatchObject({
      words: ["a", "b", "c", "d", "e", "f", "g", "h"],
    });
    expect(orderSearchOf("  ")).toEqual({ kind: "none" });
  });

  it("matches every word as a word prefix, with nothing of the text read as query syntax", () => {
    expect(wordPrefixQuery(["maya", "oka"])).toBe("maya:* & oka:*");
    expect(wordPrefixQuery([])).toBeNull();
    const search = orderSearchOf("o'brien & !x | (y):*");
    expect(search.kind === "text" && wordPrefixQuery(search.words)).toBe("o:* & brien:* & x:* & y:*");
  });

  it("escapes LIKE wildcards", () => {
    expect(likePrefix("50%_off\\")).toBe("50\\%\\_off\\\\%");
  });
});

describe("the order CSV row", () => {
  const order: ExportOrder = {
    orderNumber: "ORD-00000001",
    createdAt: new Date("2026-11-23T10:20:30.456Z"),
    customerName: '=HYPERLINK("http://evil.example","x")',
    customerEmail: "ann@example.com",
    phone: "+15550100",
    status: "shipped",
    paymentStatus: "paid",
    paymentMethod: "demo",
    itemCount: 3,
    subtotalCents: 5000,
    discountCents: 0,
    discounts: [],
    shippingCents: 0,
    taxCents: 400,
    totalCents: 5400,
    trackingNumber: "1Z999",
    carrier: "UPS",
    isTest: false,
  };

  it("neutralises formulas and writes money as decimals", () => {
    const row = orderCsvRow(order);
    expect(row[2]).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(row[4]).toBe("'+15550100");
    expect(row.slice(9, 15)).toEqual(["50.00", "0.00", "", "0.00", "4.00", "54.00"]);
    expect(row[1]).toBe("2026-11-23 10:20:30");
  });

  it("has a cell under every column, the discount and its codes beside the subtotal", () => {
    expect(orderCsvRow(order)).toHaveLength(ORDER_CSV_COLUMNS.length);
    expect(ORDER_CSV_COLUMNS.slice(9, 15)).toEqual([
      "Subtotal",
      "Discount",
      "Discount codes",
      "Shipping",
      "Tax",
      "Total",
    ]);
  });

  it("writes an order's discount in cents off and names each discount, an offer by its title", () => {
    // $50.00 − $12.50 (SUMMER20 and a weekend offer) + free shipping (FREESHIP) + 8% of $37.50.
    const row = orderCsvRow({
      ...order,
      discountCents: 1250,
      discounts: [
        { code: "SUMMER20", title: "Summer", kind: "amount", amountCents: 1000 },
        { code: null, title: "Weekend sale", kind: "amount", amountCents: 250 },
        { code: "FREESHIP", title: "Free shipping", kind: "shipping", amountCents: 999 },
      ],
      taxCents: 300,
      totalCents: 4050,
    });
    expect(row.slice(9, 15)).toEqual(["50.00", "12.50", "SUMMER20; Weekend sale; FREESHIP", "0.00", "3.00", "40.50"]);
  });

  it("keeps an offer's title from running as a formula", () => {
    const row = orderCsvRow({
      ...order,
      discountCents: 100,
      discounts: [{ code: null, title: "=1+1 deal", kind: "amount", amountCents: 100 }],
    });
    expect(row[11]).toBe("'=1+1 deal");
  });
});
