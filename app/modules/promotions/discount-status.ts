/**
 * A discount's status (issue 28): derived, never stored, from its switch and its dates against a moment
 * `now` — so it changes by itself when a start or end time passes, and every page reads it the same.
 * Pure, shared with the browser. The list's status filter says the same in SQL
 * (discount-admin.server.ts, `STATUS_SQL`); tests/integration/admin-discounts.test.ts holds them together.
 *
 * - disabled: switched off, whatever its dates say;
 * - scheduled: on, its start still to come;
 * - expired: on, its end passed (the end is exclusive: at `endsAt` it has ended);
 * - active: on, started and not ended.
 *
 * A discount whose uses have run out stays 'active' (it may be raised again, and a cancelled order gives
 * a use back): `isUsedUp` says so beside the status.
 */
export const DISCOUNT_STATUSES = ["active", "scheduled", "expired", "disabled"] as const;
export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number];

export interface StatusFacts {
  isEnabled: boolean;
  startsAt: Date | string;
  endsAt: Date | string | null;
}

export function discountStatus(discount: StatusFacts, now: Date): DiscountStatus {
  if (!discount.isEnabled) return "disabled";
  const at = now.getTime();
  if (new Date(discount.startsAt).getTime() > at) return "scheduled";
  if (discount.endsAt !== null && new Date(discount.endsAt).getTime() <= at) return "expired";
  return "active";
}

export function isDiscountStatus(value: unknown): value is DiscountStatus {
  return typeof value === "string" && (DISCOUNT_STATUSES as readonly string[]).includes(value);
}

/** Uses counted (orders not cancelled or failed) have reached the total limit. */
export function isUsedUp(discount: { usageCount: number; usageLimit: number | null }): boolean {
  return discount.usageLimit !== null && discount.usageCount >= discount.usageLimit;
}

export const STATUS_LABELS: Record<DiscountStatus, string> = {
  active: "Active",
  scheduled: "Scheduled",
  expired: "Expired",
  disabled: "Disabled",
};

/** The badge colours, the orders' palette: green on, blue to come, grey over, red off. */
export const STATUS_BADGE: Record<DiscountStatus, string> = {
  active: "bg-green-100 text-green-800",
  scheduled: "bg-blue-100 text-blue-800",
  expired: "bg-stone-200 text-stone-800",
  disabled: "bg-red-100 text-red-800",
};
