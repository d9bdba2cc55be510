import { describe, expect, it } from "vitest";
import { DomainError } from "~/lib/domain-error";
import { BAD_BYTES_MESSAGE } from "~/lib/http/body-limits";
import { decodeCsvBytes } from "~/modules/product-admin/csv-text";
import { CSV_MESSAGES } from "~/modules/product-admin/product-csv";

const bytes = (...values: number[]) => Uint8Array.from(values);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

describe("decodeCsvBytes", () => {
  it("reads valid UTF-8 as UTF-8, a BOM kept for the CSV reader to drop", () => {
    expect(decodeCsvBytes(Buffer.from("name\nCafé ’€", "utf8"))).toEqual({ text: "name\nCafé ’€", encoding: "utf-8" });
    const withBom = decodeCsvBytes(bytes(0xef, 0xbb, 0xbf, ...Buffer.from("Café")));
    expect(withBom).toEqual({ text: "\ufeffCafé", encoding: "utf-8" });
    expect(decodeCsvBytes(bytes())).toEqual({ text: "", encoding: "utf-8" });
  });

  it("reads bytes that are not UTF-8 as Windows-1252, its letters beyond Latin-1 included", () => {
    // Caf\xe9 \x92 \x96 \x80 \x9c: é ’ – € œ
    expect(decodeCsvBytes(bytes(...ascii("Caf"), 0xe9, 0x20, 0x92, 0x96, 0x80, 0x9c))).toEqual({
      text: "Café ’–€œ",
      encoding: "windows-1252",
    });
    // Latin-1's own letters are the same bytes in Windows-1252.
    expect(decodeCsvBytes(bytes(...ascii("Na"), 0xef, ...ascii("ve ni"), 0xf1, 0x6f)).text).toBe("Naïve niño");
  });

  it("refuses a file that starts with a UTF-8 BOM but is not UTF-8, bytes Windows-1252 leaves undefined, and NUL characters", () => {
    expect(() => decodeCsvBytes(bytes(0xef, 0xbb, 0xbf, ...ascii("Caf"), 0xe9))).toThrow(
      new DomainError("invalid", CSV_MESSAGES.unknownEncoding),
    );
    for (const undefinedByte of [0x81, 0x8d, 0x8f, 0x90, 0x9d]) {
      expect(() => decodeCsvBytes(bytes(...ascii("Caf"), 0xe9, undefinedByte))).toThrow(CSV_MESSAGES.unknownEncoding);
    }
    expect(() => decodeCsvBytes(bytes(...ascii("a,b\n1,"), 0))).toThrow(BAD_BYTES_MESSAGE);
    expect(() => decodeCsvBytes(bytes(...ascii("a,"), 0xe9, 0))).toThrow(BAD_BYTES_MESSAGE);
  });
});
