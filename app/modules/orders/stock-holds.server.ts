import { sql } from "drizzle-orm";
import { queryRows, type Tx } from "~/lib/db/client.server";

/**
 * What one holder — an account, and the client address it places from — holds of some variants: the
 * units in its orders waiting for payment, and those in its orders whose hold ran out unpaid within the
 * cool-down (the rules are in hold-rules.ts). One statement, read in the checkout's transaction.
 */
export interface HeldUnits {
  unpaid: number;
  recentlyExpired: number;
}

export async function heldByHolder(
  tx: Tx,
  holder: { userId: string; address: string | null; exceptOrderId: string },
  variantIds: readonly string[],
  cooldownMinutes: number,
): Promise<Map<string, HeldUnits>> {
  if (variantIds.length === 0) return new Map();
  const rows = await queryRows<{ variant_id: string; unpaid: number; recently_expired: number }>(
    tx,
    sql`select i.variant_id,
          coalesce(sum(i.quantity) filter (where o.status = 'pending' and o.payment_status = 'pending'), 0)::int as unpaid,
          coalesce(sum(i.quantity) filter (where o.hold_expired_at is not null), 0)::int as recently_expired
        from orders o join order_items i on i.order_id = o.id
        where (o.user_id = ${holder.userId}${holder.address ? sql` or o.hold_address = ${holder.address}` : sql``})
          and ((o.status = 'pending' and o.payment_status = 'pending')
            or o.hold_expired_at > now() - make_interval(mins => ${cooldownMinutes}))
          and o.id <> ${holder.exceptOrderId}
          and i.variant_id = any(${sql.param([...variantIds])}::uuid[])
        group by i.variant_id`,
  );
  return new Map(
    rows.map((r) => [r.variant_id, { unpaid: Number(r.unpaid), recentlyExpired: Number(r.recently_expired) }]),
  );
}
