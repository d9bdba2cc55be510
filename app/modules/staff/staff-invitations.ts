import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { emailField } from "~/lib/form-fields";
import { AUTH_MESSAGES } from "~/modules/accounts/auth-forms";
import { FULL_NAME_MAX, newPassword } from "~/modules/accounts/profile-forms";
import { STAFF_ROLES, type StaffRole } from "./permissions";

/**
 * Staff invitations' rules (issue 32), pure: the link's token, its check, the invite form. The token is
 * `<invitation id>.<secret>`; the database keeps only an HMAC of the secret under AUTH_SECRET, so a
 * forged link, a guessed one, or one made from the table alone is refused. Single use and expiry are the
 * database's (staff.server.ts marks the row accepted in the same statement that checks it).
 */

/** How long an invitation's link works. */
export const INVITATION_HOURS = 72;

export const STAFF_MESSAGES = {
  invalidLink: "This invitation link is invalid or has expired. Ask the shop's owner for a new one.",
  invited: "Invitation sent",
  revoked: "Invitation withdrawn",
  roleChanged: "Role changed",
  removed: "Member removed: their sessions have ended",
  alreadyStaff: "This person is already on the staff",
  lastOwner: "There must always be at least one owner",
  notMember: "This person is not on the staff",
  wrongAccount: "This invitation is for another e-mail address: sign in with the invited address to accept it",
  accountExists: "An account with this e-mail exists: sign in to accept the invitation",
  joined: "Welcome to the team",
} as const;

export function newInvitationSecret(): string {
  return randomBytes(32).toString("base64url");
}

export function secretHash(authSecret: string, secret: string): string {
  return createHmac("sha256", authSecret).update(`abundance:staff-invitation:${secret}`).digest("base64url");
}

export function invitationToken(id: string, secret: string): string {
  return `${id}.${secret}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The id and secret of a token as a link carries it; null for anything of another shape. */
export function parseInvitationToken(token: unknown): { id: string; secret: string } | null {
  if (typeof token !== "string" || token.length > 200) return null;
  const [id, secret, extra] = token.split(".");
  if (extra !== undefined || !id || !secret || !UUID.test(id) || !/^[A-Za-z0-9_-]{43}$/.test(secret)) return null;
  return { id, secret };
}

/** The stored hash matches the secret (constant time). */
export function secretMatches(authSecret: string, secret: string, storedHash: string): boolean {
  const a = Buffer.from(secretHash(authSecret, secret));
  const b = Buffer.from(storedHash);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const inviteSchema = z.object({
  email: emailField.transform((email) => email.toLowerCase()),
  role: z.enum(STAFF_ROLES, { error: "Choose a role" }),
});

export const roleChangeSchema = z.object({
  userId: z.string().min(1).max(100),
  role: z.enum(STAFF_ROLES, { error: "Choose a role" }),
});

export const joinSchema = z
  .object({
    name: z.string().trim().min(2, AUTH_MESSAGES.fullNameTooShort).max(FULL_NAME_MAX, AUTH_MESSAGES.fullNameTooLong),
    password: newPassword,
    confirmPassword: z.string().min(1, AUTH_MESSAGES.confirmRequired),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: AUTH_MESSAGES.passwordsDoNotMatch,
  });

/** Whether a change leaves the shop without an owner: the owners there are now, and the change. */
export function leavesNoOwner(owners: readonly string[], userId: string, newRole: StaffRole | null): boolean {
  return owners.includes(userId) && newRole !== "owner" && owners.filter((id) => id !== userId).length === 0;
}
