import { sql } from "drizzle-orm";
import { ZodError } from "zod";
import type { CheckoutLineSnapshot } from "#db/schema/recovery";
import { queryRows, type Db } from "~/lib/db/client.server";
import { log } from "~/lib/log.server";
import { runPeriodically } from "~/lib/periodic.server";
import { DomainError, isDomainError } from "~/lib/domain-error";
import { hit, type RateLimitRule } from "~/lib/rate-limit.server";
import { addLine, getCart, previewGuestCart } from "~/modules/cart/server-cart.server";
import { MailError, type Mailer } from "~/modules/notifications/mailer.server";
import type { ShopIdentity } from "~/modules/notifications/message-kinds";
import { parseE164, whatsappAddress } from "~/modules/notifications/phone-numbers";
import { renderCheckoutReminderEmail } from "~/modules/notifications/render-email.server";
import type { ReminderLine } from "~/modules/notifications/templates/checkout-reminder-email";
import type { WhatsAppSender } from "~/modules/notifications/twilio-client.server";
import { RECOVERY_MESSAGES } from "./recovery-api";
import { createReminderCode } from "./reminder-codes.server";
import {
  MAX_REMINDERS,
  RESTORE_LINK_DAYS,
  RETRY_MINUTES,
  SECOND_REMINDER_HOURS,
  secondReminderPercent,
  type RecoveryLinks,
} from "./recovery-rules";

/**
 * Abandoned-checkout recovery (issue 31, decision 0035): what is recorded when a shopper reaches
 * checkout, the background scan that sends the reminders, the restore link's lines, unsubscribing, and
 * the owner's figures.
 *
 * - **Recorded** with one upsert per visit: one row per account, or per guest e-mail, its lines a
 *   snapshot of the cart. A visit after the cycle ended (paid, both reminders sent, unsubscribed) starts
 *   a new cycle; while no reminder went out, each visit pushes the first back.
 * - **Scanned** from the partial index of due rows only: rows paid for since (an order of the account or
 *   the e-mail paid after the visit) or without consent leave it; the rest are claimed with
 *   `FOR UPDATE SKIP LOCKED` and moved on (count + 1, next due time) in the claiming statement itself, so
 *   two scans — two instances — never claim the same reminder. The mail is sent after the claim; a send
 *   that failed for a reason worth retrying is handed back (count − 1, due again in RETRY_MINUTES).
 */

export interface RecordInput {
  /** The account; null for a guest (then `email` is the key). */
  userId: string | null;
  email: string;
  phone: string | null;
  lines: readonly CheckoutLineSnapshot[];
  /** The checkout's marketing checkbox: true/false as ticked, null when not asked (the page opened). */
  consent: boolean | null;
  /** The checkout's WhatsApp checkbox. */
  whatsapp: boolean;
}

export interface RecoverySettingsValue {
  /** The second reminder carries a single-use code. */
  discountCode: boolean;
  percentOff: number;
}

