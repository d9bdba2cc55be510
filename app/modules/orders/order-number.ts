/** Order numbers (decisions.md §3): "ORD-" and the last 8 digits of a millisecond timestamp. */
export function orderNumberFor(timestampMs: number): string {
  return `ORD-${String(Math.floor(timestampMs) % 100_000_000).padStart(8, "0")}`;
}

/** The number after a taken one ("on a clash, take the next number"), wrapping at 8 digits. */
export function nextOrderNumber(orderNumber: string): string {
  const digits = Number(orderNumber.slice(4));
  return `ORD-${String((digits + 1) % 100_000_000).padStart(8, "0")}`;
}
