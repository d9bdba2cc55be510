import { sql } from "drizzle-orm";
import type { Db } from "~/lib/db/client.server";
import type { AuditActor } from "~/modules/audit/audit.server";

/**
 * A staff member for tests that call the back office's module writes directly (the staff module's
 * StaffActor shape): the audit trail records them as this account.
 */
export function testStaff(name = "Test setup", id = "test-staff"): AuditActor {
  return { kind: "member", id, email: `${id}@example.com`, name };
}

/** The accounts of `testStaff` (the histories' actor ids are foreign keys to accounts). */
export async function ensureTestStaff(db: Db, ids: readonly string[] = ["test-staff"]): Promise<void> {
  for (const id of ids)
    await db.execute(
      sql`insert into "user" (id, name, email) values (${id}, 'Test staff', ${`${id}@example.com`}) on conflict do nothing`,
    );
}
