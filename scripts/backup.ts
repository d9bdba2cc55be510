/**
 * `npm run backup -- FILE`: a consistent backup of the embedded database (DATA_DIR/pg), DATA_DIR's
 * photos and generated secrets, in one file (docs/operations.md, Backups). While the server runs, it
 * makes the backup itself (asked through DATA_DIR's control socket) and the shop keeps serving; when
 * no server runs, this opens DATA_DIR itself. The file is read back and checked before it is kept.
 */
import { createReadStream, createWriteStream, existsSync } from "node:fs";
import { rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { BackupFileError, readArchive } from "~/lib/backup/archive.server";
import { claimDataDir, requestBackup } from "~/lib/backup/control-socket.server";
import { openSnapshot, removeLeftoverStaging } from "~/lib/backup/snapshot.server";
import { ConfigError, parseEnv } from "~/lib/config/env.server";
import { openDatabase } from "~/lib/db/client.server";

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

const file = process.argv[2];
if (!file || file.startsWith("-"))
  fail("Usage: npm run backup -- <file>   (for example backups/shop-2026-11-26.tar.gz)", 2);

let env;
try {
  env = parseEnv(process.env);
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}
if (env.DATABASE_URL) fail("DATABASE_URL is set: back up PostgreSQL with pg_dump -Fc (docs/operations.md, Backups).");
const dataDir = path.resolve(env.DATA_DIR);
const target = path.resolve(file);
if (existsSync(target)) fail(`${target} exists already: choose a new file name (a backup is never overwritten).`);
const partial = `${target}.partial`;

async function writeBackup(): Promise<string> {
  const out = createWriteStream(partial, { mode: 0o600, flags: "wx" });
  const asked = await requestBackup(dataDir, out);
  if (asked.served) return "by the running server";
  // No server answers: this process claims DATA_DIR (a server started meanwhile refuses to open it
  // until it is let go), opens the database as it is (not migrated) and makes the backup.
  if (!existsSync(path.join(dataDir, "pg", "PG_VERSION")))
    throw new Error(`there is no embedded database in ${dataDir}`);
  const claim = await claimDataDir(dataDir, "a backup with the server stopped is under way");
  try {
    await removeLeftoverStaging(dataDir);
    const database = await openDatabase({ dataDir, migrate: false });
    try {
      const { stream, done } = await openSnapshot({ database, dataDir });
      await Promise.all([pipeline(stream, out), done]);
    } finally {
      await database.close();
    }
  } finally {
    await claim.close();
  }
  return "with the server stopped";
}

try {
  const how = await writeBackup();
  // Read back and checked against its manifest before it takes its name.
  const manifest = await readArchive(createReadStream(partial));
  await rename(partial, target);
  const { size } = await stat(target);
  const files = manifest.files.length;
  console.log(
    `Backup written ${how}: ${target} (${(size / 1024 / 1024).toFixed(1)} MB, ${files} files, ` +
      `${manifest.database.migrations.count} migrations, made ${manifest.createdAt}).`,
  );
} catch (error) {
  await rm(partial, { force: true });
  const message =
    error instanceof BackupFileError ? `the backup read back is not whole: ${error.message}` : (error as Error).message;
  fail(`Backup failed: ${message}`);
}
