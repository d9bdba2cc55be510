import { randomBytes } from "node:crypto";
import { databaseError } from "~/lib/db/errors";
import { DomainError } from "~/lib/domain-error";

/**
 * Errors into HTTP answers, in one place for every API route and action
 * (docs/decisions/0008-one-way-to-fail.md). A DomainError answers its own message with the status of
 * its code; anything else is logged with the request's id and answered 500 with a safe summary that
 * shows the id — never the error's own text (no stack, no SQL, no constraint names).
 */

/** Set by our HTTP server (server/app.ts) on every request; a client's own value is replaced. */
export const REQUEST_ID_HEADER = "x-abundance-request-id";

/** The id our server gave this request, shown to the person and written to the log beside the detail. */
export function requestIdOf(request: Request): string {
  return request.headers.get(REQUEST_ID_HEADER) || randomBytes(6).toString("hex");
}

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
 * The answer for an error thrown while serving `request`. Responses thrown on purpose (redirects,
 * 404s) are not errors: they are thrown on for React Router to send. A database error becomes the
 * spec's 'Database error: {message}' with a safe summary in place of the database's text.
 */
export function errorAnswer(error: unknown, request: Request, context: ErrorContext): ErrorAnswer {
  if (error instanceof Response) throw error;
  if (error instanceof DomainError) {
    return {
      status: error.status,
      message: error.message,
      ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
    };
  }
  const id = requestIdOf(request);
  const db = databaseError(error);
  console.error(`[${context.where}] request ${id} failed:`, db ? `${db.code} ${db.message}` : error);
  const summary = db
    ? "Database error: the change could not be saved"
    : (context.fallback ?? "Something went wrong on our side");
  return { status: 500, message: `${summary} (reference ${id}). Please try again.` };
}
