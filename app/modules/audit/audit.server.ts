import { sql, type SQL } from "drizzle-orm";
import { auditLog } from "#db/schema/index";
import type { Db, Tx } from "~/lib/db/client.server";
import { queryRows } from "~/lib/db/client.server";
import { zonedWallTime } from "~/lib/zoned-time";
import {
  AUDIT_PAGE_SIZE,
  SHARED_PASSWORD_ACTOR,
  type AuditCursor,
  type AuditObjectType,
  type AuditQuery,
} from "./audit-query";
import type { FieldChanges } from "./field-changes";

/**
 * The audit trail's writes and reads (issue 32, docs/decisions/0042-audit-trail.md).
 *
 * Who made a write: a staff member by their account, or the shared password by the session that used it.
 * The staff module's `StaffActor` has this shape (structurally: the audit module imports nothing of staff,
 * whose own writes record here).
 */
export type AuditActor =
  | { kind: "member"; id: string; email: string; name: string }
  | { kind: "shared-password"; id: string; email: string; name: string; sessionId: string };

/** One object a write touched: what was done to it, its name at the time, and its changed fields. */
export interface AuditEntry {
  /** 'area.verb': 'product.update', 'order.ship', 'settings.update'. */
  action: string;
  objectType: AuditObjectType;
  objectId: string;
  objectName?: string;
  changes?: FieldChanges;
}

/**
 * Records entries in the caller's transaction (the write and its record land together or not at all),
 * as one INSERT however many: the rows travel as one JSON parameter the database expands (a VALUES list
 * would need a parameter per field and row, past PostgreSQL's 65,535 for a bulk action on thousands of
 * products). Nothing to record, no statement.
 */
export async function recordAudit(tx: Db | Tx, actor: AuditActor, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const rows = entries.map((entry) => ({
    a: entry.action,
    t: entry.objectType,
    i: entry.objectId,
    n: entry.objectName ?? "",
    c: entry.changes ?? {},
  }));
  const session = actor.kind === "shared-password" ? actor.sessionId : null;
  await tx.execute(
    sql`insert into ${auditLog} (actor_kind, actor_id, actor_email, actor_name, actor_session,
          action, object_type, object_id, object_name, changes)
        select ${actor.kind}, ${actor.id}, ${actor.email}, ${actor.name}, ${session},
               e->>'a', e->>'t', e->>'i', e->>'n', e->'c'
          from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) with ordinality as x(e, n)
         order by x.n`,
  );
}

/** One entry as the page shows it. */
export interface AuditRow {
  id: number;
  /** ISO text to the microsecond (the keyset's key). */
  at: string;
  actorKind: "member" | "shared-password";
  actorId: string;
  actorName: string;
  actorEmail: string;
  actorSession: string | null;
  action: string;
  objectType: string;
  objectId: string;
  objectName: string;
  changes: FieldChanges;
}

export interface AuditPage {
  rows: AuditRow[];
  /** The cursor of the next (older) page, or null at the end. */
  next: AuditCursor | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The first instant of a day on the shop's clock (`YYYY-MM-DD`). */
function dayStart(day: string, timeZone: string): Date {
  return zonedWallTime(`${day}T00:00`, timeZone)?.date ?? new Date(`${day}T00:00:00Z`);
}
function nextDay(day: string): string {
  return new Date(new Date(`${day}T00:00:00Z`).getTime() + DAY_MS).toISOString().slice(0, 10);
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A page of the log, newest first, for the search: each filter is an index's leading columns and the
 * order its backward scan (by actor: audit_log_actor_idx; the shared password: audit_log_shared_idx;
 * an object: audit_log_object_idx or audit_log_type_idx; a name: audit_log_name_idx; else
 * audit_log_created_idx), so a page reads about its own 50 rows whatever the log holds.
 */
export async function listAudit(db: Db, query: AuditQuery, options: { timeZone: string }): Promise<AuditPage> {
  const where: SQL[] = [];
  if (query.actor === SHARED_PASSWORD_ACTOR) where.push(sql`actor_kind = 'shared-password'`);
  else if (query.actor) where.push(sql`actor_id = ${query.actor}`);
  if (query.type) where.push(sql`object_type = ${query.type}`);
  if (query.object) {
    const prefix = `${escapeLike(query.object.toLowerCase())}%`;
    where.push(sql`(object_id = ${query.object} or lower(object_name) like ${prefix})`);
  }
  if (query.from) where.push(sql`created_at >= ${dayStart(query.from, options.timeZone).toISOString()}::timestamptz`);
  if (query.to)
    where.push(sql`created_at < ${dayStart(nextDay(query.to), options.timeZone).toISOString()}::timestamptz`);
  if (query.before) where.push(sql`(created_at, id) < (${query.before.at}::timestamptz, ${query.before.id}::bigint)`);
  const rows = await queryRows<Omit<AuditRow, "id"> & { id: string | number }>(
    db,
    sql`select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at,
               actor_kind as "actorKind", actor_id as "actorId", actor_name as "actorName",
               actor_email as "actorEmail", actor_session as "actorSession", action,
               object_type as "objectType", object_id as "objectId", object_name as "objectName", changes
          from ${auditLog}
         ${where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``}
         order by created_at desc, id desc
         limit ${AUDIT_PAGE_SIZE + 1}`,
  );
  const page = rows.slice(0, AUDIT_PAGE_SIZE).map((row) => ({ ...row, id: Number(row.id) }));
  const last = page.at(-1);
  return { rows: page, next: rows.length > AUDIT_PAGE_SIZE && last ? { at: last.at, id: last.id } : null };
}

/** The people the person filter offers: the staff accounts, by name. */
export async function auditPeople(db: Db): Promise<{ id: string; name: string; email: string }[]> {
  return queryRows(
    db,
    sql`select id, name, email from "user" where staff_role is not null order by lower(name), email limit 500`,
  );
}
