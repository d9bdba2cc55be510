import type { Audience, Channel, NotificationType } from "./message-kinds";

/**
 * When to try a message again, and when to stop: pure rules of the notification worker.
 */

/** Tries before a message is given up as failed (about 6 minutes of back-off in all). */
export const MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 2_000;
/** No wait between two tries is longer than a minute. */
export const RETRY_CAP_MS = 60_000;

/**
 * The wait after the n-th failed try: exponential (2 s, 4 s, 8 s … capped at a minute) with "equal
 * jitter" — half fixed, half random — so a batch that failed together does not retry in lock-step.
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const exponential = Math.min(RETRY_CAP_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential / 2 + random() * (exponential / 2));
}

export const NOTIFICATION_MESSAGES = {
  whatsappNotConfigured: "WhatsApp is not configured",
  ownerNotConfigured: "The owner's WhatsApp number is not set",
  /** A send asked for on a channel that is off (the panel says how to turn it on). */
  whatsappOff: "WhatsApp is off for this shop, so nothing was sent",
  ownerWhatsAppOff: "The owner's WhatsApp number is not set, so nothing was sent",
  /** The owner's new-order e-mail when Settings → Notifications has no e-mail, or its alerts are off. */
  ownerEmailNotConfigured: "New-order e-mails to the owner are off: no owner e-mail is set in Settings → Notifications",
  ownerEmailOff: "New-order e-mails to the owner are off (Settings → Notifications), so nothing was sent",
  invalidPhone: "Invalid phone number format. Please use international format: +1234567890",
  notVerified: "Phone number not verified... The shop's WhatsApp sender is not enabled for WhatsApp on Twilio.",
  outsideWindow:
    "WhatsApp only delivers free-form messages within 24 hours of the customer's last message; this one was not delivered.",
  sendFailed: "Failed to send WhatsApp notification",
  emailFailed: "Failed to send e-mail notification",
  fetchFailed: "Failed to fetch notifications",
  notFound: "Notification not found",
  orderNotFound: "Order not found or could not be loaded",
  messageRequired: "Please enter a message",
  messageTooLong: "A WhatsApp message can have at most 1,600 characters",
  phoneRequired: "Please enter a phone number",
  onlyFailedResend: "Only a failed message can be resent",
  interrupted:
    "Sending was interrupted (the server stopped); it may or may not have gone out. Resend it if the customer did not get it.",
  queued: "Message queued: it goes out as soon as the provider answers",
  whatsappSent: "WhatsApp message sent",
  emailSent: "E-mail sent",
  resent: "Message sent again",
} as const;

/** Twilio errors no retry can fix: a bad number (21211), a sender that is not WhatsApp (63007), the 24-hour window (63016). */
const TWILIO_FINAL: Record<string, string> = {
  "21211": NOTIFICATION_MESSAGES.invalidPhone,
  "63007": NOTIFICATION_MESSAGES.notVerified,
  "63016": NOTIFICATION_MESSAGES.outsideWindow,
};

export interface SendFailure {
  retryable: boolean;
  /** What the owner reads in the panel. */
  message: string;
  /** The provider's code, when it gave one. */
  code: string | null;
}

/** A Twilio API answer that was not a success: its HTTP status and its error code. */
export function twilioFailure(httpStatus: number, code: number | string | null, message: string | null): SendFailure {
  const codeText = code === null || code === undefined ? null : String(code);
  if (codeText && TWILIO_FINAL[codeText]) return { retryable: false, message: TWILIO_FINAL[codeText], code: codeText };
  // Twilio is busy or down (5xx, 429): try again. Anything else 4xx (bad credentials, a bad
  // parameter) will answer the same next time.
  const retryable = httpStatus >= 500 || httpStatus === 429;
  const detail = message ? `: ${message}` : "";
  return { retryable, message: `${NOTIFICATION_MESSAGES.sendFailed}${detail}`, code: codeText ?? String(httpStatus) };
}

/** An SMTP server's answer: 5xx is permanent (no such mailbox…), 4xx and no answer at all are worth retrying. */
export function smtpFailure(responseCode: number | undefined, message: string): SendFailure {
  const permanent = responseCode !== undefined && responseCode >= 500 && responseCode < 600;
  return {
    retryable: !permanent,
    message: `${NOTIFICATION_MESSAGES.emailFailed}: ${message}`,
    code: responseCode === undefined ? null : String(responseCode),
  };
}

/** No answer: refused, reset, timed out. The provider may come back. */
export function networkFailure(channel: Channel, detail: string): SendFailure {
  const base = channel === "whatsapp" ? NOTIFICATION_MESSAGES.sendFailed : NOTIFICATION_MESSAGES.emailFailed;
  return { retryable: true, message: `${base}: ${detail}`, code: null };
}

/** A message that cannot be sent as it stands (not configured, no usable address). */
export function finalFailure(message: string, code: string | null = null): SendFailure {
  return { retryable: false, message, code };
}

export type NextStep = { status: "pending"; retryAt: Date } | { status: "failed" };

/** After a failed try (`attempts` counts it): try again later, or give up. */
export function afterFailure(
  attempts: number,
  failure: SendFailure,
  now: Date,
  random: () => number = Math.random,
): NextStep {
  if (!failure.retryable || attempts >= MAX_ATTEMPTS) return { status: "failed" };
  return { status: "pending", retryAt: new Date(now.getTime() + retryDelayMs(attempts, random)) };
}

export interface PlannedMessage {
  channel: Channel;
  audience: Audience;
  type: NotificationType;
}

/** Which channels can send: WhatsApp with Twilio connected; the owner's WhatsApp with their number too. */
export interface ChannelsOn {
  whatsapp: boolean;
  ownerWhatsApp: boolean;
  /**
   * The owner's new-order e-mail is planned: written only if, in the event's own transaction, the
   * settings have an owner e-mail with alerts on (outbox.server.ts). Off unless said.
   */
  ownerEmail?: boolean;
}

/** Every channel on (what a shop with Twilio connected and the owner's number set sends). */
export const ALL_CHANNELS_ON: ChannelsOn = { whatsapp: true, ownerWhatsApp: true };

/**
 * The messages each order event calls for, on the channels that are on: a channel that is off writes
 * no message (rather than a failure the owner can do nothing about from the order's page).
 */
export function messagesFor(event: string, on: ChannelsOn = ALL_CHANNELS_ON): PlannedMessage[] {
  return plannedFor(event).filter((m) =>
    m.channel === "whatsapp"
      ? on.whatsapp && (m.audience !== "owner" || on.ownerWhatsApp)
      : m.audience !== "owner" || Boolean(on.ownerEmail),
  );
}

function plannedFor(event: string): PlannedMessage[] {
  switch (event) {
    case "order.paid":
      return [
        { channel: "whatsapp", audience: "owner", type: "order_confirmation" },
        { channel: "email", audience: "customer", type: "order_confirmation" },
        { channel: "email", audience: "owner", type: "order_confirmation" },
      ];
    case "order.shipped":
      return [
        { channel: "email", audience: "customer", type: "shipping_notification" },
        { channel: "whatsapp", audience: "customer", type: "shipping_notification" },
      ];
    case "order.delivered":
      return [{ channel: "email", audience: "customer", type: "delivery_notification" }];
    case "order.cancelled":
      return [{ channel: "email", audience: "customer", type: "cancellation_notification" }];
    default:
      return [];
  }
}

/** One message per order event, channel and audience: the outbox's de-duplication key. */
export function eventMessageKey(event: string, orderId: string, message: PlannedMessage): string {
  return `${event}:${orderId}:${message.channel}:${message.audience}`;
}
