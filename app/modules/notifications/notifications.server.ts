import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { orderNotifications, orders } from "#db/schema/index";
import type { Db, Tx } from "~/lib/db/client.server";
import type { AuditActor } from "~/modules/audit/audit.server";
import { recordAudit } from "~/modules/audit/audit.server";
import { fieldChanges } from "~/modules/audit/field-changes";
import { createLoadGauge } from "~/lib/load-gauge.server";
import { DomainError } from "~/lib/domain-error";
import type { EventBus } from "~/lib/events.server";
import { NOTIFICATION_MESSAGES, type ChannelsOn } from "./delivery-policy";
import { OutboxMailer, type Mailer, type OutboxMail } from "./mailer.server";
import {
  shopIdentityFrom,
  type Audience,
  type Channel,
  type OrderMessageType,
  type ShopIdentity,
} from "./message-kinds";
import type { CustomWhatsAppInput, ResendInput } from "./notification-forms";
import { createNotificationWorker, type NotificationWorker } from "./outbox-worker.server";
import {
  enqueueCustomWhatsApp,
  listNotifications,
  notificationById,
  recordEventMessages,
  resendNotification,
  type NotificationRow,
} from "./outbox.server";
import { parseE164 } from "./phone-numbers";
import { recordReturnMessage } from "./return-messages.server";
import { recordReviewRequest } from "./review-requests.server";
import { applyTwilioStatus, type StatusCallbackResult } from "./status-callback.server";
import { createTwilioClient } from "./twilio-client.server";

/**
 * Order notifications, as the rest of the shop uses them: the outbox rows order events write (and a
 * return's moves: the shopper's e-mail for each step), the worker that sends them, the admin's panel (list, custom WhatsApp, resend, order e-mail), Twilio's
 * status callbacks and the embedded mail outbox.
 */
export interface NotificationsConfig {
  enabled: boolean;
  publicUrl: string;
  /**
   * The store's settings, read when a message is sent (cached by the settings service): its name,
   * contact and return address for the messages, and the owner's e-mail for new-order alerts.
   */
  settings?: () => Promise<Parameters<typeof shopIdentityFrom>[0]>;
  /** Without `settings` (tests, benches): the name messages are signed with; no owner e-mail. */
  shopName?: string;
  sendTimeoutMs: number;
  /** How long background sends may wait while the machine is saturated (0 = never). */
  yieldMs?: number;
  twilio:
    | { accountSid: string; authToken: string; whatsappFrom: string; adminTo: string | undefined; apiBase: string }
    | undefined;
  /**
   * The review request after delivery (review-requests.server.ts): due `delayDays` after it, with links
   * signed by `links` (review-links.server.ts). Without it, a delivery asks for no review.
   */
  reviewRequests?: { delayDays: number; links: { tokenFor(orderItemId: string): string } };
  /**
   * The signed token of a guest order's link (issue 31, guest-links.server.ts): a guest order's e-mail
   * links to its page with it, so the guest can follow the order without an account.
   */
  guestOrderToken?: (orderNumber: string, email: string) => string;
}

export interface OrderMessageRequest {
  channel: Channel;
  type: OrderMessageType;
  audience: Audience;
  /** For a WhatsApp to the customer: this number instead of the one given at checkout. */
  phoneNumber?: string | null;
  key?: string;
}

export interface Notifications {
  worker: NotificationWorker;
  /** An order's messages, or without an order the latest of all; newest first. */
  list(orderId?: string): Promise<NotificationRow[]>;
  sendCustomWhatsApp(orderId: string, input: CustomWhatsAppInput, actor: AuditActor): Promise<NotificationRow>;
  resend(orderId: string, input: ResendInput, actor: AuditActor): Promise<NotificationRow>;
  /** An order's templated message again (the order e-mail, the owner's WhatsApp…), sent now. */
  sendOrderMessage(orderId: string, input: OrderMessageRequest, actor: AuditActor): Promise<NotificationRow>;
  twilioStatus(request: {
    url: string;
    signature: string | null;
    params: Record<string, string>;
  }): Promise<StatusCallbackResult>;
  /** Where mail goes without SMTP_URL: readable by admins. Null when mail goes out by SMTP. */
  outboxMail(notification: NotificationRow): Promise<OutboxMail | null>;
  mailGoesToOutbox: boolean;
  /** Twilio is connected: WhatsApp messages are written and sent. */
  whatsappConfigured: boolean;
  /** The owner's WhatsApp number is set too: the owner's order alerts go out. */
  ownerWhatsAppConfigured: boolean;
}

