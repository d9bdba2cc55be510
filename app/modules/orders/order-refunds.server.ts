import { eq, sql } from "drizzle-orm";
import { orderRefunds, orders } from "#db/schema/index";
import type { Tx } from "~/lib/db/client.server";

/**
 * Money given back on an order (issue 30): one `order_refunds` row per refund, and the order's
 * `refunded_cents` kept as their sum in the same transaction. The order's payment status becomes
 * 'refunded' when nothing is left of its total; a partial refund leaves it 'paid' and shows its amount.
 */
export interface RefundRecord {
  orderId: string;
  returnId?: string | null;
  amountCents: number;
  taxCents: number;
  shippingCents: number;
  method: "paypal" | "manual";
  providerRefundId: string | null;
}

/** Records a refund and answers the order's money after it (its refunded sum, and whether that is all of it). */
export async function recordRefund(
  tx: Tx,
  refund: RefundRecord,
): Promise<{ refundedCents: number; totalCents: number; fullyRefunded: boolean }> {
  if (refund.amountCents > 0) {
    await tx.insert(orderRefunds).values({
      orderId: refund.orderId,
      returnId: refund.returnId ?? null,
      amountCents: refund.amountCents,
      taxCents: refund.taxCents,
      shippingCents: refund.shippingCents,
      method: refund.method,
      providerRefundId: refund.providerRefundId,
    });
  }
  const [order] = await tx
    .update(orders)
    .set({
      refundedCents: sql`least(${orders.totalCents}, ${orders.refundedCents} + ${refund.amountCents})`,
      updatedAt: new Date(),
    })
    .where(eq(orders.id, refund.orderId))
    .returning({ refundedCents: orders.refundedCents, totalCents: orders.totalCents });
  const refundedCents = order?.refundedCents ?? 0;
  const totalCents = order?.totalCents ?? 0;
  return { refundedCents, totalCents, fullyRefunded: refundedCents >= totalCents };
}
