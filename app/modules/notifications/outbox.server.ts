import { and, desc, eq, sql } from "drizzle-orm";
import { orderNotifications, orders } from "#db/schema/index";
import type { Db, Tx } from "~/lib/db/client.server";
import { DomainError } from "~/lib/domain-error";
import {
  ALL_CHANNELS_ON,
  eventMessageKey,
  messagesFor,
  NOTIFICATION_MESSAGES,
  type ChannelsOn,
} from "./delivery-policy";
import type { Audience, Channel, NotificationStatus, NotificationType } from "./message-kinds";

/**
 * The notification outbox: which rows an order event writes (in the event's own transaction), the
 * admin's custom messages and resends, and the panel's list. The worker (outbox-worker.server.ts)
 * sends what is pending.
 */

/**
 * Writes the messages an order event calls for, in the transaction of the change (EventBus.record).
 * One plain INSERT of constant rows — the cheapest statement there is, on the checkout's own
 * transaction: the addresses are read from the order when the message is sent (the order's e-mail and
 * phone never change; the owner's number is the configuration's then, the owner's e-mail the
 * settings'). The owner's new-order e-mail is written only while the settings (read in this same
 * statement, so a save just before is seen) have an owner e-mail with alerts on: a channel that is off
 * writes nothing. The key makes a repeated event write nothing.
 */
export async function recordEventMessages(
  tx: Tx,
  eventName: string,
  orderId: string,
  channels: ChannelsOn = ALL_CHANNELS_ON,
): Promise<void> {
  const planned = messagesFor(eventName, channels);
  if (planned.length === 0) return;
  const values = sql.join(
    planned.map(
      (m) =>
        sql`(${orderId}::uuid, ${m.channel}, ${m.audience}, ${m.type}, '', ${eventMessageKey(eventName, orderId, m)})`,
    ),
    sql`, `,
  );
  if (!planned.some((m) => m.channel === "email" && m.audience === "owner")) {
    await tx.execute(sql`
      insert into order_notifications (order_id, channel, audience, notification_type, recipient, dedupe_key)
      values ${values}
      on conflict (dedupe_key) do nothing`);
    return;
  }
  await tx.execute(sql`
    insert into order_notifications (order_id, channel, audience, notification_type, recipient, dedupe_key)
    select v.* from (values ${values}) as v(order_id, channel, audience, notification_type, recipient, dedupe_key)
    where v.channel <> 'email' or v.audience <> 'owner' or exists (
      select 1 from shop_settings s
      where s.section = 'notifications'
        and coalesce(s.value ->> 'ownerEmail', '') <> ''
        and s.value -> 'newOrderAlerts' is distinct from 'false'::jsonb)
    on conflict (dedupe_key) do nothing`);
}

export interface NotificationRow {
  id: string;
  orderId: string | null;
  /** The order's number, for lists across orders. */
  orderNumber: string | null;
  channel: Channel;
  type: NotificationType;
  audience: Audience;
  status: NotificationStatus;
  recipient: string;
  subject: string | null;
  messageBody: string | null;
  errorMessage: string | null;
  errorCode: string | null;
  providerMessageId: string | null;
  attempts: number;
  nextAttemptAt: string;
  sentAt: string | null;
  createdAt: string;
  updatedAt: string;
}

const columns = {
  id: orderNotifications.id,
  orderId: orderNotifications.orderId,
  orderNumber: orders.orderNumber,
  channel: orderNotifications.channel,
  type: orderNotifications.notificationType,
  audience: orderNotifications.audience,
  status: orderNotifications.status,
  recipient: orderNotifications.recipient,
  subject: orderNotifications.subject,
  messageBody: orderNotifications.messageBody,
  errorMessage: orderNotifications.errorMessage,
  errorCode: orderNotifications.errorCode,
  providerMessageId: orderNotifications.providerMessageId,
  attempts: orderNotifications.attempts,
  nextAttemptAt: orderNotifications.nextAttemptAt,
  sentAt: orderNotifications.sentAt,
  createdAt: orderNotifications.createdAt,
  updatedAt: orderNotifications.updatedAt,
};

