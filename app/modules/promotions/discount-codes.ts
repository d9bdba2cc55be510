import { z } from "zod";
import { neutraliseCell } from "~/lib/csv-cells";

/**
 * Discount codes (issue 28): what a code may look like, how two spellings are the same code, and codes
 * made in bulk. Pure, shared with the browser.
 *
 * A code is kept as the owner typed it ('Summer20') and is the same code in any case: the database's
 * unique index is on `upper(code)` (db/schema/promotions.ts), and a shopper's 'SUMMER20' finds it.
 * Letters are ASCII so every keyboard types them and upper case means one thing.
 */

export const CODE_MIN = 3;
export const CODE_MAX = 32;
/** Codes made in one request: enough for a newsletter campaign, small enough for one transaction. */
export const BULK_MAX = 1_000;
export const PREFIX_MAX = 20;
/** Random characters of a generated code: 31^8 ≈ 8.5 × 10^11 codes, so collisions stay rare at any shop's scale. */
export const RANDOM_LENGTH = 8;
/**
 * What generated codes are made of: capitals and digits without those read one for another (0/O, 1/I/L)
 * — a code is read off a card or a screen and typed again.
 */
export const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

export const CODE_MESSAGES = {
  required: "Enter a code",
  length: `A code must be ${CODE_MIN} to ${CODE_MAX} characters`,
  characters: "A code may hold only letters, digits, - and _",
  start: "A code must start with a letter or a digit",
  taken: "This code is already in use",
  countRequired: "Enter how many codes to generate",
  count: `Generate between 1 and ${BULK_MAX.toLocaleString("en-US")} codes at a time`,
  prefixLength: `A prefix must be at most ${PREFIX_MAX} characters`,
  prefixCharacters: "A prefix may hold only letters, digits, - and _",
  prefixStart: "A prefix must start with a letter or a digit",
} as const;

/** The key two spellings of one code share: its upper case (what the unique index holds). */
export function codeKey(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * A code as typed, checked: trimmed, 3–32 characters, letters, digits, - and _, starting with a letter
 * or digit (a cell starting with '-' is one a spreadsheet would run as a formula, and the CSV export
 * would have to change it).
 */
export const codeField = z
  .string()
  .trim()
  .min(1, CODE_MESSAGES.required)
  .superRefine((code, ctx) => {
    if (!/^[A-Za-z0-9_-]*$/.test(code)) ctx.addIssue({ code: "custom", message: CODE_MESSAGES.characters });
    else if (code.length < CODE_MIN || code.length > CODE_MAX)
      ctx.addIssue({ code: "custom", message: CODE_MESSAGES.length });
    else if (!/^[A-Za-z0-9]/.test(code)) ctx.addIssue({ code: "custom", message: CODE_MESSAGES.start });
  });

/** The bulk generator's form: how many, an optional prefix, and whether each code may be used once. */
export const bulkCodesSchema = z.object({
  count: z
    .string()
    .trim()
    .min(1, CODE_MESSAGES.countRequired)
    .refine((text) => /^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= BULK_MAX, CODE_MESSAGES.count)
    .transform(Number),
  prefix: z
    .string()
    .trim()
    .superRefine((prefix, ctx) => {
      if (prefix === "") return;
      if (!/^[A-Za-z0-9_-]*$/.test(prefix)) ctx.addIssue({ code: "custom", message: CODE_MESSAGES.prefixCharacters });
      else if (prefix.length > PREFIX_MAX) ctx.addIssue({ code: "custom", message: CODE_MESSAGES.prefixLength });
      else if (!/^[A-Za-z0-9]/.test(prefix)) ctx.addIssue({ code: "custom", message: CODE_MESSAGES.prefixStart });
    }),
  singleUse: z.string().transform((value) => value === "on" || value === "true"),
});
export type BulkCodesInput = z.output<typeof bulkCodesSchema>;
export const BULK_CODE_FIELDS = ["count", "prefix", "singleUse"] as const;

/** Random bytes: the platform's cryptographic generator (Node's and the browser's `crypto`). */
export type RandomBytes = (length: number) => Uint8Array;
export const cryptoRandomBytes: RandomBytes = (length) => globalThis.crypto.getRandomValues(new Uint8Array(length));

/** Bytes at or above this are drawn again: below it, a byte modulo the alphabet's size is uniform. */
const UNBIASED_BELOW = 256 - (256 % CODE_ALPHABET.length);

/** One code: the prefix (joined by '-' unless it ends in '-' or '_') and RANDOM_LENGTH random characters. */
export function generateCode(prefix: string, random: RandomBytes = cryptoRandomBytes): string {
  let body = "";
  for (let draws = 0; body.length < RANDOM_LENGTH; draws++) {
    if (draws > 100) throw new Error("The random source gives no usable bytes");
    for (const byte of random(RANDOM_LENGTH)) {
      if (byte < UNBIASED_BELOW && body.length < RANDOM_LENGTH) body += CODE_ALPHABET[byte % CODE_ALPHABET.length];
    }
  }
  const head = prefix.trim();
  if (head === "") return body;
  return /[-_]$/.test(head) ? `${head}${body}` : `${head}-${body}`;
}

/**
 * `count` codes, distinct in any case and none of `avoid` (keys, upper case): the caller then inserts
 * them, and makes more for any the database already held (discount-admin.server.ts).
 */
export function generateCodes(
  count: number,
  prefix: string,
  random: RandomBytes = cryptoRandomBytes,
  avoid: ReadonlySet<string> = new Set(),
): string[] {
  const made = new Map<string, string>();
  // A generator that keeps repeating itself (a broken one) must not spin forever.
  for (let tries = 0; made.size < count && tries < count * 20 + 100; tries++) {
    const code = generateCode(prefix, random);
    const key = codeKey(code);
    if (!made.has(key) && !avoid.has(key)) made.set(key, code);
  }
  if (made.size < count) throw new Error("The random source repeats itself: codes could not be generated");
  return [...made.values()];
}

/** The codes export (Code, Uses): one row per code, as a spreadsheet reads it. */
export const CODE_CSV_COLUMNS = ["Code", "Uses"] as const;

export function codeCsvRow(code: { code: string; usageCount: number }): string[] {
  return [neutraliseCell(code.code), String(code.usageCount)];
}

/** `discount-codes-welcome-offer-2026-06-01.csv`: the discount's title as a slug, and the day. */
export function codesCsvFileName(title: string, now: Date = new Date()): string {
  const slug =
    title
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40) || "discount";
  return `discount-codes-${slug}-${now.toISOString().slice(0, 10)}.csv`;
}
