/**
 * A discount's start and end as the owner reads and types them: on the shop's clock (Settings → Store's
 * time zone), in the `YYYY-MM-DDTHH:mm` of a datetime-local field; stored as instants (UTC). Pure,
 * shared with the browser, and the same whatever zone the server or the browser runs in.
 */

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

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

/** The zone's wall clock at `instant` (ms), read as if it were UTC (ms). */
function wallClockMs(instant: number, timeZone: string): number {
  const parts = partsFormatter(timeZone).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
}

/** How far the zone's clock is ahead of UTC at `instant` (ms; New York in winter: −5 h). */
function offsetAt(instant: number, timeZone: string): number {
  return wallClockMs(Math.floor(instant / 1000) * 1000, timeZone) - Math.floor(instant / 1000) * 1000;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The instant a wall time of the zone stands for, or null when the text is no `YYYY-MM-DDTHH:mm` (or
 * no real date: 31 February). Around a change of the clocks it answers as calendars and Temporal's
 * 'compatible' do: a time the clocks skip (02:30 on the night New York springs forward) is read with
 * the offset before the change, so it lands after the gap (03:30 EDT); a time that happens twice
 * (01:30 on the night they fall back) is the first of the two (EDT).
 */
export function zonedInputToUtc(text: string, timeZone: string): Date | null {
  const match = WALL_TIME.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || hour > 23 || minute > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(wall);
  // Date.UTC rolls 31 February over into March: such a date was never typed by a date picker.
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1 || year < 1970) return null;
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  const candidates = [wall - before, wall - after].filter((instant) => wallClockMs(instant, timeZone) === wall);
  // Both readings real: the clocks went back and the time happened twice, take the earlier instant.
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  // Neither: the clocks skipped it. The offset before the jump carries it past the gap.
  return new Date(wall - before);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** `YYYY-MM-DDTHH:mm` of an instant on the zone's clock: what a datetime-local field shows. */
export function utcToZonedInput(value: Date | string, timeZone: string): string {
  const wall = new Date(wallClockMs(new Date(value).getTime(), timeZone));
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}

/** The zone as the owner reads it under a date field: 'America/New_York' → 'America/New York'. */
export function zoneWords(timeZone: string): string {
  return timeZone.replaceAll("_", " ");
}
