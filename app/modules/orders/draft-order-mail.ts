import { formatCents } from "~/lib/money";
import type { GuestMail as MailMessage } from "./guest-order-mails";
import { SHIPPING_METHODS, type ShippingMethod } from "~/modules/pricing/pricing";

/** The e-mail of a draft's payment link (issue 32): what was put together, the total, the note, the link. Pure. */
export interface DraftMailInput {
  to: string;
  firstName: string;
  shopName: string;
  orderNumber: string;
  lines: ReadonlyArray<{ name: string; size: string; color: string; quantity: number; unitPriceCents: number }>;
  subtotalCents: number;
  discountCents: number;
  discountReason: string | null;
  shippingCents: number;
  shippingMethod: ShippingMethod;
  taxCents: number;
  totalCents: number;
  note: string | null;
  payUrl: string;
  expiresAt: Date;
}

const when = (date: Date) =>
  `${date.toLocaleString("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" })} UTC`;

export function draftPaymentMail(input: DraftMailInput): MailMessage {
  const lines = input.lines.map((l) => {
    const option = [l.size, l.color].filter(Boolean).join(", ");
    return `- ${l.name}${option ? ` (${option})` : ""} × ${l.quantity}: ${formatCents(l.unitPriceCents * l.quantity)}`;
  });
  const text = [
    `Hello ${input.firstName},`,
    "",
    `We have put together your order ${input.orderNumber}:`,
    "",
    ...lines,
    "",
    `Subtotal: ${formatCents(input.subtotalCents)}`,
    ...(input.discountCents > 0
      ? [`Discount${input.discountReason ? ` (${input.discountReason})` : ""}: -${formatCents(input.discountCents)}`]
      : []),
    `Shipping (${SHIPPING_METHODS[input.shippingMethod].label}): ${formatCents(input.shippingCents)}`,
    `Tax: ${formatCents(input.taxCents)}`,
    `Total: ${formatCents(input.totalCents)}`,
    ...(input.note ? ["", input.note] : []),
    "",
    `Pay for it here: ${input.payUrl}`,
    "",
    `The items are reserved for you until ${when(input.expiresAt)}; after that the link no longer works.`,
    "",
    input.shopName,
  ].join("\n");
  return {
    to: input.to,
    subject: `Your order ${input.orderNumber} from ${input.shopName} is ready to pay`,
    text,
    fromName: input.shopName,
  };
}
