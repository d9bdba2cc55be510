import { DomainError } from "~/lib/domain-error";
import type { AdminAccessGate } from "~/modules/accounts/admin-access.server";
import { ADMIN_ACCESS_MESSAGES } from "~/modules/accounts/admin-grant";
import type { SessionUser } from "~/modules/accounts/session-user";
import { can, refusalFor, type Permission, type StaffRole } from "./permissions";
import { SHARED_PASSWORD_NAME, type StaffActor } from "./staff-actor";

/**
 * The one check of the back office (issue 32): who is asking, in which staff role, and whether that role
 * has the area a loader or action needs (permissions.ts). Every /admin loader and action, and every
 * /secure-admin one, asks `require(request, permission)` first; it throws the 'forbidden' DomainError
 * (403, nothing read or changed) for anyone else: a visitor, a customer, a member whose role lacks it.
 */
export type StaffAccess =
  | { kind: "staff"; actor: StaffActor; role: StaffRole; user: SessionUser; viaPassword: boolean }
  | { kind: "customer"; user: SessionUser }
  | { kind: "visitor" };

export type Staff = Extract<StaffAccess, { kind: "staff" }>;

export type Verdict =
  | { ok: true; staff: Staff }
  /** `outsider`: a visitor or a customer, not a staff member whose role lacks the area. */
  | { ok: false; status: 401 | 403; message: string; outsider: boolean };

export interface BackOfficeDeps {
  adminAccess: AdminAccessGate;
  /** SHARED_PASSWORD_ROLE: what the /admin password's pass and the console's pass may do. */
  sharedPasswordRole: StaffRole;
}

export type BackOffice = ReturnType<typeof createBackOffice>;

export function createBackOffice({ adminAccess, sharedPasswordRole }: BackOfficeDeps) {
  async function who(request: Request): Promise<StaffAccess> {
    const access = await adminAccess.access(request);
    if (access.kind !== "admin") return access;
    const { user } = access;
    if (access.viaPassword) {
      const actor: StaffActor = {
        kind: "shared-password",
        id: user.id,
        email: user.email,
        name: SHARED_PASSWORD_NAME,
        role: sharedPasswordRole,
        sessionId: access.sessionId,
      };
      return { kind: "staff", actor, role: sharedPasswordRole, user, viaPassword: true };
    }
    // An admin account without a staff role cannot be (a check constraint), but reads as no access.
    if (!user.staffRole) return { kind: "customer", user };
    const role = user.staffRole;
    const actor: StaffActor = { kind: "member", id: user.id, email: user.email, name: user.name, role };
    return { kind: "staff", actor, role, user, viaPassword: false };
  }

  /**
   * The verdict on a request for `permission`, for routes that answer a refusal in their own shape:
   * the staff member, or the status (401 for a visitor, 403 for anyone else) and the words.
   */
  async function check(request: Request, permission: Permission): Promise<Verdict> {
    const access = await who(request);
    if (access.kind !== "staff") {
      const status = access.kind === "visitor" ? 401 : 403;
      return { ok: false, status, message: ADMIN_ACCESS_MESSAGES.forbidden, outsider: true };
    }
    if (!can(access.role, permission)) {
      return { ok: false, status: 403, message: refusalFor(access.role, permission), outsider: false };
    }
    return { ok: true, staff: access };
  }

  return {
    who,
    check,
    /** The staff member (or shared password) asking, when their role has `permission`; else throws 403. */
    async require(request: Request, permission: Permission): Promise<Staff> {
      const verdict = await check(request, permission);
      if (!verdict.ok) throw new DomainError("forbidden", verdict.message, { reason: "REFUSED" });
      return verdict.staff;
    },
  };
}
