import type { Database } from "../db/client.server";
import type { DataDirClaim } from "./control-socket.server";
import { FolderDestination } from "./destination.server";
import { startBackupSchedule } from "./schedule.server";
import { openSnapshot, removeLeftoverStaging } from "./snapshot.server";

/**
 * Backups of the embedded database in the running server: the control socket `npm run backup` asks
 * (claimed before the database was opened), and the schedule (BACKUP_EVERY_HOURS, BACKUP_KEEP,
 * BACKUP_DIR). Nothing on PostgreSQL (pg_dump). The returned function stops the schedule; the claim
 * is let go by whoever closes the database.
 */
export async function startBackups(options: {
  database: Database;
  claim: DataDirClaim | undefined;
  dataDir: string;
  schedule: { everyMs: number | undefined; keep: number; dir: string };
}): Promise<() => Promise<void>> {
  const { claim, database, dataDir } = options;
  if (!claim || !database.files) return async () => {};
  // A backup cut off by a kill leaves its staging copy behind; DATA_DIR is this process's now.
  await removeLeftoverStaging(dataDir);
  const makeBackup = () => openSnapshot({ database, dataDir });
  claim.serve(makeBackup);
  const { everyMs, keep, dir } = options.schedule;
  const stopSchedule = everyMs
    ? startBackupSchedule({ everyMs, keep, destination: new FolderDestination(dir), makeBackup })
    : async () => {};
  return stopSchedule;
}
