/**
 * Where scheduled backups go (BACKUP_DIR): a folder, or `s3://bucket/folder` for an S3-compatible
 * bucket reached with the S3_ variables' endpoint and keys.
 *
 * `s3://bucket/folder/` → the bucket and the folder ('' or ending in '/'), or null for a folder path. */
export interface BucketLocation {
  bucket: string;
  /** '' or a folder ending in '/'. */
  prefix: string;
}

export function parseBucketLocation(location: string): BucketLocation | null {
  const match = /^s3:\/\/([A-Za-z0-9._-]{3,63})(?:\/(.*))?$/.exec(location.trim());
  if (!match) return null;
  const folder = (match[2] ?? "").replace(/^\/+|\/+$/g, "");
  return { bucket: match[1]!, prefix: folder ? `${folder}/` : "" };
}
