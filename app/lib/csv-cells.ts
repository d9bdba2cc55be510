const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell a spreadsheet will not run: text starting with =, +, -, @, a tab or a carriage return gets a
 * leading apostrophe (OWASP "CSV injection"), which spreadsheets show as text and hide. Every CSV the
 * shop writes (products, orders) goes through it.
 */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The cell as written before neutralising: an import of our own export gets the original text back. */
export function restoreCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}
