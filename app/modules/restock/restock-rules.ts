import { z } from "zod";
import { emailField } from "~/lib/form-fields";
import { parseE164 } from "~/modules/notifications/phone-numbers";
import { RESTOCK_MESSAGES } from "./restock-texts";

export { RESTOCK_MESSAGES } from "./restock-texts";

/**
 * Back in stock, per size and colour (issue 31): the pure rules. A round notifies, per variant whose
 * stock rose, at most (units that came back, no more than the stock it has now) × the factor of the
 * waiting subscribers, oldest first; the rest wait one wave and are notified in a later round if the
 * variant is still in stock, or at once when more stock arrives. A subscription ends once notified, or
 * 90 days after it was made. docs/decisions/0036-back-in-stock.md.
 */

/** How long a subscription waits before it ends unnotified. */
export const SUBSCRIPTION_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

/** RESTOCK_NOTIFY_FACTOR's default: three shoppers told per unit that came back. */
export const DEFAULT_NOTIFY_FACTOR = 3;

/** When a subscription made at `createdAt` ends unnotified. */
export function subscriptionExpiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + SUBSCRIPTION_DAYS * DAY_MS);
}

/** Whether a subscription made at `createdAt` has ended by `now` (expired ones are never notified). */
export function isExpired(createdAt: Date, now: Date): boolean {
  return subscriptionExpiresAt(createdAt).getTime() <= now.getTime();
}

/** Subscriptions made at or before this moment have expired by `now`. */
export function expiryCutoff(now: Date): Date {
  return new Date(now.getTime() - SUBSCRIPTION_DAYS * DAY_MS);
}

/**
 * How many waiting subscribers of a variant a round notifies: the units that came back (no more than the
 * stock the variant has now: units sold meanwhile are not back) times the factor, never below zero.
 */
export function notifyBudget(input: { unitsBack: number; stockNow: number; factor: number }): number {
  const units = Math.max(0, Math.min(input.unitsBack, input.stockNow));
  return Math.max(0, Math.floor(units * input.factor));
}

/** What becomes of a variant's queued rise after a round. */
export type AfterRound = { kind: "done" } | { kind: "wait"; units: number; dueAt: Date };

/**
 * After a round notified `notified` of a variant's subscribers: done when nobody is left waiting or the
 * variant is sold out again (the rest then wait for the next rise); otherwise the units still in stock
 * stay queued and the next wave is due `waveMs` later (a rise meanwhile makes it due at once).
 */
export function afterRound(input: {
  unitsBack: number;
  stockNow: number;
  stillWaiting: number;
  now: Date;
  waveMs: number;
}): AfterRound {
  const units = Math.min(input.unitsBack, input.stockNow);
  if (input.stillWaiting <= 0 || units <= 0) return { kind: "done" };
  return { kind: "wait", units, dueAt: new Date(input.now.getTime() + input.waveMs) };
}

/** The 'Notify me' form, as the product page and `POST /api/back-in-stock` take it. */
export const subscribeSchema = z.object({
  productId: z.string().uuid({ error: RESTOCK_MESSAGES.notFound }),
  /** The variant by its id (the product page's form), or by its size and colour below (the JSON API). */
  variantId: z
    .string()
    .trim()
    .default("")
    .pipe(z.union([z.literal(""), z.string().uuid({ error: RESTOCK_MESSAGES.notFound })])),
  size: z.string().trim().max(60).default(""),
  color: z.string().trim().max(60).default(""),
  /** Ignored for a signed-in shopper: the account's e-mail is used. */
  email: z.string().trim().max(254).default(""),
  /** Optional: WhatsApp as well, to this number (E.164, or written with spaces and dashes). */
  phone: z
    .string()
    .trim()
    .max(40)
    .default("")
    .transform((value, ctx) => {
      if (value === "") return null;
      const e164 = parseE164(value);
      if (!e164) {
        ctx.addIssue({ code: "custom", message: RESTOCK_MESSAGES.invalidPhone });
        return z.NEVER;
      }
      return e164;
    }),
});
export type SubscribeInput = z.output<typeof subscribeSchema>;

/** A guest's e-mail, checked like every form's. */
export const guestEmail = emailField;
