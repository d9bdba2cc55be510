import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db, type Tx } from "~/lib/db/client.server";

/**
 * The review request after delivery (issue 29): one per order, through the notification outbox.
 *
 * - **Recorded with the delivery.** In the transaction that marks the order delivered (EventBus.record),
 *   one statement writes the order's `review_requests` row — its primary key is the order, so a second
 *   delivery event, a retried job or two instances write it once — and, only when that row is new and
 *   some line is still to review, the outbox rows: the customer's e-mail, and a WhatsApp message when the
 *   order has a phone and WhatsApp is on. Every line already reviewed: outcome 'skipped', no message.
 * - **After a delay.** The rows are due `delayDays` after the delivery (REVIEW_REQUEST_DELAY_DAYS, 7 by
 *   default: time to wear the clothes; 0 sends at once): the outbox's `next_attempt_at` is the schedule.
 * - **Worded when sent.** The worker reads the lines still to review then (reviewLinesFor), each with its
 *   own signed link made at that moment (valid 30 days); a line reviewed meanwhile is left out, and when
 *   none is left the message is not sent (failed, saying why).
 *
 * A line is still to review when it names a product (a deleted product cannot be reviewed), has no review
 * of its own, and the order's account has not reviewed that product already (from another order).
 */
const toReview = (item: SQL, order: SQL): SQL => sql`
  ${item}.product_id is not null
  and not exists (select 1 from reviews r where r.order_item_id = ${item}.id)
  and not exists (select 1 from reviews r
                  where ${order}.user_id is not null and r.user_id = ${order}.user_id and r.product_id = ${item}.product_id)`;

export interface ReviewRequestOptions {
  /** WhatsApp is on (Twilio connected): the customer's WhatsApp is written when the order has a phone. */
  whatsapp: boolean;
  /** Days after delivery the messages are due (0 = at once). */
  delayDays: number;
}

/**
 * Records the review request of a delivered order, in the delivery's transaction: answers 'queued' (the
 * messages written), 'skipped' (every line reviewed) or null (already recorded, or not delivered).
 */
export async function recordReviewRequest(
  tx: Tx,
  orderId: string,
  options: ReviewRequestOptions,
): Promise<"queued" | "skipped" | null> {
  const [row] = await queryRows<{ outcome: "queued" | "skipped" }>(
    tx,
    sql`
      with request as (
        insert into review_requests (order_id, outcome)
        select o.id,
               case when exists (select 1 from order_items i where i.order_id = o.id and ${toReview(sql`i`, sql`o`)})
                    then 'queued' else 'skipped' end
          from orders o
         where o.id = ${orderId} and o.status = 'delivered'
        on conflict (order_id) do nothing
        returning order_id, outcome
      ), messages as (
        insert into order_notifications
          (order_id, channel, audience, notification_type, recipient, dedupe_key, next_attempt_at)
        select r.order_id, c.channel, 'customer', 'review_request', '',
               'review_request:' || r.order_id || ':' || c.channel,
               now() + make_interval(days => ${options.delayDays}::int)
          from request r
          join orders o on o.id = r.order_id
          cross join (values ('email'), ('whatsapp')) as c(channel)
         where r.outcome = 'queued'
           and (c.channel = 'email'
                or (${options.whatsapp}::boolean and coalesce(btrim(o.shipping_address ->> 'phone'), '') <> ''))
        on conflict (dedupe_key) do nothing
        returning 1
      )
      select outcome from request`,
  );
  return row?.outcome ?? null;
}

/** An order's lines still to review (without their links), in the order's order. */
export interface ReviewLineRow {
  orderId: string;
  orderItemId: string;
  name: string;
  size: string | null;
  color: string | null;
}

/** The lines still to review of these orders, read when their request is sent (one query). */
export async function reviewLinesFor(db: Db, orderIds: readonly string[]): Promise<Map<string, ReviewLineRow[]>> {
  const found = new Map<string, ReviewLineRow[]>();
  const ids = [...new Set(orderIds)];
  if (ids.length === 0) return found;
  const rows = await queryRows<{
    order_id: string;
    id: string;
    product_name: string;
    size: string | null;
    color: string | null;
  }>(
    db,
    sql`
      select i.order_id, i.id, i.product_name, i.size, i.color
        from order_items i
        join orders o on o.id = i.order_id
       where i.order_id in (${sql.join(
         ids.map((id) => sql`${id}::uuid`),
         sql`, `,
       )})
         and ${toReview(sql`i`, sql`o`)}
       order by i.created_at, i.id`,
  );
  for (const row of rows) {
    const list = found.get(row.order_id) ?? [];
    list.push({ orderId: row.order_id, orderItemId: row.id, name: row.product_name, size: row.size, color: row.color });
    found.set(row.order_id, list);
  }
  return found;
}
