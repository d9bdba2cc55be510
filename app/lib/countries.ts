/**
 * The countries the shop's forms offer (spec §5's list, and 'Other'), and how a stored country value
 * reads: shared by accounts, checkout, order pages and e-mails. Pure data.
 */

export const COUNTRIES = [
  { code: "US", name: "United States" },
  { code: "CA", name: "Canada" },
  { code: "UK", name: "United Kingdom" },
  { code: "AU", name: "Australia" },
  { code: "DE", name: "Germany" },
  { code: "FR", name: "France" },
  { code: "IT", name: "Italy" },
  { code: "ES", name: "Spain" },
  { code: "NL", name: "Netherlands" },
  { code: "SE", name: "Sweden" },
  { code: "NO", name: "Norway" },
  { code: "DK", name: "Denmark" },
  { code: "other", name: "Other" },
] as const;

export type CountryCode = (typeof COUNTRIES)[number]["code"];

/** The code of a stored country (a code, or a name kept by older data); null when unknown or empty. */
export function countryCode(value: string | null | undefined): CountryCode | null {
  if (!value) return null;
  const v = value.trim().toLowerCase();
  const match = COUNTRIES.find((c) => c.code.toLowerCase() === v || c.name.toLowerCase() === v);
  return match?.code ?? (v === "gb" ? "UK" : null);
}

/** The name to show for a stored country value (the value itself when it is not in the list). */
export function countryName(value: string | null | undefined): string | null {
  if (!value) return null;
  const code = countryCode(value);
  return COUNTRIES.find((c) => c.code === code)?.name ?? value;
}
