import { formatCents } from "~/lib/money";
import { orderDiscountText } from "~/modules/orders/order-discount-lines";
import type { Audience, MessageLine, MessageOrder, OrderMessageType, ShopIdentity } from "./message-kinds";

/**
 * The WhatsApp texts of an order's notifications (pure: no React, no I/O), and the few wordings the
 * order e-mails share with them (templates/order-email.tsx), so both channels say the same thing.
 */

/** Twilio refuses a WhatsApp body longer than 1,600 characters. */
export const WHATSAPP_BODY_MAX = 1600;

const ELLIPSIS = "…";

/**
 * At most WHATSAPP_BODY_MAX characters, ending with "…" when cut. Measured in UTF-16 code units
 * (never fewer than the characters Twilio counts) and never cut inside a surrogate pair (an emoji).
 */
export function fitWhatsAppBody(text: string): string {
  if (text.length <= WHATSAPP_BODY_MAX) return text;
  let end = WHATSAPP_BODY_MAX - ELLIPSIS.length;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return text.slice(0, end).trimEnd() + ELLIPSIS;
}

/** Customer-provided text on one line: a newline in a name must not make a line of its own. */
export function oneLine(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters (CR/LF, tab, NUL…) are exactly what is removed
  return value.replace(/[\r\n\t\u0000-\u001f\u007f]+/g, " ").trim();
}

/** The name a message greets the customer with: the shipping address's first name, else the first word. */
export function customerFirstName(order: Pick<MessageOrder, "customerName" | "shippingAddress">): string {
  const first = order.shippingAddress.firstName.trim() || order.customerName.trim().split(/\s+/)[0] || "";
  return first || "there";
}

/** What happened to the money of a cancelled order, in the customer's words (e-mail and WhatsApp). */
export function cancellationRefundSentence(order: Pick<MessageOrder, "paymentStatus" | "totalCents">): string {
  const amount = formatCents(order.totalCents);
  if (order.paymentStatus === "refunded") return `Your payment of ${amount} has been refunded.`;
  if (order.paymentStatus === "paid")
    return `Your payment of ${amount} will be refunded to your original payment method.`;
  return "You were not charged.";
}

/** "M, Black", or "" for a line with neither size nor colour. */
export function lineVariant(line: Pick<MessageLine, "size" | "color">): string {
  return [line.size, line.color].filter((v): v is string => Boolean(v && v.trim())).join(", ");
}

/** "standard" → "Standard". */
export function shippingMethodLabel(method: string): string {
  const words = method.replace(/[_-]+/g, " ").trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : "";
}

function itemLine(line: MessageLine): string {
  const variant = lineVariant(line);
  const name = oneLine(line.name) + (variant ? ` (${oneLine(variant)})` : "");
  return `${line.quantity} × ${name} — ${formatCents(line.totalPriceCents)}`;
}

function moreItems(count: number): string {
  return `…and ${count} more ${count === 1 ? "item" : "items"}`;
}

/**
 * head + as many item lines as fit + "…and n more items" + tail, within WHATSAPP_BODY_MAX.
 * The lines are kept whole: a list cut mid-name would read as a wrong item.
 */
function withItems(head: string[], items: MessageLine[], tail: string[]): string {
  const lines = items.map(itemLine);
  const join = (shown: string[], hidden: number) =>
    [...head, ...shown, ...(hidden > 0 ? [moreItems(hidden)] : []), ...tail].join("\n");
  const all = join(lines, 0);
  if (all.length <= WHATSAPP_BODY_MAX) return all;

  const fixed = [...head, ...tail].join("\n").length;
  let used = fixed;
  let shown = 0;
  for (const line of lines) {
    const hiddenAfter = lines.length - shown - 1;
    const more = hiddenAfter > 0 ? moreItems(hiddenAfter).length + 1 : 0;
    if (used + line.length + 1 + more > WHATSAPP_BODY_MAX) break;
    used += line.length + 1;
    shown += 1;
  }
  return join(lines.slice(0, shown), lines.length - shown);
}

function shipTo(order: MessageOrder): string {
  const a = order.shippingAddress;
  const place = [a.city, a.state, a.country]
    .map((v) => oneLine(v ?? ""))
    .filter(Boolean)
    .join(", ");
  const method = shippingMethodLabel(order.shippingMethod);
  return `Ship to: ${place || "—"}${method ? ` (${method})` : ""}`;
}

