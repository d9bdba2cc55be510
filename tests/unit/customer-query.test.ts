import { describe, expect, it } from "vitest";
import {
  CUSTOMER_CSV_COLUMNS,
  customerCsvRow,
  customerSearchOf,
  customerSearchParams,
  mostBought,
  parseCustomerQuery,
  type CustomerRow,
} from "~/modules/customers/customer-query";

const parse = (s: string) => parseCustomerQuery(new URLSearchParams(s));

describe("the customer list's query", () => {
  it("parses search, sort and page, falling back to defaults on its own", () => {
    expect(parse("")).toEqual({ q: "", sort: "last", page: 1 });
    expect(parse("q=%20Maya%00%20&sort=spent&page=3")).toEqual({ q: "Maya", sort: "spent", page: 3 });
    expect(parse("sort=orders")).toMatchObject({ sort: "orders" });
    expect(parse("sort=name")).toMatchObject({ sort: "name" });
    expect(parse("sort=drop table&page=-1")).toEqual({ q: "", sort: "last", page: 1 });
    // Pages stop at the capped count (2,000 / 20).
    expect(parse("page=100").page).toBe(100);
    expect(parse("page=101").page).toBe(1);
    expect(parse("page=2.5").page).toBe(1);
    expect(parse(`q=${"a".repeat(300)}`).q).toHaveLength(100);
  });

  it("leaves defaults out of the URL", () => {
    expect(customerSearchParams({ q: "", sort: "last", page: 1 }).toString()).toBe("");
    expect(customerSearchParams({ q: "ana b", sort: "orders", page: 2 }).toString()).toBe("q=ana+b&sort=orders&page=2");
  });

  it("reads a search as an e-mail, a phone number or a name", () => {
    expect(customerSearchOf("  ")).toEqual({ kind: "none" });
    expect(customerSearchOf("Ana@Example")).toEqual({ kind: "email", prefix: "ana@example" });
    expect(customerSearchOf("+1 (555) 010-")).toEqual({ kind: "phone", digits: "1555010" });
    expect(customerSearchOf("12")).toEqual({ kind: "name", prefix: "12", words: ["12"] });
    expect(customerSearchOf("Maya O.")).toEqual({ kind: "name", prefix: "maya o.", words: ["maya", "o"] });
  });
});

describe("the customers CSV", () => {
  const row: CustomerRow = {
    id: "u1",
    name: "=cmd|' /C calc'!A0",
    email: "+ana@example.com",
    phone: "-555",
    orders: 3,
    spentCents: 12345,
    lastOrderAt: "2026-11-01T10:00:00.000Z",
    subscribed: true,
    joinedAt: "2026-01-01T00:00:00.000Z",
  };
  it("neutralises formula cells and writes money in dollars", () => {
    const cells = customerCsvRow(row);
    expect(cells).toHaveLength(CUSTOMER_CSV_COLUMNS.length);
    expect(cells).toEqual([
      "'=cmd|' /C calc'!A0",
      "'+ana@example.com",
      "'-555",
      "3",
      "123.45",
      "2026-11-01T10:00:00.000Z",
      "yes",
      "2026-01-01T00:00:00.000Z",
    ]);
    expect(customerCsvRow({ ...row, name: "Ana", phone: null, lastOrderAt: null, subscribed: false })).toEqual([
      "Ana",
      "'+ana@example.com",
      "",
      "3",
      "123.45",
      "",
      "no",
      "2026-01-01T00:00:00.000Z",
    ]);
  });
});

describe("sizes and colours bought most", () => {
  it("sums quantities, most first, ties by name, blanks skipped", () => {
    expect(
      mostBought([
        { value: "M", quantity: 1 },
        { value: "L", quantity: 2 },
        { value: null, quantity: 9 },
        { value: "M", quantity: 2 },
        { value: "S", quantity: 2 },
        { value: "XS", quantity: 1 },
      ]),
    ).toEqual([
      { value: "M", quantity: 3 },
      { value: "L", quantity: 2 },
      { value: "S", quantity: 2 },
    ]);
  });
});
