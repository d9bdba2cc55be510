import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The signed links of guest checkout (issue 31, docs/decisions/0034-guest-checkout.md), each signed with
 * a key derived from AUTH_SECRET for that one purpose (like the review links), so a token of one kind is
 * never valid as another:
 *
 * - the **order link**: one order number and the e-mail it was placed with, valid ORDER_LINK_DAYS. It is
 *   in the order e-mail and the order-lookup e-mail, so holding it proves the mailbox: it shows that
 *   order without a sign-in, and an account created from it takes that e-mail's guest orders.
 * - the **claim link**: an account and its e-mail, valid CLAIM_LINK_DAYS, mailed to that e-mail after an
 *   account was made from a confirmation page without an order link: opening it proves the mailbox and
 *   attaches that e-mail's earlier guest orders to the account.
 */
export const ORDER_LINK_DAYS = 90;
export const CLAIM_LINK_DAYS = 7;

export interface OrderLink {
  orderNumber: string;
  email: string;
  expiresAt: number;
}

export interface ClaimLink {
  userId: string;
  email: string;
  expiresAt: number;
}

const DAY_SECONDS = 24 * 60 * 60;
const ORDER_NUMBER = /^[A-Za-z0-9][A-Za-z0-9-]{0,31}$/;
const USER_ID = /^[A-Za-z0-9_-]{1,100}$/;
const EXPIRES = /^[0-9a-z]{1,12}$/;

const encode = (text: string) => Buffer.from(text, "utf8").toString("base64url");
function decode(text: string): string | null {
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(text)) return null;
  const value = Buffer.from(text, "base64url").toString("utf8");
  return encode(value) === text ? value : null;
}

function signer(authSecret: string, purpose: string) {
  const key = createHmac("sha256", authSecret).update(`abundance:${purpose}`).digest();
  const sign = (payload: string) => createHmac("sha256", key).update(payload).digest("base64url");
  return {
    token(parts: readonly string[], days: number, now: Date): string {
      const expiresAt = Math.floor(now.getTime() / 1000) + days * DAY_SECONDS;
      const payload = [...parts, expiresAt.toString(36)].join(".");
      return `${payload}.${sign(payload)}`;
    },
    /** The token's parts (without the expiry) and its expiry, or null when forged, malformed or expired. */
    read(token: string, count: number, now: Date): { parts: string[]; expiresAt: number } | null {
      if (typeof token !== "string" || token.length > 1000) return null;
      const all = token.split(".");
      if (all.length !== count + 2) return null;
      const signature = all.pop()!;
      const expires = all.pop()!;
      if (!EXPIRES.test(expires)) return null;
      const expected = Buffer.from(sign([...all, expires].join(".")));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const expiresAt = parseInt(expires, 36);
      if (expiresAt * 1000 < now.getTime()) return null;
      return { parts: all, expiresAt };
    },
  };
}

export function createGuestLinks(authSecret: string) {
  const orderLinks = signer(authSecret, "guest-order-link");
  const claimLinks = signer(authSecret, "guest-order-claim");
  const normal = (email: string) => email.trim().toLowerCase();
  return {
    /** The token of an order's link (`/order-confirmation/<number>?t=…`), valid ORDER_LINK_DAYS from `now`. */
    orderToken(orderNumber: string, email: string, now = new Date()): string {
      return orderLinks.token([orderNumber, encode(normal(email))], ORDER_LINK_DAYS, now);
    },
    readOrderToken(token: string, now = new Date()): OrderLink | null {
      const read = orderLinks.read(token, 2, now);
      if (!read) return null;
      const [orderNumber, encoded] = read.parts as [string, string];
      const email = decode(encoded);
      if (!ORDER_NUMBER.test(orderNumber) || !email) return null;
      return { orderNumber, email, expiresAt: read.expiresAt };
    },
    /** The token of an account's claim link (`/orders/claim?token=…`), valid CLAIM_LINK_DAYS from `now`. */
    claimToken(userId: string, email: string, now = new Date()): string {
      return claimLinks.token([userId, encode(normal(email))], CLAIM_LINK_DAYS, now);
    },
    readClaimToken(token: string, now = new Date()): ClaimLink | null {
      const read = claimLinks.read(token, 2, now);
      if (!read) return null;
      const [userId, encoded] = read.parts as [string, string];
      const email = decode(encoded);
      if (!USER_ID.test(userId) || !email) return null;
      return { userId, email, expiresAt: read.expiresAt };
    },
  };
}
export type GuestLinks = ReturnType<typeof createGuestLinks>;

/** The order's page with its signed token: what the order e-mail and the lookup e-mail link to. */
export function orderLinkUrl(publicUrl: string, orderNumber: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/order-confirmation/${encodeURIComponent(orderNumber)}?t=${encodeURIComponent(token)}`;
}
