import { ExternalLink, Mail, MessageCircle, RefreshCw } from "lucide-react";
import { useId } from "react";
import { useFetcher } from "react-router";
import {
  CheckboxField,
  FormMessage,
  primaryButton,
  secondaryButton,
  TextAreaField,
  TextField,
} from "~/components/ui/field";
import { useZodForm } from "~/components/ui/use-zod-form";
import { NOTIFICATION_MESSAGES } from "~/modules/notifications/delivery-policy";
import { TYPE_LABELS, type NotificationStatus } from "~/modules/notifications/message-kinds";
import { customWhatsAppSchema, NOTIFY_INTENTS, WHATSAPP_FIELDS } from "~/modules/notifications/notification-forms";
import type { NotificationFormAnswer } from "~/modules/notifications/notification-requests.server";
import type { NotificationRow } from "~/modules/notifications/outbox.server";
import { WHATSAPP_BODY_MAX } from "~/modules/notifications/whatsapp-texts";
import { ChannelStatus } from "./channel-status";
import { useMessageList } from "./use-message-list";
import { formatOrderDate } from "./order-table";

export interface NotificationsPanelData {
  /** Null when they could not be read ('Failed to fetch notifications'). */
  notifications: NotificationRow[] | null;
  whatsappConfigured: boolean;
  ownerWhatsAppConfigured: boolean;
  /** Mail is kept on this server, and this face may open it (the order page in /admin). */
  mailGoesToOutbox: boolean;
  /** This page's one-time key for the custom message form. */
  requestKey: string;
}

const STATUS_STYLE: Record<NotificationStatus, string> = {
  pending: "bg-amber-100 text-amber-900",
  sent: "bg-sky-100 text-sky-900",
  delivered: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
};
const STATUS_TEXT: Record<NotificationStatus, string> = {
  pending: "Pending",
  sent: "Sent",
  delivered: "Delivered",
  failed: "Failed",
};

/** Who a message went (or goes) to, as the owner reads it. */
function recipientText(row: NotificationRow): string {
  if (row.audience === "owner") return row.recipient ? `Shop owner (${row.recipient})` : "Shop owner";
  return row.recipient || "Customer (as given at checkout)";
}

/** The order a panel is about (its page in /admin); absent, the panel lists every order's messages (the console). */
export interface NotificationsPanelOrder {
  orderNumber: string;
  /** The customer's number as the custom message's default recipient. */
  defaultPhone: string;
}

/**
 * Every WhatsApp and e-mail message (type, channel, recipient, status, error, time) of one order or of
 * every order, a custom WhatsApp message, and resending failed ones: the one notification component of
 * both faces of the back office — an order's page in /admin, and the console's WhatsApp tab, where the
 * form asks for the order number. Forms post to `action` (the page's own action, which hands them to
 * `notificationFormRequest`): by a fetcher with a toast, or by the browser without JavaScript. While a
 * message waits for a retry the list refreshes.
 */
export function NotificationsPanel({
  action,
  order,
  notifications,
  whatsappConfigured,
  ownerWhatsAppConfigured,
  mailGoesToOutbox,
  requestKey,
}: NotificationsPanelData & { action: string; order?: NotificationsPanelOrder }) {
  const fetcher = useFetcher<NotificationFormAnswer>({ key: `notify-${order?.orderNumber ?? "all"}` });
  const result = fetcher.data;
  const busy = fetcher.state !== "idle";
  // A message scheduled for later (a review request, days after delivery) is not waited for.
  const waiting = notifications?.some((n) => n.status === "pending" && !scheduled(n)) ?? false;
  const revalidator = useMessageList(result, waiting);
  const custom = useZodForm({
    schema: customWhatsAppSchema,
    fields: order ? WHATSAPP_FIELDS : ["orderNumber", ...WHATSAPP_FIELDS],
    lastResult: result?.intent === NOTIFY_INTENTS.whatsapp && !result.ok ? result : null,
  });
  const id = useId();

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-2xl border border-line bg-white p-5">
      <div className="flex items-center justify-between gap-3">
        <h2 id={`${id}-heading`} className="font-display text-lg font-semibold">
          Notifications
        </h2>
        <button
          type="button"
          className="inline-flex items-center gap-1 text-sm text-muted hover:text-ink"
          onClick={() => void revalidator.revalidate()}
          disabled={revalidator.state !== "idle"}
        >
          <RefreshCw className={`size-4 ${revalidator.state !== "idle" ? "animate-spin" : ""}`} aria-hidden />
          Refresh
        </button>
      </div>
      <ChannelStatus
        whatsappConfigured={whatsappConfigured}
        ownerWhatsAppConfigured={ownerWhatsAppConfigured}
        mailGoesToOutbox={mailGoesToOutbox}
      />
      {result && !busy && (
        <FormMessage kind={result.ok ? "success" : "error"} className="mt-3">
          {result.message}
        </FormMessage>
      )}

      {notifications === null ? (
        <FormMessage kind="error" className="mt-3">
          {NOTIFICATION_MESSAGES.fetchFailed}
        </FormMessage>
      ) : notifications.length === 0 ? (
        <p className="mt-3 text-sm text-muted">{order ? "No messages for this order yet." : "No messages yet."}</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-3" aria-label="Messages">
          {notifications.map((row) => (
            <NotificationItem
              key={row.id}
              row={row}
              action={action}
              fetcher={fetcher}
              busy={busy}
              mailGoesToOutbox={mailGoesToOutbox}
              showOrder={!order}
            />
          ))}
        </ul>
      )}

      <fetcher.Form
        method="post"
        action={action}
        {...custom.form}
        aria-label="Send a WhatsApp message"
        className="mt-5 flex flex-col gap-3 border-t border-line pt-4"
      >
        <h3 className="text-sm font-semibold">Send a WhatsApp message</h3>
        {/* Off, the form stays for reading but cannot send (the server refuses it too). */}
        <fieldset disabled={!whatsappConfigured} className="flex flex-col gap-3">
          <input type="hidden" name="intent" value={NOTIFY_INTENTS.whatsapp} />
          <input type="hidden" name="key" value={requestKey} />
          {!order && <TextField {...custom.field("orderNumber")} label="Order number" required autoComplete="off" />}
          <TextAreaField
            id={`${id}-message`}
            name="customMessage"
            label="Message"
            rows={3}
            maxLength={WHATSAPP_BODY_MAX}
            error={custom.errors.customMessage}
          />
          <TextField
            {...custom.field("phoneNumber")}
            label="Phone number"
            hint={order ? "International format: +1234567890" : "The customer's, in international format: +1234567890"}
            type="tel"
            autoComplete="off"
            defaultValue={order?.defaultPhone ?? ""}
          />
          <CheckboxField
            {...custom.field("isAdminNotification")}
            id={`${id}-owner`}
            label="Send to the shop owner instead"
          />
          <div>
            <button type="submit" className={primaryButton} disabled={busy}>
              <MessageCircle className="size-4" aria-hidden />
              {busy && fetcher.formData?.get("intent") === NOTIFY_INTENTS.whatsapp
                ? "Sending..."
                : "Send WhatsApp message"}
            </button>
          </div>
        </fieldset>
      </fetcher.Form>
    </section>
  );
}