/** Records (or refreshes) the checkout a shopper reached; nothing for an empty cart. Answers the row's id. */
export async function recordCheckout(
  db: Db,
  input: RecordInput,
  now: Date,
  abandonedMinutes: number,
): Promise<string | null> {
  if (input.lines.length === 0) return null;
  const email = input.email.trim().toLowerCase();
  const due = new Date(now.getTime() + abandonedMinutes * 60_000).toISOString();
  const at = now.toISOString();
  const lines = JSON.stringify(input.lines);
  // The consent asked now; not asked (null): the account's newsletter consent, unless one is on record.
  const consentNew =
    input.consent === true
      ? sql`${at}::timestamptz`
      : input.consent === false
        ? sql`null::timestamptz`
        : input.userId
          ? sql`(select p.newsletter_consent_at from profiles p where p.user_id = ${input.userId} and p.subscribe_newsletter)`
          : sql`null::timestamptz`;
  const keep = input.consent === null;
  const whatsappAt = input.whatsapp && input.phone ? sql`${at}::timestamptz` : sql`null::timestamptz`;
  const target = input.userId ? sql`(user_id) where user_id is not null` : sql`(email) where user_id is null`;
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`
      insert into abandoned_checkouts as c
        (user_id, email, phone, lines, status, reached_at, consent_at, whatsapp_consent_at, due_at)
      values (${input.userId}, ${email}, ${input.phone}, ${lines}::jsonb, 'open', ${at}::timestamptz,
              ${consentNew}, ${whatsappAt}, ${due}::timestamptz)
      on conflict ${target} do update set
        email = excluded.email,
        phone = coalesce(excluded.phone, c.phone),
        lines = excluded.lines,
        reached_at = excluded.reached_at,
        consent_at = case
          when ${keep}::boolean and c.status <> 'unsubscribed' then coalesce(c.consent_at, excluded.consent_at)
          when ${keep}::boolean then excluded.consent_at
          when excluded.consent_at is null then null
          else coalesce(c.consent_at, excluded.consent_at) end,
        whatsapp_consent_at = case when ${keep}::boolean then c.whatsapp_consent_at
          else coalesce(c.whatsapp_consent_at, excluded.whatsapp_consent_at) end,
        status = 'open',
        reminders_sent = case when c.status = 'open' then c.reminders_sent else 0 end,
        first_sent_at = case when c.status = 'open' then c.first_sent_at else null end,
        second_sent_at = case when c.status = 'open' then c.second_sent_at else null end,
        discount_code_id = case when c.status = 'open' then c.discount_code_id else null end,
        unsubscribed_at = case when c.status = 'open' then c.unsubscribed_at else null end,
        due_at = case when c.status <> 'open' or c.reminders_sent = 0 then excluded.due_at
                      when c.reminders_sent < ${MAX_REMINDERS} then coalesce(c.due_at, excluded.due_at)
                      else null end,
        updated_at = now()
      returning id`,
  );
  return row?.id ?? null;
}

/** Whether an account agreed to marketing e-mail (the registration's newsletter checkbox, or its profile). */
export async function newsletterConsent(db: Db, userId: string): Promise<boolean> {
  const [row] = await queryRows<{ on: boolean }>(
    db,
    sql`select subscribe_newsletter as on from profiles where user_id = ${userId}`,
  );
  return row?.on ?? false;
}

/** The lines of an account's server cart, as a checkout's snapshot. */
export async function accountCartSnapshot(db: Db, userId: string): Promise<CheckoutLineSnapshot[]> {
  return (await getCart(db, userId)).map((l) => ({
    productId: l.productId,
    size: l.size,
    color: l.color,
    quantity: l.quantity,
  }));
}

/** "Paid since reached": an order of the account, or of the e-mail, paid after the shopper's last visit. */
const paidSince = sql`exists (
  select 1 from orders o
   where ((c.user_id is not null and o.user_id = c.user_id) or lower(o.customer_email) = c.email)
     and o.paid_at is not null and o.paid_at >= c.reached_at and not o.is_test)`;

interface ClaimedCheckout {
  id: string;
  email: string;
  phone: string | null;
  whatsapp_consent_at: Date | null;
  lines: CheckoutLineSnapshot[];
  reminders_sent: number;
}

export interface ScanDeps {
  db: Db;
  mailer: Mailer;
  whatsapp: WhatsAppSender | undefined;
  links: RecoveryLinks;
  publicUrl: string;
  shop: () => Promise<ShopIdentity>;
  settings: () => Promise<RecoverySettingsValue>;
  maxPerProduct: number;
  /** Rows claimed per statement (default 8). */
  batch?: number;
  /**
   * The yield rule for background work: a run claims no further batch once it has taken this long
   * (default 20 ms); what is left is due at the next run.
   */
  sliceMs?: number;
}

