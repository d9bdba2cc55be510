import { data } from "react-router";
import { errorAnswer } from "~/lib/http/error-answer.server";
import { NOTIFICATION_MESSAGES } from "~/modules/notifications/delivery-policy";
import type { NotificationRow } from "~/modules/notifications/outbox.server";
import { services } from "~/services.server";
import { orderIdFrom } from "./notification-api.server";
import type { Route } from "./+types/api.notifications";

/**
 * GET /api/notifications?orderId=… (or orderNumber=…), roles with 'notifications' only: an order's messages newest first;
 * without an order, the latest 100 of all (the spec's order_notifications select).
 */
const noStore = { "Cache-Control": "private, no-store" };

type Answer = { notifications: NotificationRow[] } | { error: string };

export async function loader({ request, url }: Route.LoaderArgs) {
  const reply = (body: Answer, status = 200) => data(body, { status, headers: noStore });
  try {
    const { backOffice, database, notifications } = services();
    const verdict = await backOffice.check(request, "notifications");
    if (!verdict.ok) return reply({ error: verdict.message }, verdict.status);
    const params = Object.fromEntries(url.searchParams);
    const named = Boolean(params.orderId || params.orderNumber);
    const orderId = named ? await orderIdFrom(database.db, params) : undefined;
    if (named && !orderId) return reply({ error: NOTIFICATION_MESSAGES.orderNotFound }, 404);
    return reply({ notifications: await notifications.list(orderId ?? undefined) });
  } catch (error) {
    const failure = errorAnswer(error, request, {
      where: "notifications-list",
      fallback: NOTIFICATION_MESSAGES.fetchFailed,
    });
    return reply(
      { error: failure.status >= 500 ? NOTIFICATION_MESSAGES.fetchFailed : failure.message },
      failure.status,
    );
  }
}