/** Not tried yet and due well after it was written: a message sent later on purpose (a review request). */
function scheduled(row: NotificationRow): boolean {
  return row.attempts === 0 && Date.parse(row.nextAttemptAt) - Date.parse(row.createdAt) > 60_000;
}

/** One message: kind, channel, status, recipient, time, error, text, the outbox e-mail, and Resend when it failed. */
export function NotificationItem({
  row,
  action,
  fetcher,
  busy,
  mailGoesToOutbox,
  showOrder = false,
}: {
  row: NotificationRow;
  action: string;
  fetcher: ReturnType<typeof useFetcher<NotificationFormAnswer>>;
  busy: boolean;
  mailGoesToOutbox: boolean;
  /** Lists across orders name the order. */
  showOrder?: boolean;
}) {
  const Icon = row.channel === "email" ? Mail : MessageCircle;
  const channel = row.channel === "email" ? "E-mail" : "WhatsApp";
  const correctable = row.channel === "whatsapp" && row.audience === "customer";
  const phoneId = useId();
  return (
    <li className="rounded-xl border border-line p-3 text-sm" aria-label={`${channel}: ${TYPE_LABELS[row.type]}`}>
      <div className="flex flex-wrap items-center gap-2">
        <Icon className="size-4 text-muted" aria-hidden />
        <span className="font-medium">{TYPE_LABELS[row.type]}</span>
        <span className="text-muted">· {channel}</span>
        <span className={`ml-auto rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[row.status]}`}>
          {STATUS_TEXT[row.status]}
        </span>
      </div>
      <p className="mt-1 break-all text-muted">
        {showOrder && row.orderNumber ? `${row.orderNumber} · ` : ""}To: {recipientText(row)}
      </p>
      <p className="text-xs text-muted">
        <time dateTime={row.updatedAt}>{formatOrderDate(row.updatedAt)}</time>
        {row.attempts > 1 ? ` · ${row.attempts} tries` : ""}
      </p>
      {row.status === "pending" && scheduled(row) && (
        <p className="text-xs text-muted">
          Goes out <time dateTime={row.nextAttemptAt}>{formatOrderDate(row.nextAttemptAt)}</time>
        </p>
      )}
      {row.errorMessage && (
        <p className="mt-1 text-red-800">
          {row.status === "pending" ? "Last try: " : ""}
          {row.errorMessage}
        </p>
      )}
      {row.messageBody && (
        <details className="mt-1">
          <summary className="cursor-pointer text-muted hover:text-ink">Message</summary>
          <p className="mt-1 whitespace-pre-wrap break-words">{row.messageBody}</p>
        </details>
      )}
      {mailGoesToOutbox && row.channel === "email" && row.providerMessageId && (
        <a
          href={`/admin/notifications/${row.id}/mail`}
          target="_blank"
          rel="noopener"
          className="mt-1 inline-flex items-center gap-1 underline"
        >
          View e-mail <ExternalLink className="size-3" aria-hidden />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      )}
      {row.status === "failed" && (
        <fetcher.Form method="post" action={action} className="mt-2 flex flex-wrap items-end gap-2">
          <input
            type="hidden"
            name="intent"
            value={row.channel === "email" ? NOTIFY_INTENTS.email : NOTIFY_INTENTS.whatsapp}
          />
          <input type="hidden" name="notificationId" value={row.id} />
          {/* A resend is for its message's order, on either face. */}
          {row.orderNumber && <input type="hidden" name="orderNumber" value={row.orderNumber} />}
          {correctable && (
            <div className="min-w-0 flex-1">
              <label htmlFor={phoneId} className="mb-1 block text-xs font-medium">
                Phone number
              </label>
              <input
                id={phoneId}
                name="phoneNumber"
                type="tel"
                defaultValue={row.recipient}
                className="block h-9 w-full rounded-lg border border-line px-2 text-sm"
              />
            </div>
          )}
          <button type="submit" className={`${secondaryButton} h-9`} disabled={busy}>
            Resend
          </button>
        </fetcher.Form>
      )}
    </li>
  );
}
