import { sql } from "drizzle-orm";
import { orders } from "#db/schema/index";

/**
 * An order cancelled before it was ever paid (a declined payment, the unpaid hold running out, a
 * cancel while it waited for payment): a checkout that did not become a purchase. The shopper's order
 * list does not show it and the order figures do not count it; the back office's order list, filtered
 * by payment, still finds it.
 */
export const abandonedCheckout = sql`(${orders.status} = 'cancelled' and ${orders.paidAt} is null)`;

/** An order that counts as one: any but an abandoned checkout. */
export const placedOrder = sql`not ${abandonedCheckout}`;
