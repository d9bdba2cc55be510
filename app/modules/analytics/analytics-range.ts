import { z } from "zod";

/**
 * The date range of the admin's sales analytics as it lives in the URL: `?from=YYYY-MM-DD&to=YYYY-MM-DD`,
 * both days included, UTC calendar days. Pure (no server imports): the loader and the browser's form
 * read it the same way.
 *
 * - Missing (or empty) `to` is today; missing `from` is the 30 days ending on `to`: no parameters at all
 *   means the last 30 days ending today (UTC).
 * - A `to` after today is moved back to today (there is nothing to see in the future).
 * - Then `from` must be on or before `to`, and the range at most MAX_RANGE_DAYS days long.
 * - Dates are real calendar days from 1970-01-01 on, written YYYY-MM-DD.
 */

export const DEFAULT_RANGE_DAYS = 30;
/** A leap year, both ends included. */
export const MAX_RANGE_DAYS = 366;
/** The ranges offered as buttons: the last 7, 30, 90 and 365 days ending today. */
export const RANGE_PRESETS = [7, 30, 90, 365] as const;

export const ANALYTICS_RANGE_MESSAGES = {
  order: "Choose a start date on or before the end date",
  tooLong: `Choose a range of at most ${MAX_RANGE_DAYS} days`,
  format: "Enter dates as YYYY-MM-DD",
} as const;

export interface AnalyticsRange {
  /** YYYY-MM-DD, included. */
  from: string;
  /** YYYY-MM-DD, included. */
  to: string;
}

export type AnalyticsRangeResult = { ok: true; range: AnalyticsRange } | { ok: false; message: string };

const DAY_MS = 24 * 3600_000;
const EARLIEST_DAY = "1970-01-01";

/** The UTC calendar day of an instant, YYYY-MM-DD. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** `day` moved by `days` (negative: back), YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  return utcDay(new Date(dayStart(day) + days * DAY_MS));
}

/** Days in the range, both ends included (0 or less when `from` is after `to`). */
export function rangeDays(range: AnalyticsRange): number {
  return Math.round((dayStart(range.to) - dayStart(range.from)) / DAY_MS) + 1;
}

// A real calendar day: 2026-02-30 parses to another day (or to nothing) and is refused.
const isCalendarDay = (value: string) => {
  const time = dayStart(value);
  return Number.isFinite(time) && utcDay(new Date(time)) === value && value >= EARLIEST_DAY;
};

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, ANALYTICS_RANGE_MESSAGES.format)
  .refine(isCalendarDay, ANALYTICS_RANGE_MESSAGES.format);

/** Null, undefined and blank all mean "not given". */
const optionalDay = z.preprocess((value) => {
  if (value === null || value === undefined) return undefined;
  if (typeof value === "string" && value.trim() === "") return undefined;
  return typeof value === "string" ? value.trim() : value;
}, day.optional());

function rangeSchema(today: string) {
  return z
    .object({ from: optionalDay, to: optionalDay })
    .transform(({ from, to }): AnalyticsRange => {
      const end = to === undefined || to > today ? today : to;
      return { from: from ?? addDays(end, -(DEFAULT_RANGE_DAYS - 1)), to: end };
    })
    .refine((range) => range.from <= range.to, ANALYTICS_RANGE_MESSAGES.order)
    .refine((range) => rangeDays(range) <= MAX_RANGE_DAYS, ANALYTICS_RANGE_MESSAGES.tooLong);
}

/** The range of `?from=&to=`, or the message to show next to the form. */
export function parseAnalyticsRange(
  params: { from?: string | null; to?: string | null },
  today: Date = new Date(),
): AnalyticsRangeResult {
  const parsed = rangeSchema(utcDay(today)).safeParse({ from: params.from, to: params.to });
  if (parsed.success) return { ok: true, range: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? ANALYTICS_RANGE_MESSAGES.format };
}

/** The last `days` days ending today (UTC), today included. */
export function presetRange(days: number, today: Date = new Date()): AnalyticsRange {
  const to = utcDay(today);
  return { from: addDays(to, -(days - 1)), to };
}
