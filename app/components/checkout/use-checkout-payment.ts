import { useCallback, useRef, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { toast } from "sonner";
import { refreshCart, refreshPricing, removeDiscountCode } from "~/components/cart/cart-client";
import { useClientStore } from "~/components/cart/client-store";
import { guestLinesOf } from "~/modules/cart/cart-rules";
import { isCodeRefusal } from "~/modules/promotions/discount-engine";
import { failureMessage, postJson, type SendPolicy } from "~/lib/post-json";
import type { CheckoutResponse, PaymentMethod } from "~/modules/orders/checkout-api";
import type { CheckoutRequest } from "~/modules/orders/checkout-request";
import type { CheckoutForm } from "~/modules/orders/checkout-forms";

/**
 * The payment step's conversation with `/api/checkout`: place the order once (an idempotency key
 * per attempt, so a double click or a retry after a timeout finds the same order), then pay it.
 * The server places the order from the account's cart, so only the form, the payment method, the
 * key and the total the summary shows are sent (the server refuses an order whose total differs: a
 * price changed since, and the summary then reloads to show the new one). A failed payment cancels that order on the server; the next attempt gets a new key.
 */
export type Busy = null | "placing" | "paying";

export interface PlacedOrder {
  orderId: string;
  orderNumber: string;
}

function newKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * How each request copes with a slow server (app/lib/post-json.ts). Placing is safe to repeat (the
 * idempotency key finds the same order), and so are the demo payment (an order is paid once; a paid one
 * answers paid) and cancelling. PayPal's create and capture are sent once and given the time the server
 * needs: it bounds its PayPal calls itself (10 s each), and a capture still under way when a retry
 * arrives would make that retry report a failure for an order about to be paid.
 */
const POLICY: Record<CheckoutRequest["intent"], SendPolicy> = {
  place: "retry",
  "demo-pay": "retry",
  "paypal-cancel": "retry",
  "paypal-create": "wait",
  "paypal-capture": "wait",
};

async function call(request: CheckoutRequest): Promise<CheckoutResponse> {
  try {
    const { body } = await postJson<CheckoutResponse>("/api/checkout", request, POLICY[request.intent]);
    return body ?? { ok: false, error: "Failed to create order" };
  } catch (error) {
    // After the third timed-out attempt: 'Request timeout after 3 attempts. Please check your connection and try again.'
    return { ok: false, error: failureMessage(error) };
  }
}

export function useCheckoutPayment(options: {
  form: CheckoutForm;
  /** The total the order summary shows, in cents: the order is placed only at that total. */
  totalCents: number;
  /** The discount code applied in the summary (the server prices it again and counts its use). */
  discountCode: string | null;
  /** A guest (GUEST_CHECKOUT): the browser's cart goes with the order, and is emptied once it is paid. */
  guest?: boolean;
  onFieldErrors: (errors: Partial<Record<string, string>>) => void;
}) {
  const { form, totalCents, discountCode, guest = false, onFieldErrors } = options;
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const key = useRef(newKey());
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  /** The order PayPal's window is paying, until PayPal approves it or the shopper gives up. */
  const pendingOrder = useRef<PlacedOrder | null>(null);
  /** createOrder failed and said why already: PayPal's onError that follows stays quiet. */
  const createFailed = useRef(false);

  const failed = useCallback((message: string) => {
    setError(message);
    toast.error(message);
    setBusy(null);
  }, []);

  /** After a payment that did not go through: a fresh attempt, and the cart as the server has it. */
  const startOver = useCallback(() => {
    key.current = newKey();
    void refreshCart();
  }, []);

  const place = useCallback(
    async (paymentMethod: PaymentMethod): Promise<PlacedOrder | null> => {
      setError(null);
      setBusy("placing");
      const answer = await call({
        intent: "place",
        idempotencyKey: key.current,
        paymentMethod,
        form: { ...form },
        expectedTotalCents: totalCents,
        discountCode,
        // A guest's cart is the browser's: its ids, sizes, colours and quantities (the server prices them).
        ...(guest ? { lines: guestLinesOf(useClientStore.getState().cart) } : {}),
      });
      if (!answer.ok) {
        if (answer.fieldErrors && Object.keys(answer.fieldErrors).length > 0) onFieldErrors(answer.fieldErrors);
        else {
          // Refused for the cart or its prices (changed in another tab, a product gone, a new price, rate
          // or tax, a code used up meanwhile): the summary reloads the cart, its discounts and the shop's
          // rates as the server has them now. A code that can no longer be used comes off, so the order
          // can be placed without it.
          if (discountCode && isCodeRefusal(answer.error)) removeDiscountCode();
          void refreshPricing();
          void revalidator.revalidate();
        }
        failed(answer.error);
        return null;
      }
      return { orderId: answer.orderId!, orderNumber: answer.orderNumber! };
    },
    [form, totalCents, discountCode, guest, failed, onFieldErrors, revalidator],
  );

  const finish = useCallback(
    (orderNumber: string) => {
      // The paid order's lines left the cart on the server; anything added since (another tab) stays.
      // Its code was used: the next cart starts without one.
      removeDiscountCode();
      // A guest's cart became the order: the browser holds no server cart to take the lines out of.
      if (guest) useClientStore.getState().clearCart();
      else void refreshCart();
      toast.success("Payment successful");
      void navigate(`/order-confirmation/${orderNumber}`);
    },
    [navigate, guest],
  );

  /** The demo payment (spec §9: 1.5 s); `decline` rehearses a refused card. */
  const payByDemo = useCallback(
    async (decline: boolean) => {
      const order = await place("demo");
      if (!order) return;
      setBusy("paying");
      const answer = await call({ intent: "demo-pay", orderId: order.orderId, decline });
      if (!answer.ok) {
        startOver();
        failed(answer.error);
        return;
      }
      finish(answer.orderNumber ?? order.orderNumber);
    },
    [place, failed, finish, startOver],
  );

  /** PayPal's createOrder: our order first, then PayPal's for the server's total. */
  const createPayPalOrder = useCallback(async (): Promise<string> => {
    createFailed.current = false;
    const order = await place("paypal");
    if (!order) {
      // Already said why; PayPal will now call onError, which must not say it again.
      createFailed.current = true;
      throw new Error("order not placed");
    }
    const answer = await call({ intent: "paypal-create", orderId: order.orderId });
    if (!answer.ok || !answer.paypalOrderId) {
      await call({ intent: "paypal-cancel", orderId: order.orderId });
      startOver();
      failed(answer.ok ? "Payment processing failed" : answer.error);
      createFailed.current = true;
      throw new Error("PayPal order not created");
    }
    setBusy("paying");
    pendingOrder.current = order;
    return answer.paypalOrderId;
  }, [place, failed, startOver]);

  const approvePayPal = useCallback(
    async (paypalOrderId: string) => {
      // From here the server decides: a failed capture cancels the order itself.
      pendingOrder.current = null;
      setBusy("paying");
      const answer = await call({ intent: "paypal-capture", paypalOrderId });
      if (!answer.ok) {
        startOver();
        failed(answer.error);
        return;
      }
      finish(answer.orderNumber!);
    },
    [failed, finish, startOver],
  );

  /** The shopper closed PayPal's window, or PayPal failed: the order is cancelled, stock returned. */
  const abandonPayPal = useCallback(
    async (message: string | null) => {
      const order = pendingOrder.current;
      pendingOrder.current = null;
      if (order) await call({ intent: "paypal-cancel", orderId: order.orderId });
      startOver();
      const alreadySaid = createFailed.current;
      createFailed.current = false;
      if (message && !alreadySaid) failed(message);
      else setBusy(null);
    },
    [failed, startOver],
  );

  return { busy, error, payByDemo, createPayPalOrder, approvePayPal, abandonPayPal };
}
