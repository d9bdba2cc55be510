import { sql } from "drizzle-orm";
import { ZodError } from "zod";
import { queryRows, type Db } from "~/lib/db/client.server";
import {
  afterFailure,
  finalFailure,
  NOTIFICATION_MESSAGES,
  networkFailure,
  smtpFailure,
  twilioFailure,
  type SendFailure,
} from "./delivery-policy";
import { MailError, type Mailer } from "./mailer.server";
import { BACK_IN_STOCK_MESSAGES, backInStockWhatsApp, parseBackInStockKey } from "./back-in-stock-texts";
import { loadBackInStockMessages } from "./back-in-stock-messages.server";
import type {
  Audience,
  BackInStockMessage,
  Channel,
  MessageOrder,
  NotificationType,
  OrderMessageType,
  RenderedEmail,
  ReturnMessage,
  ReviewRequestLine,
  ShopIdentity,
} from "./message-kinds";
import { loadMessageOrders } from "./message-orders.server";
import { loadReturnMessages } from "./return-messages.server";
import { parseReturnMessageKey, RETURN_MESSAGE_ERRORS } from "./return-texts";
import { REVIEW_REQUEST_MESSAGES, reviewRequestWhatsApp } from "./review-request-texts";
import { reviewLinesFor } from "./review-requests.server";
import { notificationById, type NotificationRow } from "./outbox.server";
import { customerE164, parseE164, whatsappAddress } from "./phone-numbers";
import {
  renderBackInStockEmail,
  renderOrderEmail,
  renderReturnEmail,
  renderReviewRequestEmail,
} from "./render-email.server";
import { TwilioApiError, TwilioUnreachableError, type WhatsAppSender } from "./twilio-client.server";
import { whatsappText } from "./whatsapp-texts";
import { setTimeout as delay } from "node:timers/promises";
import type { ReturnStep } from "~/lib/events.server";
import { log as logger } from "~/lib/log.server";

/**
 * The worker that empties the outbox, one in every server instance. It claims due rows with
 * FOR UPDATE SKIP LOCKED (so instances share the work and never take the same row), marks them as being
 * sent, sends them in parallel outside any transaction, and records each outcome: sent, pending again
 * after a back-off, or failed. A row left "being sent" longer than the lease belongs to a worker that
 * died mid-send: it is marked failed as interrupted (it may have gone out), never sent blindly again.
 */
export interface NotificationWorkerDeps {
  db: Db;
  mailer: Mailer;
  /** Twilio; undefined when it is not configured (WhatsApp messages then fail with a clear reason). */
  whatsapp: WhatsAppSender | undefined;
  /** ADMIN_WHATSAPP_TO, E.164. */
  ownerWhatsApp: string | undefined;
  /** The shop as messages name it; a function is asked once a round (the store's settings, cached). */
  shop: ShopIdentity | (() => Promise<ShopIdentity>);
  /** Our Twilio status callback for a message (PUBLIC_URL/api/notifications/twilio-status?n=id). */
  statusCallbackUrl: (notificationId: string) => string;
  /** How long one send may take; the lease of a claimed row is derived from it. */
  sendTimeoutMs: number;
  /**
   * The signed link to an order line's review form (PUBLIC_URL/reviews/new?token=…), made when a review
   * request is sent; without it review requests fail as not configured.
   */
  reviewLinkUrl?: (orderItemId: string) => string;
  /** A guest order's signed link token (issue 31): its e-mail links to the order with it. */
  guestOrderToken?: (orderNumber: string, email: string) => string;
  /** Rows sent at once (default 16). */
  concurrency?: number;
  /** How often an idle worker looks for due rows another instance wrote (default 1 s). */
  pollMs?: number;
  /**
   * Background sends give way to requests: while this says the process is saturated by other work
   * (given the worker's own busy time so far, in ms), the worker sends only messages already due for
   * `yieldMs` (so none waits longer than that for a busy server), and the rest once the rush is over.
   * The admin's Send and explicit drains never wait.
   */
  saturated?: (ownBusyMs: number) => boolean;
  yieldMs?: number;
  random?: () => number;
  /** Where the worker's warnings go (the server's log by default); `error` is reduced to its code and message there. */
  log?: (line: string, error?: unknown) => void;
}

export interface NotificationWorker {
  start(): void;
  /** Stops looking for work and waits for the sends under way. */
  stop(): Promise<void>;
  /** New rows were written here: look now instead of at the next poll. */
  wake(): void;
  /** Sends everything due now (rounds until none is left); answers how many rows were tried. */
  drain(): Promise<number>;
  /** Tries one row now (the admin's Send), if no worker holds it; answers the row as it then stands. */
  sendNow(id: string): Promise<NotificationRow | null>;
  /** Marks rows whose sender died mid-send as failed; answers how many. */
  recoverInterrupted(): Promise<number>;
}

