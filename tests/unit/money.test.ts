import { describe, expect, it } from "vitest";
import { centsToDecimalString, formatCents, percentOfCents } from "~/lib/money";

describe("money", () => {
  it("formats cents as US dollars", () => {
    expect(formatCents(0)).toBe("$0.00");
    expect(formatCents(999)).toBe("$9.99");
    expect(formatCents(123456)).toBe("$1,234.56");
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