export function createNotifications(deps: {
  db: Db;
  events: EventBus;
  mailer: Mailer;
  config: NotificationsConfig;
}): Notifications {
  const { db, events, mailer, config } = deps;
  const readSettings = config.settings;
  const shop = async (): Promise<ShopIdentity> =>
    readSettings
      ? shopIdentityFrom(await readSettings(), config.publicUrl)
      : { name: config.shopName ?? "", url: config.publicUrl };
  const twilio = config.twilio;
  const worker = createNotificationWorker({
    db,
    mailer,
    whatsapp: twilio
      ? createTwilioClient({
          accountSid: twilio.accountSid,
          authToken: twilio.authToken,
          from: `whatsapp:${parseE164(twilio.whatsappFrom) ?? twilio.whatsappFrom}`,
          apiBase: twilio.apiBase,
          timeoutMs: config.sendTimeoutMs,
        })
      : undefined,
    ownerWhatsApp: parseE164(twilio?.adminTo) ?? undefined,
    shop,
    statusCallbackUrl: (id) => `${config.publicUrl.replace(/\/+$/, "")}/api/notifications/twilio-status?n=${id}`,
    sendTimeoutMs: config.sendTimeoutMs,
    reviewLinkUrl: config.reviewRequests
      ? (orderItemId) =>
          `${config.publicUrl.replace(/\/+$/, "")}/reviews/new?token=${encodeURIComponent(config.reviewRequests!.links.tokenFor(orderItemId))}`
      : undefined,
    guestOrderToken: config.guestOrderToken,
    yieldMs: config.yieldMs ?? 0,
    saturated: createLoadGauge().saturated,
  });

  const channels: ChannelsOn = {
    whatsapp: Boolean(twilio),
    ownerWhatsApp: Boolean(parseE164(twilio?.adminTo)),
    // Written only while the settings have an owner e-mail with alerts on (checked in the event's transaction).
    ownerEmail: Boolean(readSettings),
  };
  /** Refuses a send on a channel that is off: nothing is written, and the panel says how to turn it on. */
  const checkOn = async (channel: Channel, audience: Audience) => {
    if (channel === "email") {
      if (audience === "owner" && !(await shop()).ownerEmail) {
        throw new DomainError("conflict", NOTIFICATION_MESSAGES.ownerEmailOff);
      }
      return;
    }
    if (!channels.whatsapp) throw new DomainError("conflict", NOTIFICATION_MESSAGES.whatsappOff);
    if (audience === "owner" && !channels.ownerWhatsApp)
      throw new DomainError("conflict", NOTIFICATION_MESSAGES.ownerWhatsAppOff);
  };

  if (config.enabled) {
    // The rows are written with the change; the worker is woken once it commits.
    for (const name of ["order.paid", "order.shipped", "order.delivered", "order.cancelled"] as const) {
      events.onRecord(name, (tx, payload) => recordEventMessages(tx, name, payload.orderId, channels));
      events.on(name, () => worker.wake());
    }
    const reviewRequests = config.reviewRequests;
    if (reviewRequests) {
      // Once per order, in the delivery's transaction (after the delivery's own messages).
      events.onRecord("order.delivered", async (tx, payload) => {
        await recordReviewRequest(tx, payload.orderId, {
          whatsapp: channels.whatsapp,
          delayDays: reviewRequests.delayDays,
        });
      });
    }
    // A return's every step e-mails its shopper, written with the move (return-messages.server.ts).
    events.onRecord("return.moved", async (tx, payload) => {
      await recordReturnMessage(tx, payload);
    });
    events.on("return.moved", () => worker.wake());
  }

  async function sendNow(row: NotificationRow): Promise<NotificationRow> {
    return (await worker.sendNow(row.id)) ?? row;
  }

  /** A message sent by hand, in the audit trail: who, which order, to whom, what kind (issue 32). */
  async function auditSent(tx: Tx, actor: AuditActor, row: NotificationRow, action: string) {
    await recordAudit(tx, actor, [
      {
        action,
        objectType: "notification",
        objectId: row.id,
        objectName: row.orderNumber ?? row.orderId ?? "",
        changes: fieldChanges(null, {
          channel: row.channel,
          type: row.type,
          audience: row.audience,
          recipient: row.recipient,
        }),
      },
    ]);
  }

  return {
    worker,
    list: (orderId) => listNotifications(db, { orderId, limit: orderId ? 200 : 100 }),

    async sendCustomWhatsApp(orderId, input, actor) {
      const owner = input.isAdminNotification;
      await checkOn("whatsapp", owner ? "owner" : "customer");
      const row = await db.transaction(async (tx) => {
        const written = await enqueueCustomWhatsApp(tx, {
          orderId,
          audience: owner ? "owner" : "customer",
          recipient: owner ? "" : input.phoneNumber!,
          body: input.customMessage,
          key: input.key ?? randomUUID(),
        });
        await auditSent(tx, actor, written, "notification.whatsapp");
        return written;
      });
      return sendNow(row);
    },

    async resend(orderId, input, actor) {
      const current = await notificationById(db, input.notificationId);
      if (!current || current.orderId !== orderId) throw new DomainError("not-found", NOTIFICATION_MESSAGES.notFound);
      await checkOn(current.channel, current.audience);
      // A corrected number applies to a WhatsApp message to the customer only.
      const recipient = current.channel === "whatsapp" && current.audience === "customer" ? input.phoneNumber : null;
      const row = await db.transaction(async (tx) => {
        const written = await resendNotification(tx, current.id, { recipient, orderId });
        await auditSent(tx, actor, written, "notification.resend");
        return written;
      });
      return sendNow(row);
    },

    async sendOrderMessage(orderId, input, actor) {
      const [order] = await db
        .select({
          id: orders.id,
          email: orders.customerEmail,
          phone: sql<string>`${orders.shippingAddress} ->> 'phone'`,
        })
        .from(orders)
        .where(eq(orders.id, orderId));
      if (!order) throw new DomainError("not-found", NOTIFICATION_MESSAGES.orderNotFound);
      await checkOn(input.channel, input.audience);
      const recipient =
        input.audience === "owner"
          ? ""
          : input.channel === "email"
            ? order.email
            : (input.phoneNumber ?? order.phone ?? "");
      const dedupeKey = `manual:${orderId}:${input.channel}:${input.type}:${input.key ?? randomUUID()}`;
      const written = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(orderNotifications)
          .values({
            orderId,
            channel: input.channel,
            notificationType: input.type,
            audience: input.audience,
            recipient,
            dedupeKey,
          })
          .onConflictDoNothing({ target: orderNotifications.dedupeKey })
          .returning({ id: orderNotifications.id });
        // A repeated key (a double-clicked Send) finds the message the first click wrote.
        const [row] = inserted
          ? [inserted]
          : await tx
              .select({ id: orderNotifications.id })
              .from(orderNotifications)
              .where(eq(orderNotifications.dedupeKey, dedupeKey));
        const found = (await notificationById(tx, row!.id))!;
        // A double-clicked Send writes one message and one audit row.
        if (inserted) await auditSent(tx, actor, found, `notification.${input.channel}`);
        return found;
      });
      return sendNow(written);
    },

    twilioStatus: (request) =>
      applyTwilioStatus(db, { authToken: twilio?.authToken, publicUrl: config.publicUrl }, request),

    async outboxMail(notification) {
      if (!(mailer instanceof OutboxMailer) || notification.channel !== "email" || !notification.providerMessageId) {
        return null;
      }
      return mailer.read(notification.providerMessageId);
    },
    mailGoesToOutbox: mailer instanceof OutboxMailer,
    whatsappConfigured: channels.whatsapp,
    ownerWhatsAppConfigured: channels.ownerWhatsApp,
  };
}
