import type { MessageOrder, ReviewRequestLine, ShopIdentity } from "./message-kinds";
import { customerFirstName, fitWhatsAppBody, lineVariant, oneLine, WHATSAPP_BODY_MAX } from "./whatsapp-texts";

/**
 * The words of a review request (issue 29), pure: its e-mail's subject and its WhatsApp text. A
 * transactional note about the customer's own order (no marketing, no unsubscribe): each line not yet
 * reviewed with its own link, and nothing else to click.
 */

/** Why a review request went out to nobody (the panel shows it as the message's status). */
export const REVIEW_REQUEST_MESSAGES = {
  allReviewed: "Not sent: every item of this order has been reviewed already",
  linksNotConfigured: "Review links are not configured on this server",
} as const;

/** 'How do you like your order ORD-…?', '[TEST] ' first for a test order. */
export function reviewRequestSubject(order: Pick<MessageOrder, "orderNumber" | "isTest">): string {
  const subject = `How do you like your order ${order.orderNumber}?`;
  return order.isTest ? `[TEST] ${subject}` : subject;
}

/** 'Linen Shirt (M, Black)'. */
export function reviewLineName(line: Pick<ReviewRequestLine, "name" | "size" | "color">): string {
  const variant = lineVariant(line);
  return oneLine(line.name) + (variant ? ` (${oneLine(variant)})` : "");
}

/**
 * The WhatsApp text: a greeting, one line per item with its one link, the shop's name. Within
 * WHATSAPP_BODY_MAX: whole lines only, the rest named ('…and 2 more items: <order page>').
 */
export function reviewRequestWhatsApp(
  order: MessageOrder,
  lines: readonly ReviewRequestLine[],
  shop?: Pick<ShopIdentity, "name">,
): string {
  const prefix = order.isTest ? "[TEST] " : "";
  const head = `${prefix}Hi ${oneLine(customerFirstName(order))}, how do you like your order ${oneLine(order.orderNumber)}? A short review helps other shoppers choose their size:`;
  const sign = shop?.name.trim() ? `— ${oneLine(shop.name)}` : "";
  const items = lines.map((line) => `• ${reviewLineName(line)}: ${line.url}`);
  const tail = sign ? [sign] : [];
  const join = (shown: string[], more: string[]) => [head, ...shown, ...more, ...tail].join("\n");
  const all = join(items, []);
  if (all.length <= WHATSAPP_BODY_MAX) return all;
  const moreLine = (hidden: number) => `…and ${hidden} more ${hidden === 1 ? "item" : "items"}: ${order.orderUrl}`;
  let shown = items.length;
  while (shown > 0 && join(items.slice(0, shown), [moreLine(items.length - shown)]).length > WHATSAPP_BODY_MAX) {
    shown -= 1;
  }
  return fitWhatsAppBody(join(items.slice(0, shown), [moreLine(items.length - shown)]));
}
