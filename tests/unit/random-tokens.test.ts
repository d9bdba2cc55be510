import { describe, expect, it } from "vitest";
import { randomToken } from "../../server/random-tokens";

describe("randomToken", () => {
  it("answers tokens of the asked size, never the same, across refills of the pool", () => {
    const seen = new Set<string>();
    // 16 bytes each: 1,000 tokens draw the 4 KB pool about four times over.
    for (let i = 0; i < 1_000; i++) {
      const nonce = randomToken(16, "base64");
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
      seen.add(nonce);
    }
    expect(seen.size).toBe(1_000);
    expect(randomToken(6, "hex")).toMatch(/^[0-9a-f]{12}$/);
  });

  it("refuses more bytes than the pool holds", () => {
    expect(() => randomToken(5_000, "hex")).toThrow(RangeError);
  });
});
