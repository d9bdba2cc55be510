import type { Database } from "../db/client.server";
import { serveControlSocket } from "./control-socket.server";
import { FolderDestination } from "./destination.server";
import { startBackupSchedule } from "./schedule.server";
import { openSnapshot } from "./snapshot.server";

/**
 * Backups of the embedded database in the running server: the control socket `npm run backup` asks,
 * and the schedule (BACKUP_EVERY_HOURS, BACKUP_KEEP, BACKUP_DIR). Nothing on PostgreSQL (pg_dump).
 * The returned function stops both.
 */
export async function startBackups(options: {
  database: Database;
  dataDir: string;
  schedule: { everyMs: number | undefined; keep: number; dir: string };
}): Promise<() => Promise<void>> {
  if (!options.database.files) return async () => {};
  const makeBackup = () => openSnapshot({ database: options.database, dataDir: options.dataDir });
  const stopSocket = await serveControlSocket(options.dataDir, makeBackup);
  const { everyMs, keep, dir } = options.schedule;
  const stopSchedule = everyMs
    ? startBackupSchedule({ everyMs, keep, destination: new FolderDestination(dir), makeBackup })
    : async () => {};
  return async () => {
    await stopSchedule();
    await stopSocket();
  };
}
