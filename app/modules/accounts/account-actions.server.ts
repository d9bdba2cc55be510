import { isAPIError } from "better-auth/api";
import { profiles } from "#db/schema/index";
import { DomainError, type DomainErrorCode } from "~/lib/domain-error";
import type { Db } from "~/lib/db/client.server";
import { connectionFailure } from "~/lib/db/errors";
import { accountKey, createAccountLimits, type AccountLimits } from "./account-limits.server";
import type { Auth } from "./auth.server";
import { serveAuthEndpoint } from "./auth-endpoints.server";
import { log } from "~/lib/log.server";
import { createKnownDevices, type KnownDevices } from "./known-devices.server";

/**
 * What the account pages' actions do, with the abuse limits (per IP and per account,
 * counted in the database; account-limits.server.ts) in front of the auth library. Each answers the
 * Set-Cookie headers to pass on, or throws a DomainError (a message for the form, and the library's
 * code as its reason).
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
  /** Signs the known-device cookie (known-devices.server.ts). */
  authSecret: string;
  /** PUBLIC_URL is https: the known-device cookie is sent over https only. */
  secureCookies: boolean;
}

interface Deps extends AccountDeps {
  limits: AccountLimits;
  devices: KnownDevices;
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

/**
 * An APIError of the auth library as a DomainError (its body code as the reason); anything else as it
 * is — also the library's 500 for a database it could not reach, which errorAnswer answers as the outage.
 * `isAPIError`, not `instanceof`: the library throws two classes of it (its request validation throws
 * the router's base class, its endpoints a subclass).
 */
function failure(error: unknown, fallback: string): unknown {
  if (!isAPIError(error) || connectionFailure(error)) return error;
  const body = error.body as { code?: string; message?: string } | undefined;
  const reason = body?.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL" ? "USER_ALREADY_EXISTS" : body?.code;
  return new DomainError(codeOfStatus(error.statusCode), body?.message || fallback, { reason, cause: error });
}

/**
 * Sign-in with e-mail and password. Unknown address and wrong password answer alike. Wrong passwords
 * lock the account, except on the devices it signed in on before (docs/decisions/0029), which each
 * count their own; a successful sign-in makes the device known.
 */
async function signInWithPassword(
  { auth, limits, devices }: Deps,
  request: Request,
  input: { email: string; password: string; rememberMe: boolean },
): Promise<AccountSuccess> {
  const email = accountKey(input.email);
  await limits.signInFrom(request);
  const device = await devices.deviceOf(request, email);
  if (device) await limits.passwordAttemptOnDevice(email, device);
  else await limits.passwordAttempt(email);
  try {
    const { headers, response } = await auth.api.signInEmail({
      body: { email, password: input.password, rememberMe: input.rememberMe },
      headers: request.headers,
      returnHeaders: true,
    });
    // A known device forgets its own wrong tries; the account's count (strangers' guesses) stays.
    if (device) await limits.passwordAcceptedOnDevice(email, device);
    else await limits.passwordAccepted(email);
    headers.append("set-cookie", await devices.remember(request, email));
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
async function register(deps: Deps, request: Request, input: RegistrationInput): Promise<AccountSuccess> {
  const { auth, db, limits } = deps;
  await limits.signUpFrom(request);
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
async function requestPasswordReset(
  { auth, limits }: Deps,
  request: Request,
  emailInput: string,
): Promise<AccountSuccess> {
  const email = accountKey(emailInput);
  await limits.resetFrom(request);
  await limits.resetMailTo(email);
  try {
    await auth.api.requestPasswordReset({
      body: { email, redirectTo: "/reset-password" },
      headers: request.headers,
    });
  } catch (error) {
    // The same answer for every address: failures are logged, not shown.
    if (!isAPIError(error)) throw error;
    log.warn(`[accounts] password reset request failed: ${error.message}`);
  }
  return { headers: new Headers() };
}

/** Sets a new password from a reset link; the library ends every other session of the account. */
async function resetPassword(
  { auth, limits }: Deps,
  request: Request,
  input: { token: string; password: string },
): Promise<AccountSuccess> {
  await limits.resetFrom(request);
  try {
    await auth.api.resetPassword({
      body: { token: input.token, newPassword: input.password },
      headers: request.headers,
    });
    return { headers: new Headers() };
  } catch (error) {
    throw failure(error, "This reset link is invalid or has expired. Please ask for a new one.");
  }
}

/**
 * Changes the password of the signed-in user (`email` is the session's); the current password is
 * required, and a wrong one counts against the account like a wrong password at sign-in.
 */
async function changePassword(
  { auth, limits }: Deps,
  request: Request,
  input: { email: string; currentPassword: string; newPassword: string },
): Promise<AccountSuccess> {
  await limits.signInFrom(request);
  await limits.passwordAttempt(input.email);
  try {
    const { headers } = await auth.api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers: request.headers,
      returnHeaders: true,
    });
    await limits.passwordAccepted(input.email);
    return { headers };
  } catch (error) {
    throw failure(error, "Failed to change password");
  }
}

export type AccountActions = ReturnType<typeof createAccountActions>;

/** The account actions bound to their dependencies, created once by the composition root. */
export function createAccountActions(accountDeps: AccountDeps) {
  const deps: Deps = {
    ...accountDeps,
    limits: createAccountLimits(accountDeps),
    devices: createKnownDevices(accountDeps),
  };
  return {
    signInWithPassword: signInWithPassword.bind(null, deps),
    register: register.bind(null, deps),
    requestPasswordReset: requestPasswordReset.bind(null, deps),
    resetPassword: resetPassword.bind(null, deps),
    changePassword: changePassword.bind(null, deps),
    /** A request under /api/auth: the library's open endpoints behind the same limits, 404 for the rest. */
    serveAuthEndpoint: (request: Request) => serveAuthEndpoint(deps, request),
  };
}
