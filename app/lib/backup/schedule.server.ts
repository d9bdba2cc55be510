import type { Readable } from "node:stream";
import { runPeriodically } from "../periodic.server";
import type { BackupDestination } from "./destination.server";
import { backupDue, backupName, backupsToDelete } from "./retention";
import { log } from "../log.server";

/** How often the schedule looks whether a backup is due (or its own period, when shorter). */
const CHECK_EVERY_MS = 5 * 60_000;

export interface BackupSchedule {
  everyMs: number;
  /** The newest this many scheduled backups are kept; older ones are deleted after each new one. */
  keep: number;
  destination: BackupDestination;
  /** A fresh backup archive, and its end (settles once the archive has been read through). */
  makeBackup(): Promise<{ stream: Readable; done: Promise<unknown> }>;
  now?: () => Date;
}

/**
 * One scheduled backup if due — none yet, or the newest is `everyMs` old, so a restart neither skips
 * one nor makes one early — then the oldest beyond `keep` deleted. Answers the name written, if any.
 */
export async function backUpIfDue(schedule: BackupSchedule): Promise<string | null> {
  const now = schedule.now?.() ?? new Date();
  if (!backupDue(await schedule.destination.list(), now, schedule.everyMs)) return null;
  const name = backupName(now);
  const backup = await schedule.makeBackup();
  const [written, read] = await Promise.allSettled([schedule.destination.write(name, backup.stream), backup.done]);
  for (const outcome of [written, read]) if (outcome.status === "rejected") throw outcome.reason;
  for (const old of backupsToDelete(await schedule.destination.list(), schedule.keep)) {
    await schedule.destination.delete(old);
  }
  log.info(`[backup] wrote ${name} to ${schedule.destination.describe()}`);
  return name;
}

/** Runs `backUpIfDue` on a timer (BACKUP_EVERY_HOURS); the returned function stops it. */
export function startBackupSchedule(schedule: BackupSchedule): () => Promise<void> {
  return runPeriodically(
    Math.min(schedule.everyMs, CHECK_EVERY_MS),
    () => backUpIfDue(schedule),
    "[backup] the scheduled backup failed:",
  );
}
