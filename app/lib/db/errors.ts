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
