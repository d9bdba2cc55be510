import {
  createReadStream,
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import tar from "tar-stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  BackupFileError,
  readArchive,
  safeEntryPath,
  walk,
  writeArchive,
  type ArchiveSource,
} from "~/lib/backup/archive.server";
import { FolderDestination } from "~/lib/backup/destination.server";
import { backUpIfDue } from "~/lib/backup/schedule.server";
import { backupName } from "~/lib/backup/retention";

const header = () => ({
  createdAt: new Date().toISOString(),
  appVersion: "0.0.0-test",
  database: { engine: "pglite" as const, postgresVersion: "17", migrations: { count: 3, last: 1795313152282 } },
});

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "backup-archive-"));
  mkdirSync(path.join(dir, "source", "pg", "base", "1"), { recursive: true });
  mkdirSync(path.join(dir, "source", "media", "ab"), { recursive: true });
  writeFileSync(path.join(dir, "source", "pg", "PG_VERSION"), "17\n");
  // Big enough to span many chunks, random enough not to compress away.
  writeFileSync(
    path.join(dir, "source", "pg", "base", "1", "1259"),
    Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7919) % 251)),
  );
  writeFileSync(path.join(dir, "source", "pg", "base", "1", "empty"), "");
  writeFileSync(path.join(dir, "source", "media", "ab", "photo.webp"), "RIFF....WEBP");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function* sources(): AsyncGenerator<ArchiveSource> {
  yield* walk(path.join(dir, "source", "pg"), "pg");
  yield* walk(path.join(dir, "source", "media"), "media");
  yield { name: "secrets.json", file: path.join(dir, "source", "no-secrets.json") };
}

async function archiveTo(file: string) {
  const { stream, done } = writeArchive(sources(), header);
  await pipeline(stream, createWriteStream(file));
  return done;
}

describe("the backup archive", () => {
  it("round-trips every file and folder, checked against its manifest, a missing file left out", async () => {
    const file = path.join(dir, "backup.tar.gz");
    const written = await archiveTo(file);
    expect(written.files.map((f) => f.path).sort()).toEqual([
      "media/ab/photo.webp",
      "pg/PG_VERSION",
      "pg/base/1/1259",
      "pg/base/1/empty",
    ]);
    const into = path.join(dir, "restored");
    mkdirSync(into);
    const read = await readArchive(createReadStream(file), { into });
    expect(read).toEqual(written);
    for (const name of ["pg/PG_VERSION", "pg/base/1/1259", "pg/base/1/empty", "media/ab/photo.webp"])
      expect(readFileSync(path.join(into, name)).equals(readFileSync(path.join(dir, "source", name))), name).toBe(true);
  });

  it("is refused when damaged, cut short, or not a backup", async () => {
    const file = path.join(dir, "backup.tar.gz");
    await archiveTo(file);
    const whole = readFileSync(file);
    const damaged = Buffer.from(whole);
    for (let i = 0; i < 64; i++) {
      const at = Math.floor(whole.length / 2) + i;
      damaged[at] = whole[at]! ^ 0xff;
    }
    const cases: Array<[string, Buffer]> = [
      ["damaged", damaged],
      ["cut short", whole.subarray(0, Math.floor(whole.length * 0.7))],
      ["not gzip", Buffer.from("hello, this is not a backup")],
      ["empty", Buffer.alloc(0)],
    ];
    for (const [what, bytes] of cases) {
      writeFileSync(file, bytes);
      await expect(readArchive(createReadStream(file)), what).rejects.toBeInstanceOf(BackupFileError);
    }
  });

  it("refuses an entry outside the backup's folders before writing anything", async () => {
    const pack = tar.pack();
    pack.entry({ name: "pg/../../escaped" }, "x");
    pack.finalize();
    const file = path.join(dir, "evil.tar.gz");
    await pipeline(pack, createGzip(), createWriteStream(file));
    const into = path.join(dir, "into");
    mkdirSync(into);
    await expect(readArchive(createReadStream(file), { into })).rejects.toThrow(/should not/);
    expect(() => readFileSync(path.join(dir, "escaped"))).toThrow();
  });

  it("accepts only the backup's own paths", () => {
    expect(safeEntryPath("pg/base/1/1259")).toBe(path.join("pg", "base", "1", "1259"));
    expect(safeEntryPath("media/")).toBe("media");
    for (const name of ["/etc/passwd", "pg/../x", "secrets.json/x", "other/file", "pg//x", "", "pg\\..\\x", "./pg/x"])
      expect(() => safeEntryPath(name), name).toThrow(BackupFileError);
  });
});

describe("the backup schedule", () => {
  it("writes a backup when due into the folder, keeps the newest N, and leaves other files alone", async () => {
    const folder = path.join(dir, "backups");
    mkdirSync(folder);
    writeFileSync(path.join(folder, "notes.txt"), "mine");
    for (const day of ["20", "21", "22"])
      writeFileSync(path.join(folder, backupName(new Date(`2026-11-${day}T03:00:00Z`))), "old");
    const destination = new FolderDestination(folder);
    const schedule = {
      everyMs: 24 * 3_600_000,
      keep: 2,
      destination,
      makeBackup: async () => writeArchive(sources(), header),
      now: () => new Date("2026-11-23T02:00:00Z"),
    };
    expect(await backUpIfDue(schedule)).toBeNull();
    const made = await backUpIfDue({ ...schedule, now: () => new Date("2026-11-23T03:00:00Z") });
    expect(made).toBe(backupName(new Date("2026-11-23T03:00:00Z")));
    expect((await destination.list()).sort()).toEqual(
      [backupName(new Date("2026-11-22T03:00:00Z")), made!, "notes.txt"].sort(),
    );
    const manifest = await readArchive(createReadStream(path.join(folder, made!)));
    expect(manifest.files).toHaveLength(4);
  });
});
