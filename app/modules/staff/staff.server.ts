import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import { account, profiles, session, staffInvitations, user } from "#db/schema/index";
import type { Db, Tx } from "~/lib/db/client.server";
import { DomainError } from "~/lib/domain-error";
import type { Auth } from "~/modules/accounts/auth.server";
import type { MailMessage, Mailer } from "~/modules/notifications/mailer.server";
import { ROLE_LABELS, type StaffRole, isStaffRole } from "./permissions";
import { actorLabel, type StaffActor } from "./staff-actor";
import {
  INVITATION_HOURS,
  STAFF_MESSAGES,
  invitationToken,
  leavesNoOwner,
  newInvitationSecret,
  parseInvitationToken,
  secretHash,
  secretMatches,
} from "./staff-invitations";

/**
 * The shop's staff (issue 32): members (accounts with a staff role), invitations, role changes and
 * removals, by the owner. Every write is one transaction; the rule 'always at least one owner' is
 * checked with the owners' rows locked, so two owners demoting each other at once cannot both win.
 * Removing a member ends their sessions at once (the rows go; every process forgets its copies).
 */

export interface StaffMember {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  since: string;
}

export interface OpenInvitation {
  id: string;
  email: string;
  role: StaffRole;
  invitedBy: string;
  expiresAt: string;
}

export interface InvitationView {
  email: string;
  role: StaffRole;
  invitedBy: string;
  expiresAt: string;
  /** An account with the invited e-mail exists: it is attached after signing in, not made anew. */
  accountExists: boolean;
}

