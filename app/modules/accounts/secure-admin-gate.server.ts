import { and, eq, gt, lt } from "drizzle-orm";
import { type Cookie, createCookie, href } from "react-router";
import { secureAdminPasses } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import { DomainError } from "~/lib/domain-error";
import { hit, RATE_LIMITS, TOO_MANY_ATTEMPTS, type RateLimitRule } from "~/lib/rate-limit.server";
import { clientIp } from "./account-limits.server";
import { samePassword, sharedPasswordPassKey } from "./admin-access.server";
import { typedAdminPassword } from "./admin-grant";
import { SESSION_COOKIE_PREFIX } from "~/lib/http/cookie-prefix";
import type { SharedPasswordCap } from "./shared-password-cap.server";

/**
 * The gate of /secure-admin (spec §2 "Secure admin", decisions.md §3): the shared password
 * (SECURE_ADMIN_PASSWORD) typed into 'Admin Access' is compared on the server, trimmed, in constant time,
 * at most 10 tries per address in 15 minutes, and behind the shop-wide cap (shared-password-cap.server.ts). The right one writes a pass row and sets a signed, httpOnly,
 * SameSite=Strict cookie naming it, scoped to the console's path (/secure-admin) and expiring with it,
 * signed with a key bound to the password (a new SECURE_ADMIN_PASSWORD ends every pass).
 * Every loader and action of the console asks `pass(request)`; Logout deletes the row. The password itself
 * never leaves the server: not in a page, a script, a cookie or storage.
 */
export const SECURE_ADMIN_COOKIE = `${SESSION_COOKIE_PREFIX}.secure_admin`;
export const SECURE_ADMIN_PATH = href("/secure-admin");
/** How long a console pass lasts. */
export const SECURE_ADMIN_PASS_SECONDS = 8 * 60 * 60;

export const SECURE_ADMIN_MESSAGES = {
  invalidPassword: "Invalid password",
  granted: "Admin access granted",
  passwordRequired: "Admin password is required",
  loggedOut: "Logged out",
  /** The answer of a console action to anyone without a pass. */
  forbidden: "Admin access required",
  /** The console's order actions without a pass (spec §8). */
  ordersForbidden: "Admin authentication required. Orders require user authentication to access.",
  /** The test-order tool without a pass (spec §8). */
  logInFirst: "Please log in first",
} as const;

export interface SecureAdminGateDeps {
  db: Db;
  authSecret: string;
  secureAdminPassword: string;
  secureCookies: boolean;
  rateLimitIpMultiplier: number;
  /** The shop-wide cap of the shared password, shared with /admin's prompt. */
  cap: SharedPasswordCap;
}

export type SecureAdminGate = ReturnType<typeof createSecureAdminGate>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function createSecureAdminGate(deps: SecureAdminGateDeps) {
  // A key of its own: this signature is valid for no other cookie, nor under another shared password.
  const key = sharedPasswordPassKey(deps.authSecret, "abundance:secure-admin-cookie", deps.secureAdminPassword);
  const cookie: Cookie = createCookie(SECURE_ADMIN_COOKIE, {
    secrets: [key],
    httpOnly: true,
    sameSite: "strict",
    path: SECURE_ADMIN_PATH,
    secure: deps.secureCookies,
    maxAge: SECURE_ADMIN_PASS_SECONDS,
  });
  const perIp: RateLimitRule = {
    ...RATE_LIMITS.secureAdminPerIp,
    limit: RATE_LIMITS.secureAdminPerIp.limit * deps.rateLimitIpMultiplier,
  };

  async function passId(request: Request): Promise<string | null> {
    let value: unknown;
    try {
      value = await cookie.parse(request.headers.get("cookie"));
    } catch {
      return null;
    }
    return typeof value === "string" && UUID.test(value) ? value : null;
  }

  return {
    /** The request's pass, if it holds one that is signed, on record and not expired; null otherwise. */
    async pass(request: Request): Promise<{ id: string } | null> {
      const id = await passId(request);
      if (!id) return null;
      const [row] = await deps.db
        .select({ id: secureAdminPasses.id })
        .from(secureAdminPasses)
        .where(and(eq(secureAdminPasses.id, id), gt(secureAdminPasses.expiresAt, new Date())));
      return row ?? null;
    },

    /**
     * Checks the typed password and answers the Set-Cookie of a new pass. Throws 'invalid' when empty,
     * 'rate-limited' past the limit, 'unauthenticated' 'Invalid password' when wrong.
     */
    async login(request: Request, typed: unknown): Promise<string> {
      const password = typedAdminPassword(typed);
      if (!password) {
        throw new DomainError("invalid", SECURE_ADMIN_MESSAGES.passwordRequired, {
          fieldErrors: { password: SECURE_ADMIN_MESSAGES.passwordRequired },
        });
      }
      await deps.cap.assertOpen();
      const ip = clientIp(request);
      if (!(await hit(deps.db, `secure-admin:ip:${ip}`, perIp)).allowed) {
        throw new DomainError("rate-limited", TOO_MANY_ATTEMPTS, { reason: "RATE_LIMITED" });
      }
      if (!samePassword(password, deps.secureAdminPassword.trim())) {
        await deps.cap.failed();
        throw new DomainError("unauthenticated", SECURE_ADMIN_MESSAGES.invalidPassword, {
          reason: "INVALID_PASSWORD",
          fieldErrors: { password: SECURE_ADMIN_MESSAGES.invalidPassword },
        });
      }
      const now = new Date();
      // Expired passes are dropped as new ones are made: the table holds only live ones.
      await deps.db.delete(secureAdminPasses).where(lt(secureAdminPasses.expiresAt, now));
      const [row] = await deps.db
        .insert(secureAdminPasses)
        .values({ expiresAt: new Date(now.getTime() + SECURE_ADMIN_PASS_SECONDS * 1000), ip })
        .returning({ id: secureAdminPasses.id });
      return cookie.serialize(row!.id);
    },

    /** Ends the request's pass on the server and answers the Set-Cookie that removes the cookie. */
    async logout(request: Request): Promise<string> {
      const id = await passId(request);
      if (id) await deps.db.delete(secureAdminPasses).where(eq(secureAdminPasses.id, id));
      return cookie.serialize("", { maxAge: 0, expires: new Date(0) });
    },
  };
}
