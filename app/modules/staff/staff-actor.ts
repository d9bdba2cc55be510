import type { AuditActor } from "~/modules/audit/audit.server";
import type { StaffRole } from "./permissions";

/**
 * Who made a back-office write, as the audit trail records it (issue 32): a staff member by their
 * account, or the shared password by the session that used it (the customer account that typed it on
 * /admin, or the console's pass on /secure-admin). `id` and `email` keep the shape the older per-area
 * histories (product changes, settings changes, order history) already record.
 */
export type StaffActor = AuditActor & { role: StaffRole };

export const SHARED_PASSWORD_NAME = "Shared password";

/** The words an actor is shown with (one rule, the audit trail's). */
export { actorLabel } from "~/modules/audit/actor-label";
