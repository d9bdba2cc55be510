import { z } from "zod";
import { checkbox } from "~/lib/form-fields";
import { NOTIFICATION_MESSAGES } from "./delivery-policy";
import { parseE164 } from "./phone-numbers";
import { WHATSAPP_BODY_MAX } from "./whatsapp-texts";

/**
 * The admin's notification requests — a custom WhatsApp message, a resend, an order e-mail — one schema
 * each, for the order page's forms (browser and action) and the JSON routes /api/notifications/*.
 */

// Control characters other than line breaks and tabs have no place in a message.
// eslint-disable-next-line no-control-regex -- finding control characters is the point here
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const message = z
  .string()
  .trim()
  .min(1, NOTIFICATION_MESSAGES.messageRequired)
  .max(WHATSAPP_BODY_MAX, NOTIFICATION_MESSAGES.messageTooLong)
  .refine((value) => !CONTROL.test(value), NOTIFICATION_MESSAGES.messageRequired);

/** A phone number as typed: "" (none), or E.164 with or without spaces and a whatsapp: prefix. */
const phone = z
  .string()
  .trim()
  .max(40, NOTIFICATION_MESSAGES.invalidPhone)
  .refine((value) => value === "" || parseE164(value) !== null, NOTIFICATION_MESSAGES.invalidPhone)
  .transform((value) => (value === "" ? null : parseE164(value)));

/** A form's one-time key: the same Send posted twice writes one message. */
const requestKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{8,64}$/, "Invalid request")
  .optional();

/** The intents of the notification forms (the order page's panel, the console's WhatsApp tab). */
export const NOTIFY_INTENTS = { whatsapp: "notify-whatsapp", email: "notify-email" } as const;

export const WHATSAPP_FIELDS = ["customMessage", "phoneNumber", "isAdminNotification", "key"] as const;

/** A templated order message on WhatsApp (the spec's notificationType without customMessage). */
export const WHATSAPP_TYPES = ["order_confirmation", "shipping_notification"] as const;

export const customWhatsAppSchema = z
  .object({
    customMessage: message,
    phoneNumber: phone.default(""),
    isAdminNotification: z.union([z.boolean(), checkbox]).default(false),
    key: requestKey,
  })
  .superRefine((value, ctx) => {
    if (!value.isAdminNotification && !value.phoneNumber) {
      ctx.addIssue({ code: "custom", path: ["phoneNumber"], message: NOTIFICATION_MESSAGES.phoneRequired });
    }
  });
export type CustomWhatsAppInput = z.output<typeof customWhatsAppSchema>;

export const templatedWhatsAppSchema = z.object({
  notificationType: z.enum(WHATSAPP_TYPES, { error: "Unknown WhatsApp message type" }),
  phoneNumber: phone.default(""),
  isAdminNotification: z.boolean().default(false),
  key: requestKey,
});

export const resendSchema = z.object({
  notificationId: z.uuid({ error: NOTIFICATION_MESSAGES.notFound }),
  phoneNumber: phone.default(""),
});
export type ResendInput = z.output<typeof resendSchema>;

export const EMAIL_TYPES = [
  "order_confirmation",
  "shipping_notification",
  "delivery_notification",
  "cancellation_notification",
] as const;

export const orderEmailSchema = z.object({
  notificationType: z.enum(EMAIL_TYPES, { error: "Unknown e-mail type" }).default("order_confirmation"),
  key: requestKey,
});
export type OrderEmailInput = z.output<typeof orderEmailSchema>;

/** An order named by its id or its number (the JSON routes take either). */
export const orderRefSchema = z
  .object({
    orderId: z.uuid().optional(),
    orderNumber: z.string().trim().min(1).max(40).optional(),
  })
  .refine((value) => value.orderId || value.orderNumber, { message: "orderId is required", path: ["orderId"] });
