import type { RequestHandler } from "express";
import { PageCache } from "./page-cache";

const NOT_STORED = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "date",
  "x-cache",
]);

/**
 * Fills the page cache: for a cacheable anonymous GET it records the bytes the app writes and,
 * when the answer is a plain 200 that sets no cookie, stores them. Mounted after compression so
 * it sees the uncompressed body.
 */
export function fillPageCache(cache: PageCache): RequestHandler {
  return (req, res, next) => {
    const key = cache.keyFor(req);
    if (key === undefined) {
      res.setHeader("Cache-Control", "private, no-store");
      return next();
    }
    // Rendered for a guest whoever asks: the same bytes serve everyone.
    PageCache.sharedRequest(req);
    const ttl = cache.ttlSeconds;
    res.setHeader("Cache-Control", `public, max-age=0, s-maxage=${ttl}, stale-while-revalidate=${ttl * 6}`);
    res.setHeader("Vary", "Cookie, Accept-Encoding");
    res.setHeader("X-Cache", "MISS");
    if (req.method !== "GET") return next();

    const generation = cache.generation;
    const chunks: Buffer[] = [];
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      chunks.push(
        Buffer.isBuffer(chunk)
          ? chunk
          : typeof chunk === "string"
            ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
            : Buffer.from(chunk as Uint8Array),
      );
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      const cacheControl = String(res.getHeader("cache-control") ?? "");
      if (res.statusCode === 200 && !res.hasHeader("set-cookie") && !/private|no-store/.test(cacheControl)) {
        const headers = Object.entries(res.getHeaders())
          .filter(([name, value]) => !NOT_STORED.has(name) && value !== undefined)
          .map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : String(value)] as [string, string]);
        cache.store(key, { status: 200, headers, body: Buffer.concat(chunks) }, generation);
      }
      return end(chunk, ...rest);
    }) as typeof res.end;
    next();
  };
}