export interface ScanResult {
  /** Reminders that went out (e-mail sent). */
  sent: number;
  /** Due rows closed without a send: paid for since, or without consent. */
  closed: number;
  /** Sends that failed (handed back for a later try, or given up). */
  failed: number;
}

const url = (base: string, path: string) => `${base.replace(/\/+$/, "")}${path}`;

/** One scan at `now`: closes what needs no reminder, claims the due reminders and sends them. */
export async function runRecoveryScan(deps: ScanDeps, now: Date): Promise<ScanResult> {
  const { db } = deps;
  const batch = deps.batch ?? 8;
  const sliceMs = deps.sliceMs ?? 20;
  const started = performance.now();
  const at = now.toISOString();
  // Due rows that need no reminder leave the due index: paid for since the visit, or no consent.
  const closed = await queryRows<{ id: string }>(
    db,
    sql`
      with due as (
        select id from abandoned_checkouts
         where due_at is not null and due_at <= ${at}::timestamptz
         order by due_at limit ${batch * 4}
         for update skip locked)
      update abandoned_checkouts c set
        status = case when ${paidSince} then 'paid' else c.status end,
        due_at = null, updated_at = now()
      from due
      where c.id = due.id and (c.status <> 'open' or c.consent_at is null or ${paidSince})
      returning c.id`,
  );
  const result: ScanResult = { sent: 0, closed: closed.length, failed: 0 };
  for (;;) {
    // The claim moves the row on in the same statement: a second scan (another instance) finds it not due.
    const claimed = await queryRows<ClaimedCheckout>(
      db,
      sql`
        with due as (
          select id from abandoned_checkouts c
           where c.due_at is not null and c.due_at <= ${at}::timestamptz
             and c.status = 'open' and c.consent_at is not null and c.reminders_sent < ${MAX_REMINDERS}
             and not ${paidSince}
           order by c.due_at limit ${batch}
           for update skip locked)
        update abandoned_checkouts c set
          reminders_sent = c.reminders_sent + 1,
          first_sent_at = case when c.reminders_sent = 0 then ${at}::timestamptz else c.first_sent_at end,
          second_sent_at = case when c.reminders_sent = 1 then ${at}::timestamptz else c.second_sent_at end,
          due_at = case when c.reminders_sent = 0
                        then ${at}::timestamptz + make_interval(hours => ${SECOND_REMINDER_HOURS}) else null end,
          status = case when c.reminders_sent + 1 >= ${MAX_REMINDERS} then 'done' else c.status end,
          updated_at = now()
        from due
        where c.id = due.id and c.due_at <= ${at}::timestamptz and c.reminders_sent < ${MAX_REMINDERS}
        returning c.id, c.email, c.phone, c.whatsapp_consent_at, c.lines, c.reminders_sent`,
    );
    if (claimed.length === 0) break;
    // The lines' current names and prices, for the whole batch in one read.
    const [shop, settings, priced] = await Promise.all([
      deps.shop(),
      deps.settings(),
      previewGuestCart(
        db,
        claimed.flatMap((row) =>
          row.lines.map((l) => ({ id: l.productId, size: l.size, color: l.color, quantity: l.quantity })),
        ),
        deps.maxPerProduct,
      ),
    ]);
    const byLine = new Map(priced.map((l) => [lineKey(l), l]));
    const outcomes = await Promise.all(
      claimed.map((row) => sendReminder(deps, row, reminderLines(row.lines, byLine), shop, settings, now)),
    );
    result.sent += outcomes.filter(Boolean).length;
    result.failed += outcomes.filter((ok) => !ok).length;
    if (claimed.length < batch || performance.now() - started > sliceMs) break;
  }
  return result;
}

const lineKey = (l: { productId: string; size: string; color: string }) => `${l.productId}|${l.size}|${l.color}`;

