import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The signed link of a review request (issue 29): it names one order line and when it stops working
 * (30 days after it was made), signed with a key derived from AUTH_SECRET that signs nothing else. The
 * link opens the review form for that line without a sign-in; the line can be reviewed once whatever
 * the link (the unique `reviews.order_item_id`), so a link is usable once per line.
 */
export const REVIEW_LINK_DAYS = 30;

export interface ReviewLink {
  orderItemId: string;
  /** Seconds since the epoch after which the link is refused. */
  expiresAt: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function createReviewLinks(authSecret: string) {
  const key = createHmac("sha256", authSecret).update("abundance:review-link").digest();
  const sign = (payload: string) => createHmac("sha256", key).update(payload).digest("base64url");

  return {
    /** The token for a line's review link, valid REVIEW_LINK_DAYS from `now`. */
    tokenFor(orderItemId: string, now = new Date()): string {
      const expiresAt = Math.floor(now.getTime() / 1000) + REVIEW_LINK_DAYS * 24 * 60 * 60;
      const payload = `${orderItemId}.${expiresAt.toString(36)}`;
      return `${payload}.${sign(payload)}`;
    },
    /** The line a token names, or null when it is forged, malformed or past its 30 days. */
    read(token: string, now = new Date()): ReviewLink | null {
      const parts = token.split(".");
      if (parts.length !== 3) return null;
      const [orderItemId, expires, signature] = parts as [string, string, string];
      if (!UUID.test(orderItemId) || !/^[0-9a-z]{1,12}$/.test(expires)) return null;
      const expected = Buffer.from(sign(`${orderItemId}.${expires}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const expiresAt = parseInt(expires, 36);
      if (expiresAt * 1000 < now.getTime()) return null;
      return { orderItemId, expiresAt };
    },
  };
}
export type ReviewLinks = ReturnType<typeof createReviewLinks>;
