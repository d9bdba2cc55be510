/**
 * The PostgreSQL error inside whatever a driver or the ORM threw (they wrap it in `cause`), with its
 * SQLSTATE code, message and constraint. Pure: the browser-shared message mapping uses it too.
 */
export interface DatabaseError {
  code: string;
  message: string;
  constraint: string | undefined;
}

export function databaseError(error: unknown): DatabaseError | null {
  let e = error as { code?: unknown; message?: unknown; constraint?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && typeof e === "object" && depth < 5; depth++, e = e.cause as typeof e) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) {
      return {
        code: e.code,
        message: typeof e.message === "string" ? e.message : "unknown error",
        constraint: typeof e.constraint === "string" ? e.constraint : undefined,
      };
    }
  }
  return null;
}

/** A unique-index violation of exactly this constraint. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const found = databaseError(error);
  return found?.code === "23505" && found.constraint === constraint;
}

/** What a person is told while the database cannot be reached (spec §8, the products' PGRST301). */
export const DATABASE_UNAVAILABLE_MESSAGE = "Database connection error. Please try again later.";

/** SQLSTATEs of a server that is going away or not there yet; class 08 is every connection exception. */
const UNAVAILABLE_SQLSTATES = new Set([
  "57P01", // admin_shutdown: a fast or immediate shutdown (pg_ctl stop/restart) ended the session
  "57P02", // crash_shutdown: another backend crashed and the server is resetting
  "57P03", // cannot_connect_now: the server is starting up or shutting down
  "53300", // too_many_connections
]);

/** Socket errors of the driver (Node's `code`): the server refused, reset or never answered. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/** What node-postgres and its pool say, without a code, when a connection broke or never came. */
const UNAVAILABLE_DRIVER_MESSAGE =
  /^(Connection terminated( unexpectedly| due to connection timeout)?|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)$/;

/**
 * The connection failure inside whatever a driver or the ORM threw (they wrap it in `cause`): the
 * database server is down, restarting or unreachable, or dropped the connection — not a query it
 * refused. Such a failure is worth a 503 and a retry, never a 500 with database text. Null otherwise.
 */
export function connectionFailure(error: unknown): { code: string; message: string } | null {
  let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && typeof e === "object" && depth < 5; depth++, e = e.cause as typeof e) {
    const code = typeof e.code === "string" ? e.code : "";
    const message = typeof e.message === "string" ? e.message : "";
    if (
      UNAVAILABLE_SQLSTATES.has(code) ||
      /^08[0-9A-Z]{3}$/.test(code) ||
      UNAVAILABLE_SOCKET_CODES.has(code) ||
      UNAVAILABLE_DRIVER_MESSAGE.test(message)
    ) {
      return { code: code || "connection", message };
    }
  }
  return null;
}
