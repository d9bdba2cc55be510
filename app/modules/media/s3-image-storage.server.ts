import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  type S3Client,
} from "@aws-sdk/client-s3";
import type { S3Settings } from "~/lib/config/config.server";
import { DomainError } from "~/lib/domain-error";
import { createS3Client, describeS3Error, isBucketUnavailable, isMissingObject } from "~/lib/s3-client.server";
import {
  contentTypeOfKey,
  MEDIA_CACHE_CONTROL,
  type ImageStorage,
  type StoredImage,
  type StoredImageInfo,
} from "./image-storage.server";
import { log } from "~/lib/log.server";

export const PHOTO_STORAGE_UNAVAILABLE = "Photo storage is unavailable right now. Please try again in a moment.";

/**
 * Photos in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Backblaze B2), shared by every
 * instance of the shop: a photo uploaded through one is served by all (docs/decisions/0028).
 *
 * - A key is stored as `${prefix}${key}` (S3_PREFIX, '' by default), with its Content-Type and
 *   `Cache-Control: public, max-age=31536000, immutable`, so a bucket that serves the photos itself (a
 *   public bucket, R2's custom domain, a CDN in front) answers as /media does.
 * - One PUT writes a whole object: readers never see half of one.
 * - Nothing under a key (NoSuchKey, a HEAD's 404) is null or false; a bucket that cannot be reached or
 *   fails on its side (after the SDK's retries) is the DomainError 'unavailable' (503), logged as one line;
 *   any other refusal (AccessDenied, NoSuchBucket: the configuration) is an error naming the operation.
 */
export class S3ImageStorage implements ImageStorage {
  private readonly client: S3Client;

  constructor(
    private readonly settings: S3Settings,
    client?: S3Client,
  ) {
    this.client = client ?? createS3Client(settings);
  }

  /** The object's key in the bucket; throws for a key that is not safe, before anything is sent. */
  private objectKey(key: string): string {
    contentTypeOfKey(key);
    return `${this.settings.prefix}${key}`;
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    if (contentTypeOfKey(key) !== contentType) throw new Error(`${key} cannot hold ${contentType}`);
    const Key = this.objectKey(key);
    await this.send("put", key, () =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.settings.bucket,
          Key,
          Body: bytes,
          ContentLength: bytes.byteLength,
          ContentType: contentType,
          CacheControl: MEDIA_CACHE_CONTROL,
        }),
      ),
    );
  }

  /** The object's body is the bucket's answer as it arrives: nothing is held in memory. */
  async get(key: string): Promise<StoredImage | null> {
    const Key = this.objectKey(key);
    const answer = await this.send("get", key, () =>
      this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key })),
    );
    if (!answer) return null;
    const body = answer.Body;
    if (!(body instanceof Readable) || answer.ContentLength === undefined) {
      if (body instanceof Readable) body.destroy();
      throw new Error(`photo storage get ${key}: the bucket answered without a body or its length`);
    }
    return { body, size: answer.ContentLength, contentType: contentTypeOfKey(key) };
  }

  async stat(key: string): Promise<StoredImageInfo | null> {
    const Key = this.objectKey(key);
    const answer = await this.send("stat", key, () =>
      this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key })),
    );
    if (!answer) return null;
    return { size: answer.ContentLength ?? 0, contentType: contentTypeOfKey(key) };
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  /** Deleting what is not there is fine (S3 answers 204 either way). */
  async delete(key: string): Promise<void> {
    const Key = this.objectKey(key);
    await this.send("delete", key, () =>
      this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key })),
    );
  }

  publicUrl(key: string): string | undefined {
    const base = this.settings.publicUrl;
    return base ? `${base}/${this.objectKey(key)}` : undefined;
  }

  close(): void {
    this.client.destroy();
  }

  /** Runs one request: a missing object is null; failures are told apart as the class comment says. */
  private async send<T>(operation: string, key: string, request: () => Promise<T>): Promise<T | null> {
    try {
      return await request();
    } catch (error) {
      if (isMissingObject(error)) return null;
      if (isBucketUnavailable(error)) {
        log.warn(`[photo storage] ${operation} ${key}: the bucket is unavailable (${describeS3Error(error)})`);
        throw new DomainError("unavailable", PHOTO_STORAGE_UNAVAILABLE, {
          reason: "PHOTO_STORAGE_UNAVAILABLE",
          cause: error,
        });
      }
      throw new Error(`photo storage ${operation} ${key}: ${describeS3Error(error)}`, { cause: error });
    }
  }
}
