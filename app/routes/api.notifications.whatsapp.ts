import { whatsappRequest } from "~/modules/notifications/notification-requests.server";
import { notificationApiAction } from "./notification-api.server";
import type { Route } from "./+types/api.notifications.whatsapp";

/**
 * POST /api/notifications/whatsapp (the spec's send-whatsapp-notification), admins only: orderId (or
 * orderNumber) with customMessage, phoneNumber and isAdminNotification; or notificationType for an
 * order's message again; or notificationId to resend a failed one (phoneNumber corrects the number).
 */
export function action({ request }: Route.ActionArgs) {
  return notificationApiAction(request, "notifications-whatsapp", whatsappRequest);
}
