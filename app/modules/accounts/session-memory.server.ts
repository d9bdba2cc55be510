import { BoundedEntries } from "~/lib/bounded-entries";
import type { Database } from "~/lib/db/client.server";
import type { SessionUser } from "./session-user";

/** The channel of migration 0013's triggers: `s:<session id>` or `u:<user id>` when either changed. */
export const SESSIONS_CHANNEL = "abundance_sessions_changed";

/** A session as read from the database, with what decides how long it may be kept. */
export interface KnownSession {
  user: SessionUser;
  sessionId: string;
  /** When the session row was last updated (the auth library's sliding expiry). */
  updatedAt: number;
  /** When the session itself expires. */
  expiresAt: number;
}

/** A kept copy; it is dropped at `expiresAt`: the session's expiry or the copy's lifetime, the sooner. */
type Stored = { session: KnownSession; expiresAt: number; bytes: number };

export interface SessionMemoryOptions {
  /** How long a copy is kept at most, in case a notice is lost on its way (default one minute). */
  ttlMs?: number;
  maxEntries?: number;
  maxBytes?: number;
}

/**
 * The sessions this process has read, by their signed cookie value as the browser sends it (its
 * signature checked once), so a signed-in page view costs no query and no signature check
 * (docs/decisions/0018-sessions-read-from-memory.md). A copy is forgotten the moment the database says
 * its session or user changed (migration 0013's triggers notify at commit; `listen` wires them here),
 * and kept at most a minute in case a notice is lost. While nothing is listening — before the
 * subscription is up, and after its connection is lost until it is back — nothing is kept, since a change
 * could not be heard.
 *
 * What is kept never gives more than the database would: an admin's session is not kept at all (every
 * request with one reads the database, so a demotion counts at once), and a promotion shows when its
 * notice arrives. A revoked customer session can count for the few milliseconds its notice takes.
 */
export class SessionMemory {
  private readonly store: BoundedEntries<Stored>;
  private readonly ttlMs: number;
  private listening = false;
  /** Bumped by every forgetting: a read that began before one must not store what it read. */
  private generation = 0;

  constructor(options: SessionMemoryOptions = {}) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.store = new BoundedEntries(options.maxEntries ?? 10_000, options.maxBytes ?? 4 * 1024 * 1024);
  }

  /** The kept copy of the session whose signed cookie value is `key`, while it is valid. */
  get(key: string, now = Date.now()): KnownSession | undefined {
    return this.store.get(key, now)?.session;
  }

  /** A mark to hand back to `keep`: what was read after it may be kept if nothing was forgotten since. */
  mark(): number {
    return this.generation;
  }

  /** Keeps what was read for `key` since `mark`, unless a notice came meanwhile or it is an admin's. */
  keep(key: string, session: KnownSession, mark: number, now = Date.now()): void {
    if (!this.listening || mark !== this.generation || session.user.role === "admin") return;
    const expiresAt = Math.min(session.expiresAt, now + this.ttlMs);
    if (expiresAt > now) this.store.set(key, { session, expiresAt, bytes: sizeOf(key, session) }, now);
  }

  /** A notice from the database: `s:<session id>` or `u:<user id>`; anything else forgets everything. */
  forget(notice: string): void {
    const [kind, id] = [notice.slice(0, 2), notice.slice(2)];
    if ((kind !== "s:" && kind !== "u:") || !id) return this.forgetAll();
    this.generation++;
    this.store.deleteWhere(({ session }) => (kind === "s:" ? session.sessionId : session.user.id) === id);
  }

  forgetAll(): void {
    this.generation++;
    this.store.clear();
  }

  /** Whether changes can be heard; while they cannot, nothing is kept. */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.forgetAll();
  }

  /** Hears the database's notices on `database` (migration 0013); answers what stops listening. */
  listen(database: Pick<Database, "subscribe">): () => Promise<void> {
    return database.subscribe(SESSIONS_CHANNEL, {
      onMessage: (notice) => this.forget(notice),
      onReconnect: () => this.forgetAll(),
      onListening: () => this.setListening(true),
      onLost: () => this.setListening(false),
    });
  }
}

/** About what a copy holds: its strings (two bytes a character) and the objects around them. */
function sizeOf(key: string, session: KnownSession): number {
  const { user } = session;
  return 2 * (key.length + session.sessionId.length + user.id.length + user.email.length + user.name.length) + 200;
}
