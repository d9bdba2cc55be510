/** Money is handled in integer cents; these are the only conversions to and from dollars. */

/**
 * "$1,234.50" from 123450, "-$2.50" from -250: what `Intl.NumberFormat("en-US", { style: "currency",
 * currency: "USD" })` writes (tests/unit/money.test.ts compares the two over a wide range), written out by
 * hand because a browser's first currency formatter costs 15–45 ms of the main thread while it loads its
 * locale data. Every page with a price paid that once, in one task, while it started (issue 33: a task
 * after the first paint that long counts four times over on a slow phone).
 */
export function formatCents(cents: number): string {
  if (!Number.isFinite(cents)) return `${cents < 0 ? "-" : ""}$${Number.isNaN(cents) ? "NaN" : "∞"}`;
  // Half away from zero at the cent, as Intl rounds; a negative amount keeps its sign even at "$0.00".
  const negative = cents < 0 || Object.is(cents, -0);
  const whole = Math.round(Math.abs(cents));
  const dollars = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}$${dollars}.${String(whole % 100).padStart(2, "0")}`;
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
