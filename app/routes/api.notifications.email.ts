import { emailRequest } from "~/modules/notifications/notification-requests.server";
import { notificationApiAction } from "./notification-api.server";
import type { Route } from "./+types/api.notifications.email";

/**
 * POST /api/notifications/email (the spec's send-email-notification), admins only: orderId (or
 * orderNumber), optionally notificationType (the order confirmation by default); or notificationId to
 * resend a failed one.
 */
export function action({ request }: Route.ActionArgs) {
  return notificationApiAction(request, "notifications-email", emailRequest);
}
