/**
 * The names of scheduled backups and which of them to keep: pure rules, with unit tests.
 * A scheduled backup is named by the moment it was made (UTC, to the second), so names sort by age:
 * `abundance-backup-2026-11-26T15-42-07Z.tar.gz`. Names that do not follow the pattern are someone
 * else's files: never counted, never deleted.
 */
const PREFIX = "abundance-backup-";
const SUFFIX = ".tar.gz";
const NAME = /^abundance-backup-(\d{4})-(\d{2})-(\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.tar\.gz$/;

/** The name of a backup made at `at`. */
export function backupName(at: Date): string {
  const stamp = at.toISOString().slice(0, 19).replace(/:/g, "-");
  return `${PREFIX}${stamp}Z${SUFFIX}`;
}

/** When the backup of this name was made, or null for a name that is not a scheduled backup's. */
export function backupTime(name: string): Date | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  const at = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The scheduled backups among `names`, newest first. */
export function newestFirst(names: readonly string[]): string[] {
  return names
    .map((name) => ({ name, at: backupTime(name) }))
    .filter((b): b is { name: string; at: Date } => b.at !== null)
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .map((b) => b.name);
}

/** The scheduled backups to delete so that the newest `keep` remain (other files are left alone). */
export function backupsToDelete(names: readonly string[], keep: number): string[] {
  return newestFirst(names).slice(Math.max(keep, 1));
}

/** Whether a backup is due: none yet, or the newest is `everyMs` old (a restart does not reset the clock). */
export function backupDue(names: readonly string[], now: Date, everyMs: number): boolean {
  const newest = newestFirst(names)[0];
  if (!newest) return true;
  return now.getTime() - backupTime(newest)!.getTime() >= everyMs;
}
