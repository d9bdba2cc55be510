import { Body } from "@react-email/body";
import { Column } from "@react-email/column";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Row } from "@react-email/row";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { CSSProperties, ReactNode } from "react";
import { formatCents } from "~/lib/money";
import { countryName } from "~/lib/countries";
import { orderDiscountLabel, orderDiscountValue, shippingText } from "~/modules/orders/order-discount-lines";
import { paymentMethodText } from "~/modules/orders/order-words";
import type { MessageLine, MessageOrder, NotificationType, OrderMessageType, ShopIdentity } from "../message-kinds";
import { cancellationRefundSentence, customerFirstName, lineVariant, shippingMethodLabel } from "../whatsapp-texts";

/**
 * The order e-mails (React Email): one layout, four kinds. Every customer-provided string (names,
 * address, item names) is a React text child, so React escapes it; nothing here sets raw HTML.
 * Inline styles and tables only: mail clients ignore <style> sheets and flexbox.
 */

/**
 * The kinds that are order e-mails: a 'custom' message is a WhatsApp text only; a review request has its
 * own template (review-request-email.tsx), and so has a return's step (return-email.tsx).
 */
export type OrderEmailType = OrderMessageType;

export function assertEmailType(type: NotificationType): asserts type is OrderEmailType {
  if (type === "custom") throw new Error("A 'custom' notification is never an e-mail");
  if (type === "review_request") throw new Error("A review request is not an order e-mail");
  if (type === "return_update") throw new Error("A return's e-mail is not an order e-mail");
}

/** The subject line as written; render-email.server.tsx makes it one safe line. */
export function orderEmailSubject(type: NotificationType, order: Pick<MessageOrder, "orderNumber" | "isTest">): string {
  assertEmailType(type);
  const number = order.orderNumber;
  const subject = {
    order_confirmation: `Order confirmed: ${number}`,
    shipping_notification: `Your order ${number} has shipped`,
    delivery_notification: `Your order ${number} was delivered`,
    cancellation_notification: `Your order ${number} was cancelled`,
  }[type];
  return order.isTest ? `[TEST] ${subject}` : subject;
}

const colors = { text: "#1f2937", muted: "#6b7280", line: "#e5e7eb", page: "#f3f4f6", accent: "#111827" };
const font = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export const styles = {
  body: { backgroundColor: colors.page, margin: 0, padding: "24px 0", fontFamily: font, color: colors.text },
  container: { maxWidth: "600px", width: "100%", backgroundColor: "#ffffff", borderRadius: "8px" },
  header: { padding: "24px 32px", borderBottom: `1px solid ${colors.line}` },
  shopName: { fontSize: "20px", fontWeight: 700, margin: 0, color: colors.accent },
  content: { padding: "8px 32px 24px" },
  h1: { fontSize: "22px", lineHeight: "30px", fontWeight: 700, margin: "24px 0 8px", color: colors.accent },
  h2: { fontSize: "16px", fontWeight: 700, margin: "24px 0 8px", color: colors.accent },
  text: { fontSize: "15px", lineHeight: "22px", margin: "8px 0" },
  muted: { fontSize: "13px", lineHeight: "18px", margin: "2px 0 0", color: colors.muted },
  table: { width: "100%", borderCollapse: "collapse" },
  th: {
    fontSize: "12px",
    textAlign: "left",
    color: colors.muted,
    padding: "6px 0",
    borderBottom: `1px solid ${colors.line}`,
  },
  td: { fontSize: "14px", padding: "10px 0", borderBottom: `1px solid ${colors.line}`, verticalAlign: "top" },
  right: { textAlign: "right" },
  totalLabel: { fontSize: "14px", padding: "4px 0" },
  totalValue: { fontSize: "14px", padding: "4px 0", textAlign: "right" },
  discount: { fontSize: "14px", padding: "4px 0", color: "#065f46" },
  grandTotal: { fontSize: "16px", fontWeight: 700, padding: "8px 0 4px", borderTop: `1px solid ${colors.line}` },
  button: {
    display: "inline-block",
    backgroundColor: colors.accent,
    color: "#ffffff",
    padding: "12px 20px",
    borderRadius: "6px",
    fontSize: "15px",
    fontWeight: 600,
    textDecoration: "none",
  },
  link: { color: colors.accent, textDecoration: "underline" },
  hr: { borderColor: colors.line, margin: 0 },
  footer: { padding: "16px 32px 24px" },
  footerText: { fontSize: "12px", lineHeight: "18px", color: colors.muted, margin: 0 },
} satisfies Record<string, CSSProperties>;

