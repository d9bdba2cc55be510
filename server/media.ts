import { pipeline } from "node:stream/promises";
import type { RequestHandler } from "express";
import type { ImageStorage } from "~/modules/media/image-storage.server";
import { mediaKey, parseMediaUrl } from "~/modules/media/image-urls";

/**
 * `GET /media/<sha256>/<width>.webp`: uploaded photos, from the image storage. The path is checked
 * against the one shape a stored photo has (64 hex digits, a width, `.webp`) before storage is asked,
 * so no other path, encoded or not (`/media/../../etc/passwd`, `%2e%2e`), reaches the file system.
 * A stored file never changes (its folder is the hash of the upload), so it is cached for a year and
 * its ETag is its key.
 */
export function serveMedia(storage: ImageStorage): RequestHandler {
  return async (req, res, next) => {
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
    const etag = `"${ref.hash}-${ref.width}"`;
    const headers = {
      "Cache-Control": "public, max-age=31536000, immutable",
      ETag: etag,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'",
    };
    let stored: Awaited<ReturnType<ImageStorage["get"]>> = null;
    try {
      stored = await storage.get(key);
      if (!stored) return notFound(res);
      res.set(headers);
      if (req.fresh) {
        stored.body.destroy();
        res.status(304).end();
        return;
      }
      res.set({ "Content-Type": stored.contentType, "Content-Length": String(stored.size) });
      if (req.method === "HEAD") {
        stored.body.destroy();
        res.end();
        return;
      }
      await pipeline(stored.body, res);
    } catch (error) {
      // The file is open from the lookup on: whatever failed, it is closed.
      stored?.body.destroy();
      if (res.headersSent) return void res.destroy();
      next(error);
    }
  };
}

function notFound(res: Parameters<RequestHandler>[1]) {
  res
    .status(404)
    .set({ "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" })
    .type("text/plain")
    .send("Not found");
}
