import type { FieldErrors } from "~/lib/forms";
import { parseForm } from "~/lib/forms";
import { FULFILMENT_MESSAGES, moveOrder, type FulfilmentDeps } from "./order-fulfilment.server";
import { ORDER_MOVE_FIELDS, orderMoveSchema } from "./order-move-forms";
import { MOVE_DONE } from "./order-moves";
import type { AuditActor } from "~/modules/audit/audit.server";
import { orderIdOf } from "./admin-orders.server";

/** What an order move's action answers (a fetcher's form, or the browser's without JavaScript). */
export interface OrderMoveAnswer {
  intent: string | null;
  ok: boolean;
  message: string;
  errors: FieldErrors;
  /** Set when a paid order was cancelled but its PayPal refund failed. */
  refundFailed?: string | null;
}

/**
 * A posted move (ship, deliver, cancel, refund) of the order with this number: checked with the form's
 * schema, then applied by the state machine for `actor`. The same for /admin's order page and the
 * /secure-admin console. DomainErrors (a conflict, PayPal down) are thrown on to the caller's errorAnswer.
 */
export async function applyMoveForm(
  fulfilment: FulfilmentDeps,
  orderNumber: string,
  form: FormData,
  actor: AuditActor,
): Promise<{ answer: OrderMoveAnswer; status: number }> {
  const posted = form.get("intent");
  const intent = typeof posted === "string" ? posted.slice(0, 20) : null;
  const parsed = parseForm(orderMoveSchema, form, ORDER_MOVE_FIELDS);
  if (!parsed.ok) {
    const message = Object.values(parsed.errors).find(Boolean) ?? "Invalid request";
    return { answer: { intent, ok: false, message, errors: parsed.errors }, status: 400 };
  }
  const move = parsed.data;
  const orderId = await orderIdOf(fulfilment.db, orderNumber.slice(0, 40));
  if (!orderId)
    return { answer: { intent, ok: false, message: FULFILMENT_MESSAGES.notFound, errors: {} }, status: 404 };
  const result = await moveOrder(fulfilment, {
    orderId,
    move: move.intent,
    actor,
    note: move.note,
    ...(move.intent === "ship" ? { trackingNumber: move.trackingNumber, carrier: move.carrier } : {}),
  });
  return {
    answer: {
      intent,
      ok: true,
      message: MOVE_DONE[move.intent](result.orderNumber),
      errors: {},
      refundFailed: result.refundFailed,
    },
    status: 200,
  };
}
