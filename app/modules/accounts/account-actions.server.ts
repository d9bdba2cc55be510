import { APIError } from "better-auth/api";
import { profiles } from "#db/schema/index";
import { DomainError, type DomainErrorCode } from "~/lib/domain-error";
import { hit, RATE_LIMITS, reset, TOO_MANY_ATTEMPTS, type RateLimitRule } from "~/lib/rate-limit.server";
import type { Db } from "~/lib/db/client.server";
import { CLIENT_IP_HEADER, type Auth } from "./auth.server";

/**
 * What the account pages' actions do, with the abuse limits (per IP and per account,
 * counted in the database) in front of the auth library. Each answers the Set-Cookie headers to pass
 * on, or throws a DomainError (a message for the form, and the library's code as its reason).
 */
export interface AccountSuccess {
  headers: Headers;
  userId?: string;
}

/** What the account actions need: the database (limits, profiles), the auth library, two settings. */
export interface AccountDeps {
  db: Db;
  auth: Auth;
  /** RATE_LIMIT_IP_MULTIPLIER: scales the per-IP limits (per-account limits stay). */
  rateLimitIpMultiplier: number;
  requireEmailVerification: boolean;
}

const clientIp = (request: Request) => request.headers.get(CLIENT_IP_HEADER) || "unknown";

/** A per-IP rule, scaled by RATE_LIMIT_IP_MULTIPLIER. */
const perIp = (deps: AccountDeps, rule: RateLimitRule): RateLimitRule => ({
  ...rule,
  limit: rule.limit * deps.rateLimitIpMultiplier,
});
const accountKey = (email: string) => email.trim().toLowerCase();

const rateLimited = () => new DomainError("rate-limited", TOO_MANY_ATTEMPTS, { reason: "RATE_LIMITED" });

/** Throws when any of the limits is used up. */
async function limit({ db }: AccountDeps, keys: Array<[string, RateLimitRule]>): Promise<void> {
  for (const [key, rule] of keys) {
    const result = await hit(db, key, rule);
    if (!result.allowed) throw rateLimited();
  }
}

/** The domain code for an HTTP status of the auth library. */
function codeOfStatus(status: number): DomainErrorCode {
  switch (status) {
    case 401:
      return "unauthenticated";
    case 403:
      return "forbidden";
    case 404:
      return "not-found";
    case 409:
      return "conflict";
    case 429:
      return "rate-limited";
    default:
      return "invalid";
  }
}

/** An APIError of the auth library as a DomainError (its body code as the reason); anything else as it is. */
function failure(error: unknown, fallback: string): unknown {
  if (!(error instanceof APIError)) return error;
  const body = error.body as { code?: string; message?: string } | undefined;
  const reason = body?.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL" ? "USER_ALREADY_EXISTS" : body?.code;
  return new DomainError(codeOfStatus(error.statusCode), body?.message || fallback, { reason, cause: error });
}

/** Sign-in with e-mail and password. Unknown address and wrong password answer alike. */
async function signInWithPassword(
  deps: AccountDeps,
  request: Request,
  input: { email: string; password: string; rememberMe: boolean },
): Promise<AccountSuccess> {
  const email = accountKey(input.email);
  await limit(deps, [[`sign-in:ip:${clientIp(request)}`, perIp(deps, RATE_LIMITS.signInPerIp)]]);
  // Failed attempts per account are counted apart, so a locked-out owner is not locked out by successes.
  const { db } = deps;
  const account = await hit(db, `sign-in-failed:${email}`, RATE_LIMITS.failedSignInPerAccount);
  if (!account.allowed) throw rateLimited();
  try {
    const { headers, response } = await deps.auth.api.signInEmail({
      body: { email, password: input.password, rememberMe: input.rememberMe },
      headers: request.headers,
      returnHeaders: true,
    });
    await reset(db, `sign-in-failed:${email}`);
    return { headers, userId: response.user.id };
  } catch (error) {
    throw failure(error, "Failed to sign in");
  }
}

