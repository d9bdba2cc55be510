import { randomBytes } from "node:crypto";
import { data } from "react-router";
import { connectionFailure, databaseError, DATABASE_UNAVAILABLE_MESSAGE } from "~/lib/db/errors";
import { DomainError } from "~/lib/domain-error";
import { log } from "~/lib/log.server";

/**
 * Errors into HTTP answers, in one place for every API route and action
 * (docs/decisions/0008-one-way-to-fail.md). A DomainError answers its own message with the status of
 * its code; anything else is logged with the request's id and answered 500 with a safe summary that
 * shows the id — never the error's own text (no stack, no SQL, no constraint names). A database that
 * cannot be reached (down, restarting, connection dropped) is the DomainError 'unavailable': 503
 * 'Database connection error. Please try again later.', for actions, APIs and page loaders alike.
 */

/** Set by our HTTP server (server/app.ts) on every request; a client's own value is replaced. */
export const REQUEST_ID_HEADER = "x-abundance-request-id";

/** The id our server gave this request, shown to the person and written to the log beside the detail. */
export function requestIdOf(request: Request): string {
  return request.headers.get(REQUEST_ID_HEADER) || randomBytes(6).toString("hex");
}

/** SQLSTATE of a unique-index violation. */
const UNIQUE_VIOLATION = "23505";
const DUPLICATE_SUMMARY = "Database error: this was saved by another request at the same time";

export interface ErrorAnswer {
  status: number;
  message: string;
  fieldErrors?: Readonly<Partial<Record<string, string>>>;
}

export interface ErrorContext {
  /** Where it happened, for the log: "checkout", "cart", "profile". */
  where: string;
  /** What the person is told when it was not a database error ('Failed to create order'). */
  fallback?: string;
}

/**
 * The DomainError a failure stands for: itself, or 'unavailable' with the spec's message when the
 * database could not be reached (logged here, one line with the request id: an outage fails every
 * request, and its stack says nothing). Null for anything else: a bug, or a query the database refused.
 */
function asDomainError(error: unknown, request: Request, where: string): DomainError | null {
  if (error instanceof DomainError) return error;
  const lost = connectionFailure(error);
  if (!lost) return null;
  log.warn(
    { reqId: requestIdOf(request), err: { type: "DatabaseUnavailable", code: lost.code, message: lost.message } },
    `[${where}] database unavailable`,
  );
  return new DomainError("unavailable", DATABASE_UNAVAILABLE_MESSAGE, { reason: "DATABASE_UNAVAILABLE", cause: error });
}

/**
 * The answer for an error thrown while serving `request`. Responses thrown on purpose (redirects,
 * 404s) are not errors: they are thrown on for React Router to send. A database error becomes the
 * spec's 'Database error: {message}' with a safe summary in place of the database's text; a unique-index
 * violation no module answered is a 409 (two requests saved the same thing at once), any other a 500.
 */
export function errorAnswer(error: unknown, request: Request, context: ErrorContext): ErrorAnswer {
  if (error instanceof Response) throw error;
  const domain = asDomainError(error, request, context.where);
  if (domain) {
    return {
      status: domain.status,
      message: domain.message,
      ...(domain.fieldErrors ? { fieldErrors: domain.fieldErrors } : {}),
    };
  }
  const id = requestIdOf(request);
  const db = databaseError(error);
  log.error({ reqId: id, err: error }, `[${context.where}] request failed`);
  if (db?.code === UNIQUE_VIOLATION) {
    // Two requests saved the same thing at once and the module had no answer of its own for it: a
    // conflict the person can resolve by trying again, not a failure of ours. The constraint stays in the log.
    return { status: 409, message: `${DUPLICATE_SUMMARY} (reference ${id}). Please refresh and try again.` };
  }
  const summary = db
    ? "Database error: the change could not be saved"
    : (context.fallback ?? "Something went wrong on our side");
  return { status: 500, message: `${summary} (reference ${id}). Please try again.` };
}

/**
 * A page loader that fails the way actions do. React Router answers any Error a loader throws with
 * 500 and, outside development, hides its message from the error boundary; so a DomainError — and a
 * database that cannot be reached — is thrown on as a route error response instead: its status (503
 * for the database) and its message as the response's data, which the page's error boundary shows.
 * Responses (redirects, 404s) and other errors go on unchanged (React Router logs those, 500).
 */
export function pageLoader<Args extends { request: Request }, Result>(
  load: (args: Args) => Promise<Result>,
): (args: Args) => Promise<Result> {
  return async (args) => {
    try {
      return await load(args);
    } catch (error) {
      const domain = error instanceof Response ? null : asDomainError(error, args.request, pagePath(args.request));
      if (!domain) throw error;
      throw data(domain.message, { status: domain.status });
    }
  };
}

/** "page /shop" for the log: the page, without React Router's data-request suffix or the query. */
function pagePath(request: Request): string {
  return `page ${new URL(request.url).pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/")}`;
}
