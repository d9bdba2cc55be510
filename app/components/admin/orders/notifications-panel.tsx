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
import { customWhatsAppSchema, WHATSAPP_FIELDS } from "~/modules/notifications/notification-forms";
import type { NotificationRow } from "~/modules/notifications/outbox.server";
import { customerE164 } from "~/modules/notifications/phone-numbers";
import { WHATSAPP_BODY_MAX } from "~/modules/notifications/whatsapp-texts";
import type { AdminOrderDetail } from "~/modules/orders/admin-orders.server";
import type { OrderMoveAnswer } from "./order-move-answer";
import { ChannelStatus } from "./channel-status";
import { useMessageList } from "./use-message-list";
import { formatOrderDate } from "./order-table";

/** The intents the order page's action hands to the notifications module. */
export const NOTIFY_INTENTS = { whatsapp: "notify-whatsapp", email: "notify-email" } as const;

export interface NotificationsPanelData {
  /** Null when they could not be read ('Failed to fetch notifications'). */
  notifications: NotificationRow[] | null;
  whatsappConfigured: boolean;
  ownerWhatsAppConfigured: boolean;
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

/**
 * Every WhatsApp and e-mail message of one order (type, channel, recipient, status, error, time), a
 * custom WhatsApp message, and resending failed ones. Forms post to the order's page: by a fetcher with
 * a toast, or by the browser without JavaScript. While a message waits for a retry the list refreshes.
 */
export function NotificationsPanel({
  order,
  notifications,
  whatsappConfigured,
  ownerWhatsAppConfigured,
  mailGoesToOutbox,
  requestKey,
}: NotificationsPanelData & { order: AdminOrderDetail }) {
  const fetcher = useFetcher<OrderMoveAnswer>({ key: `notify-${order.orderNumber}` });
  const result = fetcher.data;
  const busy = fetcher.state !== "idle";
  const action = `/admin/orders/${encodeURIComponent(order.orderNumber)}`;
  const waiting = notifications?.some((n) => n.status === "pending") ?? false;
  const revalidator = useMessageList(result, waiting);
  const custom = useZodForm({
    schema: customWhatsAppSchema,
    fields: WHATSAPP_FIELDS,
    lastResult: result?.intent === NOTIFY_INTENTS.whatsapp && !result.ok ? result : null,
  });
  const id = useId();

  const defaultPhone = customerE164(order.customer.phone, order.shippingAddress.country) ?? order.customer.phone ?? "";

  return (
    <section aria-labelledby="notifications-heading" className="rounded-2xl border border-line bg-white p-5">
      <div className="flex items-center justify-between gap-3">
        <h2 id="notifications-heading" className="font-display text-lg font-semibold">
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
        <p className="mt-3 text-sm text-muted">No messages for this order yet.</p>
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
            hint="International format: +1234567890"
            type="tel"
            autoComplete="off"
            defaultValue={defaultPhone}
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
  fetcher: ReturnType<typeof useFetcher<OrderMoveAnswer>>;
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
