import { MessageCircle, RefreshCw } from "lucide-react";
import { useId } from "react";
import { data, useFetcher } from "react-router";
import { ChannelStatus } from "~/components/admin/orders/channel-status";
import { NOTIFY_INTENTS, NotificationItem } from "~/components/admin/orders/notifications-panel";
import type { OrderMoveAnswer } from "~/components/admin/orders/order-move-answer";
import { useMessageList } from "~/components/admin/orders/use-message-list";
import {
  CheckboxField,
  FormMessage,
  primaryButton,
  secondaryButton,
  TextAreaField,
  TextField,
} from "~/components/ui/field";
import type { Db } from "~/lib/db/client.server";
import { errorAnswer, pageLoader } from "~/lib/http/error-answer.server";
import { readFormBody } from "~/lib/http/read-body.server";
import { NOTIFICATION_MESSAGES } from "~/modules/notifications/delivery-policy";
import { emailRequest, whatsappRequest } from "~/modules/notifications/notification-requests.server";
import { notificationById } from "~/modules/notifications/outbox.server";
import { WHATSAPP_BODY_MAX } from "~/modules/notifications/whatsapp-texts";
import { orderIdOf } from "~/modules/orders/admin-orders.server";
import { services } from "~/services.server";
import { consoleGate, consoleNoStore, hasConsolePass } from "./secure-admin.server";
import type { Route } from "./+types/secure-admin.whatsapp";

/**
 * The console's WhatsApp (spec §2's notification component): the latest messages of every order with
 * their status (refreshed while any waits), a custom WhatsApp message to an order's customer or the
 * owner, and Resend for failed ones — the notifications module's outbox, as on an order's page in /admin.
 */
async function load({ request }: Route.LoaderArgs) {
  if (!(await hasConsolePass(request))) return data({ panel: null }, { headers: consoleNoStore });
  const { notifications } = services();
  const messages = await notifications.list().catch((error: unknown) => {
    console.warn("[secure-admin] notifications could not be read:", error);
    return null;
  });
  return data(
    {
      panel: {
        messages,
        whatsappConfigured: notifications.whatsappConfigured,
        ownerWhatsAppConfigured: notifications.ownerWhatsAppConfigured,
        requestKey: crypto.randomUUID(),
      },
    },
    { headers: consoleNoStore },
  );
}
export const loader = pageLoader(load);

/** A custom WhatsApp message for the order typed, or a resend of a failed message (its own order). */
export async function action({ request }: Route.ActionArgs) {
  const reply = (body: OrderMoveAnswer, status = 200) => data(body, { status, headers: consoleNoStore });
  let intent: string | null = null;
  try {
    const form = await readFormBody(request);
    const refused = await consoleGate(request, form);
    if (refused) return refused;
    const { database, notifications } = services();
    intent = form.get("intent") === NOTIFY_INTENTS.email ? NOTIFY_INTENTS.email : NOTIFY_INTENTS.whatsapp;
    const values = Object.fromEntries([...form].filter(([, v]) => typeof v === "string"));
    const notificationId = typeof values.notificationId === "string" ? values.notificationId : "";
    // A resend belongs to its message's order; a new message to the order typed.
    const orderId = notificationId
      ? await orderOfNotification(database.db, notificationId)
      : await orderIdOf(
          database.db,
          String(values.orderNumber ?? "")
            .trim()
            .slice(0, 40),
        );
    if (!orderId) {
      const message = notificationId ? NOTIFICATION_MESSAGES.notFound : NOTIFICATION_MESSAGES.orderNotFound;
      return reply({ intent, ok: false, message, errors: notificationId ? {} : { orderNumber: message } }, 404);
    }
    const answer = await (intent === NOTIFY_INTENTS.email ? emailRequest : whatsappRequest)(
      notifications,
      orderId,
      values,
    );
    return reply({ intent, ok: answer.ok, message: answer.message, errors: answer.errors }, answer.ok ? 200 : 502);
  } catch (error) {
    const failure = errorAnswer(error, request, {
      where: "secure-admin-whatsapp",
      fallback: NOTIFICATION_MESSAGES.sendFailed,
    });
    return reply({ intent, ok: false, message: failure.message, errors: failure.fieldErrors ?? {} }, failure.status);
  }
}

