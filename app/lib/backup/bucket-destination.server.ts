import { DeleteObjectCommand, ListObjectsV2Command, type S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { Readable } from "node:stream";
import type { BackupDestination } from "./destination.server";

/**
 * Scheduled backups as objects in an S3-compatible bucket (BACKUP_DIR=s3://bucket/folder), off the
 * machine whose disk they protect. An archive's length is not known until it ends, so it goes up as a
 * multipart upload (5 MB parts, two in flight): only whole uploads become objects, so a backup cut off
 * by a kill or a lost connection is never listed, and the multipart upload is aborted on failure.
 */
export class BucketDestination implements BackupDestination {
  /** `prefix`: '' or a folder ending in '/'. */
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly prefix: string,
  ) {}

  async write(name: string, stream: Readable): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.key(name), Body: stream, ContentType: "application/gzip" },
      queueSize: 2,
      partSize: 5 * 1024 * 1024,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      // The archive stops being read: the snapshot behind it is let go.
      stream.destroy();
      throw error;
    }
  }

  async list(): Promise<string[]> {
    const names: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        const name = object.Key?.slice(this.prefix.length);
        // Only this folder's own objects, not those of folders below it.
        if (name && !name.includes("/")) names.push(name);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return names;
  }

  async delete(name: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(name) }));
  }

  describe(): string {
    return `s3://${this.bucket}/${this.prefix}`;
  }

  private key(name: string): string {
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name)) throw new Error(`not a backup name: ${name}`);
    return `${this.prefix}${name}`;
  }
}
