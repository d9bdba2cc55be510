import { neutraliseCell } from "~/lib/csv-cells";
import { centsToDecimalString } from "~/lib/money";
import { orderDiscountNames, type OrderDiscountLine } from "./order-discount-lines";

/** An order as the export reads it. */
export interface ExportOrder {
  orderNumber: string;
  createdAt: Date;
  customerName: string;
  customerEmail: string;
  phone: string;
  status: string;
  paymentStatus: string;
  paymentMethod: string | null;
  itemCount: number;
  subtotalCents: number;
  /** Taken off the lines by discounts (free shipping shows as a shipping of 0). */
  discountCents: number;
  /** The discounts applied, as placed (issue 28). */
  discounts: OrderDiscountLine[];
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  trackingNumber: string | null;
  carrier: string | null;
  isTest: boolean;
}

/**
 * The order export's columns, for the owner's accounting (beyond the spec). Pure. Total = Subtotal −
 * Discount + Shipping + Tax; 'Discount codes' names every discount applied (the code, or an automatic
 * offer's title), free shipping included.
 */
export const ORDER_CSV_COLUMNS = [
  "Order number",
  "Date (UTC)",
  "Customer",
  "E-mail",
  "Phone",
  "Status",
  "Payment",
  "Payment method",
  "Items",
  "Subtotal",
  "Discount",
  "Discount codes",
  "Shipping",
  "Tax",
  "Total",
  "Carrier",
  "Tracking number",
  "Test order",
] as const;

/** One order as a CSV row; every text cell is kept from running as a spreadsheet formula. */
export function orderCsvRow(order: ExportOrder): string[] {
  const text = (value: string | null) => neutraliseCell(value ?? "");
  return [
    text(order.orderNumber),
    order.createdAt.toISOString().replace("T", " ").slice(0, 19),
    text(order.customerName),
    text(order.customerEmail),
    text(order.phone),
    order.status,
    order.paymentStatus,
    text(order.paymentMethod),
    String(order.itemCount),
    centsToDecimalString(order.subtotalCents),
    centsToDecimalString(order.discountCents),
    text(orderDiscountNames(order.discounts)),
    centsToDecimalString(order.shippingCents),
    centsToDecimalString(order.taxCents),
    centsToDecimalString(order.totalCents),
    text(order.carrier),
    text(order.trackingNumber),
    order.isTest ? "yes" : "no",
  ];
}

export function orderCsvFileName(now: Date = new Date()): string {
  return `orders-${now.toISOString().slice(0, 10)}.csv`;
}
