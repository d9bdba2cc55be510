import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { formatCents } from "~/lib/money";
import type { ShopIdentity } from "../message-kinds";
import { EmailLayout, styles } from "./order-email";

/** One line of a left checkout as its reminder shows it: what it is and what it costs now. */
export interface ReminderLine {
  name: string;
  size: string | null;
  color: string | null;
  quantity: number;
  /** The current price of one (read when the reminder is sent). */
  unitPriceCents: number;
}

export interface CheckoutReminder {
  /** 1: the first reminder; 2: the last, maybe with a code. */
  number: 1 | 2;
  lines: readonly ReminderLine[];
  /** PUBLIC_URL/cart/restore?token=…: puts the lines back in the cart and opens checkout. */
  restoreUrl: string;
  /** PUBLIC_URL/unsubscribe?token=…: stops every reminder to this address. */
  unsubscribeUrl: string;
  /** The second reminder's single-use code and what it takes off. */
  discount: { code: string; percentOff: number } | null;
  restoreDays: number;
}

export function reminderSubject(reminder: CheckoutReminder, shop: ShopIdentity): string {
  if (reminder.discount) return `${reminder.discount.percentOff}% off the items you left in your cart`;
  return reminder.number === 1
    ? `You left something in your cart${shop.name ? ` at ${shop.name}` : ""}`
    : "Your cart is still waiting for you";
}

function lineName(line: ReminderLine): string {
  const options = [line.size, line.color && line.color !== "Default" ? line.color : null].filter(Boolean);
  return options.length > 0 ? `${line.name} (${options.join(", ")})` : line.name;
}

/**
 * The reminder's plain-text part, written alongside the HTML rather than converted from it (the
 * conversion costs twice the render: the scan composes reminders on the server's event loop).
 */
export function reminderText(reminder: CheckoutReminder, shop: ShopIdentity): string {
  const lines = reminder.lines.map(
    (line) => `- ${lineName(line)} × ${line.quantity}: ${formatCents(line.unitPriceCents * line.quantity)}`,
  );
  return [
    reminder.number === 1 ? "Did you forget something?" : "Still thinking it over?",
    "",
    "You left these items at checkout. They are not reserved for you, so sizes may sell out — pick up where you left off in one click.",
    "",
    ...lines,
    "",
    ...(reminder.discount
      ? [
          `Use the code ${reminder.discount.code} for ${reminder.discount.percentOff}% off this order. It works once, for you only.`,
          "",
        ]
      : []),
    `Return to checkout: ${reminder.restoreUrl}`,
    `The link puts these items back in your cart on any device and works for ${reminder.restoreDays} days. Prices shown are today's.`,
    "",
    `You receive this because you agreed to e-mails from ${shop.name || "us"}. Unsubscribe: ${reminder.unsubscribeUrl}`,
    "",
    `${shop.name} · ${shop.url}`,
  ].join("\n");
}

/**
 * The abandoned-checkout reminder (issue 31): the items left at checkout with their current prices, a
 * one-click restore link, the second reminder's code if any, and an unsubscribe link. Every shopper- or
 * owner-provided string is a React text child (escaped).
 */
export function CheckoutReminderEmail({ reminder, shop }: { reminder: CheckoutReminder; shop: ShopIdentity }) {
  return (
    <EmailLayout shop={shop} preview="The items you chose are waiting in your cart">
      <Heading as="h1" style={styles.h1}>
        {reminder.number === 1 ? "Did you forget something?" : "Still thinking it over?"}
      </Heading>
      <Text style={styles.text}>
        You left these items at checkout. They are not reserved for you, so sizes may sell out — pick up where you left
        off in one click.
      </Text>
      <table role="presentation" cellPadding={0} cellSpacing={0} style={styles.table}>
        <tbody>
          {reminder.lines.map((line, i) => (
            <tr key={i}>
              <td style={styles.td}>
                {lineName(line)} × {line.quantity}
              </td>
              <td style={{ ...styles.td, ...styles.right }}>{formatCents(line.unitPriceCents * line.quantity)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {reminder.discount ? (
        <Text style={styles.text}>
          Use the code <strong>{reminder.discount.code}</strong> for {reminder.discount.percentOff}% off this order. It
          works once, for you only.
        </Text>
      ) : null}
      <Text style={styles.text}>
        <Link href={reminder.restoreUrl} style={styles.button}>
          Return to checkout
        </Link>
      </Text>
      <Text style={styles.muted}>
        The link puts these items back in your cart on any device and works for {reminder.restoreDays} days. Prices
        shown are today&apos;s.
      </Text>
      <Text style={styles.muted}>
        You receive this because you agreed to e-mails from {shop.name || "us"}.{" "}
        <Link href={reminder.unsubscribeUrl} style={styles.link}>
          Unsubscribe
        </Link>
      </Text>
    </EmailLayout>
  );
}
