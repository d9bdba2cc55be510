import { pipeline } from "node:stream/promises";
import type { RequestHandler, Response } from "express";
import { isDomainError } from "~/lib/domain-error";
import { MEDIA_CACHE_CONTROL, type ImageStorage } from "~/modules/media/image-storage.server";
import { mediaKey, parseMediaUrl } from "~/modules/media/image-urls";
import { log } from "~/lib/log.server";

/**
 * How long a browser or a proxy may keep a redirect to the bucket. Not a year like the photo: the
 * bucket's public address (S3_PUBLIC_URL) may change, and a browser that kept the old one would go on
 * asking there.
 */
const REDIRECT_CACHE_CONTROL = "public, max-age=86400";

/**
 * `GET /media/<sha256>/<width>.webp`: uploaded photos, from the image storage. The path is checked
 * against the one shape a stored photo has (64 hex digits, a width, `.webp`) before storage is asked,
 * so no other path, encoded or not (`/media/../../etc/passwd`, `%2e%2e`), reaches the file system or the
 * bucket. A stored file never changes (its folder is the hash of the upload), so it is cached for a year
 * and its ETag is its key: a conditional request or a HEAD asks the storage for the size alone.
 *
 * When the storage has a public address (a bucket with S3_PUBLIC_URL), the answer is a 302 there, with
 * no lookup: the bucket answers for what it holds (decision 0028).
 *
 * A storage that cannot be reached is a 503 line, any other failure a 500 line, never a stack.
 */
export function serveMedia(storage: ImageStorage): RequestHandler {
  return async (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res
        .status(405)
        .set({ Allow: "GET, HEAD", "Cache-Control": "no-store" })
        .type("text/plain")
        .send("Method not allowed");
      return;
    }
    const ref = parseMediaUrl(`/media${req.path}`);
    if (!ref) return notFound(res);
    const key = mediaKey(ref.hash, ref.width);
    const publicUrl = storage.publicUrl?.(key);
    if (publicUrl) {
      res.status(302).set({ Location: publicUrl, "Cache-Control": REDIRECT_CACHE_CONTROL }).end();
      return;
    }
    // Set before asking whether the browser's copy is fresh: Express compares the request with it.
    res.set({
      "Cache-Control": MEDIA_CACHE_CONTROL,
      ETag: `"${ref.hash}-${ref.width}"`,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'",
    });
    let stored: Awaited<ReturnType<ImageStorage["get"]>> = null;
    try {
      if (req.method === "HEAD" || req.fresh) {
        const info = await storage.stat(key);
        if (!info) return notFound(res);
        if (req.fresh) return void res.status(304).end();
        res.set({ "Content-Type": info.contentType, "Content-Length": String(info.size) }).end();
        return;
      }
      stored = await storage.get(key);
      if (!stored) return notFound(res);
      res.set({ "Content-Type": stored.contentType, "Content-Length": String(stored.size) });
      await pipeline(stored.body, res);
    } catch (error) {
      // The file (or the bucket's answer) is open from the lookup on: whatever failed, it is closed.
      stored?.body.destroy();
      if (res.headersSent) return void res.destroy();
      failed(res, key, error);
    }
  };
}

function notFound(res: Response) {
  res.removeHeader("ETag");
  res.removeHeader("Content-Security-Policy");
  res
    .status(404)
    .set({ "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" })
    .type("text/plain")
    .send("Not found");
}

/** The storage failed: the outage was logged by the storage; anything else is logged here, one line. */
function failed(res: Response, key: string, error: unknown) {
  res.removeHeader("ETag");
  res.set({ "Cache-Control": "no-store" }).type("text/plain");
  if (isDomainError(error) && error.code === "unavailable") {
    res.status(503).set("Retry-After", "5").send(error.message);
    return;
  }
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  log.error(`[media] ${key}: ${detail.slice(0, 500)}`);
  res.status(500).send("This photo could not be read. Please try again later.");
}
