/**
 * Phone numbers for WhatsApp. Twilio takes E.164 (`+14155238886`) behind a `whatsapp:` prefix; the
 * configuration may give either form (decisions.md §4), and a shopper types whatever they like at
 * checkout ("(503) 555-0100"), so a number is read leniently and written strictly.
 */
const E164 = /^\+[1-9]\d{6,14}$/;

/** E.164 from "+1 (415) 523-8886" or "whatsapp:+14155238886"; null when it is not one. */
export function parseE164(input: string | null | undefined): string | null {
  if (!input) return null;
  const bare = input
    .trim()
    .replace(/^whatsapp:/i, "")
    .replace(/[\s().-]/g, "");
  return E164.test(bare) ? bare : null;
}

/** Countries whose numbers are written without the +1 at checkout (North American numbering plan). */
const NANP = new Set(["US", "CA"]);

/**
 * The number a customer gave at checkout as E.164: as typed when it is international already, or with
 * +1 added to a ten-digit US or Canadian number. Null when it cannot be read (the message then fails
 * with the invalid-number text, and the owner can resend it to a corrected number).
 */
export function customerE164(phone: string | null | undefined, country: string | null | undefined): string | null {
  const international = parseE164(phone);
  if (international) return international;
  if (!phone || !country || !NANP.has(country.toUpperCase())) return null;
  const digits = phone.replace(/\D/g, "");
  if (digits.length === 10 && /^[2-9]/.test(digits)) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith("1")) return `+${digits}`;
  return null;
}

/** Twilio's WhatsApp address for an E.164 number: always with the prefix. */
export function whatsappAddress(e164: string): string {
  return `whatsapp:${e164}`;
}
