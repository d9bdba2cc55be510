/**
 * How large a request body may be, by route. The HTTP server refuses a larger declared length before
 * reading (server/request-limits.ts); the body readers (read-body.server.ts) stop at the same limit when
 * no length was declared. Every route takes JSON or a form today, so one small limit serves all; the
 * back office's photo upload will be the one larger entry here.
 */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

export function bodyLimitFor(_pathname: string): number {
  return DEFAULT_BODY_LIMIT;
}

export const BODY_TOO_LARGE = "Request body too large";
export const BAD_BYTES_MESSAGE = "Invalid characters in request";
