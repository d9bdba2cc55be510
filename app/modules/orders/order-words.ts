import { SHIPPING_METHODS, type ShippingMethod } from "~/modules/pricing/pricing";

/**
 * An order's stored values as the owner reads them in the back office (and the customer in e-mails):
 * words, not the database's codes. Pure.
 */

const PAYMENT_METHODS: Record<string, string> = { demo: "Demo payment", paypal: "PayPal" };
/** The same inside a sentence: 'Paid by demo payment'. */
const PAID_BY: Record<string, string> = { demo: "demo payment", paypal: "PayPal" };

/** 'Demo payment', 'PayPal'; an unknown method as it is; null without one. */
export function paymentMethodText(method: string | null): string | null {
  return method ? (PAYMENT_METHODS[method] ?? method) : null;
}

/** 'Standard Shipping (5-7 business days)'; an unknown method as it is. */
export function shippingMethodText(method: string): string {
  const known = SHIPPING_METHODS[method as ShippingMethod];
  return known ? `${known.label} (${known.delivery})` : method;
}

const PAYMENT_STATES: Record<string, string> = {
  pending: "awaiting payment",
  paid: "paid",
  failed: "payment failed",
  refunded: "refunded",
};

const STATUS_WORDS: Record<string, string> = {
  pending: "Placed",
  processing: "Processing",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

/** An order's state in a few words: 'Processing, paid'. */
export function orderStateText(status: string, paymentStatus: string): string {
  return `${STATUS_WORDS[status] ?? status}, ${PAYMENT_STATES[paymentStatus] ?? paymentStatus}`;
}

export interface StateChange {
  fromStatus: string | null;
  fromPaymentStatus: string | null;
  toStatus: string;
  toPaymentStatus: string;
}

/**
 * One row of an order's history as a sentence: 'Placed, awaiting payment', 'Paid by PayPal',
 * 'Shipped', 'Cancelled: never paid', 'Cancelled and refunded'. A change these words do not
 * know reads 'Processing, paid (was Placed, awaiting payment)'.
 */
export function historyChangeText(change: StateChange, paymentMethod: string | null): string {
  const { fromStatus, fromPaymentStatus, toStatus, toPaymentStatus } = change;
  if (fromStatus === null) return orderStateText(toStatus, toPaymentStatus);
  const paidNow = toPaymentStatus === "paid" && fromPaymentStatus !== "paid";
  if (paidNow && (toStatus === "processing" || toStatus === fromStatus)) {
    return paymentMethod ? `Paid by ${PAID_BY[paymentMethod] ?? paymentMethod}` : "Paid";
  }
  if (toStatus === "cancelled" && fromStatus !== "cancelled") {
    if (toPaymentStatus === "refunded") return "Cancelled and refunded";
    if (fromPaymentStatus !== "paid") return "Cancelled: never paid";
    return "Cancelled";
  }
  if (toPaymentStatus === "refunded" && fromPaymentStatus !== "refunded") return "Refunded";
  if (toPaymentStatus === fromPaymentStatus && toStatus !== fromStatus && STATUS_WORDS[toStatus])
    return STATUS_WORDS[toStatus]!;
  return `${orderStateText(toStatus, toPaymentStatus)} (was ${orderStateText(fromStatus, fromPaymentStatus ?? "pending")})`;
}
