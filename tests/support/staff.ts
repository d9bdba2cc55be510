import type { AuditActor } from "~/modules/audit/audit.server";

/**
 * A staff member for tests that call the back office's module writes directly (the staff module's
 * StaffActor shape): the audit trail records them as this account.
 */
export function testStaff(name = "Test setup", id = "test-staff"): AuditActor {
  return { kind: "member", id, email: `${id}@example.com`, name };
}
