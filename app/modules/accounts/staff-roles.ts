/**
 * The staff roles an account may hold (issue 32), as the database stores them (`user.staff_role`).
 * What each may do is modules/staff/permissions.ts's table.
 */
export const STAFF_ROLES = ["owner", "manager", "fulfilment", "catalogue"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}
