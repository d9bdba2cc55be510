/**
 * The limits that keep one account from holding a product's stock with unpaid orders, and their
 * defaults (set by MAX_QTY_PER_PRODUCT, UNPAID_ORDERS_PER_ACCOUNT, UNPAID_ORDER_HOLD_MINUTES). Pure: the
 * environment's parser and the browser read the same defaults.
 */
export interface OrderLimits {
  /** The most of one product (all its sizes and colours together) one order, and so one cart, may hold. */
  maxQuantityPerProduct: number;
  /** Unpaid (pending) orders one account may have at a time. */
  unpaidOrdersPerAccount: number;
  /** Minutes an unpaid order holds its stock, without payment activity, before it is cancelled. */
  unpaidOrderHoldMinutes: number;
  /** Unpaid orders placed from one client address at a time (all its accounts together). */
  unpaidOrdersPerAddress: number;
  /**
   * The share (percent) of a variant's stock one holder (an account, and the address it places from) may
   * hold unpaid, at least one unit (modules/orders/hold-rules.ts).
   */
  holdSharePercent: number;
  /** Minutes a hold that ran out unpaid still counts against its holder's share. */
  holdCooldownMinutes: number;
}

export const ORDER_LIMIT_DEFAULTS: Readonly<OrderLimits> = {
  // Ten of one garment is more than a shopper buys for themselves, and with two unpaid orders an account
  // holds at most twenty of a product for a quarter of an hour: below the stock of most of the catalogue.
  maxQuantityPerProduct: 10,
  unpaidOrdersPerAccount: 2,
  unpaidOrderHoldMinutes: 15,
  // Generous for shoppers behind one address (an office, a mobile carrier); the share below is what
  // keeps a low-stock product on sale.
  unpaidOrdersPerAddress: 10,
  // Half of what is left: whoever holds a product unpaid leaves at least as much for everyone else.
  holdSharePercent: 50,
  // Four holds' time: a holder cannot renew its hold as it expires.
  holdCooldownMinutes: 60,
};
