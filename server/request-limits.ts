import type { RequestHandler } from "express";
import { bodyLimitFor, BODY_TOO_LARGE, BAD_BYTES_MESSAGE } from "~/lib/http/body-limits";

/**
 * Requests refused before anything reads them:
 * - a path or query with a NUL byte (raw or `%00`): 400 — PostgreSQL refuses NUL in text, and no URL
 *   of the shop has one;
 * - a body whose declared length is over its route's limit (`lib/http/body-limits.ts`): 413, and the
 *   connection is closed so the rest is never read. Bodies sent without a length are counted by the
 *   readers in `lib/http/read-body.server.ts`, which stop at the same limit.
 */
export const requestLimits: RequestHandler = (req, res, next) => {
  if (hasNulByte(req.originalUrl)) {
    res.status(400).set("Cache-Control", "no-store").json({ error: BAD_BYTES_MESSAGE });
    return;
  }
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > bodyLimitFor(req.path)) {
    res.set("Connection", "close").status(413).set("Cache-Control", "no-store").json({ error: BODY_TOO_LARGE });
    return;
  }
  next();
};

/** A NUL byte, raw or percent-encoded (the only way a URL can carry one). */
const hasNulByte = (url: string) => url.includes("\0") || /%00/i.test(url);