/**
 * The order's discounts, a line each ('SUMMER20 — −$12.00', 'FREESHIP — Free shipping'): the owner's
 * list of items then adds up to the total it announces.
 */
function discountLines(order: MessageOrder): string[] {
  return order.discounts.map((d) => oneLine(orderDiscountText(d)));
}

function signature(order: MessageOrder, shop: Pick<ShopIdentity, "name"> | undefined): string {
  if (shop?.name.trim()) return `— ${oneLine(shop.name)}`;
  try {
    return `— ${new URL(order.orderUrl).host}`;
  } catch {
    return "";
  }
}

function ownerText(type: OrderMessageType, order: MessageOrder, prefix: string): string {
  const number = oneLine(order.orderNumber);
  const total = formatCents(order.totalCents);
  const customer = `Customer: ${oneLine(order.customerName)} (${[order.customerEmail, order.customerPhone]
    .map(oneLine)
    .filter(Boolean)
    .join(", ")})`;
  switch (type) {
    case "order_confirmation":
      return withItems([`${prefix}🛍️ New order ${number} — ${total}`, customer], order.items, [
        ...discountLines(order),
        shipTo(order),
      ]);
    case "shipping_notification": {
      const via = order.carrier ? ` with ${oneLine(order.carrier)}` : "";
      const tracking = order.trackingNumber
        ? `Tracking number: ${oneLine(order.trackingNumber)}`
        : "No tracking number";
      return [`${prefix}📦 Order ${number} shipped${via}`, customer, tracking].join("\n");
    }
    case "delivery_notification":
      return [`${prefix}✅ Order ${number} was delivered — ${total}`, customer].join("\n");
    case "cancellation_notification": {
      const money =
        order.paymentStatus === "refunded"
          ? `The payment of ${total} was refunded.`
          : order.paymentStatus === "paid"
            ? `The payment of ${total} is still to be refunded.`
            : "No payment was taken.";
      return [`${prefix}❌ Order ${number} was cancelled — ${total}`, customer, money].join("\n");
    }
  }
}

function customerText(
  type: OrderMessageType,
  order: MessageOrder,
  shop: Pick<ShopIdentity, "name"> | undefined,
  prefix: string,
): string {
  const hi = `${prefix}Hi ${oneLine(customerFirstName(order))}`;
  const number = oneLine(order.orderNumber);
  let body: string;
  switch (type) {
    case "order_confirmation":
      body = `${hi}, thank you for your order ${number}! Total: ${formatCents(order.totalCents)}. You can follow it here: ${order.orderUrl}`;
      break;
    case "shipping_notification": {
      const via = order.carrier ? ` with ${oneLine(order.carrier)}` : "";
      const tracking = order.trackingNumber ? ` Tracking number: ${oneLine(order.trackingNumber)}.` : "";
      const track = order.trackingUrl ? ` Track it: ${order.trackingUrl}` : "";
      body = `${hi}, your order ${number} has shipped${via}.${tracking}${track}`;
      break;
    }
    case "delivery_notification":
      body = `${hi}, your order ${number} was delivered. We hope you love it! Your order: ${order.orderUrl}`;
      break;
    case "cancellation_notification":
      body = `${hi}, your order ${number} was cancelled. ${cancellationRefundSentence(order)} Your order: ${order.orderUrl}`;
      break;
  }
  const sign = signature(order, shop);
  return sign ? `${body}\n${sign}` : body;
}

/**
 * The WhatsApp text of a notification, always within WHATSAPP_BODY_MAX. The customer's texts are
 * signed with the shop's name (`shop`), or with the host of the order's url when none is given.
 * A test order's text starts with "[TEST] ".
 */
export function whatsappText(
  type: OrderMessageType,
  order: MessageOrder,
  audience: Audience,
  shop?: Pick<ShopIdentity, "name">,
): string {
  // The prefix is part of the first line, so an owner's item list is fitted with it counted.
  const prefix = order.isTest ? "[TEST] " : "";
  const text = audience === "owner" ? ownerText(type, order, prefix) : customerText(type, order, shop, prefix);
  return fitWhatsAppBody(text);
}
