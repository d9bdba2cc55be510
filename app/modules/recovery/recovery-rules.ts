import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Abandoned-checkout recovery's pure rules (issue 31, decision 0035): when a checkout is due a reminder,
 * which one, what follows a send, and the signed links a reminder carries (restore, unsubscribe).
 */

/** At most this many reminders per checkout (a cycle: from reaching checkout to paying or the last reminder). */
export const MAX_REMINDERS = 2;
/** The second reminder follows the first after this long. */
export const SECOND_REMINDER_HOURS = 24;
/** A restore link works this long after its reminder was sent. */
export const RESTORE_LINK_DAYS = 7;
/** A send that failed for a reason worth another try is tried again this much later. */
export const RETRY_MINUTES = 15;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type CheckoutStatus = "open" | "paid" | "done" | "unsubscribed";

export interface CheckoutState {
  status: CheckoutStatus;
  remindersSent: number;
  /** When the shopper agreed to marketing e-mail; null: never a reminder. */
  consentAt: Date | null;
  dueAt: Date | null;
}

/** When the first reminder is due: ABANDONED_CHECKOUT_MINUTES after the shopper last reached checkout. */
export function firstReminderDue(reachedAt: Date, abandonedMinutes: number): Date {
  return new Date(reachedAt.getTime() + abandonedMinutes * MINUTE);
}

/**
 * The reminder a checkout is due at `now` (1 or 2), or null: none for a checkout paid for, unsubscribed,
 * without consent, with its two reminders sent, or not due yet. A payment since it was reached is the
 * caller's to know (`paidSince`).
 */
export function reminderDue(state: CheckoutState, now: Date, paidSince = false): 1 | 2 | null {
  if (state.status !== "open" || paidSince || !state.consentAt) return null;
  if (state.remindersSent >= MAX_REMINDERS || !state.dueAt || state.dueAt.getTime() > now.getTime()) return null;
  return (state.remindersSent + 1) as 1 | 2;
}

/** What a checkout becomes once reminder `sent` went out at `now`: the next due time, and its status. */
export function afterReminder(sent: 1 | 2, now: Date): { dueAt: Date | null; status: CheckoutStatus } {
  return sent === 1
    ? { dueAt: new Date(now.getTime() + SECOND_REMINDER_HOURS * HOUR), status: "open" }
    : { dueAt: null, status: "done" };
}

/**
 * When a checkout is reached again: a cycle that ended (paid, done, unsubscribed) starts afresh; an open
 * one keeps its reminders, and while none was sent its first is pushed back to the new visit's due time.
 */
export function onReached(
  state: Pick<CheckoutState, "status" | "remindersSent" | "dueAt"> | null,
  reachedAt: Date,
  abandonedMinutes: number,
): { restart: boolean; dueAt: Date | null } {
  const first = firstReminderDue(reachedAt, abandonedMinutes);
  if (!state || state.status !== "open") return { restart: true, dueAt: first };
  if (state.remindersSent === 0) return { restart: false, dueAt: first };
  return { restart: false, dueAt: state.dueAt };
}

/** The percentage a second reminder's code takes off, when the owner's setting gives one; null for none. */
export function secondReminderPercent(settings: { discountCode: boolean; percentOff: number }): number | null {
  return settings.discountCode && settings.percentOff > 0 ? settings.percentOff : null;
}

export interface RestoreLink {
  checkoutId: string;
  /** Seconds since the epoch after which the link is refused. */
  expiresAt: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The links a reminder carries, signed with keys derived from AUTH_SECRET that sign nothing else: the
 * restore link (a checkout, valid RESTORE_LINK_DAYS), the unsubscribe link (an e-mail address; it never
 * expires: RFC 8058 asks that it keep working), and the attribution cookie (a checkout).
 */
export function createRecoveryLinks(authSecret: string) {
  const keyOf = (use: string) => createHmac("sha256", authSecret).update(`abundance:recovery:${use}`).digest();
  const keys = { restore: keyOf("restore"), unsubscribe: keyOf("unsubscribe"), attribution: keyOf("attribution") };
  const sign = (key: Buffer, payload: string) => createHmac("sha256", key).update(payload).digest("base64url");
  const verify = (key: Buffer, payload: string, signature: string) => {
    const expected = Buffer.from(sign(key, payload));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  return {
    restoreToken(checkoutId: string, now = new Date()): string {
      const expiresAt = Math.floor(now.getTime() / 1000) + RESTORE_LINK_DAYS * (DAY / 1000);
      const payload = `${checkoutId}.${expiresAt.toString(36)}`;
      return `${payload}.${sign(keys.restore, payload)}`;
    },
    /** The checkout a restore token names, or null when it is forged, malformed or past its 7 days. */
    readRestore(token: string, now = new Date()): RestoreLink | null {
      const parts = token.split(".");
      if (parts.length !== 3) return null;
      const [checkoutId, expires, signature] = parts as [string, string, string];
      if (!UUID.test(checkoutId) || !/^[0-9a-z]{1,12}$/.test(expires)) return null;
      if (!verify(keys.restore, `${checkoutId}.${expires}`, signature)) return null;
      const expiresAt = parseInt(expires, 36);
      if (expiresAt * 1000 < now.getTime()) return null;
      return { checkoutId, expiresAt };
    },
    unsubscribeToken(email: string): string {
      const payload = Buffer.from(email.toLowerCase()).toString("base64url");
      return `${payload}.${sign(keys.unsubscribe, payload)}`;
    },
    /** The e-mail address an unsubscribe token names, or null when it is forged or malformed. */
    readUnsubscribe(token: string): string | null {
      const parts = token.split(".");
      if (parts.length !== 2) return null;
      const [payload, signature] = parts as [string, string];
      if (!/^[A-Za-z0-9_-]{1,400}$/.test(payload) || !verify(keys.unsubscribe, payload, signature)) return null;
      return Buffer.from(payload, "base64url").toString("utf8");
    },
    /** The attribution cookie's value: the checkout a restore link was followed for. */
    attributionValue(checkoutId: string): string {
      return `${checkoutId}.${sign(keys.attribution, checkoutId)}`;
    },
    readAttribution(value: string | undefined | null): string | null {
      if (!value) return null;
      const [checkoutId, signature, ...rest] = value.split(".");
      if (rest.length > 0 || !checkoutId || !signature || !UUID.test(checkoutId)) return null;
      return verify(keys.attribution, checkoutId, signature) ? checkoutId : null;
    },
  };
}
export type RecoveryLinks = ReturnType<typeof createRecoveryLinks>;

/** The attribution cookie's name and life (the restore link's). */
export const ATTRIBUTION_COOKIE = "recovered_checkout";
export const ATTRIBUTION_MAX_AGE_SECONDS = RESTORE_LINK_DAYS * 24 * 60 * 60;
