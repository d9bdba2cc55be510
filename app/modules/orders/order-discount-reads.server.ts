import { sql } from "drizzle-orm";
import { orderDiscounts } from "#db/schema/index";
import { orderDiscountLinesOf, type OrderDiscountLine } from "./order-discount-lines";

/**
 * A select column of a read of `orders` (not aliased): what the order was discounted and why
 * (`OrderDiscountLine[]`), from its own `order_discounts` rows as they were when it was placed — never
 * from `discounts`, whose later edits must not change an order. One JSON value in the same statement,
 * so a page of orders reads their discounts without a query per order (order_discounts_order_idx).
 *
 * Every row counts, released or not: a cancelled order gives its discount's use back, but it was still
 * charged (and refunded) its discounted total. Amounts off the lines come first and free shipping last,
 * beside the shipping row; codes before automatic offers.
 */
export function orderDiscountsColumn() {
  return sql<OrderDiscountLine[]>`(
    select coalesce(json_agg(json_build_object('code', d.code, 'title', d.title, 'kind', d.kind,
      'amountCents', d.amount_cents) order by d.kind = 'shipping', d.code is null, d.title, d.id), '[]'::json)
    from ${orderDiscounts} d where d.order_id = "orders"."id")`.mapWith(orderDiscountLinesOf);
}
