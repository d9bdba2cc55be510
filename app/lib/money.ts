/** Money is handled in integer cents; these are the only conversions to and from dollars. */

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** "$1,234.50" from 123450. */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

export function dollarsToCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new RangeError(`Not a finite amount: ${dollars}`);
  const sign = dollars < 0 ? -1 : 1;
  const [whole, fraction = ""] = Math.abs(dollars).toFixed(10).split(".");
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2));
  const roundUp = Number(fraction[2] ?? "0") >= 5;
  return sign * (cents + (roundUp ? 1 : 0));
}

/** Dollars with two decimals as a string, e.g. for a payment provider: 5400 → "54.00". */
export function centsToDecimalString(cents: number): string {
  if (!Number.isInteger(cents)) throw new RangeError(`Cents must be an integer: ${cents}`);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** A percentage of an amount in cents, rounded half up to the cent (tax: 8% of the subtotal). */
export function percentOfCents(cents: number, percent: number): number {
  return Math.round((cents * percent) / 100);
}
