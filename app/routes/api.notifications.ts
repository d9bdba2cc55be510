import { data } from "react-router";
import { errorAnswer } from "~/lib/http/error-answer.server";
import { ADMIN_ACCESS_MESSAGES } from "~/modules/accounts/admin-grant";
import { NOTIFICATION_MESSAGES } from "~/modules/notifications/delivery-policy";
import type { NotificationRow } from "~/modules/notifications/outbox.server";
import { services } from "~/services.server";
import { orderIdFrom } from "./notification-api.server";
import type { Route } from "./+types/api.notifications";

/**
 * GET /api/notifications?orderId=… (or orderNumber=…), admins only: an order's messages newest first;
 * without an order, the latest 100 of all (the spec's order_notifications select).
 */
const noStore = { "Cache-Control": "private, no-store" };

type Answer = { notifications: NotificationRow[] } | { error: string };

export async function loader({ request, url }: Route.LoaderArgs) {
  const reply = (body: Answer, status = 200) => data(body, { status, headers: noStore });
  try {
    const { adminAccess, database, notifications } = services();
    const access = await adminAccess.access(request);
    if (access.kind !== "admin") {
      return reply({ error: ADMIN_ACCESS_MESSAGES.forbidden }, access.kind === "visitor" ? 401 : 403);
    }
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