/**
 * The frame every order e-mail shares: the store's name on top; at the bottom its url, how to reach it
 * and where returns go (the store's settings when the mail is sent).
 */
export function EmailLayout({ shop, preview, children }: { shop: ShopIdentity; preview: string; children: ReactNode }) {
  const returnLines = (shop.returnAddress ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Section style={styles.header}>
            <Text style={styles.shopName}>{shop.name}</Text>
          </Section>
          <Section style={styles.content}>{children}</Section>
          <Hr style={styles.hr} />
          <Section style={styles.footer}>
            <Text style={styles.footerText}>
              {shop.name} ·{" "}
              <Link href={shop.url} style={styles.link}>
                {shop.url}
              </Link>
            </Text>
            {shop.contactEmail || shop.contactPhone ? (
              <Text style={{ ...styles.footerText, marginTop: "8px" }}>
                Questions? {shop.contactEmail ? "Write to " : "Call "}
                {shop.contactEmail ? (
                  <Link href={`mailto:${shop.contactEmail}`} style={styles.link}>
                    {shop.contactEmail}
                  </Link>
                ) : null}
                {shop.contactEmail && shop.contactPhone ? " or call " : null}
                {shop.contactPhone ? (
                  <Link href={`tel:${shop.contactPhone.replace(/[^\d+]/g, "")}`} style={styles.link}>
                    {shop.contactPhone}
                  </Link>
                ) : null}
                .
              </Text>
            ) : null}
            {returnLines.length > 0 ? (
              <Text style={{ ...styles.footerText, marginTop: "8px" }}>Returns: {returnLines.join(", ")}</Text>
            ) : null}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

function OrderButton({ order }: { order: MessageOrder }) {
  return (
    <Section style={{ margin: "24px 0 8px" }}>
      <Link href={order.orderUrl} style={styles.button}>
        View your order
      </Link>
    </Section>
  );
}

function ItemRow({ line }: { line: MessageLine }) {
  const variant = lineVariant(line);
  return (
    <tr>
      <td style={styles.td}>
        {line.name}
        {variant ? <div style={styles.muted}>{variant}</div> : null}
      </td>
      <td style={{ ...styles.td, ...styles.right, width: "48px" }}>× {line.quantity}</td>
      <td style={{ ...styles.td, ...styles.right, width: "96px" }}>{formatCents(line.totalPriceCents)}</td>
    </tr>
  );
}

function ItemsTable({ items }: { items: MessageLine[] }) {
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} style={styles.table}>
      <thead>
        <tr>
          <th style={styles.th}>Item</th>
          <th style={{ ...styles.th, ...styles.right }}>Qty</th>
          <th style={{ ...styles.th, ...styles.right }}>Total</th>
        </tr>
      </thead>
      <tbody>
        {items.map((line, i) => (
          <ItemRow key={`${line.sku}-${i}`} line={line} />
        ))}
      </tbody>
    </table>
  );
}

function TotalRow({
  label,
  value,
  strong,
  discount,
}: {
  label: string;
  value: string;
  strong?: boolean;
  discount?: boolean;
}) {
  const labelStyle = strong ? styles.grandTotal : discount ? styles.discount : styles.totalLabel;
  const valueStyle = strong ? styles.grandTotal : discount ? styles.discount : styles.totalValue;
  return (
    <Row>
      <Column style={labelStyle}>{label}</Column>
      <Column style={{ ...valueStyle, textAlign: "right" }}>{value}</Column>
    </Row>
  );
}

