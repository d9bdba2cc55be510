/** Order states of spec §4 as shoppers see them: badge colours, progress messages. Pure. */

export const ORDER_STATUSES = ["pending", "processing", "shipped", "delivered", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_STATUSES = ["pending", "paid", "failed", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Badge colours: yellow, blue, purple, green, red (spec §4). */
export const STATUS_BADGE: Record<OrderStatus, string> = {
  pending: "bg-yellow-100 text-yellow-800",
  processing: "bg-blue-100 text-blue-800",
  shipped: "bg-purple-100 text-purple-800",
  delivered: "bg-green-100 text-green-800",
  cancelled: "bg-red-100 text-red-800",
};

/** Payment badge: other values than the known four are shown red. */
export function paymentBadge(status: string): string {
  switch (status) {
    case "paid":
      return "bg-green-100 text-green-800";
    case "pending":
      return "bg-yellow-100 text-yellow-800";
    case "refunded":
      return "bg-blue-100 text-blue-800";
    default:
      return "bg-red-100 text-red-800";
  }
}

/** Progress message of spec §4. */
export function progressMessage(status: string, trackingNumber: string | null): string {
  if (status === "delivered") return "Delivered";
  if (status === "shipped" && trackingNumber) return `In Transit (tracking ${trackingNumber})`;
  if (status === "processing") return "Processing";
  if (status === "pending") return "Order Placed";
  return "Unknown";
}

export function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** At most three items per order card, then '+n more items'. */
export const ORDER_CARD_ITEMS = 3;
export function moreItemsText(count: number): string | null {
  const more = count - ORDER_CARD_ITEMS;
  return more > 0 ? `+${more} more ${more === 1 ? "item" : "items"}` : null;
}
