import iconv from "iconv-lite";
import { DomainError } from "~/lib/domain-error";
import { BAD_BYTES_MESSAGE } from "~/lib/http/body-limits";
import { CSV_MESSAGES } from "./product-csv";

/**
 * A product CSV's bytes as text (pure). UTF-8 when they are valid UTF-8 (with or without a BOM, which
 * the CSV reader drops); otherwise Windows-1252, what Excel writes when it saves "CSV" on a Windows
 * machine in a Western locale (its Latin-1 superset: ’ — € and the like) — read knowingly, and said, so the
 * owner checks the preview. Refused with a clear message: a file that starts with a UTF-8 BOM but is not
 * UTF-8 (it says what it is, and is not), bytes Windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90,
 * 0x9D: the file is in neither), and NUL characters (which PostgreSQL refuses in text). Windows-1252 is
 * iconv-lite's: Node 20's TextDecoder("windows-1252") reads 0x80–0x9F as Latin-1's control characters.
 */
export type CsvEncoding = "utf-8" | "windows-1252";

const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

export function decodeCsvBytes(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  let decoded: { text: string; encoding: CsvEncoding };
  try {
    decoded = { text: utf8.decode(bytes), encoding: "utf-8" };
  } catch {
    if (UTF8_BOM.every((byte, i) => bytes[i] === byte)) throw new DomainError("invalid", CSV_MESSAGES.unknownEncoding);
    const text = iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), "windows-1252");
    if (text.includes("\ufffd")) throw new DomainError("invalid", CSV_MESSAGES.unknownEncoding);
    decoded = { text, encoding: "windows-1252" };
  }
  if (decoded.text.includes("\0")) throw new DomainError("invalid", BAD_BYTES_MESSAGE);
  return decoded;
}
