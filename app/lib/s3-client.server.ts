import { S3Client } from "@aws-sdk/client-s3";
import type { S3Settings } from "./config/config.server";

/**
 * The AWS SDK's S3 client for an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Backblaze B2), with
 * the settings those services need in common, and what its errors mean. Loaded only when S3_BUCKET is set
 * (services.server.ts imports the photo storage that uses it on demand).
 */
export interface S3Timeouts {
  /** To connect. */
  connectMs: number;
  /** From sending a request to the answer's headers (each of the SDK's three attempts). */
  answerMs: number;
  /** Without a byte while an answer's body streams. */
  idleMs: number;
}

/**
 * A bucket that does not answer fails the request in seconds rather than holding it (and the person
 * waiting) open: the connection within 3 s, the answer's headers within 10 s, no 30 s without a byte.
 */
export const S3_TIMEOUTS: S3Timeouts = { connectMs: 3_000, answerMs: 10_000, idleMs: 30_000 };

export function createS3Client(settings: S3Settings, timeouts: S3Timeouts = S3_TIMEOUTS): S3Client {
  // The SDK's release in use supports Node 20; its constructor would print a multi-line notice that its
  // releases from 2027 need Node 22 (package.json pins this one: decision 0028).
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where S3 requires them: the SDK's default (a CRC32 on every upload, sent as a
    // trailer of an aws-chunked body) is refused by R2, B2 and older MinIO releases.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
    requestHandler: {
      connectionTimeout: timeouts.connectMs,
      requestTimeout: timeouts.answerMs,
      throwOnRequestTimeout: true,
      socketTimeout: timeouts.idleMs,
    },
  });
}

interface SdkError {
  name?: string;
  code?: string;
  $fault?: "client" | "server";
  $metadata?: { httpStatusCode?: number };
}

/**
 * No object under the key: GetObject's `NoSuchKey`, HeadObject's bare 404 (`NotFound`). A missing bucket
 * (`NoSuchBucket`) is not this: it is a configuration error, not a missing photo.
 */
export function isMissingObject(error: unknown): boolean {
  const name = (error as SdkError | null)?.name;
  return name === "NoSuchKey" || name === "NotFound";
}

/** Network failures that mean the bucket could not be reached, whatever the service. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EPIPE",
]);

/**
 * The bucket is down or overloaded, after the SDK's retries: no connection, a timeout, or an answer of
 * 5xx (`InternalError`, `ServiceUnavailable`, `SlowDown`). Worth a 503 and a later try, unlike a refusal
 * (403 `AccessDenied`, `NoSuchBucket`), which stays until the configuration is fixed.
 */
export function isBucketUnavailable(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { name, code, $fault, $metadata } = error as SdkError;
  if ($metadata?.httpStatusCode !== undefined && $metadata.httpStatusCode >= 500) return true;
  if ($fault === "server") return true;
  return name === "TimeoutError" || (code !== undefined && NETWORK_CODES.has(code));
}

/** One line for the log: the SDK's error name, status and message (never a stack or the request's headers). */
export function describeS3Error(error: unknown): string {
  if (typeof error !== "object" || error === null) return String(error);
  const { name, code, $metadata } = error as SdkError;
  const status = $metadata?.httpStatusCode;
  const message = error instanceof Error ? error.message : "";
  return [name ?? "Error", code && code !== name ? code : "", status ? `HTTP ${status}` : "", message]
    .filter(Boolean)
    .join(" ")
    .slice(0, 300);
}
