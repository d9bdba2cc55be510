import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Tx } from "~/lib/db/client.server";

/**
 * What one holder — an account, and the client address it places from — holds of some variants: the
 * units in its orders waiting for payment, and those in its orders whose hold ran out unpaid within the
 * cool-down (the rules are in hold-rules.ts). One statement, read in the checkout's transaction.
 */
export interface HeldUnits {
  /** The variant's stock now (read after the holder's locks, so its other checkouts' holds are in). */
  stock: number;
  unpaid: number;
  recentlyExpired: number;
}

export async function heldByHolder(
  tx: Tx,
  /** `holder`: the account's (or guest e-mail's) orders as a condition on `orders` (place-order's `heldBy`). */
  holder: { holder: SQL; address: string | null; exceptOrderId: string },
  variantIds: readonly string[],
  cooldownMinutes: number,
): Promise<Map<string, HeldUnits>> {
  if (variantIds.length === 0) return new Map();
  const rows = await queryRows<{ variant_id: string; stock: number; unpaid: number; recently_expired: number }>(
    tx,
    sql`select v.id as variant_id, v.stock,
          coalesce(sum(h.quantity) filter (where h.status = 'pending' and h.payment_status = 'pending'), 0)::int as unpaid,
          coalesce(sum(h.quantity) filter (where h.hold_expired_at is not null), 0)::int as recently_expired
        from product_variants v
        left join (
          select i.variant_id, i.quantity, orders.status, orders.payment_status, orders.hold_expired_at
          from orders join order_items i on i.order_id = orders.id
          where (${holder.holder}${holder.address ? sql` or orders.hold_address = ${holder.address}` : sql``})
            and ((orders.status = 'pending' and orders.payment_status = 'pending')
              or orders.hold_expired_at > now() - make_interval(mins => ${cooldownMinutes}))
            and orders.id <> ${holder.exceptOrderId}
            -- A draft's order (issue 32) is staff's hold, until its link runs out: not the customer's.
            and orders.draft_order_id is null
        ) h on h.variant_id = v.id
        where v.id = any(${sql.param([...variantIds])}::uuid[])
        group by v.id, v.stock`,
  );
  return new Map(
    rows.map((r) => [
      r.variant_id,
      { stock: Number(r.stock), unpaid: Number(r.unpaid), recentlyExpired: Number(r.recently_expired) },
    ]),
  );
}
