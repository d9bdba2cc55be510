/**
 * The shared-password pass of /admin (decisions.md §4): a signed-in customer who types the shared admin
 * password gets admin access to /admin for that one session, for a limited time. Pure: what the pass
 * holds and whether it still holds; admin-access.server.ts signs it into a cookie and checks the password.
 */

/** How long a pass lasts (the cookie's Max-Age and the expiry written inside it). */
export const ADMIN_GRANT_SECONDS = 8 * 60 * 60;

export const ADMIN_ACCESS_MESSAGES = {
  required: "Admin Access Required",
  invalidPassword: "Invalid admin password",
  granted: "Admin access granted",
  passwordRequired: "Admin password is required",
  /** The answer of an admin action to anyone without admin access. */
  forbidden: "Admin access required",
} as const;

/** What the pass carries: the session and account it was given to, and when it ends (ms since epoch). */
export interface AdminGrant {
  sessionId: string;
  userId: string;
  expiresAt: number;
}

export function newGrant(session: { sessionId: string; userId: string }, now = Date.now()): AdminGrant {
  return { sessionId: session.sessionId, userId: session.userId, expiresAt: now + ADMIN_GRANT_SECONDS * 1000 };
}

/**
 * Whether a (signature-checked) cookie value is a pass for this very session and account, not yet expired.
 * Anything else — another session, another account, an old pass, a value of another shape — is no pass.
 */
export function grantHolds(value: unknown, session: { sessionId: string; userId: string }, now = Date.now()): boolean {
  if (!value || typeof value !== "object") return false;
  const grant = value as Partial<AdminGrant>;
  return (
    grant.sessionId === session.sessionId &&
    grant.userId === session.userId &&
    typeof grant.expiresAt === "number" &&
    Number.isFinite(grant.expiresAt) &&
    grant.expiresAt > now &&
    grant.expiresAt <= now + ADMIN_GRANT_SECONDS * 1000
  );
}

/** The typed password as it is compared: trimmed (spec §5), at most 200 characters looked at. */
export function typedAdminPassword(value: unknown): string {
  return typeof value === "string" ? value.trim().slice(0, 200) : "";
}
