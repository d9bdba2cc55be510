/**
 * Dates in the shop's time zone (Settings → Store): what 'today' means for the dashboard's figures, and
 * how order dates read on every page — the same on the server and in the browser, whatever zone either
 * runs in. Pure.
 */

/** The instant the day that holds `now` began in `timeZone` (midnight there). */
export function startOfDayIn(timeZone: string, now: Date = new Date()): Date {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  // The zone's wall clock at `now`, read as if it were UTC: the difference is the zone's offset.
  const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  const offset = wall - Math.floor(now.getTime() / 1000) * 1000;
  const midnightWall = Date.UTC(get("year"), get("month") - 1, get("day"));
  return new Date(midnightWall - offset);
}

/** Formatters by zone and style: made once (an order list formats dozens of dates per render). */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, kind: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone} ${kind}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat("en-US", { ...options, timeZone });
    formatters.set(key, found);
  }
  return found;
}

/** "Nov 26, 2026, 9:05 AM EST": a moment as the shop's clock shows it, its zone named. */
export function formatDateTimeIn(value: string | Date, timeZone: string): string {
  const date = new Date(value);
  return `${formatter(timeZone, "moment", { dateStyle: "medium", timeStyle: "short" }).format(date)} ${zoneName(date, timeZone)}`;
}

/** "November 26, 2026" (`long`) or "Nov 26, 2026" (`medium`): the day in the shop's time zone. */
export function formatDayIn(value: string | Date, timeZone: string, style: "long" | "medium" = "medium"): string {
  return formatter(timeZone, style, { dateStyle: style }).format(new Date(value));
}

function zoneName(date: Date, timeZone: string): string {
  const part = formatter(timeZone, "zone", { timeZoneName: "short" })
    .formatToParts(date)
    .find((p) => p.type === "timeZoneName");
  return part?.value ?? timeZone;
}