const selectNotifications = (db: Db | Tx) =>
  db.select(columns).from(orderNotifications).leftJoin(orders, eq(orders.id, orderNotifications.orderId));
type SelectedRow = Awaited<ReturnType<typeof selectNotifications>>[number];

function toRow(r: SelectedRow): NotificationRow {
  return {
    ...r,
    channel: r.channel as Channel,
    type: r.type as NotificationType,
    audience: r.audience as Audience,
    status: r.status as NotificationStatus,
    nextAttemptAt: r.nextAttemptAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Every message of an order, newest first (the spec's "select, optionally by order_id, newest first"). */
export async function listNotifications(db: Db, options: { orderId?: string; limit?: number } = {}) {
  const rows = await selectNotifications(db)
    .where(options.orderId ? eq(orderNotifications.orderId, options.orderId) : undefined)
    .orderBy(desc(orderNotifications.createdAt), desc(orderNotifications.id))
    .limit(Math.min(options.limit ?? 100, 500));
  return rows.map(toRow);
}

export async function notificationById(db: Db | Tx, id: string): Promise<NotificationRow | null> {
  const [row] = await selectNotifications(db).where(eq(orderNotifications.id, id));
  return row ? toRow(row) : null;
}

export interface CustomWhatsApp {
  orderId: string;
  /** E.164, already checked; empty for the owner (ADMIN_WHATSAPP_TO, read when sent). */
  recipient: string;
  audience: Audience;
  body: string;
  /** The form's one-time key: a double-clicked Send writes one message. */
  key: string;
}

/** The admin's own WhatsApp message about an order; written pending, sent by the caller or the worker. */
export async function enqueueCustomWhatsApp(db: Db | Tx, message: CustomWhatsApp): Promise<NotificationRow> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, message.orderId));
  if (!order) throw new DomainError("not-found", NOTIFICATION_MESSAGES.orderNotFound);
  const dedupeKey = `custom:${message.orderId}:${message.key}`;
  await db
    .insert(orderNotifications)
    .values({
      orderId: message.orderId,
      channel: "whatsapp",
      notificationType: "custom",
      audience: message.audience,
      recipient: message.recipient,
      messageBody: message.body,
      dedupeKey,
    })
    .onConflictDoNothing({ target: orderNotifications.dedupeKey });
  const [row] = await selectNotifications(db).where(eq(orderNotifications.dedupeKey, dedupeKey));
  return toRow(row!);
}

/**
 * A failed message goes out again: pending now, tries counted afresh, optionally to a corrected
 * address (a WhatsApp number fixed after 21211). Only a failed one: a sent message is not sent twice.
 */
export async function resendNotification(
  db: Db | Tx,
  id: string,
  options: { recipient?: string | null; orderId?: string } = {},
): Promise<NotificationRow> {
  const now = new Date();
  const [updated] = await db
    .update(orderNotifications)
    .set({
      status: "pending",
      attempts: 0,
      nextAttemptAt: now,
      sendingSince: null,
      errorMessage: null,
      errorCode: null,
      updatedAt: now,
      ...(options.recipient ? { recipient: options.recipient } : {}),
    })
    .where(
      and(
        eq(orderNotifications.id, id),
        eq(orderNotifications.status, "failed"),
        options.orderId ? eq(orderNotifications.orderId, options.orderId) : undefined,
      ),
    )
    .returning({ id: orderNotifications.id });
  if (updated) return (await notificationById(db, updated.id))!;
  const current = await notificationById(db, id);
  if (!current || (options.orderId && current.orderId !== options.orderId)) {
    throw new DomainError("not-found", NOTIFICATION_MESSAGES.notFound);
  }
  throw new DomainError("conflict", NOTIFICATION_MESSAGES.onlyFailedResend);
}
