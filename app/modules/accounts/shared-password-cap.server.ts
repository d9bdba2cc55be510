import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/lib/db/client.server";
import { hit, RATE_LIMITS, reset } from "~/lib/rate-limit.server";
import { rateLimited } from "./account-limits.server";
import { log } from "~/lib/log.server";

/**
 * The shop-wide cap of the shared admin password (SECURE_ADMIN_PASSWORD), typed at /secure-admin and
 * /admin. The per-address and per-account limits stop one guesser; this stops many addresses guessing
 * together: 20 wrong passwords in 15 minutes, from anywhere, lock the shared password — every attempt,
 * the right one included, answers 429 — for 5 minutes, twice as long at each following trip (at most an
 * hour) until a day passes without one. The owner is told by e-mail once per trip. Accounts with the
 * admin role never need the shared password, so the owner keeps a way in while it is locked.
 *
 * Both counters are rows of the `rate_limit` table (keys "app:shared-password:…"), so every process
 * and instance on one PostgreSQL counts together. The wrong password that makes the count reach the
 * limit is the one that trips the lock (the count goes up in one atomic statement, so exactly one
 * request sees it), which is why the trip's lock and e-mail happen once.
 */
export const SHARED_PASSWORD_FAILURES_KEY = "shared-password:failures";
export const SHARED_PASSWORD_LOCK_KEY = "shared-password:lock";
const FIRST_LOCK_SECONDS = 5 * 60;
const LONGEST_LOCK_SECONDS = 60 * 60;
/** Trips are counted anew once a lock has been over for this long. */
const TRIPS_FORGOTTEN_AFTER_MS = 24 * 60 * 60 * 1000;

/** How long the n-th trip in a row locks the shared password: 5 min, doubled each time, at most 1 h. */
export function lockSeconds(trip: number): number {
  return Math.min(LONGEST_LOCK_SECONDS, FIRST_LOCK_SECONDS * 2 ** Math.max(0, trip - 1));
}

export interface SharedPasswordTrip {
  /** 1 for the first trip, 2 for the next one within a day of the last lock, … */
  trip: number;
  failures: number;
  windowMinutes: number;
  lockedMinutes: number;
}

export type SharedPasswordCap = ReturnType<typeof createSharedPasswordCap>;

export function createSharedPasswordCap(deps: {
  db: Db;
  /** Tells the owner (an e-mail); its failure is logged, never the guesser's answer. */
  onTrip: (trip: SharedPasswordTrip) => Promise<void>;
}) {
  const rule = RATE_LIMITS.sharedPasswordShopWide;
  const lockKey = `app:${SHARED_PASSWORD_LOCK_KEY}`;

  async function lock(now: number): Promise<number> {
    const [prior] = await queryRows<{ count: number; last_request: string | number }>(
      deps.db,
      sql`select count, last_request from rate_limit where key = ${lockKey}`,
    );
    const trip = prior && Number(prior.last_request) > now - TRIPS_FORGOTTEN_AFTER_MS ? Number(prior.count) + 1 : 1;
    const until = now + lockSeconds(trip) * 1000;
    await deps.db.execute(
      sql`insert into rate_limit (id, key, count, last_request) values (${randomUUID()}, ${lockKey}, ${trip}, ${until})
          on conflict (key) do update set count = excluded.count, last_request = excluded.last_request`,
    );
    return trip;
  }

  return {
    /** Throws 'rate-limited' while the shared password is locked; asked before any password is compared. */
    async assertOpen(now = Date.now()): Promise<void> {
      const [row] = await queryRows<{ last_request: string | number }>(
        deps.db,
        sql`select last_request from rate_limit where key = ${lockKey}`,
      );
      if (row && Number(row.last_request) > now) throw rateLimited();
    },

    /** Counts a wrong shared password; the one that reaches the limit locks the password and tells the owner. */
    async failed(now = Date.now()): Promise<void> {
      const { count } = await hit(deps.db, SHARED_PASSWORD_FAILURES_KEY, rule, now);
      if (count !== rule.limit) return;
      await reset(deps.db, SHARED_PASSWORD_FAILURES_KEY);
      const trip = await lock(now);
      void deps
        .onTrip({
          trip,
          failures: rule.limit,
          windowMinutes: rule.windowSeconds / 60,
          lockedMinutes: lockSeconds(trip) / 60,
        })
        .catch((error: unknown) => log.warn({ err: error }, "[accounts] shared password alert failed"));
    },
  };
}
