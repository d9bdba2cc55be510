import { createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/**
 * Where scheduled backups go. A folder today (BACKUP_DIR); a bucket can implement the same three calls
 * (an upload, a listing of the prefix, a delete) without the schedule changing.
 */
export interface BackupDestination {
  /** Stores the stream under `name`; a backup is listed only once it is whole. */
  write(name: string, stream: Readable): Promise<void>;
  /** The names stored (whole backups only). */
  list(): Promise<string[]>;
  delete(name: string): Promise<void>;
  /** Where it is, for messages. */
  describe(): string;
}

const PARTIAL = ".partial";

/** Backups as files in a folder (owner-only), written under a temporary name and renamed when whole. */
export class FolderDestination implements BackupDestination {
  constructor(private readonly dir: string) {}

  async write(name: string, stream: Readable): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const target = this.file(name);
    const partial = `${target}${PARTIAL}`;
    try {
      await pipeline(stream, createWriteStream(partial, { mode: 0o600 }));
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async list(): Promise<string[]> {
    try {
      return (await readdir(this.dir)).filter((name) => !name.endsWith(PARTIAL));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
  }

  async delete(name: string): Promise<void> {
    await rm(this.file(name), { force: true });
  }

  describe(): string {
    return this.dir;
  }

  private file(name: string): string {
    if (name !== path.basename(name) || name.startsWith(".")) throw new Error(`not a backup name: ${name}`);
    return path.join(this.dir, name);
  }
}
