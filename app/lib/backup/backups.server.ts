import type { Database } from "../db/client.server";
import type { DataDirClaim } from "./control-socket.server";
import type { AppConfig, S3Settings } from "../config/config.server";
import { FolderDestination, type BackupDestination } from "./destination.server";
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
  schedule: AppConfig["backups"];
  /** The S3_ variables' connection, for a bucket named by BACKUP_DIR=s3://… */
  s3: S3Settings | undefined;
}): Promise<() => Promise<void>> {
  const { claim, database, dataDir } = options;
  if (!claim || !database.files) return async () => {};
  // A backup cut off by a kill leaves its staging copy behind; DATA_DIR is this process's now.
  await removeLeftoverStaging(dataDir);
  const makeBackup = () => openSnapshot({ database, dataDir });
  claim.serve(makeBackup);
  const { everyMs, keep } = options.schedule;
  if (!everyMs) return async () => {};
  const destination = await backupDestination(options.schedule, options.s3);
  return startBackupSchedule({ everyMs, keep, destination, makeBackup });
}

/** The folder, or the bucket (its SDK loaded only then) with the photos' connection settings. */
async function backupDestination(
  schedule: AppConfig["backups"],
  s3: S3Settings | undefined,
): Promise<BackupDestination> {
  if (!schedule.bucket) return new FolderDestination(schedule.dir);
  if (!s3) throw new Error("BACKUP_DIR names a bucket but no S3_ variables are set");
  const [{ createS3Client }, { BucketDestination }] = await Promise.all([
    import("../s3-client.server"),
    import("./bucket-destination.server"),
  ]);
  return new BucketDestination(createS3Client(s3), schedule.bucket.bucket, schedule.bucket.prefix);
}
