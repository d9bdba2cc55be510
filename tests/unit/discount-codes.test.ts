import { describe, expect, it } from "vitest";
import {
  BULK_MAX,
  bulkCodesSchema,
  CODE_ALPHABET,
  CODE_MESSAGES,
  codeCsvRow,
  codeField,
  codeKey,
  codesCsvFileName,
  generateCode,
  generateCodes,
  RANDOM_LENGTH,
} from "~/modules/promotions/discount-codes";

const message = (text: string) => {
  const result = codeField.safeParse(text);
  return result.success ? null : result.error.issues[0]!.message;
};

/** A fake random source that hands out the given bytes in turn (then repeats them). */
function bytesFrom(values: number[]) {
  let i = 0;
  return (length: number) => Uint8Array.from({ length }, () => values[i++ % values.length]!);
}

describe("discount codes as typed", () => {
  it("takes letters, digits, - and _, 3 to 32 characters, trimmed and kept as typed", () => {
    expect(codeField.parse("  Summer20 ")).toBe("Summer20");
    expect(codeField.parse("WELCOME_back-10")).toBe("WELCOME_back-10");
    expect(codeField.parse("abc")).toBe("abc");
    expect(codeField.parse("A".repeat(32))).toBe("A".repeat(32));
  });

  it("says what is wrong in the spec's words", () => {
    expect(message("")).toBe(CODE_MESSAGES.required);
    expect(message("   ")).toBe("Enter a code");
    expect(message("AB")).toBe("A code must be 3 to 32 characters");
    expect(message("A".repeat(33))).toBe(CODE_MESSAGES.length);
    expect(message("SUMMER 20")).toBe("A code may hold only letters, digits, - and _");
    expect(message("ÉTÉ2026")).toBe(CODE_MESSAGES.characters);
    expect(message("20%OFF")).toBe(CODE_MESSAGES.characters);
    expect(message("-SUMMER")).toBe("A code must start with a letter or a digit");
    expect(message("_summer")).toBe(CODE_MESSAGES.start);
  });

  it("is one code in any case", () => {
    expect(codeKey("summer20")).toBe(codeKey("SUMMER20"));
    expect(codeKey(" Summer20 ")).toBe("SUMMER20");
  });
});

describe("codes generated in bulk", () => {
  it("draws only from an alphabet without look-alikes", () => {
    for (const confusable of ["0", "O", "1", "I", "L"]) expect(CODE_ALPHABET).not.toContain(confusable);
    expect(new Set(CODE_ALPHABET).size).toBe(CODE_ALPHABET.length);
    const codes = generateCodes(500, "");
    for (const code of codes) {
      expect(code).toHaveLength(RANDOM_LENGTH);
      expect(
        [...code].every((c) => CODE_ALPHABET.includes(c)),
        code,
      ).toBe(true);
      expect(codeField.safeParse(code).success, code).toBe(true);
    }
  });

  it("makes the number asked, all different, with the prefix joined by a dash", () => {
    const codes = generateCodes(50, "WELCOME");
    expect(codes).toHaveLength(50);
    expect(new Set(codes.map(codeKey)).size).toBe(50);
    for (const code of codes) expect(code).toMatch(/^WELCOME-[A-Z2-9]{8}$/);
    expect(generateCode("VIP_")).toMatch(/^VIP_[A-Z2-9]{8}$/);
    expect(generateCode("spring-")).toMatch(/^spring-[A-Z2-9]{8}$/);
    // The longest prefix still makes a valid code.
    expect(codeField.safeParse(generateCode("P".repeat(20))).success).toBe(true);
  });

  it("uses the random bytes without bias: bytes past the alphabet's last whole multiple are drawn again", () => {
    const n = CODE_ALPHABET.length;
    const lastFair = 256 - (256 % n) - 1;
    // 255 is above the fair range and skipped; 0 and n map to the first character, lastFair to the last.
    expect(generateCode("", bytesFrom([255, 0, n, lastFair, 255, 1, 2, 3, 4, 5]))).toBe(
      `${CODE_ALPHABET[0]}${CODE_ALPHABET[0]}${CODE_ALPHABET[lastFair % n]}${CODE_ALPHABET.slice(1, 6)}`,
    );
  });

  it("skips codes it already made or was told to avoid, and fails rather than loop on a broken source", () => {
    const avoid = new Set([codeKey(generateCode("", bytesFrom([0])))]);
    const made = generateCodes(2, "", bytesFrom([0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2]), avoid);
    expect(made).toHaveLength(2);
    expect(made.map(codeKey)).not.toContain([...avoid][0]);
    expect(() => generateCodes(3, "", bytesFrom([7]))).toThrow(/repeats itself/);
  });

  it("checks the bulk form: how many, and an optional prefix", () => {
    const parse = (count: string, prefix = "", singleUse = "on") =>
      bulkCodesSchema.safeParse({ count, prefix, singleUse });
    expect(parse("50", " spring ").data).toEqual({ count: 50, prefix: "spring", singleUse: true });
    expect(parse("1", "", "").data).toEqual({ count: 1, prefix: "", singleUse: false });
    expect(parse(String(BULK_MAX)).success).toBe(true);
    const first = (result: ReturnType<typeof parse>) => result.error?.issues[0]?.message;
    expect(first(parse(""))).toBe("Enter how many codes to generate");
    expect(first(parse("0"))).toBe("Generate between 1 and 1,000 codes at a time");
    expect(first(parse("1001"))).toBe(CODE_MESSAGES.count);
    expect(first(parse("2.5"))).toBe(CODE_MESSAGES.count);
    expect(first(parse("50", "a b"))).toBe("A prefix may hold only letters, digits, - and _");
    expect(first(parse("50", "-x"))).toBe("A prefix must start with a letter or a digit");
    expect(first(parse("50", "P".repeat(21)))).toBe("A prefix must be at most 20 characters");
  });
});

describe("the codes' CSV", () => {
  it("writes a code and its uses per row, and names the file after the discount", () => {
    expect(codeCsvRow({ code: "WELCOME-ABCD2345", usageCount: 3 })).toEqual(["WELCOME-ABCD2345", "3"]);
    expect(codesCsvFileName("Welcome offer: 10% off!", new Date("2026-06-01T10:00:00Z"))).toBe(
      "discount-codes-welcome-offer-10-off-2026-06-01.csv",
    );
    expect(codesCsvFileName("!!!", new Date("2026-06-01T10:00:00Z"))).toBe("discount-codes-discount-2026-06-01.csv");
  });
});
