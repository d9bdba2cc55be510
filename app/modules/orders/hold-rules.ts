/**
 * How much of a product one holder may keep from other shoppers without paying (pure, unit-tested).
 * Every order holds its stock from the moment it is placed until it is paid, or cancelled (by the
 * shopper, a failed payment, or the sweeper after UNPAID_ORDER_HOLD_MINUTES). A holder is an account
 * and the client address it places from: what either holds counts. Of one variant (size × colour) a
 * holder may hold at most UNPAID_HOLD_SHARE_PERCENT of the stock there would be without its own holds,
 * and at least one unit; a hold that ran out unpaid still counts for UNPAID_HOLD_COOLDOWN_MINUTES, so
 * holds renewed as they expire cannot keep a product off sale.
 */
export interface HeldVariant {
  /** Units asked for now. */
  quantity: number;
  /** The variant's stock as it is now (the holder's unpaid orders already took theirs). */
  stock: number;
  /** Units of it in the holder's orders waiting for payment. */
  heldUnpaid: number;
  /** Units of it in the holder's orders whose hold ran out within the cool-down. */
  heldRecentlyExpired: number;
}

/** The most units of a variant one holder may hold: a share of its stock without the holder's holds, at least 1. */
export function holdAllowance(stock: number, heldUnpaid: number, sharePercent: number): number {
  return Math.max(1, Math.floor(((stock + heldUnpaid) * sharePercent) / 100));
}

/**
 * The first line the holder may not hold, with how many units of it they may still ask for (0: none
 * until their holds are paid, cancelled or cooled down); null when every line is within the share.
 * A line asking for more than is in stock is left to the stock check, whose message says so.
 */
export function overHoldShare<T extends HeldVariant>(
  lines: readonly T[],
  sharePercent: number,
): { line: T; mayStillHold: number } | null {
  for (const line of lines) {
    if (line.quantity > line.stock) continue;
    const allowance = holdAllowance(line.stock, line.heldUnpaid, sharePercent);
    const used = line.heldUnpaid + line.heldRecentlyExpired;
    if (used + line.quantity > allowance) return { line, mayStillHold: Math.max(0, allowance - used) };
  }
  return null;
}

/** What the shopper is told when a line is over the share. */
export function holdShareMessage(label: string, mayStillHold: number, cooldownMinutes: number): string {
  if (mayStillHold > 0) {
    return `${label} is low in stock: you can order at most ${mayStillHold} of it, so that other shoppers can buy it too.`;
  }
  return `${label} is low in stock and already reserved by your unpaid orders (or was, in the last ${cooldownMinutes} minutes). Pay for them, or try again later.`;
}
