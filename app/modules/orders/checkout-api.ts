/**
 * The contract of `/api/checkout` that the checkout page shares with the route: the payment methods,
 * the answer and its messages. The request's schema is in checkout-request.ts, which only the server
 * runs (the page sends what its type says), so the page does not load Zod for it.
 */
export const PAYMENT_METHODS = ["demo", "paypal"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export type CheckoutResponse =
  | { ok: true; orderId?: string; orderNumber?: string; totalCents?: number; paypalOrderId?: string }
  | { ok: false; error: string; fieldErrors?: Partial<Record<string, string>> };

export const PAYMENT_MESSAGES = {
  demoFailed: "Demo payment failed",
  paypalFailed: "PayPal payment failed",
  processingFailed: "Payment processing failed",
  retry: "Payment failed. Please try again.",
  paypalUnavailable: "PayPal temporarily unavailable",
  /** A draft order's payment link that ran out (issue 32). */
  linkExpired: "This payment link has expired. Please contact us for a new one.",
} as const;