export interface RegistrationInput {
  fullName: string;
  email: string;
  password: string;
  phone?: string | null;
  dateOfBirth?: string | null;
  address?: string | null;
  city?: string | null;
  postalCode?: string | null;
  country?: string | null;
  subscribeNewsletter: boolean;
}

/** Creates the account (role customer, always) and its profile with the registration details. */
async function register(deps: AccountDeps, request: Request, input: RegistrationInput): Promise<AccountSuccess> {
  await limit(deps, [[`sign-up:ip:${clientIp(request)}`, perIp(deps, RATE_LIMITS.signUpPerIp)]]);
  const { auth, db } = deps;
  try {
    const { headers, response } = await auth.api.signUpEmail({
      body: {
        email: accountKey(input.email),
        password: input.password,
        name: input.fullName.trim(),
        callbackURL: "/",
      },
      headers: request.headers,
      returnHeaders: true,
    });
    await db
      .insert(profiles)
      .values({
        userId: response.user.id,
        fullName: input.fullName.trim(),
        phone: input.phone || null,
        dateOfBirth: input.dateOfBirth || null,
        address: input.address || null,
        city: input.city || null,
        postalCode: input.postalCode || null,
        country: input.country || null,
        subscribeNewsletter: input.subscribeNewsletter,
      })
      .onConflictDoNothing();
    // With e-mail verification on, no session is made until the address is confirmed.
    return { headers: deps.requireEmailVerification ? new Headers() : headers, userId: response.user.id };
  } catch (error) {
    throw failure(error, "Registration failed");
  }
}

/**
 * Sends a reset link when the address has an account; answers the same either way (no user
 * enumeration). The link leads to /reset-password?token=….
 */
async function requestPasswordReset(deps: AccountDeps, request: Request, emailInput: string): Promise<AccountSuccess> {
  const email = accountKey(emailInput);
  await limit(deps, [
    [`reset:ip:${clientIp(request)}`, perIp(deps, RATE_LIMITS.resetPerIp)],
    [`reset:account:${email}`, RATE_LIMITS.resetPerAccount],
  ]);
  try {
    await deps.auth.api.requestPasswordReset({
      body: { email, redirectTo: "/reset-password" },
      headers: request.headers,
    });
  } catch (error) {
    // The same answer for every address: failures are logged, not shown.
    if (!(error instanceof APIError)) throw error;
    console.warn(`[accounts] password reset request failed: ${error.message}`);
  }
  return { headers: new Headers() };
}

/** Sets a new password from a reset link; the library ends every other session of the account. */
async function resetPassword(
  deps: AccountDeps,
  request: Request,
  input: { token: string; password: string },
): Promise<AccountSuccess> {
  await limit(deps, [[`reset:ip:${clientIp(request)}`, perIp(deps, RATE_LIMITS.resetPerIp)]]);
  try {
    await deps.auth.api.resetPassword({
      body: { token: input.token, newPassword: input.password },
      headers: request.headers,
    });
    return { headers: new Headers() };
  } catch (error) {
    throw failure(error, "This reset link is invalid or has expired. Please ask for a new one.");
  }
}

/** Changes the password of the signed-in user; the current password is required. */
async function changePassword(
  deps: AccountDeps,
  request: Request,
  input: { currentPassword: string; newPassword: string },
): Promise<AccountSuccess> {
  try {
    const { headers } = await deps.auth.api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers: request.headers,
      returnHeaders: true,
    });
    return { headers };
  } catch (error) {
    throw failure(error, "Failed to change password");
  }
}

export type AccountActions = ReturnType<typeof createAccountActions>;

/** The account actions bound to their dependencies, created once by the composition root. */
export function createAccountActions(deps: AccountDeps) {
  return {
    signInWithPassword: signInWithPassword.bind(null, deps),
    register: register.bind(null, deps),
    requestPasswordReset: requestPasswordReset.bind(null, deps),
    resetPassword: resetPassword.bind(null, deps),
    changePassword: changePassword.bind(null, deps),
  };
}