/** What a write tells the audit trail (who did it is the actor; the trail's writer is handed in). */
export interface StaffChange {
  action: "invite" | "revoke-invitation" | "change-role" | "remove" | "join";
  objectId: string;
  objectLabel: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface StaffDeps {
  db: Db;
  auth: Auth;
  mailer: Mailer;
  authSecret: string;
  publicUrl: string;
  shopName: () => Promise<string>;
  /** Forgets a user's kept sessions in this process at once (others by the database's notice). */
  forgetSessions: (userId: string) => void;
  /** Writes the audit row of a staff change in the change's transaction (issue 32's audit trail). */
  audit: (tx: Tx, actor: StaffActor, change: StaffChange) => Promise<void>;
  now?: () => Date;
}

export type StaffService = ReturnType<typeof createStaff>;

export function invitationMail(
  to: string,
  url: string,
  shop: string,
  role: StaffRole,
  invitedBy: string,
  hours: number,
): MailMessage {
  return {
    to,
    subject: `You're invited to join ${shop}'s staff`,
    text: [
      "Hello,",
      "",
      `${invitedBy} invites you to join the staff of ${shop} as ${ROLE_LABELS[role]}.`,
      "Accept here (the link works once, for " + `${hours} hours):`,
      "",
      url,
      "",
      "If you were not expecting this, you can ignore this e-mail.",
    ].join("\n"),
  };
}

export function createStaff(deps: StaffDeps) {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();

  /** The owners' ids, their rows locked until the transaction ends. */
  async function lockedOwners(tx: Tx): Promise<string[]> {
    const rows = await tx
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.role, "admin"), eq(user.staffRole, "owner")))
      .orderBy(asc(user.id))
      .for("update");
    return rows.map((row) => row.id);
  }

  async function memberOf(tx: Db | Tx, userId: string) {
    const [row] = await tx
      .select({ id: user.id, name: user.name, email: user.email, role: user.role, staffRole: user.staffRole })
      .from(user)
      .where(eq(user.id, userId));
    return row && row.role === "admin" && isStaffRole(row.staffRole) ? { ...row, staffRole: row.staffRole } : null;
  }

  async function endSessions(tx: Tx, userId: string) {
    await tx.delete(session).where(eq(session.userId, userId));
  }

  /** The open invitation a token names, locked; null when forged, used, withdrawn or expired. */
  async function openInvitation(tx: Db | Tx, token: unknown, lock: boolean) {
    const parsed = parseInvitationToken(token);
    if (!parsed) return null;
    const query = tx
      .select()
      .from(staffInvitations)
      .where(
        and(
          eq(staffInvitations.id, parsed.id),
          isNull(staffInvitations.acceptedAt),
          isNull(staffInvitations.revokedAt),
          gt(staffInvitations.expiresAt, now()),
        ),
      );
    const [row] = lock ? await query.for("update") : await query;
    if (!row || !secretMatches(deps.authSecret, parsed.secret, row.secretHash) || !isStaffRole(row.role)) return null;
    return { ...row, role: row.role };
  }

  return {
    async list(): Promise<{ members: StaffMember[]; invitations: OpenInvitation[] }> {
      const [members, invitations] = await Promise.all([
        db
          .select({ id: user.id, name: user.name, email: user.email, role: user.staffRole, since: user.createdAt })
          .from(user)
          .where(eq(user.role, "admin"))
          .orderBy(asc(user.name), asc(user.email))
          .limit(500),
        db
          .select()
          .from(staffInvitations)
          .where(
            and(
              isNull(staffInvitations.acceptedAt),
              isNull(staffInvitations.revokedAt),
              gt(staffInvitations.expiresAt, now()),
            ),
          )
          .orderBy(asc(staffInvitations.createdAt))
          .limit(200),
      ]);
      return {
        members: members
          .filter((m): m is typeof m & { role: StaffRole } => isStaffRole(m.role))
          .map((m) => ({ ...m, since: m.since.toISOString() })),
        invitations: invitations
          .filter((i): i is typeof i & { role: StaffRole } => isStaffRole(i.role))
          .map((i) => ({
            id: i.id,
            email: i.email,
            role: i.role,
            invitedBy: i.invitedByName,
            expiresAt: i.expiresAt.toISOString(),
          })),
      };
    },

    /** Sends an invitation (replacing an open one to the same address); answers the link for tests and logs. */
    async invite(actor: StaffActor, input: { email: string; role: StaffRole }): Promise<{ url: string }> {
      const secret = newInvitationSecret();
      const expiresAt = new Date(now().getTime() + INVITATION_HOURS * 3600_000);
      const id = await db.transaction(async (tx) => {
        const [existing] = await tx
          .select({ role: user.role })
          .from(user)
          .where(sql`lower(${user.email}) = ${input.email}`);
        if (existing?.role === "admin") throw new DomainError("conflict", STAFF_MESSAGES.alreadyStaff);
        await tx
          .update(staffInvitations)
          .set({ revokedAt: now() })
          .where(
            and(
              eq(staffInvitations.email, input.email),
              isNull(staffInvitations.acceptedAt),
              isNull(staffInvitations.revokedAt),
            ),
          );
        const [row] = await tx
          .insert(staffInvitations)
          .values({
            email: input.email,
            role: input.role,
            secretHash: secretHash(deps.authSecret, secret),
            invitedBy: actor.kind === "member" ? actor.id : null,
            invitedByName: actorLabel(actor),
            expiresAt,
          })
          .returning({ id: staffInvitations.id });
        await deps.audit(tx, actor, {
          action: "invite",
          objectId: row!.id,
          objectLabel: input.email,
          before: null,
          after: { email: input.email, role: input.role, expiresAt: expiresAt.toISOString() },
        });
        return row!.id;
      });
      const url = `${deps.publicUrl}/staff/join?token=${encodeURIComponent(invitationToken(id, secret))}`;
      await deps.mailer.send(
        invitationMail(input.email, url, await deps.shopName(), input.role, actorLabel(actor), INVITATION_HOURS),
      );
      return { url };
    },

    async revokeInvitation(actor: StaffActor, invitationId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(staffInvitations)
          .set({ revokedAt: now() })
          .where(
            and(
              eq(staffInvitations.id, invitationId),
              isNull(staffInvitations.acceptedAt),
              isNull(staffInvitations.revokedAt),
            ),
          )
          .returning({ email: staffInvitations.email, role: staffInvitations.role });
        if (!row) throw new DomainError("not-found", "Invitation not found");
        await deps.audit(tx, actor, {
          action: "revoke-invitation",
          objectId: invitationId,
          objectLabel: row.email,
          before: { role: row.role, status: "open" },
          after: { status: "withdrawn" },
        });
      });
    },

    async changeRole(actor: StaffActor, userId: string, role: StaffRole): Promise<void> {
      await db.transaction(async (tx) => {
        const owners = await lockedOwners(tx);
        const member = await memberOf(tx, userId);
        if (!member) throw new DomainError("not-found", STAFF_MESSAGES.notMember);
        if (member.staffRole === role) return;
        if (leavesNoOwner(owners, userId, role)) throw new DomainError("conflict", STAFF_MESSAGES.lastOwner);
        await tx.update(user).set({ staffRole: role, updatedAt: now() }).where(eq(user.id, userId));
        await deps.audit(tx, actor, {
          action: "change-role",
          objectId: userId,
          objectLabel: member.email,
          before: { role: member.staffRole },
          after: { role },
        });
      });
    },

    /** Takes a member off the staff: a customer again, every session of theirs ended. */
    async remove(actor: StaffActor, userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const owners = await lockedOwners(tx);
        const member = await memberOf(tx, userId);
        if (!member) throw new DomainError("not-found", STAFF_MESSAGES.notMember);
        if (leavesNoOwner(owners, userId, null)) throw new DomainError("conflict", STAFF_MESSAGES.lastOwner);
        await tx.update(user).set({ role: "customer", staffRole: null, updatedAt: now() }).where(eq(user.id, userId));
        await endSessions(tx, userId);
        await deps.audit(tx, actor, {
          action: "remove",
          objectId: userId,
          objectLabel: member.email,
          before: { role: member.staffRole },
          after: { role: null },
        });
      });
      deps.forgetSessions(userId);
    },

    /** What the join page shows for a token; null when forged, used, withdrawn or expired. */
    async invitation(token: unknown): Promise<InvitationView | null> {
      const row = await openInvitation(db, token, false);
      if (!row) return null;
      const [existing] = await db
        .select({ id: user.id })
        .from(user)
        .where(sql`lower(${user.email}) = ${row.email}`);
      return {
        email: row.email,
        role: row.role,
        invitedBy: row.invitedByName,
        expiresAt: row.expiresAt.toISOString(),
        accountExists: Boolean(existing),
      };
    },

    /**
     * Accepts an invitation for the account signed in (it must have the invited e-mail): the account
     * gets the role. Single use: the row is locked and marked in the same transaction.
     */
    async acceptAsUser(token: unknown, signedIn: { id: string; email: string }): Promise<StaffRole> {
      return db.transaction(async (tx) => {
        const row = await openInvitation(tx, token, true);
        if (!row) throw new DomainError("invalid", STAFF_MESSAGES.invalidLink, { reason: "INVALID_INVITATION" });
        if (signedIn.email.toLowerCase() !== row.email) throw new DomainError("forbidden", STAFF_MESSAGES.wrongAccount);
        const [me] = await tx.select({ name: user.name }).from(user).where(eq(user.id, signedIn.id));
        await join(tx, row, { id: signedIn.id, email: row.email, name: me?.name ?? row.email });
        return row.role;
      });
    },

    /**
     * Accepts an invitation by making the account: the invited e-mail (proven by the link), a name and a
     * password. Refused when an account with that e-mail exists (sign in and accept instead).
     */
    async acceptWithNewAccount(
      token: unknown,
      input: { name: string; password: string },
    ): Promise<{ email: string; role: StaffRole }> {
      const ctx = await deps.auth.$context;
      // Hashing is slow (scrypt): done before the transaction holds the invitation's row.
      const hash = await ctx.password.hash(input.password);
      return db.transaction(async (tx) => {
        const row = await openInvitation(tx, token, true);
        if (!row) throw new DomainError("invalid", STAFF_MESSAGES.invalidLink, { reason: "INVALID_INVITATION" });
        const [existing] = await tx
          .select({ id: user.id })
          .from(user)
          .where(sql`lower(${user.email}) = ${row.email}`);
        if (existing) throw new DomainError("conflict", STAFF_MESSAGES.accountExists, { reason: "ACCOUNT_EXISTS" });
        const id = crypto.randomUUID().replaceAll("-", "");
        await tx.insert(user).values({ id, name: input.name, email: row.email, emailVerified: true });
        await tx
          .insert(account)
          .values({ id: crypto.randomUUID(), accountId: id, providerId: "credential", userId: id, password: hash });
        await tx.insert(profiles).values({ userId: id, fullName: input.name }).onConflictDoNothing();
        await join(tx, row, { id, email: row.email, name: input.name });
        return { email: row.email, role: row.role };
      });
    },
  };

  /** The account joins in the invitation's role; the audit names the new member as who did it. */
  async function join(
    tx: Tx,
    row: { id: string; email: string; role: StaffRole },
    member: { id: string; email: string; name: string },
  ) {
    await tx
      .update(staffInvitations)
      .set({ acceptedAt: now(), acceptedBy: member.id })
      .where(eq(staffInvitations.id, row.id));
    await tx.update(user).set({ role: "admin", staffRole: row.role, updatedAt: now() }).where(eq(user.id, member.id));
    await deps.audit(
      tx,
      { kind: "member", ...member, role: row.role },
      {
        action: "join",
        objectId: member.id,
        objectLabel: row.email,
        before: null,
        after: { role: row.role, invitation: row.id },
      },
    );
  }
}
