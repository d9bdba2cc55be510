import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { orderDiscounts, orders, user } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import { hit, TOO_MANY_ATTEMPTS, type RateLimitRule } from "~/lib/rate-limit.server";
import { DomainError } from "~/lib/domain-error";
import { log } from "~/lib/log.server";
import { claimMail, orderLookupMail, type GuestMail, type GuestMailer } from "./guest-order-mails";
import { orderLinkUrl, type GuestLinks } from "./guest-links.server";

/**
 * Guest checkout's after-sale (issue 31, docs/decisions/0034-guest-checkout.md): a guest order
 * (`user_id` null, `customer_email` set) becomes an account's only on proof:
 *
 * - the order(s) this browser placed (the signed placed-orders cookie) whose e-mail is the new account's;
 * - every guest order of an e-mail once that e-mail is proven: the account was created from a signed
 *   order link (mailed to it), or a claim link mailed to it was opened while signed in to that account.
 *
 * Typing an e-mail proves nothing, so it attaches nothing. The order lookup mails signed links to the
 * e-mail's guest orders and answers the same whether anything matched or not.
 */
export const GUEST_LIMITS = {
  /** Lookups asked from one client address. */
  lookupPerIp: { limit: 10, windowSeconds: 60 * 60 },
  /** Lookup mails to one e-mail, whoever asks. */
  lookupPerEmail: { limit: 3, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;

/** The most orders one lookup mail links to (the newest). */
export const LOOKUP_MAX_ORDERS = 20;

const normal = (email: string) => email.trim().toLowerCase();

export interface GuestOrderDeps {
  db: Db;
  mailer: GuestMailer;
  links: GuestLinks;
  publicUrl: string;
  /** The store's name as the owner set it (read when a mail is written). */
  shopName: () => Promise<string>;
  /** RATE_LIMIT_IP_MULTIPLIER: scales the per-address limit (the per-e-mail one stays). */
  rateLimitIpMultiplier?: number;
  /** Where a mail that failed is reported (tests); the log by default. */
  onMailError?: (error: unknown) => void;
}

/**
 * Gives the account the guest orders that match: of `email`, no account yet, and (when given) one of
 * `orderNumbers`. Their discounts' uses move with them (a per-customer limit counts them for the account).
 * Answers the numbers attached.
 */
export async function attachGuestOrders(
  db: Db,
  input: { userId: string; email: string; orderNumbers?: readonly string[] },
): Promise<string[]> {
  if (input.orderNumbers && input.orderNumbers.length === 0) return [];
  return db.transaction(async (tx) => {
    const attached = await tx
      .update(orders)
      .set({ userId: input.userId, updatedAt: new Date() })
      .where(
        and(
          isNull(orders.userId),
          sql`lower(${orders.customerEmail}) = ${normal(input.email)}`,
          input.orderNumbers ? inArray(orders.orderNumber, [...input.orderNumbers]) : undefined,
        ),
      )
      .returning({ id: orders.id, orderNumber: orders.orderNumber });
    if (attached.length > 0) {
      await tx
        .update(orderDiscounts)
        .set({ userId: input.userId })
        .where(
          and(
            inArray(
              orderDiscounts.orderId,
              attached.map((o) => o.id),
            ),
            isNull(orderDiscounts.userId),
          ),
        );
    }
    return attached.map((o) => o.orderNumber);
  });
}

/** How many guest orders an e-mail still has (no account). */
export async function guestOrderCount(db: Db, email: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(isNull(orders.userId), sql`lower(${orders.customerEmail}) = ${normal(email)}`));
  return Number(row?.n ?? 0);
}

export function createGuestOrders(deps: GuestOrderDeps) {
  const { db, mailer, links, publicUrl } = deps;
  const reportMailError =
    deps.onMailError ?? ((error: unknown) => log.error(`[guest-orders] mail failed: ${String(error)}`));

  /** Sent in the background: the answer (and its timing) does not depend on whether a mail went out. */
  function sendLater(write: () => Promise<GuestMail | null>): Promise<void> {
    return write()
      .then((message) => (message ? mailer.send(message).then(() => undefined) : undefined))
      .catch(reportMailError);
  }

  return {
    links,
    /**
     * The order lookup: mails signed links to the e-mail's guest orders (the one numbered, when a number
     * is given), newest first, at most LOOKUP_MAX_ORDERS. Nothing is said back: no match, a match, the
     * e-mail's limit reached all answer alike (the caller shows the same page); only too many lookups from
     * one client address are refused (rate-limited). Answers the background send (tests wait
     * on it; the route does not).
     */
    async requestLookup(input: { email: string; orderNumber?: string | null; clientAddress: string }) {
      const email = normal(input.email);
      // Too many from one address is said (it is about the asker); too many to one e-mail is not.
      const perIp = {
        ...GUEST_LIMITS.lookupPerIp,
        limit: GUEST_LIMITS.lookupPerIp.limit * (deps.rateLimitIpMultiplier ?? 1),
      };
      const fromAddress = await hit(db, `guest-lookup:ip:${input.clientAddress}`, perIp);
      if (!fromAddress.allowed) throw new DomainError("rate-limited", TOO_MANY_ATTEMPTS, { reason: "RATE_LIMITED" });
      const toEmail = await hit(db, `guest-lookup:email:${email}`, GUEST_LIMITS.lookupPerEmail);
      if (!toEmail.allowed) return { sent: Promise.resolve() };
      const sent = sendLater(async () => {
        const found = await db
          .select({ orderNumber: orders.orderNumber, createdAt: orders.createdAt, totalCents: orders.totalCents })
          .from(orders)
          .where(
            and(
              isNull(orders.userId),
              sql`lower(${orders.customerEmail}) = ${email}`,
              eq(orders.isTest, false),
              input.orderNumber ? eq(orders.orderNumber, input.orderNumber.trim().toUpperCase()) : undefined,
            ),
          )
          .orderBy(desc(orders.createdAt))
          .limit(LOOKUP_MAX_ORDERS);
        if (found.length === 0) return null;
        const lines = found.map((o) => ({
          ...o,
          url: orderLinkUrl(publicUrl, o.orderNumber, links.orderToken(o.orderNumber, email)),
        }));
        return orderLookupMail(email, lines, await deps.shopName());
      });
      return { sent };
    },

    /**
     * After an account was created from an order's confirmation page: attaches the orders this browser
     * placed with the account's e-mail, and every guest order of the e-mail when the page was opened
     * with a valid order link for that e-mail (the mailbox is proven). Otherwise, when the e-mail has
     * other guest orders, mails the account a claim link to prove it. Answers what was attached.
     */
    async afterAccountCreated(input: {
      userId: string;
      email: string;
      placedNumbers: readonly string[];
      orderToken: string | null;
    }): Promise<{ attached: string[]; claimMailed: Promise<void> | null }> {
      const email = normal(input.email);
      const proven = input.orderToken ? links.readOrderToken(input.orderToken) : null;
      if (proven && proven.email === email) {
        return { attached: await attachGuestOrders(db, { userId: input.userId, email }), claimMailed: null };
      }
      const attached = await attachGuestOrders(db, { userId: input.userId, email, orderNumbers: input.placedNumbers });
      if ((await guestOrderCount(db, email)) === 0) return { attached, claimMailed: null };
      const claimMailed = sendLater(async () => {
        const url = `${publicUrl.replace(/\/+$/, "")}/orders/claim?token=${encodeURIComponent(links.claimToken(input.userId, email))}`;
        return claimMail(email, url, await deps.shopName());
      });
      return { attached, claimMailed };
    },

    /**
     * A claim link opened by the account it names (signed in: the session proves the account, the link
     * the mailbox), still with the e-mail it was mailed to: that e-mail's guest orders join the account.
     * Null when the token is forged or expired, names another account, or the account's e-mail changed.
     * The session is needed too: someone who registered another person's e-mail gets nothing when that
     * person opens the link in their own browser.
     */
    async claim(
      token: string,
      signedInUserId: string,
      now = new Date(),
    ): Promise<{ userId: string; attached: string[] } | null> {
      const link = links.readClaimToken(token, now);
      if (!link || link.userId !== signedInUserId) return null;
      const [account] = await db.select({ id: user.id, email: user.email }).from(user).where(eq(user.id, link.userId));
      if (!account || normal(account.email) !== link.email) return null;
      return { userId: account.id, attached: await attachGuestOrders(db, { userId: account.id, email: link.email }) };
    },
  };
}
export type GuestOrders = ReturnType<typeof createGuestOrders>;
