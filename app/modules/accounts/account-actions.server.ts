import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { profiles } from "#db/schema/index";
import { hit, RATE_LIMITS, reset, TOO_MANY_ATTEMPTS, type RateLimitRule } from "~/lib/rate-limit.server";
import { services } from "~/lib/services.server";
import { CLIENT_IP_HEADER } from "./auth.server";

/**
 * What the account pages' actions do, with the abuse limits of issue 4 (per IP and per account,
 * counted in the database) in front of the auth library. Results carry the Set-Cookie headers to
 * pass on, or a message for the form.
 */
export type ActionResult =
  | { ok: true; headers: Headers; userId?: string }
  | { ok: false; status: number; message: string; code?: string };

const clientIp = (request: Request) => request.headers.get(CLIENT_IP_HEADER) || "unknown";

/** A per-IP rule, scaled by RATE_LIMIT_IP_MULTIPLIER. */
const perIp = (rule: RateLimitRule): RateLimitRule => ({
  ...rule,
  limit: rule.limit * services().config.rateLimitIpMultiplier,
});
const accountKey = (email: string) => email.trim().toLowerCase();

async function limited(keys: Array<[string, RateLimitRule]>): Promise<ActionResult | null> {
  const { db } = services().database;
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
export async function signInWithPassword(
  request: Request,
  input: { email: string; password: string; rememberMe: boolean },
): Promise<ActionResult> {
  const email = accountKey(input.email);
  const blocked = await limited([[`sign-in:ip:${clientIp(request)}`, perIp(RATE_LIMITS.signInPerIp)]]);
  if (blocked) return blocked;
  // Failed attempts per account are counted apart, so a locked-out owner is not locked out by successes.
  const { db } = services().database;
  const account = await hit(db, `sign-in-failed:${email}`, RATE_LIMITS.failedSignInPerAccount);
  if (!account.allowed) return { ok: false, status: 429, message: TOO_MANY_ATTEMPTS, code: "RATE_LIMITED" };
  try {
    const { headers, response } = await services().auth.api.signInEmail({
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
export async function register(request: Request, input: RegistrationInput): Promise<ActionResult> {
  const blocked = await limited([[`sign-up:ip:${clientIp(request)}`, perIp(RATE_LIMITS.signUpPerIp)]]);
  if (blocked) return blocked;
  const { auth, database, config } = services();
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
    await database.db
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
    return { ok: true, headers: config.requireEmailVerification ? new Headers() : headers, userId: response.user.id };
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
export async function requestPasswordReset(request: Request, emailInput: string): Promise<ActionResult> {
  const email = accountKey(emailInput);
  const blocked = await limited([
    [`reset:ip:${clientIp(request)}`, perIp(RATE_LIMITS.resetPerIp)],
    [`reset:account:${email}`, RATE_LIMITS.resetPerAccount],
  ]);
  if (blocked) return blocked;
  try {
    await services().auth.api.requestPasswordReset({ body: { email, redirectTo: "/reset-password" }, headers: request.headers });
  } catch (error) {
    // The same answer for every address: failures are logged, not shown.
    if (!(error instanceof APIError)) throw error;
    console.warn(`[accounts] password reset request failed: ${error.message}`);
  }
  return { ok: true, headers: new Headers() };
}

/** Sets a new password from a reset link; the library ends every other session of the account. */
export async function resetPassword(request: Request, input: { token: string; password: string }): Promise<ActionResult> {
  const blocked = await limited([[`reset:ip:${clientIp(request)}`, perIp(RATE_LIMITS.resetPerIp)]]);
  if (blocked) return blocked;
  try {
    await services().auth.api.resetPassword({ body: { token: input.token, newPassword: input.password }, headers: request.headers });
    return { ok: true, headers: new Headers() };
  } catch (error) {
    return failure(error, "This reset link is invalid or has expired. Please ask for a new one.");
  }
}

/** Changes the password of the signed-in user; the current password is required. */
export async function changePassword(
  request: Request,
  input: { currentPassword: string; newPassword: string },
): Promise<ActionResult> {
  try {
    const { headers } = await services().auth.api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers: request.headers,
      returnHeaders: true,
    });
    return { ok: true, headers };
  } catch (error) {
    return failure(error, "Failed to change password");
  }
}

/** The profile row of a user, created from the account when it is missing (spec §8 message). */
export async function loadOrCreateProfile(user: { id: string; name: string }) {
  const { db } = services().database;
  const [existing] = await db.select().from(profiles).where(eq(profiles.userId, user.id));
  if (existing) return { profile: existing, created: false };
  const [created] = await db
    .insert(profiles)
    .values({ userId: user.id, fullName: user.name || "User" })
    .onConflictDoNothing()
    .returning();
  const profile = created ?? (await db.select().from(profiles).where(eq(profiles.userId, user.id)))[0]!;
  return { profile, created: Boolean(created) };
}
