/**
 * The one error type of the domain modules: what went wrong, in words fit to show the person who
 * asked, and a code that says how to answer it. `lib/http/error-answer.server.ts` maps the code to an
 * HTTP status, in one place, for every API route and action (docs/decisions/0008-one-way-to-fail.md).
 */
export const DOMAIN_ERROR_STATUS = {
  invalid: 400,
  unauthenticated: 401,
  "payment-declined": 402,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  "too-large": 413,
  "rate-limited": 429,
  unavailable: 503,
} as const;

export type DomainErrorCode = keyof typeof DOMAIN_ERROR_STATUS;

export interface DomainErrorDetails<Reason extends string> {
  /** The module's own reason, for callers that act on it (`OUT_OF_STOCK`, `ORDER_CANCELLED`); never shown. */
  reason?: Reason;
  /** Messages per form field, for forms that show them beside the field. */
  fieldErrors?: Readonly<Partial<Record<string, string>>>;
  cause?: unknown;
}

export class DomainError<Reason extends string = string> extends Error {
  override name = "DomainError";
  readonly reason: Reason | undefined;
  readonly fieldErrors: Readonly<Partial<Record<string, string>>> | undefined;

  constructor(
    readonly code: DomainErrorCode,
    message: string,
    details: DomainErrorDetails<Reason> = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.reason = details.reason;
    this.fieldErrors = details.fieldErrors;
  }

  get status(): number {
    return DOMAIN_ERROR_STATUS[this.code];
  }
}

/** True for a DomainError (of this reason, when one is named). */
export function isDomainError(error: unknown, reason?: string): error is DomainError {
  return error instanceof DomainError && (reason === undefined || error.reason === reason);
}
