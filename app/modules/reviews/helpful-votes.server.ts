import { createHmac, randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { createCookie, type Cookie } from "react-router";
import { products, reviews, reviewVotes } from "#db/schema";
import type { Db } from "~/lib/db/client.server";
import { DomainError } from "~/lib/domain-error";
import { hit, type RateLimitRule } from "~/lib/rate-limit.server";
import { SESSION_COOKIE_PREFIX } from "~/lib/http/cookie-prefix";

/**
 * 'Was this helpful?' (issue 29): one vote per visitor and review, not gameable by reloading.
 *
 * - **Who votes.** A signed-in shopper votes as their account; anyone else as this browser: a random id in
 *   a signed, httpOnly cookie, set on the first vote. `review_votes` keeps the voter as `u:<account id>`
 *   or `v:<an HMAC of the browser's id>`, never the cookie's value itself.
 * - **Once.** The vote's row (review, voter) is the table's primary key: a second vote of the same voter —
 *   a reload, a repeated POST, a double click — inserts nothing, and the review's `helpful_count` is
 *   raised in the same transaction only when the row was inserted.
 * - **What it does not stop.** A visitor who clears their cookies (or opens a private window) is a new
 *   browser and can vote again, as can one who votes signed out and then signed in. Every vote, counted
 *   or not, is therefore also counted per address: at most `VOTES_PER_IP` an hour (× RATE_LIMIT_IP_MULTIPLIER),
 *   which bounds what one address can add to any review.
 * - The cookie is scoped to `/api/reviews`: pages never carry it, so it does not keep a visitor out of
 *   the shared page cache.
 */
export const VOTER_COOKIE = `${SESSION_COOKIE_PREFIX}.voter`;
const VOTER_COOKIE_SECONDS = 365 * 24 * 60 * 60;
export const VOTES_PER_IP: RateLimitRule = { limit: 60, windowSeconds: 60 * 60 };
export const TOO_MANY_VOTES = "Too many votes from your network. Please try again later.";
export const REVIEW_NOT_FOUND = "Review not found";

const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;

/** What the vote's route answers a page's fetcher. */
export type HelpfulAnswer = { ok: true; counted: boolean; helpfulCount: number } | { ok: false; error: string };

export interface VoteResult {
  /** False when this voter had already voted for it: nothing changed. */
  counted: boolean;
  helpfulCount: number;
  /** The reviewed product's slug, for the way back to its page. */
  productSlug: string;
}

export type HelpfulVotes = ReturnType<typeof createHelpfulVotes>;

export function createHelpfulVotes(deps: {
  db: Db;
  authSecret: string;
  secureCookies: boolean;
  rateLimitIpMultiplier: number;
}) {
  // Keys of their own, derived from the auth secret: valid for no other cookie or purpose.
  const cookieKey = createHmac("sha256", deps.authSecret).update("abundance:review-voter-cookie").digest("base64url");
  const voterKey = createHmac("sha256", deps.authSecret).update("abundance:review-voter-id").digest();
  const cookie: Cookie = createCookie(VOTER_COOKIE, {
    secrets: [cookieKey],
    httpOnly: true,
    sameSite: "lax",
    path: "/api/reviews",
    secure: deps.secureCookies,
    maxAge: VOTER_COOKIE_SECONDS,
  });
  const rule: RateLimitRule = { ...VOTES_PER_IP, limit: VOTES_PER_IP.limit * deps.rateLimitIpMultiplier };

  async function visitorId(request: Request): Promise<string | null> {
    try {
      const value: unknown = await cookie.parse(request.headers.get("cookie"));
      return typeof value === "string" && VISITOR_ID.test(value) ? value : null;
    } catch {
      return null;
    }
  }

  return {
    /**
     * Who votes: the account, else this browser (a new one is given an id: `setCookie` is then the
     * header that keeps it).
     */
    async voterOf(request: Request, userId: string | null): Promise<{ voter: string; setCookie?: string }> {
      if (userId) return { voter: `u:${userId}` };
      const known = await visitorId(request);
      const id = known ?? randomBytes(16).toString("base64url");
      const voter = `v:${createHmac("sha256", voterKey).update(id).digest("base64url").slice(0, 32)}`;
      return known ? { voter } : { voter, setCookie: await cookie.serialize(id) };
    },

    /** Counts one vote from `address` (every vote, counted or not); throws 'rate-limited' past the limit. */
    async limit(address: string): Promise<void> {
      if (!(await hit(deps.db, `review-vote:ip:${address}`, rule)).allowed)
        throw new DomainError("rate-limited", TOO_MANY_VOTES, { reason: "RATE_LIMITED" });
    },

    /**
     * The voter finds the published review helpful: its vote is recorded and the count raised, in one
     * transaction, only if this voter had not voted for it yet. Throws 'not-found' for a review that is
     * not published (unknown, held or hidden).
     */
    vote(reviewId: string, voter: string): Promise<VoteResult> {
      return deps.db.transaction(async (tx) => {
        const [review] = await tx
          .select({ helpfulCount: reviews.helpfulCount, productSlug: products.slug })
          .from(reviews)
          .innerJoin(products, eq(products.id, reviews.productId))
          .where(and(eq(reviews.id, reviewId), sql`${reviews.status} = 'published'`));
        if (!review) throw new DomainError("not-found", REVIEW_NOT_FOUND, { reason: "REVIEW_NOT_FOUND" });
        const inserted = await tx
          .insert(reviewVotes)
          .values({ reviewId, voter })
          .onConflictDoNothing()
          .returning({ reviewId: reviewVotes.reviewId });
        if (inserted.length === 0) {
          // Already voted: the count as it stands now (another voter may have raised it meanwhile).
          const [now] = await tx
            .select({ helpfulCount: reviews.helpfulCount })
            .from(reviews)
            .where(eq(reviews.id, reviewId));
          return {
            counted: false,
            helpfulCount: now?.helpfulCount ?? review.helpfulCount,
            productSlug: review.productSlug,
          };
        }
        const [raised] = await tx
          .update(reviews)
          .set({ helpfulCount: sql`${reviews.helpfulCount} + 1` })
          .where(eq(reviews.id, reviewId))
          .returning({ helpfulCount: reviews.helpfulCount });
        return { counted: true, helpfulCount: raised!.helpfulCount, productSlug: review.productSlug };
      });
    },
  };
}
