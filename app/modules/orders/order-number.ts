/** Order numbers (decisions.md §3): "ORD-" and the last 8 digits of a millisecond timestamp. */

let lastIssued = 0;
/**
 * A millisecond timestamp for a new order, never the same twice in this process (orders placed in
 * the same millisecond take the next one), so that only other instances can clash.
 */
export function orderTimestamp(now: number = Date.now()): number {
  lastIssued = Math.max(Math.floor(now), lastIssued + 1);
  return lastIssued;
}

export function orderNumberFor(timestampMs: number): string {
  return `ORD-${String(Math.floor(timestampMs) % 100_000_000).padStart(8, "0")}`;
}