/** A checkout's lines as its reminder shows them: current names and prices; lines no longer sold left out. */
function reminderLines(
  lines: readonly CheckoutLineSnapshot[],
  priced: ReadonlyMap<string, Awaited<ReturnType<typeof previewGuestCart>>[number]>,
): ReminderLine[] {
  return lines.flatMap((line) => {
    const now = priced.get(lineKey(line));
    if (!now || now.problem === "unavailable") return [];
    return [
      { name: now.name, size: now.size, color: now.color, quantity: line.quantity, unitPriceCents: now.priceCents },
    ];
  });
}

/** Sends one claimed reminder; answers whether its e-mail went out. */
async function sendReminder(
  deps: ScanDeps,
  row: ClaimedCheckout,
  lines: ReminderLine[],
  shop: ShopIdentity,
  settings: RecoverySettingsValue,
  now: Date,
): Promise<boolean> {
  const { db } = deps;
  const number = row.reminders_sent as 1 | 2;
  if (lines.length === 0) {
    await giveUp(db, row, "Nothing of the checkout is for sale any more");
    return false;
  }
  const percent = number === 2 ? secondReminderPercent(settings) : null;
  const discount = percent
    ? { code: await createReminderCode(db, row.id, row.email, percent, now), percentOff: percent }
    : null;
  const restoreUrl = url(
    deps.publicUrl,
    `/cart/restore?token=${encodeURIComponent(deps.links.restoreToken(row.id, now))}`,
  );
  const unsubscribeUrl = url(
    deps.publicUrl,
    `/unsubscribe?token=${encodeURIComponent(deps.links.unsubscribeToken(row.email))}`,
  );
  const mail = renderCheckoutReminderEmail(
    { number, lines, restoreUrl, unsubscribeUrl, discount, restoreDays: RESTORE_LINK_DAYS },
    shop,
  );
  try {
    await deps.mailer.send({
      to: row.email,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      fromName: shop.name || undefined,
      // One message id per reminder: a retry after a lost answer is the same message to mail clients.
      messageId: `<reminder-${number}-${row.id}@${new URL(deps.publicUrl).hostname || "localhost"}>`,
      unsubscribeUrl,
    });
  } catch (error) {
    const permanent = error instanceof ZodError || (error instanceof MailError && (error.responseCode ?? 0) >= 500);
    const message = error instanceof Error ? error.message : String(error);
    if (permanent) await giveUp(db, row, message);
    else await handBack(db, row, now, message);
    log.warn({ checkout: row.id, reminder: number }, `[recovery] reminder e-mail failed: ${message}`);
    return false;
  }
  // WhatsApp besides the e-mail, for a shopper who gave a phone and opted in.
  const to = row.whatsapp_consent_at && row.phone ? parseE164(row.phone) : null;
  if (to && deps.whatsapp) {
    const body = `${shop.name ? `${shop.name}: ` : ""}your cart is waiting${discount ? ` — ${discount.percentOff}% off with ${discount.code}` : ""}. ${restoreUrl}`;
    await deps.whatsapp.send({ to: whatsappAddress(to), body }).catch((error: unknown) => {
      log.warn({ checkout: row.id }, `[recovery] reminder WhatsApp failed: ${String(error)}`);
    });
  }
  return true;
}

/** A send that failed for a reason worth retrying: the reminder is handed back, due again later. */
async function handBack(db: Db, row: ClaimedCheckout, now: Date, message: string): Promise<void> {
  await db.execute(sql`
    update abandoned_checkouts set
      reminders_sent = reminders_sent - 1,
      first_sent_at = case when ${row.reminders_sent} = 1 then null else first_sent_at end,
      second_sent_at = case when ${row.reminders_sent} = 2 then null else second_sent_at end,
      status = 'open',
      due_at = ${new Date(now.getTime() + RETRY_MINUTES * 60_000).toISOString()}::timestamptz,
      last_error = ${message.slice(0, 500)}, updated_at = now()
    where id = ${row.id} and reminders_sent = ${row.reminders_sent}`);
}

