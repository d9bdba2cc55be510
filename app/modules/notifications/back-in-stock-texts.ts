import type { BackInStockMessage, Channel, ShopIdentity } from "./message-kinds";
import { fitWhatsAppBody, lineVariant, oneLine } from "./whatsapp-texts";

/**
 * The words of a back-in-stock message (issue 31), pure: its outbox key, its e-mail's subject and its
 * WhatsApp text. One link: the product page with that size and colour chosen.
 */

export const BACK_IN_STOCK_MESSAGES = {
  gone: "Not sent: that product, size or colour is no longer in the shop",
  invalidPhone: "Not sent: the subscriber's WhatsApp number is not valid",
} as const;

/** The outbox key of a subscription's message on a channel: a subscription is told once per channel. */
export function backInStockKey(subscriptionId: string, channel: Channel): string {
  return `back_in_stock:${subscriptionId}:${channel}`;
}

/** The subscription a back-in-stock row is about, read back from its key; null for another key. */
export function parseBackInStockKey(key: string): string | null {
  const match = /^back_in_stock:([0-9a-f-]{36}):(email|whatsapp)$/.exec(key);
  return match?.[1] ?? null;
}

/** 'Linen Shirt (M, Black)'. */
export function backInStockItemName(message: Pick<BackInStockMessage, "productName" | "size" | "color">): string {
  const variant = lineVariant({ size: message.size || null, color: message.color || null });
  return oneLine(message.productName) + (variant ? ` (${oneLine(variant)})` : "");
}

/** 'Back in stock: Linen Shirt (M, Black)'. */
export function backInStockSubject(message: BackInStockMessage): string {
  return `Back in stock: ${backInStockItemName(message)}`;
}

/** The WhatsApp text: what is back, the link to it, the shop's name. */
export function backInStockWhatsApp(message: BackInStockMessage, shop?: Pick<ShopIdentity, "name">): string {
  const sign = shop?.name.trim() ? `\n— ${oneLine(shop.name)}` : "";
  return fitWhatsAppBody(
    `Good news: ${backInStockItemName(message)} is back in stock. It may not last long: ${message.url}${sign}`,
  );
}

/** The product page with that size and colour chosen: what a back-in-stock message links to. */
export function restockProductPath(slug: string, size: string, color: string): string {
  const params = new URLSearchParams();
  if (size) params.set("size", size);
  if (color) params.set("color", color);
  const search = params.toString();
  return `/product/${encodeURIComponent(slug)}${search ? `?${search}` : ""}`;
}
