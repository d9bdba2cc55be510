/**
 * Wall times of a time zone (the shop's clock, Settings → Store) and the instants they stand for, as a
 * datetime-local field holds them (`YYYY-MM-DDTHH:mm`). Pure, shared with the browser, the same whatever
 * zone the server or the browser runs in. Around a change of the clocks it reads as calendars and
 * Temporal's 'compatible' do: a time the clocks skip (02:30 on the night New York springs forward) is read
 * with the offset before the change, so it lands after the gap (03:30 EDT), and is flagged `skipped`; a time
 * that happens twice (01:30 on the night they fall back) is the first of the two.
 */

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const DAY_MS = 24 * 60 * 60 * 1000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, found);
  }
  return found;
}

/** The zone's wall clock at `instant` (ms), read as if it were UTC (ms, whole seconds). */
export function wallClockMs(instant: number, timeZone: string): number {
  const parts = partsFormatter(timeZone).formatToParts(new Date(Math.floor(instant / 1000) * 1000));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
}

/** How far the zone's clock is ahead of UTC at `instant` (ms; New York in winter: −5 h). */
function offsetAt(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return wallClockMs(whole, timeZone) - whole;
}

/**
 * The instant a wall time of the zone stands for, and whether the clocks skipped it; null when the text
 * is no `YYYY-MM-DDTHH:mm[:ss]` or no real date (31 February), or before 1970.
 */
export function zonedWallTime(text: string, timeZone: string): { date: Date; skipped: boolean } | null {
  const match = WALL_TIME.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wall);
  // Date.UTC rolls 31 February over into March: such a date was never typed by a date picker.
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1 || year < 1970) return null;
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  const candidates = [wall - before, wall - after].filter((instant) => wallClockMs(instant, timeZone) === wall);
  // Both readings real: the clocks went back and the time happened twice, take the earlier instant.
  if (candidates.length > 0) return { date: new Date(Math.min(...candidates)), skipped: false };
  // Neither: the clocks skipped it. The offset before the jump carries it past the gap.
  return { date: new Date(wall - before), skipped: true };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** `YYYY-MM-DDTHH:mm` of an instant on the zone's clock: what a datetime-local field shows. */
export function zonedInputOf(value: Date | string, timeZone: string): string {
  const wall = new Date(wallClockMs(new Date(value).getTime(), timeZone));
  return `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}