interface ClaimedRow {
  id: string;
  order_id: string | null;
  channel: Channel;
  notification_type: NotificationType;
  audience: Audience;
  recipient: string;
  message_body: string | null;
  /** A return's e-mail names its return and step here (return-texts.ts, returnMessageKey). */
  dedupe_key: string;
  attempts: number;
}

/** What a return's e-mail is about: the step, and the return as it is when sent (undefined: it is gone). */
interface ReturnStepMessage {
  step: ReturnStep;
  ret: ReturnMessage | undefined;
}

type Outcome =
  | { ok: true; providerId: string; recipient: string; subject: string | null; body: string }
  | { ok: false; failure: SendFailure; recipient?: string; subject?: string | null; body?: string };

export function leaseMs(sendTimeoutMs: number): number {
  return sendTimeoutMs * 3 + 2_000;
}

export function createNotificationWorker(deps: NotificationWorkerDeps): NotificationWorker {
  const { db } = deps;
  const concurrency = deps.concurrency ?? 16;
  const pollMs = deps.pollMs ?? 1_000;
  const random = deps.random ?? Math.random;
  const yieldMs = deps.yieldMs ?? 0;
  const log =
    deps.log ??
    ((line: string, error?: unknown) => (error === undefined ? logger.warn(line) : logger.warn({ err: error }, line)));
  let running = false;
  let wakeUp: (() => void) | null = null;
  let woken = false;
  /** The last round gave way to a saturated machine: wake-ups wait for the next look then. */
  let yielding = false;
  /** Time spent composing messages (rendering e-mails): the worker's own share of the event loop. */
  let ownBusyMs = 0;
  let loop: Promise<void> | null = null;
  let lastRecovery = 0;

  async function claim(limit: number, options: { id?: string; dueForMs?: number } = {}): Promise<ClaimedRow[]> {
    const dueBy = options.dueForMs ? sql`now() - make_interval(secs => ${options.dueForMs / 1000})` : sql`now()`;
    return queryRows<ClaimedRow>(
      db,
      sql`
        with due as (
          select id from order_notifications
          where status = 'pending' and sending_since is null and next_attempt_at <= ${dueBy}
            ${options.id ? sql`and id = ${options.id}` : sql``}
          order by next_attempt_at
          limit ${limit}
          for update skip locked
        )
        update order_notifications n
        set sending_since = now(), attempts = n.attempts + 1, updated_at = now()
        from due where n.id = due.id
        returning n.id, n.order_id, n.channel, n.notification_type, n.audience, n.recipient, n.message_body,
                  n.dedupe_key, n.attempts`,
    );
  }

  async function deliver(
    row: ClaimedRow,
    order: MessageOrder | undefined,
    shop: ShopIdentity,
    reviewLines: ReviewRequestLine[] | undefined,
    returned: ReturnStepMessage | undefined,
    restocked?: BackInStockMessage,
  ): Promise<Outcome> {
    if (row.notification_type === "back_in_stock") return deliverBackInStock(row, restocked, shop);
    if (row.notification_type !== "custom" && !order) {
      return { ok: false, failure: finalFailure(NOTIFICATION_MESSAGES.orderNotFound) };
    }
    if (row.notification_type === "return_update") {
      if (row.channel !== "email") return { ok: false, failure: finalFailure(RETURN_MESSAGE_ERRORS.emailOnly) };
      if (!returned?.ret) return { ok: false, failure: finalFailure(RETURN_MESSAGE_ERRORS.returnNotFound) };
    }
    if (row.notification_type === "review_request") {
      if (!deps.reviewLinkUrl) return { ok: false, failure: finalFailure(REVIEW_REQUEST_MESSAGES.linksNotConfigured) };
      // Every line was reviewed since the delivery: nothing to ask, so nothing is sent.
      if (!reviewLines?.length) return { ok: false, failure: finalFailure(REVIEW_REQUEST_MESSAGES.allReviewed) };
    }
    return row.channel === "whatsapp"
      ? deliverWhatsApp(row, order, shop, reviewLines)
      : deliverEmail(row, order!, shop, reviewLines, returned);
  }

  /** A back-in-stock message (issue 31): no order; the subscriber's address is the row's recipient. */
  async function deliverBackInStock(
    row: ClaimedRow,
    message: BackInStockMessage | undefined,
    shop: ShopIdentity,
  ): Promise<Outcome> {
    if (!message) return { ok: false, failure: finalFailure(BACK_IN_STOCK_MESSAGES.gone) };
    if (row.channel === "whatsapp") {
      const body = backInStockWhatsApp(message, shop);
      const to = parseE164(row.recipient);
      if (!to) return { ok: false, failure: finalFailure(BACK_IN_STOCK_MESSAGES.invalidPhone, "21211"), body };
      if (!deps.whatsapp)
        return { ok: false, failure: finalFailure(NOTIFICATION_MESSAGES.whatsappNotConfigured), body };
      try {
        const sent = await deps.whatsapp.send({
          to: whatsappAddress(to),
          body,
          statusCallback: deps.statusCallbackUrl(row.id),
        });
        return { ok: true, providerId: sent.sid, recipient: to, subject: null, body };
      } catch (error) {
        if (error instanceof TwilioApiError) {
          return {
            ok: false,
            failure: twilioFailure(error.httpStatus, error.code, error.message),
            recipient: to,
            body,
          };
        }
        const detail = error instanceof TwilioUnreachableError ? error.message : String(error);
        return { ok: false, failure: networkFailure("whatsapp", detail), recipient: to, body };
      }
    }
    const started = performance.now();
    const mail = renderBackInStockEmail(message, shop);
    ownBusyMs += performance.now() - started;
    return sendMail(row, row.recipient, mail, shop);
  }

  async function deliverWhatsApp(
    row: ClaimedRow,
    order: MessageOrder | undefined,
    shop: ShopIdentity,
    reviewLines: ReviewRequestLine[] | undefined,
  ): Promise<Outcome> {
    const started = performance.now();
    const body =
      row.notification_type === "review_request"
        ? reviewRequestWhatsApp(order!, reviewLines ?? [], shop)
        : (row.message_body ?? whatsappText(row.notification_type as OrderMessageType, order!, row.audience, shop));
    ownBusyMs += performance.now() - started;
    if (!deps.whatsapp) return { ok: false, failure: finalFailure(NOTIFICATION_MESSAGES.whatsappNotConfigured), body };
    let to: string | null;
    if (row.audience === "owner") {
      to = deps.ownerWhatsApp ?? null;
      if (!to) return { ok: false, failure: finalFailure(NOTIFICATION_MESSAGES.ownerNotConfigured), body };
    } else {
      // An order event's message goes to the phone given at checkout; the admin's to the number typed.
      const typed = row.recipient || order?.customerPhone || "";
      to = row.notification_type === "custom" ? parseE164(typed) : customerE164(typed, order?.shippingAddress.country);
      if (!to) {
        const failure = finalFailure(NOTIFICATION_MESSAGES.invalidPhone, "21211");
        return { ok: false, failure, body, recipient: typed };
      }
    }
    try {
      const sent = await deps.whatsapp.send({
        to: whatsappAddress(to),
        body,
        statusCallback: deps.statusCallbackUrl(row.id),
      });
      return { ok: true, providerId: sent.sid, recipient: to, subject: null, body };
    } catch (error) {
      if (error instanceof TwilioApiError) {
        return { ok: false, failure: twilioFailure(error.httpStatus, error.code, error.message), recipient: to, body };
      }
      const detail = error instanceof TwilioUnreachableError ? error.message : String(error);
      return { ok: false, failure: networkFailure("whatsapp", detail), recipient: to, body };
    }
  }

  async function deliverEmail(
    row: ClaimedRow,
    order: MessageOrder,
    shop: ShopIdentity,
    reviewLines: ReviewRequestLine[] | undefined,
    returned: ReturnStepMessage | undefined,
  ): Promise<Outcome> {
    const started = performance.now();
    const mail =
      row.notification_type === "review_request"
        ? renderReviewRequestEmail(order, reviewLines ?? [], shop)
        : row.notification_type === "return_update"
          ? renderReturnEmail(returned!.step, returned!.ret!, order, shop)
          : await renderOrderEmail(row.notification_type, order, shop, row.audience);
    ownBusyMs += performance.now() - started;
    // The owner's alert goes to the e-mail the settings have now; the customer's to the order's.
    const to = row.audience === "owner" ? (shop.ownerEmail ?? "") : row.recipient || order.customerEmail;
    return sendMail(row, to, mail, shop);
  }

  /** Sends a composed e-mail to `to`, answering the outcome to record. */
  async function sendMail(row: ClaimedRow, to: string, mail: RenderedEmail, shop: ShopIdentity): Promise<Outcome> {
    const base = { recipient: to, subject: mail.subject, body: mail.text };
    if (!to) return { ok: false, failure: finalFailure(NOTIFICATION_MESSAGES.ownerEmailNotConfigured), ...base };
    try {
      const sent = await deps.mailer.send({
        to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        fromName: shop.name || undefined,
        // The same on every try of this row (see MailMessage.messageId).
        messageId: `<${row.id}@${new URL(shop.url).hostname || "localhost"}>`,
      });
      return { ok: true, providerId: sent.id, ...base };
    } catch (error) {
      if (error instanceof ZodError) {
        return {
          ok: false,
          failure: finalFailure(`${NOTIFICATION_MESSAGES.emailFailed}: not a valid e-mail address`),
          ...base,
        };
      }
      if (error instanceof MailError)
        return { ok: false, failure: smtpFailure(error.responseCode, error.message), ...base };
      return { ok: false, failure: networkFailure("email", String(error)), ...base };
    }
  }

  /** A send that went out (a status callback may have come first: a later status is kept). */
  async function recordSent(row: ClaimedRow, outcome: Extract<Outcome, { ok: true }>): Promise<void> {
    await db.execute(sql`
      update order_notifications n set
        status = case when n.status in ('pending', 'failed') then 'sent' else n.status end,
        provider_message_id = coalesce(n.provider_message_id, ${outcome.providerId}),
        recipient = ${outcome.recipient}, subject = ${outcome.subject}, message_body = ${outcome.body},
        sent_at = coalesce(n.sent_at, now()), sending_since = null,
        error_message = null, error_code = null, updated_at = now()
      where n.id = ${row.id}`);
  }

  async function recordFailure(row: ClaimedRow, outcome: Extract<Outcome, { ok: false }>): Promise<void> {
    const next = afterFailure(row.attempts, outcome.failure, new Date(), random);
    await db.execute(sql`
      update order_notifications set
        status = ${next.status},
        next_attempt_at = ${next.status === "pending" ? next.retryAt.toISOString() : sql`next_attempt_at`},
        error_message = ${outcome.failure.message}, error_code = ${outcome.failure.code},
        recipient = coalesce(${outcome.recipient ?? null}, recipient),
        subject = coalesce(${outcome.subject ?? null}, subject),
        message_body = coalesce(${outcome.body ?? null}, message_body),
        sending_since = null, updated_at = now()
      where id = ${row.id} and status = 'pending'`);
    if (next.status === "failed") {
      log(`[notifications] ${row.channel} ${row.notification_type} ${row.id} failed: ${outcome.failure.message}`);
    }
  }

  async function attemptAll(rows: ClaimedRow[]): Promise<void> {
    const orderIds = rows.map((r) => r.order_id).filter((id): id is string => id !== null);
    // The store's settings as they are now (cached by the settings service): one read a round.
    const shop = typeof deps.shop === "function" ? await deps.shop() : deps.shop;
    // A review request names the lines still to review now, each with a link made now (valid 30 days).
    const requested = rows
      .filter((r) => r.notification_type === "review_request" && r.order_id)
      .map((r) => r.order_id!);
    // A return's e-mail is worded from the return as it is now (its step is in the row's key).
    const returnSteps = new Map<string, { returnId: string; step: ReturnStep }>();
    for (const row of rows) {
      const parsed = row.notification_type === "return_update" ? parseReturnMessageKey(row.dedupe_key) : null;
      if (parsed) returnSteps.set(row.id, parsed);
    }
    const returnIds = [...returnSteps.values()].map((r) => r.returnId);
    // A back-in-stock message is worded from its subscription's product as it is now (issue 31).
    const subscriptionOf = new Map<string, string>();
    for (const row of rows) {
      const id = row.notification_type === "back_in_stock" ? parseBackInStockKey(row.dedupe_key) : null;
      if (id) subscriptionOf.set(row.id, id);
    }
    const [messageOrders, reviewRows, returnMessages, restocked] = await Promise.all([
      loadMessageOrders(db, orderIds, shop.url, deps.guestOrderToken),
      requested.length > 0 && deps.reviewLinkUrl ? reviewLinesFor(db, requested) : new Map<string, never[]>(),
      returnIds.length > 0 ? loadReturnMessages(db, returnIds, shop.url) : new Map<string, ReturnMessage>(),
      subscriptionOf.size > 0
        ? loadBackInStockMessages(db, [...subscriptionOf.values()], shop.url)
        : new Map<string, BackInStockMessage>(),
    ]);
    const returnedOf = (row: ClaimedRow): ReturnStepMessage | undefined => {
      const parsed = returnSteps.get(row.id);
      return parsed ? { step: parsed.step, ret: returnMessages.get(parsed.returnId) } : undefined;
    };
    const linkOf = deps.reviewLinkUrl;
    const reviewLinesOf = (orderId: string | null): ReviewRequestLine[] | undefined =>
      orderId && linkOf
        ? (reviewRows.get(orderId) ?? []).map(({ orderId: _orderId, ...line }) => ({
            ...line,
            url: linkOf(line.orderItemId),
          }))
        : undefined;
    // Each outcome is recorded as soon as its send completes, never held for the slowest send of the
    // round: a process killed meanwhile leaves only the sends truly under way "being sent".
    const recorded = await Promise.allSettled(
      rows.map(async (row) => {
        let outcome: Outcome;
        try {
          outcome = await deliver(
            row,
            row.order_id ? messageOrders.get(row.order_id) : undefined,
            shop,
            row.notification_type === "review_request" ? reviewLinesOf(row.order_id) : undefined,
            returnedOf(row),
            restocked.get(subscriptionOf.get(row.id) ?? ""),
          );
        } catch (error) {
          // Composing failed (a template error): worth another try after a fix or a restart.
          const detail = error instanceof Error ? error.message : String(error);
          outcome = { ok: false, failure: networkFailure(row.channel, detail) };
        }
        if (outcome.ok) await recordSent(row, outcome);
        else await recordFailure(row, outcome);
      }),
    );
    // A row whose outcome could not be written (the database away) stays "being sent" until its lease ends.
    const unrecorded = recorded.find((r): r is PromiseRejectedResult => r.status === "rejected");
    if (unrecorded) throw unrecorded.reason;
  }

  async function recoverInterrupted(): Promise<number> {
    const rows = await queryRows<{ id: string }>(
      db,
      sql`
        update order_notifications set
          status = 'failed', sending_since = null, error_message = ${NOTIFICATION_MESSAGES.interrupted},
          error_code = null, updated_at = now()
        where status = 'pending' and sending_since is not null
          and sending_since < now() - make_interval(secs => ${leaseMs(deps.sendTimeoutMs) / 1000})
        returning id`,
    );
    if (rows.length > 0)
      log(`[notifications] ${rows.length} sends were interrupted (marked failed, to resend by hand)`);
    return rows.length;
  }

  async function round(yieldToRequests = false): Promise<number> {
    // Often enough that an interrupted send is marked soon after its lease ends.
    if (Date.now() - lastRecovery > Math.min(10_000, leaseMs(deps.sendTimeoutMs) / 2)) {
      lastRecovery = Date.now();
      await recoverInterrupted();
    }
    const rows = await claim(concurrency, yieldToRequests ? { dueForMs: yieldMs } : {});
    if (rows.length > 0) await attemptAll(rows);
    return rows.length;
  }

  async function drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await round();
      total += n;
      if (n === 0) return total;
    }
  }

  /**
   * A row asked to go now may have been claimed first by a worker (this process's or another's) woken
   * by the same write: its outcome is awaited for as long as one send may take, so the person who asked
   * is told 'sent' or why not, rather than 'queued' for a message already on its way.
   */
  async function otherSenderDone(id: string): Promise<void> {
    const deadline = Date.now() + deps.sendTimeoutMs + 1_000;
    while (Date.now() < deadline) {
      const [row] = await queryRows<{ sending: boolean }>(
        db,
        sql`select sending_since is not null as sending from order_notifications where id = ${id}`,
      );
      if (!row?.sending) return;
      await delay(50);
    }
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
    });
  }

  async function run(): Promise<void> {
    while (running) {
      woken = false;
      try {
        for (;;) {
          const busy = yieldMs > 0 && (deps.saturated?.(ownBusyMs) ?? false);
          yielding = busy;
          const tried = await round(busy);
          if (!running) return;
          // Saturated: look again soon for what has waited long enough, and for the rush to end.
          if (busy) await sleep(Math.min(pollMs, 250));
          else if (tried === 0) break;
        }
      } catch (error) {
        // The database is away: try again at the next poll.
        log("[notifications] worker round failed", error);
      }
      if (running && !woken) await sleep(pollMs);
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      lastRecovery = 0;
      loop = run();
    },
    async stop() {
      running = false;
      wakeUp?.();
      await loop;
      loop = null;
    },
    wake() {
      woken = true;
      if (!yielding) wakeUp?.();
    },
    drain,
    async sendNow(id) {
      const rows = await claim(1, { id });
      if (rows.length > 0) await attemptAll(rows);
      else await otherSenderDone(id);
      return notificationById(db, id);
    },
    recoverInterrupted,
  };
}