async function orderOfNotification(db: Db, id: string): Promise<string | null> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  return (await notificationById(db, id))?.orderId ?? null;
}

/** After a send, failed or not, the list changes: reload it (React Router skips that after an error answer). */
export function shouldRevalidate() {
  return true;
}

export default function ConsoleWhatsApp({ loaderData }: Route.ComponentProps) {
  const { panel } = loaderData;
  const fetcher = useFetcher<OrderMoveAnswer>({ key: "console-whatsapp" });
  const id = useId();
  const result = fetcher.data;
  const busy = fetcher.state !== "idle";
  const waiting = panel?.messages?.some((m) => m.status === "pending") ?? false;
  const revalidator = useMessageList(result, waiting);

  if (!panel) return null;
  const errors = result && !result.ok ? result.errors : {};
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <section aria-labelledby="recent-heading" className="rounded-2xl border border-line bg-white p-5">
        <div className="flex items-center justify-between gap-3">
          <h2 id="recent-heading" className="font-display text-xl font-semibold">
            Recent messages
          </h2>
          <button type="button" className={`${secondaryButton} h-9`} onClick={() => void revalidator.revalidate()}>
            <RefreshCw className={`size-4 ${revalidator.state !== "idle" ? "animate-spin" : ""}`} aria-hidden />
            Refresh
          </button>
        </div>
        <ChannelStatus
          whatsappConfigured={panel.whatsappConfigured}
          ownerWhatsAppConfigured={panel.ownerWhatsAppConfigured}
        />
        {panel.messages === null ? (
          <FormMessage kind="error" className="mt-3">
            {NOTIFICATION_MESSAGES.fetchFailed}
          </FormMessage>
        ) : panel.messages.length === 0 ? (
          <p className="mt-3 text-sm text-muted">No messages yet.</p>
        ) : (
          <ul className="mt-3 flex flex-col gap-3" aria-label="Messages">
            {panel.messages.map((row) => (
              <NotificationItem
                key={row.id}
                row={row}
                action="/secure-admin/whatsapp"
                fetcher={fetcher}
                busy={busy}
                mailGoesToOutbox={false}
                showOrder
              />
            ))}
          </ul>
        )}
      </section>
      <fetcher.Form
        method="post"
        action="/secure-admin/whatsapp"
        aria-label="Send a WhatsApp message"
        className="flex h-fit flex-col gap-4 rounded-2xl border border-line bg-white p-5"
      >
        <h2 className="font-display text-xl font-semibold">Send a WhatsApp message</h2>
        {result && !busy && <FormMessage kind={result.ok ? "success" : "error"}>{result.message}</FormMessage>}
        <input type="hidden" name="intent" value={NOTIFY_INTENTS.whatsapp} />
        <input type="hidden" name="key" value={panel.requestKey} />
        <TextField name="orderNumber" label="Order number" required autoComplete="off" error={errors.orderNumber} />
        <TextAreaField
          id={`${id}-message`}
          name="customMessage"
          label="Message"
          rows={4}
          maxLength={WHATSAPP_BODY_MAX}
          error={errors.customMessage}
        />
        <TextField
          name="phoneNumber"
          label="Phone number"
          hint="The customer's, in international format: +1234567890"
          type="tel"
          autoComplete="off"
          error={errors.phoneNumber}
        />
        <CheckboxField id={`${id}-owner`} name="isAdminNotification" label="Send to the shop owner instead" />
        {/* Off, nothing can be sent (the server refuses it too): the note beside the list says how to turn it on. */}
        <button type="submit" className={primaryButton} disabled={busy || !panel.whatsappConfigured}>
          <MessageCircle className="size-4" aria-hidden />
          {busy ? "Sending..." : "Send WhatsApp message"}
        </button>
      </fetcher.Form>
    </div>
  );
}
