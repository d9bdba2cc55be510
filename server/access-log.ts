import type { IncomingMessage, ServerResponse } from "node:http";
import type { ErrorRequestHandler, RequestHandler } from "express";
import { REQUEST_ID_HEADER } from "~/lib/http/error-answer.server";
import { accessLog, log } from "~/lib/log.server";
import { closeRequestNote, openRequestNote } from "~/lib/request-notes.server";
import type { ShopMetrics } from "./metrics";
import { randomToken } from "./random-tokens";
import type { RouteLabeler } from "./route-labels";

/**
 * One access-log line and one metrics observation per request (issue 27). The line has chosen fields
 * only — never headers, cookies, the query string or a body:
 *
 *   {"level":"info","time":"…","pid":1234,"reqId":"9f2c…","method":"GET","route":"/product/:slug",
 *    "path":"/product/linen-shirt","status":200,"ms":12.4,"userId":"u_…","cache":"MISS","msg":"request"}
 *
 * `cache` is HIT for a page the page cache answered (before Express: those lines have no reqId) and MISS
 * for a cacheable page that was rendered; `userId` is the signed-in user, when the request read its session.
 */
export interface RequestObserver {
  /** First in the Express app: gives the request its id and logs its answer. */
  middleware: RequestHandler;
  /** A page the page cache answered, which Express never saw; `started` is performance.now() on arrival. */
  cacheHit(req: IncomingMessage, res: ServerResponse, started: number): void;
  /** Last in the Express app: what another handler refused or failed with, as one line and a plain answer. */
  errors: ErrorRequestHandler;
}

/** A path as the log shows it: without the query, and bounded. */
const pathOf = (url: string | undefined) => (url ?? "/").split("?", 1)[0]!.slice(0, 200);

/** The auth library's endpoints carry tokens in their paths (`/api/auth/reset-password/<token>`): the route alone. */
const shownPath = (route: string, path: string) => (route === "/api/auth/*" ? undefined : path);

const round = (ms: number) => Math.round(ms * 10) / 10;

export function observeRequests(options: { label: RouteLabeler; metrics: ShopMetrics }): RequestObserver {
  const { label, metrics } = options;

  const middleware: RequestHandler = (req, res, next) => {
    const started = performance.now();
    // The request's id, which error messages show and the log records; any value a client sent is replaced.
    const reqId = randomToken(6, "hex");
    req.headers[REQUEST_ID_HEADER] = reqId;
    res.setHeader("X-Request-Id", reqId);
    const note = openRequestNote(reqId);
    res.once("close", () => {
      closeRequestNote(reqId);
      const ms = performance.now() - started;
      const path = pathOf(req.originalUrl);
      const route = label(path);
      const status = res.statusCode;
      metrics.request(route, req.method, status, ms / 1000);
      if (!accessLog.isLevelEnabled("info")) return;
      const cache = res.getHeader("X-Cache");
      accessLog.info(
        {
          reqId,
          method: req.method,
          route,
          path: shownPath(route, path),
          status,
          ms: round(ms),
          ...(note.userId ? { userId: note.userId } : {}),
          ...(typeof cache === "string" ? { cache } : {}),
          ...(res.writableFinished ? {} : { aborted: true }),
        },
        "request",
      );
    });
    next();
  };

  const cacheHit = (req: IncomingMessage, res: ServerResponse, started: number) => {
    const ms = performance.now() - started;
    const path = pathOf(req.url);
    const route = label(path);
    metrics.request(route, req.method, res.statusCode, ms / 1000);
    if (accessLog.isLevelEnabled("info")) {
      accessLog.info(
        { method: req.method, route, path, status: res.statusCode, ms: round(ms), cache: "HIT" },
        "request",
      );
    }
  };

  /**
   * Refusals of the handlers before React Router — express.static's 404 for /assets/missing.js, 400
   * for a malformed path, 403 for a path that climbs out of its folder, a body too large — are the
   * client's: its status and the status's own words, and the access line says the rest. Anything else
   * is ours: one error line (type, code, message; a stack for a bug) and a 500 without details.
   */
  const errors: ErrorRequestHandler = (error: unknown, req, res, _next) => {
    const raw = (error as { status?: unknown; statusCode?: unknown } | null) ?? {};
    const status = Number(raw.status ?? raw.statusCode);
    const clientError = Number.isInteger(status) && status >= 400 && status < 500;
    if (!clientError) log.error({ reqId: req.headers[REQUEST_ID_HEADER], err: error }, "request failed");
    if (res.headersSent) return void res.destroy();
    const answer = clientError ? status : 500;
    res
      .status(answer)
      .set("Cache-Control", "no-store")
      .type("text/plain")
      .send(clientError ? (STATUS_WORDS[answer] ?? "Bad Request") : "Internal Server Error");
  };

  return { middleware, cacheHit, errors };
}

const STATUS_WORDS: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  408: "Request Timeout",
  411: "Length Required",
  413: "Content Too Large",
  414: "URI Too Long",
  415: "Unsupported Media Type",
  416: "Range Not Satisfiable",
  431: "Request Header Fields Too Large",
};