/**
 * Subtotal, a row per discount ('SUMMER20 −$12.00', 'FREESHIP Free shipping': what the order was
 * charged when placed), shipping, tax and total.
 */
function Totals({ order }: { order: MessageOrder }) {
  const method = shippingMethodLabel(order.shippingMethod);
  return (
    <Section style={{ marginTop: "8px" }}>
      <TotalRow label="Subtotal" value={formatCents(order.subtotalCents)} />
      {order.discounts.map((d, i) => (
        <TotalRow key={i} label={orderDiscountLabel(d)} value={orderDiscountValue(d)} discount />
      ))}
      <TotalRow label={method ? `Shipping (${method})` : "Shipping"} value={shippingText(order.shippingCents)} />
      <TotalRow label="Tax" value={formatCents(order.taxCents)} />
      <TotalRow label="Total" value={formatCents(order.totalCents)} strong />
    </Section>
  );
}

function ShippingAddress({ order }: { order: MessageOrder }) {
  const a = order.shippingAddress;
  const name = `${a.firstName} ${a.lastName}`.trim();
  const cityLine = [a.city, [a.state, a.postalCode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return (
    <>
      <Heading as="h2" style={styles.h2}>
        Shipping address
      </Heading>
      <Text style={styles.text}>
        {name}
        <br />
        {a.address}
        {a.apartment ? (
          <>
            <br />
            {a.apartment}
          </>
        ) : null}
        <br />
        {cityLine}
        <br />
        {countryName(a.country) ?? a.country}
      </Text>
    </>
  );
}

function ConfirmationBody({ order }: { order: MessageOrder }) {
  const payment = paymentMethodText(order.paymentMethod);
  return (
    <>
      <Heading as="h1" style={styles.h1}>
        Thank you for your order, {customerFirstName(order)}
      </Heading>
      <Text style={styles.text}>
        We have received your order <strong>{order.orderNumber}</strong> and will let you know when it ships.
      </Text>
      <ItemsTable items={order.items} />
      <Totals order={order} />
      <ShippingAddress order={order} />
      {payment ? (
        <>
          <Heading as="h2" style={styles.h2}>
            Payment method
          </Heading>
          <Text style={styles.text}>{payment}</Text>
        </>
      ) : null}
      <OrderButton order={order} />
    </>
  );
}

function ShippingBody({ order }: { order: MessageOrder }) {
  return (
    <>
      <Heading as="h1" style={styles.h1}>
        Your order is on its way, {customerFirstName(order)}
      </Heading>
      <Text style={styles.text}>
        Your order <strong>{order.orderNumber}</strong> has shipped.
      </Text>
      {order.carrier ? <Text style={styles.text}>Carrier: {order.carrier}</Text> : null}
      {order.trackingNumber ? <Text style={styles.text}>Tracking number: {order.trackingNumber}</Text> : null}
      {order.trackingUrl ? (
        <Text style={styles.text}>
          <Link href={order.trackingUrl} style={styles.link}>
            Track your package
          </Link>
        </Text>
      ) : null}
      <ItemsTable items={order.items} />
      <ShippingAddress order={order} />
      <OrderButton order={order} />
    </>
  );
}

function DeliveryBody({ order }: { order: MessageOrder }) {
  return (
    <>
      <Heading as="h1" style={styles.h1}>
        Your order was delivered
      </Heading>
      <Text style={styles.text}>
        Hi {customerFirstName(order)}, your order <strong>{order.orderNumber}</strong> was delivered. We hope you love
        it!
      </Text>
      <ItemsTable items={order.items} />
      <OrderButton order={order} />
    </>
  );
}

function CancellationBody({ order }: { order: MessageOrder }) {
  return (
    <>
      <Heading as="h1" style={styles.h1}>
        Your order was cancelled
      </Heading>
      <Text style={styles.text}>
        Hi {customerFirstName(order)}, your order <strong>{order.orderNumber}</strong> was cancelled.
      </Text>
      <Text style={styles.text}>{cancellationRefundSentence(order)}</Text>
      <OrderButton order={order} />
    </>
  );
}

const BODIES: Record<OrderEmailType, (props: { order: MessageOrder }) => ReactNode> = {
  order_confirmation: ConfirmationBody,
  shipping_notification: ShippingBody,
  delivery_notification: DeliveryBody,
  cancellation_notification: CancellationBody,
};

/** The subject of the owner's e-mail about an order ('New order ORD-… — $59.98'). */
export function ownerEmailSubject(
  type: NotificationType,
  order: Pick<MessageOrder, "orderNumber" | "isTest" | "totalCents">,
): string {
  assertEmailType(type);
  const number = order.orderNumber;
  const total = formatCents(order.totalCents);
  const subject = {
    order_confirmation: `New order ${number} — ${total}`,
    shipping_notification: `Order ${number} shipped`,
    delivery_notification: `Order ${number} was delivered`,
    cancellation_notification: `Order ${number} was cancelled — ${total}`,
  }[type];
  return order.isTest ? `[TEST] ${subject}` : subject;
}

const OWNER_HEADINGS: Record<OrderEmailType, string> = {
  order_confirmation: "New order",
  shipping_notification: "Order shipped",
  delivery_notification: "Order delivered",
  cancellation_notification: "Order cancelled",
};

/**
 * The owner's e-mail about an order (Settings → Notifications: the new-order alert): who bought what,
 * the totals, where it ships, and a link to the order in the back office.
 */
export function OwnerOrderEmail({ type, order, shop }: OrderEmailProps) {
  const adminUrl = `${shop.url.replace(/\/+$/, "")}/admin/orders/${encodeURIComponent(order.orderNumber)}`;
  const payment = paymentMethodText(order.paymentMethod);
  const contact = [order.customerEmail, order.customerPhone].filter(Boolean).join(" · ");
  return (
    <EmailLayout
      shop={shop}
      preview={`${OWNER_HEADINGS[type]} ${order.orderNumber} — ${formatCents(order.totalCents)}`}
    >
      <Heading as="h1" style={styles.h1}>
        {OWNER_HEADINGS[type]} {order.orderNumber}
      </Heading>
      <Text style={styles.text}>
        {order.customerName || order.customerEmail} ordered {order.items.length}{" "}
        {order.items.length === 1 ? "item" : "items"} for <strong>{formatCents(order.totalCents)}</strong>
        {payment ? `, paid by ${payment}` : ""}.
      </Text>
      {contact ? <Text style={styles.muted}>{contact}</Text> : null}
      <ItemsTable items={order.items} />
      <Totals order={order} />
      <ShippingAddress order={order} />
      <Section style={{ margin: "24px 0 8px" }}>
        <Link href={adminUrl} style={styles.button}>
          Open the order
        </Link>
      </Section>
    </EmailLayout>
  );
}

export interface OrderEmailProps {
  type: OrderEmailType;
  order: MessageOrder;
  shop: ShopIdentity;
}

/** The line an inbox shows after the subject. */
function previewText(type: OrderEmailType, order: MessageOrder): string {
  switch (type) {
    case "order_confirmation":
      return `Thank you for your order ${order.orderNumber} — ${formatCents(order.totalCents)}`;
    case "shipping_notification":
      return `Your order ${order.orderNumber} is on its way${order.carrier ? ` with ${order.carrier}` : ""}`;
    case "delivery_notification":
      return `Your order ${order.orderNumber} was delivered`;
    case "cancellation_notification":
      return cancellationRefundSentence(order);
  }
}

/** One order e-mail of the given kind. */
export function OrderEmail({ type, order, shop }: OrderEmailProps) {
  const Content = BODIES[type];
  return (
    <EmailLayout shop={shop} preview={previewText(type, order)}>
      <Content order={order} />
    </EmailLayout>
  );
}
