import { constants, readFileSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "../db/client.server";
import { projectRoot } from "../paths.server";
import { walk, writeArchive, type ArchiveSource, type BackupManifest } from "./archive.server";
import { log } from "../log.server";

/**
 * A backup of the embedded database while the shop keeps serving (docs/operations.md, Backups).
 * The database's folder is copied into a staging folder beside it in DATA_DIR (same disk: a clone
 * where the file system can) in two passes: the bulk while statements run, then, under PGlite's query
 * lock (no statement runs), every file that may have changed since — so the shop waits only for what
 * was written during the first pass. The archive is then written from the copy at whatever pace its
 * reader takes, one file at a time: memory stays a few buffers whatever the database's size (PGlite's
 * own `dumpDataDir` builds the whole tar in memory, twice). The disk needs room for one more copy of
 * the database meanwhile.
 * Photos (`media/`) are written once and never changed, so they are archived from where they are,
 * after the database: every photo the copied database names is already on disk. So is the mail
 * outbox (`outbox/`, e-mails kept on disk without SMTP_URL).
 */

/** Files PostgreSQL itself leaves out of a base backup: its lock file and options of the running server. */
const NOT_COPIED = new Set(["postmaster.pid", "postmaster.opts"]);
const STAGING_PREFIX = ".backup-";

export interface SnapshotSource {
  database: Database;
  dataDir: string;
}

/** The backup archive of the embedded database (and DATA_DIR's photos and generated secrets). */
export async function openSnapshot(
  source: SnapshotSource,
): Promise<{ stream: Readable; done: Promise<BackupManifest> }> {
  const files = source.database.files;
  if (!files) throw new Error("backups of PostgreSQL are made with pg_dump (docs/operations.md, Backups)");
  const migrations = await migrationLevel(source.database);
  const staging = await mkdtemp(path.join(source.dataDir, STAGING_PREFIX));
  try {
    const copy = path.join(staging, "pg");
    // A checkpoint first writes the buffered pages out, so that the copy needs little recovery when it is
    // opened; the copy is consistent without it (the lock below is what makes it so).
    await source.database.db.execute(sql`checkpoint`);
    // Two passes: the bulk while the shop runs, then — with no statement running — what changed meanwhile.
    const startedAt = Date.now();
    const seen = await copyTree(files.directory, copy);
    const pausedAt = performance.now();
    await files.whileQuiet(() => copyTree(files.directory, copy, { seen, startedAt }));
    const pausedMs = Math.round(performance.now() - pausedAt);
    const postgresVersion = (await readFile(path.join(copy, "PG_VERSION"), "utf8")).trim();
    const { stream, done } = writeArchive(archiveSources(copy, source.dataDir), () => ({
      createdAt: new Date().toISOString(),
      appVersion: appVersion(),
      database: { engine: "pglite", postgresVersion, migrations },
    }));
    const cleaned = done.finally(() => rm(staging, { recursive: true, force: true }));
    void cleaned.then(
      (manifest) => {
        const bytes = manifest.files.reduce((sum, f) => sum + f.size, 0);
        log.info(
          `[backup] ${manifest.files.length} files (${(bytes / 1024 / 1024).toFixed(1)} MB before compression); ` +
            `the database waited ${pausedMs} ms for its copy`,
        );
      },
      () => undefined,
    );
    cleaned.catch(() => undefined);
    return { stream, done: cleaned };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

/** Removes staging copies left in DATA_DIR by a backup that was cut off (the process killed). */
export async function removeLeftoverStaging(dataDir: string): Promise<void> {
  const names = await readdir(dataDir).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.startsWith(STAGING_PREFIX)))
    await rm(path.join(dataDir, name), { recursive: true, force: true });
}

async function* archiveSources(copy: string, dataDir: string): AsyncGenerator<ArchiveSource> {
  yield* walk(copy, "pg");
  yield* walk(path.join(dataDir, "media"), "media");
  yield* walk(path.join(dataDir, "outbox"), "outbox");
  yield { name: "secrets.json", file: path.join(dataDir, "secrets.json") };
}

/** What a copy saw of each file: its size and modification time just before it was copied. */
type Seen = Map<string, { size: number; mtimeMs: number }>;

/**
 * A file changed this close to (or after) the start of the first pass may have changed again within
 * its timestamp's granularity after it was looked at: the second pass copies it whatever its stat says.
 */
const RACY_MS = 2_000;

/**
 * Copies a folder tree, cloning files where the file system can. Without `since`, everything; with the
 * first pass's record, only what may have changed since (size or time differ, or written within RACY_MS
 * of that pass's start), and removes what is gone — so that the second pass, made while the database is
 * quiet, costs what was written meanwhile rather than the database's size.
 */
async function copyTree(from: string, to: string, since?: { seen: Seen; startedAt: number }): Promise<Seen> {
  const seen: Seen = new Map();
  for await (const entry of walk(from, ".", (name) => NOT_COPIED.has(name.slice(2)))) {
    const target = path.join(to, entry.name);
    if (entry.name.endsWith("/")) {
      await mkdir(target, { recursive: true, mode: 0o700 });
      continue;
    }
    try {
      const { size, mtimeMs } = await stat(entry.file);
      const before = since?.seen.get(entry.name);
      const unchanged =
        before && before.size === size && before.mtimeMs === mtimeMs && mtimeMs < since!.startedAt - RACY_MS;
      if (!unchanged) await copyFile(entry.file, target, constants.COPYFILE_FICLONE);
      seen.set(entry.name, { size, mtimeMs });
    } catch (error) {
      // The first pass runs beside the database, which may remove a file it listed (the second cannot).
      if (since || (error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  if (since)
    for (const name of since.seen.keys())
      if (!seen.has(name)) await rm(path.join(to, name), { recursive: true, force: true });
  return seen;
}

/** How many migrations the database has applied, and the newest one's timestamp (drizzle's journal `when`). */
export async function migrationLevel(database: Database): Promise<{ count: number; last: number | null }> {
  const [row] = await queryRows<{ count: number; last: string | null }>(
    database.db,
    sql`select count(*)::int as count, max(created_at)::text as last from drizzle.__drizzle_migrations`,
  );
  return { count: Number(row?.count ?? 0), last: row?.last ? Number(row.last) : null };
}

/** The newest migration this release has (its journal's last `when`). */
export function newestKnownMigration(): number | null {
  const journal = JSON.parse(
    readFileSync(path.join(projectRoot(), "db", "migrations", "meta", "_journal.json"), "utf8"),
  ) as { entries: Array<{ when: number }> };
  return journal.entries.reduce<number | null>((max, e) => Math.max(max ?? 0, e.when), null);
}

let version: string | undefined;
function appVersion(): string {
  version ??= (JSON.parse(readFileSync(path.join(projectRoot(), "package.json"), "utf8")) as { version: string })
    .version;
  return version;
}
