import { APIError } from "better-auth/api";
import { profiles } from "#db/schema/index";
import { hit, RATE_LIMITS, reset, TOO_MANY_ATTEMPTS, type RateLimitRule } from "~/lib/rate-limit.server";
import type { Db } from "~/lib/db/client.server";
import { CLIENT_IP_HEADER, type Auth } from "./auth.server";

/**
 * What the account pages' actions do, with the abuse limits of issue 4 (per IP and per account,
 * counted in the database) in front of the auth library. Results carry the Set-Cookie headers to
 * pass on, or a message for the form.
 */
export type ActionResult =
  | { ok: true; headers: Headers; userId?: string }
  | { ok: false; status: number; message: string; code?: string };

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

async function limited({ db }: AccountDeps, keys: Array<[string, RateLimitRule]>): Promise<ActionResult | null> {
  for (const [key, rule] of keys) {
    const result = await hit(db, key, rule);
    if (!result.allowed) return { ok: false, status: 429, message: TOO_MANY_ATTEMPTS, code: "RATE_LIMITED" };
  }
  return null;
}

function failure(error: unknown, fallback: string): ActionResult {
  if (error instanceof APIError) {
    const body = error.body as { code?: string; message?: string } | undefined;
    return { ok: false, status: error.statusCode, message: body?.message || fallback, code: body?.code };
  }
  throw error;
}

/** Sign-in with e-mail and password. Unknown address and wrong password answer alike. */
async function signInWithPassword(
  deps: AccountDeps,
  request: Request,
  input: { email: string; password: string; rememberMe: boolean },
): Promise<ActionResult> {
  const email = accountKey(input.email);
  const blocked = await limited(deps, [[`sign-in:ip:${clientIp(request)}`, perIp(deps, RATE_LIMITS.signInPerIp)]]);
  if (blocked) return blocked;
  // Failed attempts per account are counted apart, so a locked-out owner is not locked out by successes.
  const { db } = deps;
  const account = await hit(db, `sign-in-failed:${email}`, RATE_LIMITS.failedSignInPerAccount);
  if (!account.allowed) return { ok: false, status: 429, message: TOO_MANY_ATTEMPTS, code: "RATE_LIMITED" };
  try {
    const { headers, response } = await deps.auth.api.signInEmail({
      body: { email, password: input.password, rememberMe: input.rememberMe },
      headers: request.headers,
      returnHeaders: true,
    });
    await reset(db, `sign-in-failed:${email}`);
    return { ok: true, headers, userId: response.user.id };
  } catch (error) {
    return failure(error, "Failed to sign in");
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
async function register(
  deps: AccountDeps,
  request: Request, input: RegistrationInput): Promise<ActionResult> {
  const blocked = await limited(deps, [[`sign-up:ip:${clientIp(request)}`, perIp(deps, RATE_LIMITS.signUpPerIp)]]);
  if (blocked) return blocked;
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
    return { ok: true, headers: deps.requireEmailVerification ? new Headers() : headers, userId: response.user.id };
  } catch (error) {
    const result = failure(error, "Registration failed");
    if (!result.ok && (result.code === "USER_ALREADY_EXISTS" || result.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL")) {
      return { ...result, code: "USER_ALREADY_EXISTS" };
    }
    return result;
  }
}

/**
 * Sends a reset link when the address has an account; answers the same either way (no user
 * enumeration). The link leads to /reset-password?token=….
 */
async function requestPasswordReset(
  deps: AccountDeps,
  request: Request, emailInput: string): Promise<ActionResult> {
  const email = accountKey(emailInput);
  const blocked = await limited(deps, [
    [`reset:ip:${clientIp(request)}`, perIp(deps, RATE_LIMITS.resetPerIp)],
    [`reset:account:${email}`, RATE_LIMITS.resetPerAccount],
  ]);
  if (blocked) return blocked;
  try {
    await deps.auth.api.requestPasswordReset({ body: { email, redirectTo: "/reset-password" }, headers: request.headers });
  } catch (error) {
    // The same answer for every address: failures are logged, not shown.
    if (!(error instanceof APIError)) throw error;
    console.warn(`[accounts] password reset request failed: ${error.message}`);
  }
  return { ok: true, headers: new Headers() };
}

/** Sets a new password from a reset link; the library ends every other session of the account. */
async function resetPassword(
  deps: AccountDeps,
  request: Request, input: { token: string; password: string }): Promise<ActionResult> {
  const blocked = await limited(deps, [[`reset:ip:${clientIp(request)}`, perIp(deps, RATE_LIMITS.resetPerIp)]]);
  if (blocked) return blocked;
  try {
    await deps.auth.api.resetPassword({ body: { token: input.token, newPassword: input.password }, headers: request.headers });
    return { ok: true, headers: new Headers() };
  } catch (error) {
    return failure(error, "This reset link is invalid or has expired. Please ask for a new one.");
  }
}

/** Changes the password of the signed-in user; the current password is required. */
async function changePassword(
  deps: AccountDeps,
  request: Request,
  input: { currentPassword: string; newPassword: string },
): Promise<ActionResult> {
  try {
    const { headers } = await deps.auth.api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers: request.headers,
      returnHeaders: true,
    });
    return { ok: true, headers };
  } catch (error) {
    return failure(error, "Failed to change password");
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
