import { formatCents } from "~/lib/money";
import { appliedLabel } from "~/modules/promotions/discount-engine";

/**
 * What an order was discounted, as its faces show it (issue 28): the confirmation page, /orders, the
 * order e-mails and WhatsApp texts, the admin's order page and the CSV export. Read from the order's own
 * `order_discounts` rows, as they were when it was placed: a discount edited, disabled or deleted later
 * changes nothing here. Pure: shared by the server and the pages.
 */
export interface OrderDiscountLine {
  /** The code as typed into the order (upper case), or null for an automatic offer. */
  code: string | null;
  /** The discount's title when the order was placed. */
  title: string;
  /** 'amount': cents off the lines; 'shipping': free shipping (`amountCents` is the rate waived). */
  kind: "amount" | "shipping";
  amountCents: number;
}

/** The line's name: the code, or the offer's title for an automatic offer ('SUMMER20', 'Weekend sale'). */
export const orderDiscountLabel = (line: Pick<OrderDiscountLine, "code" | "title">): string => appliedLabel(line);

/** The line's amount: '−$12.00', or 'Free shipping' (the shipping row then reads Free). */
export function orderDiscountValue(line: Pick<OrderDiscountLine, "kind" | "amountCents">): string {
  return line.kind === "shipping" ? "Free shipping" : `−${formatCents(line.amountCents)}`;
}

/** The line as one text: 'SUMMER20 — −$12.00', 'FREESHIP — Free shipping'. */
export function orderDiscountText(line: OrderDiscountLine): string {
  return `${orderDiscountLabel(line)} — ${orderDiscountValue(line)}`;
}

/** The export's 'Discount codes' cell: each discount's name, in the order shown ('SUMMER20; Weekend sale'). */
export function orderDiscountNames(lines: readonly OrderDiscountLine[]): string {
  return lines.map(orderDiscountLabel).join("; ");
}

/** How a shipping amount reads once discounts are counted: a shipping of 0 is 'Free'. */
export function shippingText(shippingCents: number): string {
  return shippingCents === 0 ? "Free" : formatCents(shippingCents);
}

/**
 * The discounts column of an order's row (a JSON array the database built, which a driver hands over
 * parsed or as text) as lines, in the order the database gave. Anything that is not such a line is
 * left out rather than shown wrong.
 */
export function orderDiscountLinesOf(value: unknown): OrderDiscountLine[] {
  const parsed: unknown = typeof value === "string" ? JSON.parse(value) : value;
  if (!Array.isArray(parsed)) return [];
  const lines: OrderDiscountLine[] = [];
  for (const item of parsed as unknown[]) {
    if (typeof item !== "object" || item === null) continue;
    const { code, title, kind, amountCents } = item as Record<string, unknown>;
    const cents = Number(amountCents);
    if (typeof title !== "string" || (kind !== "amount" && kind !== "shipping") || !Number.isInteger(cents)) continue;
    lines.push({ code: typeof code === "string" && code !== "" ? code : null, title, kind, amountCents: cents });
  }
  return lines;
}
