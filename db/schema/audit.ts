import { sql } from "drizzle-orm";
import { bigint, check, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The audit trail (issue 32, docs/decisions/0042-audit-trail.md): one row per object a back-office write
 * touched: who (a staff member, or the shared password with the session that used it), what (an action
 * on an object), when, and each changed field as `{ field: [before, after] }`. Written in the writer's
 * transaction (app/modules/audit/audit.server.ts); append-only: a trigger refuses UPDATE, DELETE and
 * TRUNCATE, so nothing in the app can edit or remove an entry. No foreign keys: an entry outlives its
 * actor's account and its object (a foreign key's SET NULL would be an UPDATE the trigger refuses).
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** 'member' (a staff account) or 'shared-password'. */
    actorKind: text().notNull(),
    /** The member's account id; for the shared password, the account that typed it (the owner's for the console). */
    actorId: text().notNull(),
    /** The actor's e-mail and name at the time ('Shared password' for the password). */
    actorEmail: text().notNull(),
    actorName: text().notNull(),
    /** The session (or console pass) that used the shared password; null for a member. */
    actorSession: text(),
    /** What was done, 'area.verb': 'product.update', 'order.ship', 'discount.create'. */
    action: text().notNull(),
    /** The object: 'product', 'order', 'discount', … and its id (uuid, order number, settings section). */
    objectType: text().notNull(),
    objectId: text().notNull(),
    /** The object's name at the time: a product's name, an order's number, a discount's name. */
    objectName: text().notNull().default(""),
    /** `{ field: [before, after] }` for the changed fields; `{}` when the action says it all. */
    changes: jsonb().$type<Record<string, [unknown, unknown]>>().notNull().default({}),
  },
  (t) => [
    check("audit_log_actor_kind_check", sql`${t.actorKind} in ('member', 'shared-password')`),
    check(
      "audit_log_shared_session_check",
      sql`(${t.actorKind} = 'shared-password') = (${t.actorSession} is not null)`,
    ),
    // The page's searches, each read newest first (a backward scan) and keyset-paginated on (created_at, id).
    index("audit_log_created_idx").on(t.createdAt, t.id),
    index("audit_log_actor_idx").on(t.actorId, t.createdAt, t.id),
    index("audit_log_shared_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.actorKind} = 'shared-password'`),
    index("audit_log_object_idx").on(t.objectId, t.createdAt, t.id),
    index("audit_log_type_idx").on(t.objectType, t.createdAt, t.id),
    index("audit_log_name_idx").using("btree", sql`lower(${t.objectName}) text_pattern_ops`),
  ],
);
