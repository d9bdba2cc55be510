import { createHash, type Hash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { finished, pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import tar from "tar-stream";
import { z } from "zod";

/**
 * The backup file: a gzip-compressed tar holding `pg/` (the embedded database's files), `media/`
 * (uploaded photos on disk), `outbox/` (e-mails kept on disk without SMTP_URL), `secrets.json` (secrets generated into DATA_DIR, when there are) and, as
 * its last entry, `manifest.json`: format, app version, when it was made, the database's migration
 * level, and the size and SHA-256 of every file. The manifest comes last because the archive is
 * written as it is read, in one pass with bounded memory; a file cut short has no manifest and is
 * refused, and every file is checked against it before anything is restored.
 */
export const ARCHIVE_FORMAT = "abundance-backup";
export const ARCHIVE_FORMAT_VERSION = 1;
const MANIFEST = "manifest.json";
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.literal(ARCHIVE_FORMAT_VERSION),
  createdAt: z.iso.datetime(),
  appVersion: z.string(),
  database: z.object({
    engine: z.literal("pglite"),
    /** PostgreSQL's major version of the data files (pg/PG_VERSION). */
    postgresVersion: z.string(),
    /** Migrations applied, and the newest one's timestamp (the `when` of db/migrations/meta/_journal.json). */
    migrations: z.object({ count: z.number().int().min(0), last: z.number().int().nullable() }),
  }),
  files: z.array(
    z.object({ path: z.string(), size: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
  ),
});
export type BackupManifest = z.infer<typeof manifestSchema>;
export type ManifestHeader = Omit<BackupManifest, "files" | "format" | "formatVersion">;

/** A backup file that is not one, is damaged or was cut short: its message is for the operator. */
export class BackupFileError extends Error {
  override name = "BackupFileError";
}

/**
 * The relative path an archive entry may be restored to, or an error: only the folders and files a
 * backup holds, never an absolute path, `..`, or anything outside them.
 */
export function safeEntryPath(name: string): string {
  const trimmed = name.replace(/\/+$/, "");
  const segments = trimmed.split("/");
  const safe =
    trimmed.length > 0 &&
    !trimmed.includes("\\") &&
    !trimmed.includes("\0") &&
    segments.every((s) => s !== "" && s !== "." && s !== "..") &&
    (trimmed === MANIFEST || trimmed === "secrets.json" || ["pg", "media", "outbox"].includes(segments[0]!));
  if (!safe) throw new BackupFileError(`the backup holds an entry it should not: ${JSON.stringify(name)}`);
  return segments.join(path.sep);
}

/** One file or folder to archive: its name in the archive and where it is now. */
export interface ArchiveSource {
  name: string;
  file: string;
}

/** Every file and folder under `dir`, named `prefix/...` (folders before what they hold). */
export async function* walk(
  dir: string,
  prefix: string,
  skip: (name: string) => boolean = () => false,
): AsyncGenerator<ArchiveSource> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  yield { name: `${prefix}/`, file: dir } satisfies ArchiveSource;
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const name = `${prefix}/${entry.name}`;
    if (skip(name)) continue;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(file, name, skip);
    else if (entry.isFile()) yield { name, file } satisfies ArchiveSource;
  }
}

/**
 * The archive of `sources` (read one file at a time; memory stays a few buffers whatever the size),
 * gzip-compressed, with the manifest last. A file that vanished meanwhile (a photo deleted) is left
 * out. `done` settles when the archive has been read to its end (or failed).
 */
export function writeArchive(
  sources: AsyncIterable<ArchiveSource>,
  header: () => ManifestHeader,
): { stream: Readable; done: Promise<BackupManifest> } {
  const pack = tar.pack();
  const gzip = createGzip();
  const out = new PassThrough();
  const files: BackupManifest["files"] = [];
  const packing = (async () => {
    for await (const source of sources) {
      if (source.name.endsWith("/")) {
        await addEntry(pack, { name: source.name, type: "directory", mode: 0o700 }, []);
        continue;
      }
      let size: number;
      try {
        size = (await stat(source.file)).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
        throw error;
      }
      const hash = createHash("sha256");
      const read = size === 0 ? [] : createReadStream(source.file, { start: 0, end: size - 1 });
      await addEntry(pack, { name: source.name, size, mode: 0o600 }, read, hash);
      files.push({ path: source.name, size, sha256: hash.digest("hex") });
    }
    const manifest: BackupManifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      ...header(),
      files,
    };
    const text = Buffer.from(JSON.stringify(manifest, null, 1));
    await addEntry(pack, { name: MANIFEST, size: text.length, mode: 0o600 }, [text]);
    pack.finalize();
    return manifest;
  })();
  // The archive is read to its end, or the first failure (reading a file, the reader going away) ends it.
  // tar-stream's streams are streamx streams: they reach Node's through their async iterators.
  const streaming = pipeline(Readable.from(pack), gzip, out);
  const done = Promise.all([packing, streaming]).then(([manifest]) => manifest);
  done.catch((error: unknown) => {
    pack.destroy(error as Error);
    out.destroy(error as Error);
  });
  return { stream: out, done };
}

