import type { AuditActor } from "~/modules/audit/audit.server";
import type { z } from "zod";
import type { Db } from "~/lib/db/client.server";
import { DomainError } from "~/lib/domain-error";
import { fieldErrors, type FieldErrors } from "~/lib/forms";
import { errorAnswer } from "~/lib/http/error-answer.server";
import { orderIdOf } from "~/modules/orders/admin-orders.server";
import { NOTIFICATION_MESSAGES } from "./delivery-policy";
import {
  customWhatsAppSchema,
  NOTIFY_INTENTS,
  orderEmailSchema,
  resendSchema,
  templatedWhatsAppSchema,
} from "./notification-forms";
import type { Notifications } from "./notifications.server";
import type { NotificationRow } from "./outbox.server";

/**
 * The admin's notification requests, as the order page's forms and the JSON routes
 * (/api/notifications/whatsapp, /api/notifications/email) send them: which request it is, checked with
 * its schema, carried out, and worded for the answer. Loaders and actions only read the body and the
 * access, and pass the values here.
 */
export interface NotificationAnswer {
  ok: boolean;
  message: string;
  errors: FieldErrors;
  notification?: NotificationRow;
}

type Values = Record<string, unknown>;

function invalid(errors: FieldErrors): never {
  const message = Object.values(errors).find(Boolean) ?? "Invalid request";
  throw new DomainError("invalid", message, { fieldErrors: errors });
}

function parse<S extends z.ZodType>(schema: S, values: Values): z.output<S> {
  const result = schema.safeParse(values);
  if (!result.success) invalid(fieldErrors(result.error));
  return result.data;
}

/** The answer for a row just sent (or tried): sent, queued for a retry, or failed with its reason. */
export function answerFor(row: NotificationRow, sentText: string): NotificationAnswer {
  if (row.status === "sent" || row.status === "delivered")
    return { ok: true, message: sentText, errors: {}, notification: row };
  if (row.status === "pending") {
    return { ok: true, message: NOTIFICATION_MESSAGES.queued, errors: {}, notification: row };
  }
  return { ok: false, message: row.errorMessage ?? NOTIFICATION_MESSAGES.sendFailed, errors: {}, notification: row };
}

/** A request naming a notification (notificationId) resends that failed message, on either route. */
async function resendIfAsked(notifications: Notifications, orderId: string, values: Values, actor: AuditActor) {
  if (values.notificationId === undefined || values.notificationId === "") return null;
  const input = parse(resendSchema, values);
  return answerFor(await notifications.resend(orderId, input, actor), NOTIFICATION_MESSAGES.resent);
}

/**
 * POST send-whatsapp-notification: a resend (notificationId), a custom message (customMessage), or an
 * order's templated message again (notificationType).
 */
export async function whatsappRequest(
  notifications: Notifications,
  orderId: string,
  values: Values,
  actor: AuditActor,
) {
  const resent = await resendIfAsked(notifications, orderId, values, actor);
  if (resent) return resent;
  if (values.customMessage !== undefined) {
    const input = parse(customWhatsAppSchema, values);
    return answerFor(await notifications.sendCustomWhatsApp(orderId, input, actor), NOTIFICATION_MESSAGES.whatsappSent);
  }
  const input = parse(templatedWhatsAppSchema, values);
  const row = await notifications.sendOrderMessage(
    orderId,
    {
      channel: "whatsapp",
      type: input.notificationType,
      audience: input.isAdminNotification ? "owner" : "customer",
      phoneNumber: input.phoneNumber,
      key: input.key,
    },
    actor,
  );
  return answerFor(row, NOTIFICATION_MESSAGES.whatsappSent);
}

/** POST send-email-notification: a resend (notificationId) or an order e-mail (by default the confirmation). */
export async function emailRequest(notifications: Notifications, orderId: string, values: Values, actor: AuditActor) {
  const resent = await resendIfAsked(notifications, orderId, values, actor);
  if (resent) return resent;
  const input = parse(orderEmailSchema, values);
  const row = await notifications.sendOrderMessage(
    orderId,
    { channel: "email", type: input.notificationType, audience: "customer", key: input.key },
    actor,
  );
  return answerFor(row, NOTIFICATION_MESSAGES.emailSent);
}

/** What a notification form's action answers (the shape of the order page's answers). */
export interface NotificationFormAnswer {
  intent: string;
  ok: boolean;
  message: string;
  errors: FieldErrors;
}

/**
 * A notification form posted to either face of the back office — the order page's panel in /admin (the
 * order fixed by its URL) or the console's WhatsApp tab (the order typed, or a message's order on a
 * Resend): the one handler that finds the order, runs the request and words the answer. The routes only
 * decide who may post (and which order the URL names), then hand the form here.
 */
export async function notificationFormRequest(
  deps: { db: Db; notifications: Notifications },
  request: Request,
  form: FormData,
  /** The order the page is about; null when the form names it (`orderNumber`). */
  pageOrderNumber: string | null,
  /** Who sends it, for the audit trail. */
  actor: AuditActor,
): Promise<{ status: number; body: NotificationFormAnswer }> {
  const intent = form.get("intent") === NOTIFY_INTENTS.email ? NOTIFY_INTENTS.email : NOTIFY_INTENTS.whatsapp;
  try {
    const values: Values = Object.fromEntries([...form].filter(([, v]) => typeof v === "string"));
    const typed = typeof values.orderNumber === "string" ? values.orderNumber : "";
    const orderNumber = (pageOrderNumber ?? typed).trim().slice(0, 40);
    const orderId = orderNumber ? await orderIdOf(deps.db, orderNumber) : null;
    if (!orderId) {
      const message = NOTIFICATION_MESSAGES.orderNotFound;
      return { status: 404, body: { intent, ok: false, message, errors: { orderNumber: message } } };
    }
    const answer = await (intent === NOTIFY_INTENTS.email ? emailRequest : whatsappRequest)(
      deps.notifications,
      orderId,
      values,
      actor,
    );
    return {
      status: answer.ok ? 200 : 502,
      body: { intent, ok: answer.ok, message: answer.message, errors: answer.errors },
    };
  } catch (error) {
    const failure = errorAnswer(error, request, {
      where: "notification-form",
      fallback: intent === NOTIFY_INTENTS.email ? NOTIFICATION_MESSAGES.emailFailed : NOTIFICATION_MESSAGES.sendFailed,
    });
    return {
      status: failure.status,
      body: { intent, ok: false, message: failure.message, errors: failure.fieldErrors ?? {} },
    };
  }
}
