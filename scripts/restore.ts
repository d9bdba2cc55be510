/**
 * `npm run restore -- FILE`: brings a backup made by `npm run backup` (or the schedule) back into an
 * empty DATA_DIR (docs/operations.md, Backups). Every file is checked against the backup's manifest
 * before it takes its place; the database is then opened once (recovered, and migrated to this
 * release) to prove it whole. A DATA_DIR that holds anything is refused: nothing is ever overwritten.
 */
import { createReadStream, existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { BackupFileError, readArchive } from "~/lib/backup/archive.server";
import { newestKnownMigration } from "~/lib/backup/snapshot.server";
import { ConfigError, parseEnv } from "~/lib/config/env.server";
import { openDatabase, queryRows } from "~/lib/db/client.server";

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

const file = process.argv[2];
if (!file || file.startsWith("-")) fail("Usage: npm run restore -- <backup file>   (into an empty DATA_DIR)", 2);

let env;
try {
  env = parseEnv(process.env);
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}
if (env.DATABASE_URL)
  fail(
    "DATABASE_URL is set: this restores the embedded database. Restore PostgreSQL with pg_restore (docs/operations.md, Backups).",
  );
const dataDir = path.resolve(env.DATA_DIR);
const source = path.resolve(file);
if (!existsSync(source) || !(await stat(source)).isFile()) fail(`No backup file at ${source}.`);

const existed = existsSync(dataDir);
if (existed) {
  if (!(await stat(dataDir)).isDirectory()) fail(`DATA_DIR ${dataDir} is not a folder.`);
  const inside = await readdir(dataDir);
  if (inside.length > 0)
    fail(
      `DATA_DIR ${dataDir} is not empty (${inside.slice(0, 3).join(", ")}${inside.length > 3 ? ", …" : ""}): ` +
        "a backup is restored only into an empty folder. Stop the server, move the folder aside (or set DATA_DIR " +
        "to a new folder) and run the restore again.",
    );
}

await mkdir(dataDir, { recursive: true, mode: 0o700 });
const staging = await mkdtemp(path.join(dataDir, ".restore-"));
try {
  const manifest = await readArchive(createReadStream(source), { into: staging });
  const known = newestKnownMigration();
  const last = manifest.database.migrations.last;
  if (last !== null && known !== null && last > known)
    throw new BackupFileError(
      `the backup was made by a newer release (app ${manifest.appVersion}, a migration this release does not have): ` +
        "restore it with that release or a later one",
    );
  for (const name of await readdir(staging)) await rename(path.join(staging, name), path.join(dataDir, name));
  await rm(staging, { recursive: true, force: true });
  // Opened once: PostgreSQL recovers the copy as after a power cut, and this release's migrations run.
  const database = await openDatabase({ dataDir });
  try {
    const [orders] = await queryRows<{ count: number }>(database.db, sql`select count(*)::int as count from orders`);
    const [products] = await queryRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from products`,
    );
    console.log(
      `Restored ${source} (made ${manifest.createdAt} by app ${manifest.appVersion}) into ${dataDir}: ` +
        `${manifest.files.length} files checked, ${orders?.count ?? 0} orders, ${products?.count ?? 0} products.`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  // Nothing half-restored is left behind: the folder is as empty as it was (or gone, if this made it).
  if (existed) {
    for (const name of await readdir(dataDir)) await rm(path.join(dataDir, name), { recursive: true, force: true });
  } else {
    await rm(dataDir, { recursive: true, force: true });
  }
  const reason =
    error instanceof BackupFileError
      ? error.message
      : `the restored database did not open (${(error as Error).message})`;
  fail(`Restore failed: ${reason}. Nothing was restored into ${dataDir}.`);
}