/** Adds one entry to the archive, its content read from `from` (bytes counted into `hash`). */
async function addEntry(
  pack: tar.Pack,
  header: tar.Header extends infer H ? Partial<H> & { name: string } : never,
  from: AsyncIterable<Buffer> | Buffer[],
  hash?: Hash,
): Promise<void> {
  let succeed!: () => void;
  let fail!: (error: Error) => void;
  const added = new Promise<void>((resolve, reject) => {
    succeed = resolve;
    fail = reject;
  });
  added.catch(() => undefined);
  const entry = pack.entry(header, (error) => (error ? fail(error) : succeed()));
  await writeAll(entry, from, hash);
  await added;
}

/** What writeAll writes to: a Node writable or a streamx one (tar-stream's). */
interface ChunkSink {
  write(chunk: Buffer): boolean;
  end(chunk?: undefined): unknown;
  once(event: "drain", listener: () => void): unknown;
}

/** Writes every chunk to a writable (Node's or streamx's), waiting for it to drain, then ends it. */
async function writeAll(to: ChunkSink, from: AsyncIterable<Buffer> | Buffer[], hash?: Hash): Promise<void> {
  for await (const chunk of from) {
    hash?.update(chunk);
    if (!to.write(chunk)) await new Promise<void>((resolve) => to.once("drain", () => resolve()));
  }
  to.end();
}

/**
 * Reads a backup archive from `input` and checks every file against its manifest; with `into`, writes
 * them under that folder as well. Answers the manifest, or throws a BackupFileError that says what is
 * wrong with the file (not gzip, damaged, cut short, an entry it should not hold, a checksum mismatch).
 */
export async function readArchive(input: Readable, options: { into?: string } = {}): Promise<BackupManifest> {
  const extract = tar.extract();
  const gunzip = createGunzip();
  const feeding = writeAll(extract, input.pipe(gunzip)).catch((error: unknown) => {
    extract.destroy(error as Error);
    throw error;
  });
  feeding.catch(() => undefined);
  input.on("error", (error) => gunzip.destroy(error));
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifest: BackupManifest | undefined;
  try {
    for await (const entry of extract) {
      const { name, type } = entry.header;
      if (manifest) throw new BackupFileError(`the backup holds ${JSON.stringify(name)} after its manifest`);
      const relative = safeEntryPath(name);
      if (type === "directory") {
        if (options.into) await mkdir(path.join(options.into, relative), { recursive: true, mode: 0o700 });
        entry.resume();
        continue;
      }
      if (type !== "file") throw new BackupFileError(`the backup holds a ${type} (${JSON.stringify(name)})`);
      if (name === MANIFEST) {
        manifest = parseManifest(await readSmall(entry as AsyncIterable<Buffer>));
        continue;
      }
      const hash = createHash("sha256");
      let size = 0;
      const counted = (async function* () {
        for await (const chunk of entry as AsyncIterable<Buffer>) {
          size += chunk.length;
          yield chunk;
        }
      })();
      if (options.into) {
        const target = path.join(options.into, relative);
        await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
        const file = createWriteStream(target, { mode: 0o600, flags: "wx" });
        await writeAll(file, counted, hash);
        await finished(file);
      } else {
        for await (const chunk of counted) hash.update(chunk);
      }
      seen.set(name, { size, sha256: hash.digest("hex") });
    }
    await feeding;
  } catch (error) {
    input.destroy();
    extract.destroy();
    if (error instanceof BackupFileError) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    throw new BackupFileError(`the file is damaged or is not a backup (${detail})`);
  }
  if (!manifest) throw new BackupFileError("the backup has no manifest: the file was cut short or is not a backup");
  const listed = new Map(manifest.files.map((f) => [f.path, f]));
  const wrong = [
    ...manifest.files.filter((f) => {
      const got = seen.get(f.path);
      return !got || got.size !== f.size || got.sha256 !== f.sha256;
    }),
    ...[...seen.keys()].filter((name) => !listed.has(name)).map((name) => ({ path: name })),
  ].map((f) => f.path);
  if (wrong.length > 0)
    throw new BackupFileError(
      `${wrong.length} file(s) do not match the backup's manifest (${wrong.slice(0, 3).join(", ")}…): the file is damaged`,
    );
  return manifest;
}

async function readSmall(entry: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of entry) {
    size += chunk.length;
    if (size > MAX_MANIFEST_BYTES) throw new BackupFileError("the backup's manifest is too large");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function parseManifest(text: string): BackupManifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupFileError("the backup's manifest is not JSON");
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success)
    throw new BackupFileError(
      `the backup's manifest is not one this release reads (${parsed.error.issues[0]?.path.join(".")}: ${parsed.error.issues[0]?.message})`,
    );
  return parsed.data;
}