async function giveUp(db: Db, row: ClaimedCheckout, message: string): Promise<void> {
  await db.execute(sql`
    update abandoned_checkouts set status = 'done', due_at = null, last_error = ${message.slice(0, 500)}, updated_at = now()
    where id = ${row.id} and reminders_sent = ${row.reminders_sent}`);
}

/** The checkout a restore link names: its owner and lines; null when it is gone. */
export async function checkoutToRestore(
  db: Db,
  checkoutId: string,
): Promise<{ id: string; userId: string | null; email: string; lines: CheckoutLineSnapshot[] } | null> {
  const [row] = await queryRows<{ id: string; user_id: string | null; email: string; lines: CheckoutLineSnapshot[] }>(
    db,
    sql`update abandoned_checkouts set restored_at = now() where id = ${checkoutId}
        returning id, user_id, email, lines`,
  );
  return row ? { id: row.id, userId: row.user_id, email: row.email, lines: row.lines } : null;
}

/**
 * Puts a checkout's lines back in an account's server cart: each line up to at least the quantity it had
 * (following the link twice adds nothing more), within the cart's caps and stock; a line no longer for
 * sale is skipped.
 */
export async function restoreToAccountCart(
  db: Db,
  userId: string,
  lines: readonly CheckoutLineSnapshot[],
  maxPerProduct: number,
): Promise<void> {
  const current = await getCart(db, userId);
  for (const line of lines) {
    const held = current.find((c) => c.productId === line.productId && c.size === line.size && c.color === line.color);
    const missing = line.quantity - (held?.quantity ?? 0);
    if (missing <= 0) continue;
    try {
      await addLine(db, userId, { ...line, quantity: Math.min(missing, maxPerProduct) }, maxPerProduct);
    } catch (error) {
      if (!isDomainError(error)) throw error;
    }
  }
}

/**
 * Unsubscribes an address from every reminder (and the newsletter of its account): its checkouts stop
 * (no consent, nothing due), and a later checkout reminds only after a fresh tick of the checkbox.
 */
export async function unsubscribe(db: Db, email: string): Promise<void> {
  const address = email.trim().toLowerCase();
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update abandoned_checkouts set status = 'unsubscribed', consent_at = null, whatsapp_consent_at = null,
             due_at = null, unsubscribed_at = now(), updated_at = now()
       where email = ${address}`);
    await tx.execute(sql`
      update profiles p set subscribe_newsletter = false, updated_at = now()
        from "user" u where u.id = p.user_id and lower(u.email) = ${address} and p.subscribe_newsletter`);
  });
}

/** Links an order placed after a restore link to its checkout (attribution), if it has none yet. */
export async function attributeOrder(db: Db, orderNumber: string, checkoutId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update orders set recovered_checkout_id = ${checkoutId}::uuid
         where order_number = ${orderNumber} and recovered_checkout_id is null
           and exists (select 1 from abandoned_checkouts c where c.id = ${checkoutId}::uuid)
         returning id`,
  );
  return rows.length > 0;
}

export interface RecoveryFigures {
  /** Checkouts with at least one order a reminder brought back, paid (not a test, not cancelled unpaid). */
  recoveredCarts: number;
  /** Those orders' total. */
  revenueCents: number;
  /** Reminders sent in the range. */
  remindersSent: number;
}

/** The instants of an analytics range of UTC days (both included). */
export function dayRange(range: { from: string; to: string }): { from: Date; to: Date } {
  const to = new Date(`${range.to}T00:00:00Z`);
  return { from: new Date(`${range.from}T00:00:00Z`), to: new Date(to.getTime() + 24 * 60 * 60_000) };
}

