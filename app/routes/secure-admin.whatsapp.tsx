import { data, href } from "react-router";
import { NotificationsPanel, type NotificationsPanelData } from "~/components/admin/orders/notifications-panel";
import { errorAnswer, pageLoader } from "~/lib/http/error-answer.server";
import { readFormBody } from "~/lib/http/read-body.server";
import { NOTIFICATION_MESSAGES } from "~/modules/notifications/delivery-policy";
import { notificationFormRequest } from "~/modules/notifications/notification-requests.server";
import { services } from "~/services.server";
import { consoleGate, consoleNoStore, consoleStaff } from "./secure-admin.server";
import type { Route } from "./+types/secure-admin.whatsapp";
import { log } from "~/lib/log.server";

/**
 * The console's WhatsApp (spec §2's notification component): the back office's notifications panel
 * across every order — the latest messages with their status (refreshed while any waits), a custom
 * WhatsApp message to an order's customer or the owner, and Resend for failed ones. The same component
 * and the same request handler as an order's page in /admin; only the access differs (the console's pass).
 */
async function load({ request }: Route.LoaderArgs) {
  if (!(await consoleStaff(request, "notifications"))) return data({ panel: null }, { headers: consoleNoStore });
  const { notifications } = services();
  const panel: NotificationsPanelData = {
    notifications: await notifications.list().catch((error: unknown) => {
      log.warn({ err: error }, "[secure-admin] notifications could not be read");
      return null;
    }),
    whatsappConfigured: notifications.whatsappConfigured,
    ownerWhatsAppConfigured: notifications.ownerWhatsAppConfigured,
    // The outbox's mail viewer is /admin's (admins only): the console does not link to it.
    mailGoesToOutbox: false,
    requestKey: crypto.randomUUID(),
  };
  return data({ panel }, { headers: consoleNoStore });
}
export const loader = pageLoader(load);

/** A custom WhatsApp message for the order typed, or a resend of a failed message: /admin's handler. */
export async function action({ request }: Route.ActionArgs) {
  try {
    const form = await readFormBody(request);
    const gate = await consoleGate(request, form, "notifications");
    if ("answer" in gate) return gate.answer;
    const { database, notifications } = services();
    const { status, body } = await notificationFormRequest(
      { db: database.db, notifications },
      request,
      form,
      null,
      gate.actor,
    );
    return data(body, { status, headers: consoleNoStore });
  } catch (error) {
    const failure = errorAnswer(error, request, {
      where: "secure-admin-whatsapp",
      fallback: NOTIFICATION_MESSAGES.sendFailed,
    });
    return data(
      { intent: null, ok: false, message: failure.message, errors: failure.fieldErrors ?? {} },
      { status: failure.status, headers: consoleNoStore },
    );
  }
}

/** After a send, failed or not, the list changes: reload it (React Router skips that after an error answer). */
export function shouldRevalidate() {
  return true;
}

export default function ConsoleWhatsApp({ loaderData }: Route.ComponentProps) {
  const { panel } = loaderData;
  if (!panel) return null;
  return <NotificationsPanel action={href("/secure-admin/whatsapp")} {...panel} />;
}
