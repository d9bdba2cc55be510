import type { ReturnReason } from "#db/schema/returns";
import { RETURN_REASONS } from "#db/schema/returns";
import { RETURN_REASON_LABELS } from "~/modules/returns/return-rules";

/**
 * What the owner learns from returns (issue 30), as pure rules: the return rate, the reasons' breakdown,
 * the shop's "this month", revenue net of refunds. No server imports: the page uses them too. The figures
 * come from return-analytics.server.ts.
 *
 * - A **returned unit** is a unit in a return that was not refused or cancelled (asked for, approved,
 *   received or closed): the shopper sent it back, or said they will.
 * - The **return rate** of a range is the units returned of the sales made in that range, over the units
 *   sold in it: both sides are counted by the sale's order date (the order line's day in the sales roll-up),
 *   never by the return's date. Counting returns by their own date would divide this month's returns by
 *   this month's sales, which are mostly other orders (a slow month after a busy one would show a rate
 *   over 100 %); by the order date every returned unit is one of the units sold above it. The rate of a
 *   recent range rises for a few weeks as its returns come in.
 * - **Top reasons this month** are by the return's date: what came in this calendar month in the shop's
 *   time zone (settings.store.timeZone), whenever the order was placed.
 * - **Revenue net of refunds** is the range's revenue (the sales made in it) less the refunds made in it
 *   (each counted on the day it was made), on orders that are sales: a cancelled order's refund is not
 *   taken off, its revenue never counted.
 */

/** Returns in these states count: refused and cancelled ones sent nothing back. */
export const COUNTED_RETURN_STATUSES = ["requested", "approved", "received", "closed"] as const;

/** The rows shown per table (products, sizes and colours), most returned first. */
export const RETURN_TABLE_ROWS = 20;

/** Units returned over units sold, 0..1; null when nothing was sold (no rate, not 0 %). */
export function returnRate(returned: number, sold: number): number | null {
  return sold > 0 ? returned / sold : null;
}

/** A rate as a percentage to one decimal ('12.5%'), '—' without one. */
export function formatRate(rate: number | null): string {
  return rate === null ? "—" : `${(rate * 100).toFixed(1)}%`;
}

export interface ReasonUnits {
  reason: ReturnReason;
  units: number;
}

export interface ReasonShare extends ReasonUnits {
  label: string;
  /** units / all units returned, 0..1. */
  share: number;
}

/** Code-point order, as PostgreSQL's C collation sorts (the same on every machine). */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The reasons of `rows` (several rows may share a reason), summed, with their labels and shares: most
 * units first, then in the order the return form lists them. Reasons without units are left out.
 */
export function reasonBreakdown(rows: readonly ReasonUnits[]): ReasonShare[] {
  const units = new Map<ReturnReason, number>();
  for (const row of rows) units.set(row.reason, (units.get(row.reason) ?? 0) + row.units);
  const all = [...units.values()].reduce((sum, n) => sum + n, 0);
  return RETURN_REASONS.filter((reason) => (units.get(reason) ?? 0) > 0)
    .map((reason) => ({
      reason,
      label: RETURN_REASON_LABELS[reason],
      units: units.get(reason)!,
      share: all > 0 ? units.get(reason)! / all : 0,
    }))
    .sort((a, b) => b.units - a.units || RETURN_REASONS.indexOf(a.reason) - RETURN_REASONS.indexOf(b.reason));
}

/** The reason with the most units (the form's order breaks a tie); null without returns. */
export function topReason(rows: readonly ReasonUnits[]): ReturnReason | null {
  return reasonBreakdown(rows)[0]?.reason ?? null;
}

/** Most units returned first, then the highest rate, then by label: a total order. */
export function rankReturnRows<T extends { unitsReturned: number; rate: number | null; label: string }>(
  rows: readonly T[],
): T[] {
  return [...rows].sort(
    (a, b) => b.unitsReturned - a.unitsReturned || (b.rate ?? -1) - (a.rate ?? -1) || compareText(a.label, b.label),
  );
}

/** The revenue of the range less the refunds made in it (it can be below zero: refunds of earlier sales). */
export function netRevenue(revenueCents: number, refundsCents: number): number {
  return revenueCents - refundsCents;
}

/** The wall-clock parts of `instant` in `timeZone`. */
function zonedParts(instant: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour"),
    minute: get("minute"),
    second: get("second"),
  };
}

/** How far `timeZone`'s clocks are ahead of UTC at `instant`, in ms. */
function zoneOffset(instant: number, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant the 1st of `month` (1..12, may be 13: next year's January) begins in `timeZone`. */
function monthStart(year: number, month: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, 1);
  // The offset at the wall time read as UTC, then again at the guess: right across a DST change too.
  let instant = wall - zoneOffset(wall, timeZone);
  instant = wall - zoneOffset(instant, timeZone);
  return new Date(instant);
}

export interface ShopMonth {
  /** YYYY-MM in the shop's time zone. */
  month: string;
  /** 'November 2026'. */
  label: string;
  /** The instant the month began, included, and the instant the next begins, excluded. */
  start: Date;
  end: Date;
}

/** The calendar month `now` is in, in the shop's time zone, as a half-open range of instants. */
export function shopMonth(now: Date, timeZone: string): ShopMonth {
  const { year, month } = zonedParts(now.getTime(), timeZone);
  const label = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
  return {
    month: `${year}-${String(month).padStart(2, "0")}`,
    label,
    start: monthStart(year, month, timeZone),
    end: monthStart(year, month + 1, timeZone),
  };
}
