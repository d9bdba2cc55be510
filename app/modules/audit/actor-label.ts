import type { AuditActor } from "./audit.server";

/** The words a back-office actor is shown with: 'Ada Lovelace', or 'Shared password (session 1a2b3c4d)'. */
export function actorLabel(actor: AuditActor): string {
  return actor.kind === "member"
    ? actor.name || actor.email
    : `Shared password (session ${actor.sessionId.slice(0, 8)})`;
}
