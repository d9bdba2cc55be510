import { describe, expect, it } from "vitest";
import { centsToDecimalString, formatCents, percentOfCents } from "~/lib/money";

describe("money", () => {
  it("formats cents as US dollars", () => {
    expect(formatCents(0)).toBe("$0.00");
    expect(formatCents(999)).toBe("$9.99");
    expect(formatCents(123456)).toBe("$1,234.56");
    expect(formatCents(-250)).toBe("-$2.50");
  });
  it("writes what Intl's US-dollar format writes, without loading it in the browser", () => {
    const intl = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
    const amounts = [0, -0, 1, -1, 5, 99, 100, 101, 99_999, 100_000, 123_456_789, -123_456_789, 0.4, -0.4, 12.5];
    amounts.push(-12.5, 2.5, 1e15, NaN, Infinity, -Infinity);
    // A fixed sequence (Park and Miller's generator), so that a failure names an amount that comes back.
    let seed = 33;
    const next = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
    for (let i = 0; i < 5_000; i++) {
      const magnitude = 10 ** Math.floor(next() * 12);
      amounts.push(Math.round((next() - 0.3) * magnitude), (next() - 0.5) * magnitude);
    }
    for (const cents of amounts) expect(formatCents(cents), String(cents)).toBe(intl.format(cents / 100));
  });
  it("writes decimal strings for payment providers", () => {
    expect(centsToDecimalString(5400)).toBe("54.00");
    expect(centsToDecimalString(5)).toBe("0.05");
    expect(centsToDecimalString(-250)).toBe("-2.50");
    expect(() => centsToDecimalString(1.5)).toThrow(RangeError);
  });
  it("takes a percentage rounded to the cent", () => {
    expect(percentOfCents(4999, 8)).toBe(400); // 399.92
    expect(percentOfCents(1000, 8)).toBe(80);
    expect(percentOfCents(1, 8)).toBe(0); // 0.08
    expect(percentOfCents(7, 8)).toBe(1); // 0.56
  });
});
