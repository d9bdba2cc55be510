import type { AddressJson } from "#db/schema/orders";
import type { RefundStatus, ReturnReason, ReturnResolution, ReturnStatus } from "#db/schema/returns";
import type { OrderDiscountLine } from "~/modules/orders/order-discount-lines";

/**
 * What the shop tells whom, and when. Pure: shared by the outbox (which rows an order event writes),
 * the worker (how a row is worded) and the admin's panel (how a row is named).
 */
export const CHANNELS = ["whatsapp", "email"] as const;
export type Channel = (typeof CHANNELS)[number];

/** The spec's notification_type values, plus the kinds the fulfilment moves add. */
export const NOTIFICATION_TYPES = [
  "order_confirmation",
  "shipping_notification",
  "delivery_notification",
  "cancellation_notification",
  "custom",
  /** After delivery, once per order: a signed link to review each line (review-requests.server.ts). */
  "review_request",
  /**
   * A step of a return (issue 30), to its shopper, e-mail only; the step is in the row's dedupe key and
   * the return is read when sent (return-messages.server.ts).
   */
  "return_update",
  /**
   * A size or colour a shopper waited for is back (issue 31): no order; the subscription is in the row's
   * dedupe key and its recipient is the subscriber's address (back-in-stock-messages.server.ts).
   */
  "back_in_stock",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The kinds worded from the order alone (templates/order-email.tsx, whatsapp-texts.ts). */
export type OrderMessageType = Exclude<
  NotificationType,
  "custom" | "review_request" | "return_update" | "back_in_stock"
>;

export const NOTIFICATION_STATUSES = ["pending", "sent", "delivered", "failed"] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** The shop owner (ADMIN_WHATSAPP_TO, resolved when sent) or the order's customer. */
export type Audience = "owner" | "customer";

export const TYPE_LABELS: Record<NotificationType, string> = {
  order_confirmation: "Order confirmation",
  shipping_notification: "Shipping",
  delivery_notification: "Delivered",
  cancellation_notification: "Cancellation",
  custom: "Custom message",
  review_request: "Review request",
  return_update: "Return",
  back_in_stock: "Back in stock",
};

/** One line of an order as a message shows it. */
export interface MessageLine {
  name: string;
  sku: string;
  size: string | null;
  color: string | null;
  quantity: number;
  unitPriceCents: number;
  totalPriceCents: number;
}

/** Everything a message about an order may say, read when the message is sent. */
export interface MessageOrder {
  orderNumber: string;
  status: string;
  paymentStatus: string;
  paymentMethod: string | null;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  items: MessageLine[];
  subtotalCents: number;
  /** Taken off the lines by the order's discounts. */
  discountCents: number;
  /** What it was discounted and why, as placed (issue 28): shown below the subtotal. */
  discounts: OrderDiscountLine[];
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  shippingMethod: string;
  shippingAddress: AddressJson;
  trackingNumber: string | null;
  carrier: string | null;
  /** The carrier's tracking page, when the order has a tracking number. */
  trackingUrl: string | null;
  /** The shopper's order page on this shop (PUBLIC_URL + /order-confirmation/…). */
  orderUrl: string;
  isTest: boolean;
  createdAt: Date;
}

/** The shop as a message signs it: the store's settings when the message is sent. */
export interface ShopIdentity {
  name: string;
  /** PUBLIC_URL: the shop's own origin. */
  url: string;
  /** Where customers write and call (an e-mail's footer). */
  contactEmail?: string;
  contactPhone?: string;
  /** Where returns go, one line per row (an e-mail's footer). */
  returnAddress?: string;
  /** Where the owner's new-order e-mails go; empty (or absent) while those alerts are off. */
  ownerEmail?: string;
}

/** The store's settings as messages use them (a Pick, so this module needs nothing of the settings' service). */
export function shopIdentityFrom(
  settings: {
    store: { name: string; contactEmail: string; contactPhone: string; returnAddress: string };
    notifications: { ownerEmail: string; newOrderAlerts: boolean };
  },
  url: string,
): ShopIdentity {
  const { store, notifications } = settings;
  return {
    name: store.name,
    url,
    contactEmail: store.contactEmail,
    contactPhone: store.contactPhone,
    returnAddress: store.returnAddress,
    ownerEmail: notifications.newOrderAlerts ? notifications.ownerEmail : "",
  };
}

/** A line of a delivered order not reviewed yet, with the signed link to its review form. */
export interface ReviewRequestLine {
  orderItemId: string;
  name: string;
  size: string | null;
  color: string | null;
  /** PUBLIC_URL/reviews/new?token=… (review-links.server.ts), made when the message is sent. */
  url: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** One line of a return as its e-mails show it: what was bought, why it comes back, and what for. */
export interface ReturnMessageLine {
  name: string;
  size: string | null;
  color: string | null;
  quantity: number;
  reason: ReturnReason;
  /** The shopper's words ('Other' has them). */
  note: string | null;
  resolution: ReturnResolution;
  /** For an exchange: the size and colour asked for instead. */
  exchangeSize: string | null;
  exchangeColor: string | null;
}

/** What a refund gives back, once its amount is fixed. */
export interface ReturnRefundAmount {
  itemsCents: number;
  taxCents: number;
  shippingCents: number;
  totalCents: number;
}

/** Everything a return's e-mail may say, read when the e-mail is sent (return-messages.server.ts). */
export interface ReturnMessage {
  returnId: string;
  rmaNumber: string;
  status: ReturnStatus;
  refundStatus: RefundStatus;
  /** The owner's reason, shown to the shopper when refused. */
  refusalReason: string | null;
  /** Null until the refund's amount is fixed (the owner's Refund). */
  refund: ReturnRefundAmount | null;
  refundMethod: "paypal" | "manual" | null;
  /** The order that ships the replacements, once the owner made it. */
  exchangeOrderNumber: string | null;
  lines: ReturnMessageLine[];
  /** The shopper's page of the return (PUBLIC_URL + /returns/RMA-…). */
  returnUrl: string;
}

/** What a back-in-stock message says, read when it is sent (back-in-stock-messages.server.ts). */
export interface BackInStockMessage {
  subscriptionId: string;
  productName: string;
  /** '' when the product has no sizes (or colours). */
  size: string;
  color: string;
  imageUrl: string | null;
  /** PUBLIC_URL/product/<slug>?size=…&color=…: the product with that size and colour chosen. */
  url: string;
}
