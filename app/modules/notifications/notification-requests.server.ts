import type { z } from "zod";
import { DomainError } from "~/lib/domain-error";
import { fieldErrors, type FieldErrors } from "~/lib/forms";
import { NOTIFICATION_MESSAGES } from "./delivery-policy";
import { customWhatsAppSchema, orderEmailSchema, resendSchema, templatedWhatsAppSchema } from "./notification-forms";
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
async function resendIfAsked(notifications: Notifications, orderId: string, values: Values) {
  if (values.notificationId === undefined || values.notificationId === "") return null;
  const input = parse(resendSchema, values);
  return answerFor(await notifications.resend(orderId, input), NOTIFICATION_MESSAGES.resent);
}

/**
 * POST send-whatsapp-notification: a resend (notificationId), a custom message (customMessage), or an
 * order's templated message again (notificationType).
 */
export async function whatsappRequest(notifications: Notifications, orderId: string, values: Values) {
  const resent = await resendIfAsked(notifications, orderId, values);
  if (resent) return resent;
  if (values.customMessage !== undefined) {
    const input = parse(customWhatsAppSchema, values);
    return answerFor(await notifications.sendCustomWhatsApp(orderId, input), NOTIFICATION_MESSAGES.whatsappSent);
  }
  const input = parse(templatedWhatsAppSchema, values);
  const row = await notifications.sendOrderMessage(orderId, {
    channel: "whatsapp",
    type: input.notificationType,
    audience: input.isAdminNotification ? "owner" : "customer",
    phoneNumber: input.phoneNumber,
    key: input.key,
  });
  return answerFor(row, NOTIFICATION_MESSAGES.whatsappSent);
}

/** POST send-email-notification: a resend (notificationId) or an order e-mail (by default the confirmation). */
export async function emailRequest(notifications: Notifications, orderId: string, values: Values) {
  const resent = await resendIfAsked(notifications, orderId, values);
  if (resent) return resent;
  const input = parse(orderEmailSchema, values);
  const row = await notifications.sendOrderMessage(orderId, {
    channel: "email",
    type: input.notificationType,
    audience: "customer",
    key: input.key,
  });
  return answerFor(row, NOTIFICATION_MESSAGES.emailSent);
}
