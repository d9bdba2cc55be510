/**
 * A discount's start and end as the owner reads and types them: on the shop's clock (Settings → Store's
 * time zone), in the `YYYY-MM-DDTHH:mm` of a datetime-local field; stored as instants (UTC). Pure,
 * shared with the browser, and the same whatever zone the server or the browser runs in.
 */
import { zonedInputOf, zonedWallTime } from "~/lib/zoned-time";

/**
 * The instant a wall time of the shop's zone stands for (app/lib/zoned-time.ts), or null when the text is
 * no date and time: a time the clocks skip is read after the gap (02:30 → 03:30 on the night New York
 * springs forward), a time that happens twice is the first of the two.
 */
export function zonedInputToUtc(text: string, timeZone: string): Date | null {
  const found = zonedWallTime(text, timeZone);
  return found && text.trim().length === 16 ? found.date : null;
}

/** `YYYY-MM-DDTHH:mm` of an instant on the zone's clock: what a datetime-local field shows. */
export const utcToZonedInput = zonedInputOf;

/** The zone as the owner reads it under a date field: 'America/New_York' → 'America/New York'. */
export function zoneWords(timeZone: string): string {
  return timeZone.replaceAll("_", " ");
}
