/**
 * What a return gives back, to the cent (issue 30). Pure.
 *
 * A line's goods are what the shopper paid for its units: its total less its share of the order's
 * discounts, spread over its units. The tax given back is the order's tax in proportion of the goods.
 * Both are computed **cumulatively** — what all the units returned so far are worth, less what the
 * earlier returns gave back — so the cents lost or gained by rounding never add up: returning an order
 * one unit at a time gives back exactly what returning it at once would, and never more than was paid.
 *
 * Shipping is given back only when asked (a 'Damaged or faulty' line, or the owner's choice), once per
 * order. The total is capped at what is left of the payment.
 */

export interface OrderMoney {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  /** Already given back (earlier returns). */
  refundedCents: number;
}

export interface RefundLine {
  /** The order line as placed. */
  lineQuantity: number;
  lineTotalCents: number;
  lineDiscountCents: number;
  /** Units of this line refunded by earlier returns (their amounts fixed), and by this one. */
  refundedBefore: number;
  quantity: number;
}

export interface RefundAmount {
  goodsCents: number;
  taxCents: number;
  shippingCents: number;
  totalCents: number;
}

/** What `units` units of a line were paid, net of its discount share (rounded half up). */
export function lineNetCents(
  line: Pick<RefundLine, "lineQuantity" | "lineTotalCents" | "lineDiscountCents">,
  units: number,
): number {
  if (units <= 0 || line.lineQuantity <= 0) return 0;
  const net = line.lineTotalCents - line.lineDiscountCents;
  return Math.round((net * Math.min(units, line.lineQuantity)) / line.lineQuantity);
}

/** The order's tax in proportion of `goodsCents` of its goods (rounded half up). */
export function taxShareCents(
  order: Pick<OrderMoney, "subtotalCents" | "discountCents" | "taxCents">,
  goodsCents: number,
): number {
  const orderGoods = order.subtotalCents - order.discountCents;
  if (orderGoods <= 0 || goodsCents <= 0) return 0;
  return Math.round((order.taxCents * Math.min(goodsCents, orderGoods)) / orderGoods);
}

export interface RefundInput {
  order: OrderMoney;
  lines: readonly RefundLine[];
  /** Give the order's shipping back (and it was not given back before). */
  shipping: boolean;
}

export function refundAmount(input: RefundInput): RefundAmount {
  const { order, lines } = input;
  let goodsBefore = 0;
  let goods = 0;
  for (const line of lines) {
    const before = lineNetCents(line, line.refundedBefore);
    goodsBefore += before;
    goods += lineNetCents(line, line.refundedBefore + line.quantity) - before;
  }
  const tax = taxShareCents(order, goodsBefore + goods) - taxShareCents(order, goodsBefore);
  const shipping = input.shipping ? order.shippingCents : 0;
  const left = Math.max(0, order.totalCents - order.refundedCents);
  const total = Math.min(goods + tax + shipping, left);
  // A cap (only reached by odd data) comes off the shipping, then the tax, then the goods.
  let over = goods + tax + shipping - total;
  const cut = (cents: number) => {
    const taken = Math.min(cents, over);
    over -= taken;
    return cents - taken;
  };
  const shippingCents = cut(shipping);
  const taxCents = cut(tax);
  const goodsCents = cut(goods);
  return { goodsCents, taxCents, shippingCents, totalCents: goodsCents + taxCents + shippingCents };
}

/** The payment status an order takes after a refund: refunded once nothing is left of its total. */
export function paymentStatusAfterRefund(
  order: Pick<OrderMoney, "totalCents">,
  refundedCents: number,
): "paid" | "refunded" {
  return refundedCents >= order.totalCents ? "refunded" : "paid";
}
