import { useCallback, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "sonner";
import { failureMessage, postJson, type SendPolicy } from "~/lib/post-json";
import type { CheckoutResponse } from "~/modules/orders/checkout-api";
import type { CheckoutRequest } from "~/modules/orders/checkout-request";
import type { Busy, useCheckoutPayment } from "./use-checkout-payment";

/**
 * The payment step's conversation for a draft order's payment link (issue 32): the order exists already
 * (staff made it), so there is nothing to place — the demo payment and PayPal's create, capture and cancel
 * go to `/api/pay` with the link's token, exactly as the checkout's go to `/api/checkout`. A declined or
 * abandoned payment leaves the order waiting until the link runs out; once paid the page reloads to say so.
 * Same shape as useCheckoutPayment, so the checkout's PaymentStep shows it.
 */
type PaymentRequest = Exclude<CheckoutRequest, { intent: "place" }>;

const POLICY: Record<PaymentRequest["intent"], SendPolicy> = {
  "demo-pay": "retry",
  "paypal-cancel": "retry",
  "paypal-create": "wait",
  "paypal-capture": "wait",
};

export function useLinkPayment(options: { orderId: string; token: string }): ReturnType<typeof useCheckoutPayment> {
  const { orderId, token } = options;
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  const call = useCallback(
    async (request: PaymentRequest): Promise<CheckoutResponse> => {
      try {
        const { body } = await postJson<CheckoutResponse>("/api/pay", { ...request, token }, POLICY[request.intent]);
        return body ?? { ok: false, error: "Payment failed. Please try again." };
      } catch (e) {
        return { ok: false, error: failureMessage(e) };
      }
    },
    [token],
  );

  const failed = useCallback((message: string) => {
    setError(message);
    toast.error(message);
    setBusy(null);
  }, []);

  const finish = useCallback(() => {
    toast.success("Payment successful");
    setBusy(null);
    void revalidator.revalidate();
  }, [revalidator]);

  const payByDemo = useCallback(
    async (decline: boolean) => {
      setError(null);
      setBusy("paying");
      const answer = await call({ intent: "demo-pay", orderId, decline });
      if (!answer.ok) return failed(answer.error);
      finish();
    },
    [call, orderId, failed, finish],
  );

  const createPayPalOrder = useCallback(async (): Promise<string> => {
    setError(null);
    const answer = await call({ intent: "paypal-create", orderId });
    if (!answer.ok || !answer.paypalOrderId) {
      failed(answer.ok ? "Payment processing failed" : answer.error);
      throw new Error("PayPal order not created");
    }
    started.current = true;
    setBusy("paying");
    return answer.paypalOrderId;
  }, [call, orderId, failed]);

  const approvePayPal = useCallback(
    async (paypalOrderId: string) => {
      started.current = false;
      setBusy("paying");
      const answer = await call({ intent: "paypal-capture", paypalOrderId });
      if (!answer.ok) return failed(answer.error);
      finish();
    },
    [call, failed, finish],
  );

  const abandonPayPal = useCallback(
    async (message: string | null) => {
      if (started.current) await call({ intent: "paypal-cancel", orderId });
      started.current = false;
      if (message) failed(message);
      else setBusy(null);
    },
    [call, orderId, failed],
  );

  return { busy, error, payByDemo, createPayPalOrder, approvePayPal, abandonPayPal };
}
