import { data } from "react-router";
import { z } from "zod";
import { errorAnswer } from "~/lib/http/error-answer.server";
import { readJsonBody } from "~/lib/http/read-body.server";
import { PAYMENT_MESSAGES, type CheckoutResponse } from "~/modules/orders/checkout-api";
import { checkoutRequestSchema } from "~/modules/orders/checkout-request";
import { CHECKOUT_MESSAGES } from "~/modules/orders/checkout-forms";
import { handleCheckout } from "~/modules/orders/checkout.server";
import { paypalClientFor } from "~/modules/payments/paypal-instance.server";
import { services } from "~/services.server";
import type { Route } from "./+types/api.pay";

/**
 * `/api/pay` (issue 32): a draft order's payment link pays its order through the checkout's own payment
 * steps (demo payment, PayPal create/capture/cancel): the body is a checkout payment request plus the
 * link's token, and the payment may touch only the order the genuine, unexpired token names — signed in
 * or not. Nothing is placed here; the order's lines and total are those staff set.
 */
const noStore = { "Cache-Control": "private, no-store" };
const reply = (body: CheckoutResponse, status: number) => data(body, { status, headers: noStore });

const payLinkRequest = z.object({ token: z.string().max(200) });

export async function loader() {
  return reply({ ok: false, error: "Method not allowed" }, 405);
}

export async function action({ request }: Route.ActionArgs) {
  try {
    const { config, database, events, settings } = services();
    const body = await readJsonBody(request);
    const token = payLinkRequest.safeParse(body);
    const parsed = checkoutRequestSchema.safeParse(body);
    if (!token.success || !parsed.success || parsed.data.intent === "place") {
      return reply({ ok: false, error: "Invalid payment request" }, 400);
    }
    const link = services().draftLinks.read(token.data.token);
    if (!link) return reply({ ok: false, error: PAYMENT_MESSAGES.linkExpired }, 404);
    const { shipping, store } = await settings.read();
    const result = await handleCheckout(
      {
        db: database.db,
        events,
        userId: null,
        linkedOrderNumber: link.orderNumber,
        demoPayments: config.demoPayments,
        paypal: paypalClientFor(config),
        limits: config.orderLimits,
        clientAddress: null,
        shipping,
        discounts: { offers: services().offers, timeZone: store.timeZone },
      },
      parsed.data,
    );
    return reply({ ok: true, ...result }, 200);
  } catch (error) {
    const { status, message } = errorAnswer(error, request, { where: "pay link", fallback: CHECKOUT_MESSAGES.failed });
    return reply({ ok: false, error: message }, status);
  }
}
