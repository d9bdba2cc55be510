import { randomBytes } from "node:crypto";
import { mkdir, open, rename, rm, stat, writeFile, type FileHandle } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

/**
 * Where uploaded photos are kept: the disk below (one server, or several sharing a volume), or an
 * S3-compatible bucket (s3-image-storage.server.ts, when S3_BUCKET is set) that every instance shares.
 * The upload route, the pipeline and the /media handler see only these calls.
 *
 * Keys are relative paths of lower-case letters, digits, `_` and `-` in `/`-separated segments and one
 * extension (`<hash>/800.webp`): no dot segments, so no key can leave the store.
 */
export interface StoredImageInfo {
  size: number;
  contentType: string;
}

export interface StoredImage extends StoredImageInfo {
  body: Readable;
}

/** A stored photo never changes (its folder is the hash of the upload): it may be cached for a year. */
export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";

export interface ImageStorage {
  /** Stores the bytes under the key, replacing what was there; readers never see half a file. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The stored bytes as a stream with their size and type, or null when there is nothing under the key. */
  get(key: string): Promise<StoredImage | null>;
  /** The size and type of what is under the key without reading it (a HEAD, a 304), or null. */
  stat(key: string): Promise<StoredImageInfo | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /**
   * Where anyone can read the key's bytes straight from the store (a public bucket, a CDN), when the
   * store is set up so: /media then redirects there instead of streaming the photo through the shop.
   */
  publicUrl?(key: string): string | undefined;
  /** Lets go of connections (at shutdown). */
  close?(): void;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9_-]*(?:\/[a-z0-9][a-z0-9_-]*)*\.(webp|jpg|png)$/;
const TYPES: Readonly<Record<string, string>> = { webp: "image/webp", jpg: "image/jpeg", png: "image/png" };

/** The content type a key's extension stands for; throws for a key that is not safe. */
export function contentTypeOfKey(key: string): string {
  const match = SAFE_KEY.exec(key);
  if (!match) throw new Error(`Not a storage key: ${JSON.stringify(key.slice(0, 200))}`);
  return TYPES[match[1]!]!;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === "ENOENT";

/** Photos as files under one folder (`${DATA_DIR}/media`), one file per key. */
export class DiskImageStorage implements ImageStorage {
  constructor(readonly root: string) {}

  private file(key: string): string {
    contentTypeOfKey(key);
    return path.join(this.root, ...key.split("/"));
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    if (contentTypeOfKey(key) !== contentType) throw new Error(`${key} cannot hold ${contentType}`);
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written beside the target and renamed over it: the rename is atomic on one file system.
    const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      await writeFile(temporary, bytes, { flag: "wx" });
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  /**
   * The file is opened here, not when the stream is first read: a stream that opened lazily could find the
   * file gone (deleted, or its folder emptied) after the answer had been decided, and, when nothing read it
   * (a 304, a HEAD), fail with no one listening, which ends the process.
   */
  async get(key: string): Promise<StoredImage | null> {
    const file = this.file(key);
    let handle: FileHandle;
    try {
      handle = await open(file, "r");
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      return { body: handle.createReadStream(), size: info.size, contentType: contentTypeOfKey(key) };
    } catch (error) {
      await handle.close().catch(() => undefined);
      throw error;
    }
  }

  async stat(key: string): Promise<StoredImageInfo | null> {
    try {
      const info = await stat(this.file(key));
      return info.isFile() ? { size: info.size, contentType: contentTypeOfKey(key) } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }
}
