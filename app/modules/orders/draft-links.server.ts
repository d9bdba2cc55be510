import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * A draft order's payment link (issue 32, decision 0041): `/pay/<order number>?t=<token>`, the token an
 * HMAC of the order number and the link's expiry with a key derived from AUTH_SECRET for this purpose
 * only (so no other signed link of the shop is valid as one). Holding it lets anyone pay that one order
 * until the expiry (the order's own `payment_due_at` is checked too), nothing else: it shows no other
 * order and attaches nothing to an account.
 */
const ORDER_NUMBER = /^[A-Za-z0-9][A-Za-z0-9-]{0,31}$/;
const EXPIRES = /^[0-9a-z]{1,12}$/;

export interface DraftLink {
  orderNumber: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

export function createDraftLinks(authSecret: string) {
  const key = createHmac("sha256", authSecret).update("abundance:draft-order-payment-link").digest();
  const sign = (payload: string) => createHmac("sha256", key).update(payload).digest("base64url");
  return {
    /** The token of a link to pay `orderNumber` until `expiresAt`. */
    token(orderNumber: string, expiresAt: Date): string {
      const payload = `${orderNumber}.${Math.floor(expiresAt.getTime() / 1000).toString(36)}`;
      return `${payload}.${sign(payload)}`;
    },
    /** The order number and expiry of a genuine, unexpired token; null for anything else. */
    read(token: unknown, now = new Date()): DraftLink | null {
      if (typeof token !== "string" || token.length > 200) return null;
      const parts = token.split(".");
      if (parts.length !== 3) return null;
      const [orderNumber, expires, signature] = parts as [string, string, string];
      if (!ORDER_NUMBER.test(orderNumber) || !EXPIRES.test(expires)) return null;
      const expected = Buffer.from(sign(`${orderNumber}.${expires}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const expiresAt = parseInt(expires, 36);
      if (expiresAt * 1000 <= now.getTime()) return null;
      return { orderNumber, expiresAt };
    },
  };
}
export type DraftLinks = ReturnType<typeof createDraftLinks>;

/** The payment page of a draft's order with its token: what the e-mail links to. */
export function draftPayUrl(publicUrl: string, orderNumber: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/pay/${encodeURIComponent(orderNumber)}?t=${encodeURIComponent(token)}`;
}
