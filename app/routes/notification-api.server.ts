import { data } from "react-router";
import type { Db } from "~/lib/db/client.server";
import { errorAnswer } from "~/lib/http/error-answer.server";
import { readFormBody, readJsonBody } from "~/lib/http/read-body.server";
import { NOTIFICATION_MESSAGES } from "~/modules/notifications/delivery-policy";
import { orderRefSchema } from "~/modules/notifications/notification-forms";
import type { NotificationAnswer } from "~/modules/notifications/notification-requests.server";
import type { Notifications } from "~/modules/notifications/notifications.server";
import { orderIdOf } from "~/modules/orders/admin-orders.server";
import type { StaffActor } from "~/modules/staff/staff-actor";
import { services } from "~/services.server";

/**
 * What /api/notifications/whatsapp and /api/notifications/email share (decisions.md §1: the spec's
 * serverless functions as admin-only server routes): a role with 'notifications' first, then the body (JSON or a form),
 * the order it names, the request itself, and one JSON answer shape.
 */
const noStore = { "Cache-Control": "private, no-store" };

type Handler = (
  notifications: Notifications,
  orderId: string,
  values: Record<string, unknown>,
  actor: StaffActor,
) => Promise<NotificationAnswer>;

export async function notificationApiAction(request: Request, where: string, handle: Handler) {
  const reply = (body: NotificationAnswer, status = 200) => data(body, { status, headers: noStore });
  if (request.method !== "POST") return reply({ ok: false, message: "Method not allowed", errors: {} }, 405);
  try {
    const { backOffice, database, notifications } = services();
    const verdict = await backOffice.check(request, "notifications");
    if (!verdict.ok) return reply({ ok: false, message: verdict.message, errors: {} }, verdict.status);
    const values = await readValues(request);
    if (!values) return reply({ ok: false, message: "Invalid request", errors: {} }, 400);
    const orderId = await orderIdFrom(database.db, values);
    if (!orderId) return reply({ ok: false, message: NOTIFICATION_MESSAGES.orderNotFound, errors: {} }, 404);
    const answer = await handle(notifications, orderId, values, verdict.staff.actor);
    return reply(answer, answer.ok ? 200 : 502);
  } catch (error) {
    const failure = errorAnswer(error, request, { where, fallback: NOTIFICATION_MESSAGES.sendFailed });
    return reply({ ok: false, message: failure.message, errors: failure.fieldErrors ?? {} }, failure.status);
  }
}

/** The body as plain values: a JSON object, or a form's text fields. */
async function readValues(request: Request): Promise<Record<string, unknown> | null> {
  const type = request.headers.get("content-type") ?? "";
  if (type.startsWith("application/json")) {
    const body = await readJsonBody(request);
    return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  }
  const form = await readFormBody(request);
  const values: Record<string, unknown> = {};
  for (const [name, value] of form) if (typeof value === "string") values[name] = value;
  return values;
}

export async function orderIdFrom(db: Db, values: Record<string, unknown>): Promise<string | null> {
  const ref = orderRefSchema.safeParse({
    orderId: typeof values.orderId === "string" && values.orderId !== "" ? values.orderId : undefined,
    orderNumber: typeof values.orderNumber === "string" && values.orderNumber !== "" ? values.orderNumber : undefined,
  });
  if (!ref.success) return null;
  if (ref.data.orderId) return ref.data.orderId;
  return orderIdOf(db, ref.data.orderNumber!);
}
