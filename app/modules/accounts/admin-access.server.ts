import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { createCookie, type Cookie } from "react-router";
import { DomainError } from "~/lib/domain-error";
import type { Db } from "~/lib/db/client.server";
import { hit, RATE_LIMITS, reset, TOO_MANY_ATTEMPTS, type RateLimitRule } from "~/lib/rate-limit.server";
import { clientIp } from "./account-limits.server";
import { SESSION_COOKIE_PREFIX } from "~/lib/http/cookie-prefix";
import { ADMIN_ACCESS_MESSAGES, ADMIN_GRANT_SECONDS, grantHolds, newGrant, typedAdminPassword } from "./admin-grant";
import type { Sessions } from "./session.server";
import type { SharedPasswordCap } from "./shared-password-cap.server";
import type { SessionUser } from "./session-user";

/**
 * Who may use /admin (decisions.md §4): an admin (role from the database) goes straight in; a signed-in
 * customer who typed the shared admin password (SECURE_ADMIN_PASSWORD, checked here on the server,
 * constant-time, rate-limited per address, per account and shop-wide) holds a pass for that session only — a
 * signed, httpOnly, SameSite=Lax cookie naming the session, for 8 hours — and counts as an admin there;
 * anyone else is a customer (shown the password prompt) or a visitor (shown the sign-in link). Every
 * /admin loader and action asks `access(request)` first and gives nothing to anyone but an admin.
 * /admin/products keeps its own role-only guard.
 */

export const ADMIN_GRANT_COOKIE = `${SESSION_COOKIE_PREFIX}.admin_grant`;

export type AdminAccess =
  | {
      kind: "admin";
      actor: { id: string; name: string; email: string };
      user: SessionUser;
      viaPassword: boolean;
      /** The session asking: the shared password's pass is audited by it. */
      sessionId: string;
    }
  | { kind: "customer"; user: SessionUser }
  | { kind: "visitor" };

export interface AdminAccessDeps {
  db: Db;
  sessions: Sessions;
  authSecret: string;
  secureAdminPassword: string;
  /** PUBLIC_URL is https: the cookie is sent over https only. */
  secureCookies: boolean;
  /** RATE_LIMIT_IP_MULTIPLIER: scales the per-address limit (the per-account one stays). */
  rateLimitIpMultiplier: number;
  /** The shop-wide cap of the shared password, shared with the console's gate. */
  cap: SharedPasswordCap;
}

/** Wrong admin passwords an account may type in 15 minutes, from any address. */
export const ADMIN_PASSWORD_PER_ACCOUNT: RateLimitRule = { limit: 5, windowSeconds: 15 * 60 };

/** Equal strings, compared in constant time (the digests have the same length whatever was typed). */
export function samePassword(typed: string, expected: string): boolean {
  const a = createHash("sha256").update(typed).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b) && expected.length > 0;
}

/**
 * The key that signs a pass given for the shared password (/admin's grant, the console's pass): derived
 * from AUTH_SECRET, the pass's purpose and a fingerprint of the shared password — an HMAC of it under
 * AUTH_SECRET, never the password itself. A new SECURE_ADMIN_PASSWORD makes a new key, so every pass
 * signed under the old password fails its signature check: changing the password ends them all.
 */
export function sharedPasswordPassKey(authSecret: string, purpose: string, sharedPassword: string): string {
  const fingerprint = createHmac("sha256", authSecret)
    .update(`abundance:shared-password:${sharedPassword.trim()}`)
    .digest("base64url");
  return createHmac("sha256", authSecret).update(`${purpose}:${fingerprint}`).digest("base64url");
}

export type AdminAccessGate = ReturnType<typeof createAdminAccess>;

export function createAdminAccess(deps: AdminAccessDeps) {
  // A key of its own, so this signature is never valid for another cookie, nor under another password.
  const key = sharedPasswordPassKey(deps.authSecret, "abundance:admin-grant-cookie", deps.secureAdminPassword);
  const cookie: Cookie = createCookie(ADMIN_GRANT_COOKIE, {
    secrets: [key],
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: deps.secureCookies,
    maxAge: ADMIN_GRANT_SECONDS,
  });
  const perIp: RateLimitRule = {
    ...RATE_LIMITS.secureAdminPerIp,
    limit: RATE_LIMITS.secureAdminPerIp.limit * deps.rateLimitIpMultiplier,
  };
  const accountKey = (userId: string) => `admin-password:account:${userId}`;

  async function limit(key: string, rule: RateLimitRule) {
    if (!(await hit(deps.db, key, rule)).allowed) {
      throw new DomainError("rate-limited", TOO_MANY_ATTEMPTS, { reason: "RATE_LIMITED" });
    }
  }

  async function access(request: Request): Promise<AdminAccess> {
    const session = await deps.sessions.get(request);
    if (!session) return { kind: "visitor" };
    const { user } = session;
    const actor = { id: user.id, name: user.name, email: user.email };
    if (user.role === "admin") return { kind: "admin", actor, user, viaPassword: false, sessionId: session.sessionId };
    let value: unknown;
    try {
      value = await cookie.parse(request.headers.get("cookie"));
    } catch {
      value = null;
    }
    if (grantHolds(value, { sessionId: session.sessionId, userId: user.id })) {
      return { kind: "admin", actor, user, viaPassword: true, sessionId: session.sessionId };
    }
    return { kind: "customer", user };
  }

  return {
    access,
    /**
     * Checks the shared password typed by a signed-in customer and answers the Set-Cookie value of the
     * pass. Throws 'rate-limited' past the limits, 'forbidden' 'Invalid admin password' when wrong,
     * 'unauthenticated' without a session.
     */
    async grant(request: Request, typed: unknown): Promise<string> {
      const session = await deps.sessions.get(request);
      if (!session) throw new DomainError("unauthenticated", ADMIN_ACCESS_MESSAGES.required);
      const password = typedAdminPassword(typed);
      if (!password) {
        throw new DomainError("invalid", ADMIN_ACCESS_MESSAGES.passwordRequired, {
          fieldErrors: { password: ADMIN_ACCESS_MESSAGES.passwordRequired },
        });
      }
      await deps.cap.assertOpen();
      await limit(`admin-password:ip:${clientIp(request)}`, perIp);
      await limit(accountKey(session.user.id), ADMIN_PASSWORD_PER_ACCOUNT);
      if (!samePassword(password, deps.secureAdminPassword.trim())) {
        await deps.cap.failed();
        throw new DomainError("forbidden", ADMIN_ACCESS_MESSAGES.invalidPassword, {
          reason: "INVALID_ADMIN_PASSWORD",
        });
      }
      await reset(deps.db, accountKey(session.user.id));
      return cookie.serialize(newGrant({ sessionId: session.sessionId, userId: session.user.id }));
    },
    /** The Set-Cookie value that removes the pass. */
    revoke(): Promise<string> {
      return cookie.serialize("", { maxAge: 0, expires: new Date(0) });
    },
  };
}
