import { DomainError } from "~/lib/domain-error";
import type { Db } from "~/lib/db/client.server";
import { hit, RATE_LIMITS, reset, TOO_MANY_ATTEMPTS, type RateLimitRule } from "~/lib/rate-limit.server";
import { CLIENT_IP_HEADER } from "./auth.server";

/**
 * The abuse limits of everything that signs in, signs up, or sends, resets or changes a password —
 * our pages (account-actions.server.ts) and the auth library's endpoints that stay open
 * (auth-endpoints.server.ts) alike. Counted in the database, so every app instance counts together.
 * Each check throws a `rate-limited` DomainError once its limit is used up.
 */
export interface LimitDeps {
  db: Db;
  /** RATE_LIMIT_IP_MULTIPLIER: scales the per-IP limits (per-account limits stay). */
  rateLimitIpMultiplier: number;
}

/** The client's address as our server saw it (server/app.ts sets the header; a client's value is replaced). */
export const clientIp = (request: Request) => request.headers.get(CLIENT_IP_HEADER) || "unknown";

/** An account's key: its e-mail as the library stores it. */
export const accountKey = (email: string) => email.trim().toLowerCase();

export const rateLimited = () => new DomainError("rate-limited", TOO_MANY_ATTEMPTS, { reason: "RATE_LIMITED" });

export type AccountLimits = ReturnType<typeof createAccountLimits>;

export function createAccountLimits({ db, rateLimitIpMultiplier }: LimitDeps) {
  const perIp = (rule: RateLimitRule): RateLimitRule => ({ ...rule, limit: rule.limit * rateLimitIpMultiplier });
  const check = async (key: string, rule: RateLimitRule) => {
    if (!(await hit(db, key, rule)).allowed) throw rateLimited();
  };
  const failedPasswords = (email: string) => `sign-in-failed:${accountKey(email)}`;

  return {
    /** A sign-in (password or social) or a password check from this request's address. */
    signInFrom: (request: Request) => check(`sign-in:ip:${clientIp(request)}`, perIp(RATE_LIMITS.signInPerIp)),
    /** A registration from this request's address. */
    signUpFrom: (request: Request) => check(`sign-up:ip:${clientIp(request)}`, perIp(RATE_LIMITS.signUpPerIp)),
    /** A reset mail asked for, or a reset link used, from this request's address. */
    resetFrom: (request: Request) => check(`reset:ip:${clientIp(request)}`, perIp(RATE_LIMITS.resetPerIp)),
    /** A reset mail to this account (3 an hour, whoever asks). */
    resetMailTo: (email: string) => check(`reset:account:${accountKey(email)}`, RATE_LIMITS.resetPerAccount),
    /**
     * A password about to be checked for this account, wherever it was typed (sign-in, the current
     * password of a change). Counted before the check and forgotten after a right one
     * (`passwordAccepted`), so 10 wrong passwords lock the account for 15 minutes, from any address.
     */
    passwordAttempt: (email: string) => check(failedPasswords(email), RATE_LIMITS.failedSignInPerAccount),
    passwordAccepted: (email: string) => reset(db, failedPasswords(email)),
    /**
     * The same, typed on a device the account signed in on before (known-devices.server.ts): counted for
     * that device alone, so wrong passwords from elsewhere never lock the account's own devices out, and a
     * device still gets 10 tries in 15 minutes.
     */
    passwordAttemptOnDevice: (email: string, deviceId: string) =>
      check(`${failedPasswords(email)}:device:${deviceId}`, RATE_LIMITS.failedSignInPerAccount),
    passwordAcceptedOnDevice: (email: string, deviceId: string) =>
      reset(db, `${failedPasswords(email)}:device:${deviceId}`),
  };
}