/** The owner's figures for orders placed in [from, to): recovered carts and their revenue. */
export async function recoveryFigures(db: Db, range: { from: Date; to: Date }): Promise<RecoveryFigures> {
  const from = range.from.toISOString();
  const to = range.to.toISOString();
  const [orders] = await queryRows<{ carts: number; revenue: number }>(
    db,
    sql`select count(distinct recovered_checkout_id)::int as carts, coalesce(sum(total_cents), 0)::bigint as revenue
          from orders
         where recovered_checkout_id is not null and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz
           and paid_at is not null and not is_test and payment_status <> 'refunded'`,
  );
  const [reminders] = await queryRows<{ n: number }>(
    db,
    sql`select (count(*) filter (where first_sent_at >= ${from}::timestamptz and first_sent_at < ${to}::timestamptz)
              + count(*) filter (where second_sent_at >= ${from}::timestamptz and second_sent_at < ${to}::timestamptz))::int as n
          from abandoned_checkouts
         where first_sent_at >= ${from}::timestamptz or second_sent_at >= ${from}::timestamptz`,
  );
  return {
    recoveredCarts: Number(orders?.carts ?? 0),
    revenueCents: Number(orders?.revenue ?? 0),
    remindersSent: Number(reminders?.n ?? 0),
  };
}

/** Guests' checkouts one client address may record per hour (times RATE_LIMIT_IP_MULTIPLIER). */
export const GUEST_RECORDS_PER_IP: RateLimitRule = { limit: 20, windowSeconds: 60 * 60 };

export interface CheckoutRecovery {
  /** Whether recovery runs at all (notifications on). */
  enabled: boolean;
  abandonedMinutes: number;
  links: RecoveryLinks;
  record(input: RecordInput, now?: Date): Promise<string | null>;
  /**
   * Counts one guest's record from `address`; throws 'rate-limited' past GUEST_RECORDS_PER_IP (a guest's
   * e-mail is only typed: this bounds how many addresses one client can put down for reminders).
   */
  limitGuest(address: string): Promise<void>;
  /** One scan at `now` (the clock by default): tests pass a `now` instead of waiting. */
  runDue(now?: Date): Promise<ScanResult>;
  /** Runs the scan every `intervalMs`, giving way to requests while the machine is saturated. */
  start(intervalMs: number): () => Promise<void>;
  figures(range: { from: Date; to: Date }): Promise<RecoveryFigures>;
}

export function createCheckoutRecovery(
  deps: ScanDeps & {
    enabled: boolean;
    abandonedMinutes: number;
    rateLimitIpMultiplier: number;
    clock?: () => Date;
    /** The yield rule (decision 0027's background work): true while requests need the machine. */
    saturated?: () => boolean;
  },
): CheckoutRecovery {
  const clock = deps.clock ?? (() => new Date());
  return {
    enabled: deps.enabled,
    abandonedMinutes: deps.abandonedMinutes,
    links: deps.links,
    record: (input, now = clock()) => recordCheckout(deps.db, input, now, deps.abandonedMinutes),
    async limitGuest(address) {
      const rule = { ...GUEST_RECORDS_PER_IP, limit: GUEST_RECORDS_PER_IP.limit * deps.rateLimitIpMultiplier };
      if (!(await hit(deps.db, `checkout-reached:ip:${address}`, rule)).allowed) {
        throw new DomainError("rate-limited", RECOVERY_MESSAGES.tooMany, { reason: "RATE_LIMITED" });
      }
    },
    runDue: (now = clock()) => runRecoveryScan(deps, now),
    start(intervalMs) {
      if (!deps.enabled) return async () => {};
      return runPeriodically(
        intervalMs,
        async () => {
          // Reminders are not urgent: a saturated machine serves its shoppers first, the scan waits a tick.
          if (deps.saturated?.()) return;
          const result = await runRecoveryScan(deps, clock());
          if (result.sent > 0) log.info({ ...result }, `[recovery] ${result.sent} checkout reminders sent`);
        },
        "[recovery] abandoned-checkout scan failed:",
      );
    },
    figures: (range) => recoveryFigures(deps.db, range),
  };
}
