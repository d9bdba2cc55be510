import { data } from "react-router";
import { clientIp } from "~/modules/accounts/account-limits.server";
import { errorAnswer } from "~/lib/http/error-answer.server";
import { readJsonBody } from "~/lib/http/read-body.server";
import type { CheckoutResponse } from "~/modules/orders/checkout-api";
import { checkoutRequestSchema } from "~/modules/orders/checkout-request";
import { CHECKOUT_MESSAGES } from "~/modules/orders/checkout-forms";
import { handleCheckout } from "~/modules/orders/checkout.server";
import { placedOrderNumbers, rememberPlacedOrder } from "~/modules/orders/placed-orders.server";
import { paypalClientFor } from "~/modules/payments/paypal-instance.server";
import { attributedCheckout, clearAttributionCookie } from "~/modules/recovery/attribution.server";
import { attributeOrder } from "~/modules/recovery/checkout-recovery.server";
import { services } from "~/services.server";
import type { Route } from "./+types/api.checkout";

/** `/api/checkout`: place the order, then pay it (demo or PayPal). JSON in, JSON out. */
const noStore = { "Cache-Control": "private, no-store" };

function reply(body: CheckoutResponse, status: number, headers: Record<string, string> = {}) {
  return data(body, { status, headers: { ...noStore, ...headers } });
}

const knownAddress = (ip: string) => (ip === "" || ip === "unknown" ? null : ip);

export async function loader() {
  return reply({ ok: false, error: "Method not allowed" }, 405);
}

export async function action({ request }: Route.ActionArgs) {
  try {
    const { config, database, events, settings } = services();
    const user = await services().sessions.user(request);
    // Guests check out only with GUEST_CHECKOUT (issue 31); otherwise sign-in is required (spec §2).
    if (!user && !config.guestCheckout) return reply({ ok: false, error: CHECKOUT_MESSAGES.signIn }, 401);
    const parsed = checkoutRequestSchema.safeParse(await readJsonBody(request));
    if (!parsed.success) return reply({ ok: false, error: "Invalid checkout request" }, 400);
    // One cached read: the order is priced, and its country checked, by the settings of this moment.
    const { shipping, store } = await settings.read();
    const result = await handleCheckout(
      {
        db: database.db,
        events,
        userId: user?.id ?? null,
        // A guest pays, and cancels, only the orders this browser placed (the signed cookie).
        placedNumbers: user ? undefined : await placedOrderNumbers(request, config.authSecret),
        demoPayments: config.demoPayments,
        paypal: paypalClientFor(config),
        limits: config.orderLimits,
        clientAddress: knownAddress(clientIp(request)),
        shipping,
        discounts: { offers: services().offers, timeZone: store.timeZone },
      },
      parsed.data,
    );
    // The browser that placed an order may see its confirmation page, signed in or not.
    const placed = parsed.data.intent === "place" ? result.orderNumber : undefined;
    const headers = new Headers(noStore);
    if (placed) headers.append("Set-Cookie", await rememberPlacedOrder(request, placed, config.authSecret));
    // Placed after a reminder's restore link (issue 31): the order counts for that checkout, once.
    const recovered = placed ? attributedCheckout(request, services().recovery.links) : null;
    if (placed && recovered) {
      await attributeOrder(database.db, placed, recovered);
      headers.append("Set-Cookie", clearAttributionCookie(config.publicUrl.startsWith("https:")));
    }
    return data({ ok: true, ...result } satisfies CheckoutResponse, { status: 200, headers });
  } catch (error) {
    const { status, message, fieldErrors } = errorAnswer(error, request, {
      where: "checkout",
      fallback: CHECKOUT_MESSAGES.failed,
    });
    return reply({ ok: false, error: message, ...(fieldErrors ? { fieldErrors } : {}) }, status);
  }
}
