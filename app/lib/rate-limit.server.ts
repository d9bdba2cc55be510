import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "./db/client.server";

/**
 * Fixed-window rate limits kept in the database (the auth library's `rate_limit` table, keys of our
 * own prefixed with "app:"), so that every app instance counts together.
 */
export interface RateLimitRule {
  /** Attempts allowed per window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Attempts counted in the current window, this one included. */
  count: number;
  /** Seconds until the window ends, when not allowed. */
  retryAfterSeconds: number;
}

/** Counts one attempt against `key` and says whether it is within the rule. One atomic statement. */
export async function hit(db: Db, key: string, rule: RateLimitRule, now = Date.now()): Promise<RateLimitResult> {
  const windowStart = now - rule.windowSeconds * 1000;
  const [row] = await queryRows<{ count: number; last_request: string | number }>(
    db,
    sql`insert into rate_limit (id, key, count, last_request) values (${randomUUID()}, ${`app:${key}`}, 1, ${now})
        on conflict (key) do update set
          count = case when rate_limit.last_request < ${windowStart} then 1 else rate_limit.count + 1 end,
          last_request = case when rate_limit.last_request < ${windowStart} then ${now} else rate_limit.last_request end
        returning count, last_request`,
  );
  const count = Number(row?.count ?? 1);
  const started = Number(row?.last_request ?? now);
  const allowed = count <= rule.limit;
  return {
    allowed,
    count,
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((started + rule.windowSeconds * 1000 - now) / 1000)),
  };
}

/** Forgets the attempts of `key` (e.g. an account's failed sign-ins after a successful one). */
export async function reset(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limit where key = ${`app:${key}`}`);
}

/** How many attempts `key` has made in its current window (0 when none or expired). */
export async function attempts(db: Db, key: string, rule: RateLimitRule, now = Date.now()): Promise<number> {
  const [row] = await queryRows<{ count: number; last_request: string | number }>(
    db,
    sql`select count, last_request from rate_limit where key = ${`app:${key}`}`,
  );
  if (!row || Number(row.last_request) < now - rule.windowSeconds * 1000) return 0;
  return Number(row.count);
}

/** The limits of the store's account endpoints (ASVS: ≤ 100 failed attempts per account per hour). */
export const RATE_LIMITS = {
  signInPerIp: { limit: 20, windowSeconds: 60 },
  failedSignInPerAccount: { limit: 10, windowSeconds: 15 * 60 },
  signUpPerIp: { limit: 10, windowSeconds: 60 * 60 },
  resetPerIp: { limit: 10, windowSeconds: 60 * 60 },
  resetPerAccount: { limit: 3, windowSeconds: 60 * 60 },
  secureAdminPerIp: { limit: 10, windowSeconds: 15 * 60 },
  /**
   * Wrong shared admin passwords (SECURE_ADMIN_PASSWORD) the whole shop takes, from every address, before
   * that password is locked for a while (accounts/shared-password-cap.server.ts).
   */
  sharedPasswordShopWide: { limit: 20, windowSeconds: 15 * 60 },
  /** Each placed order holds stock until it is paid or expires: one account cannot hoard it. */
  ordersPerAccount: { limit: 30, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

export const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a few minutes and try again.";
