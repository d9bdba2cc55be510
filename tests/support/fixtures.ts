import type { AddressJson } from "#db/schema/index";
import { ORDER_LIMIT_DEFAULTS, type OrderLimits } from "~/lib/config/order-limits";

/** A complete shipping address for orders made in tests. */
export const testAddress: AddressJson = {
  firstName: "Ana",
  lastName: "Lee",
  email: "ana@example.com",
  phone: "+15550100",
  address: "1 Main St",
  city: "Portland",
  state: "OR",
  postalCode: "97204",
  country: "US",
};

/** The checkout form as a shopper fills it for `testAddress` (the `form` of POST /api/checkout). */
export const checkoutForm = {
  ...testAddress,
  phone: "+1 555 0100",
  apartment: "",
  shippingMethod: "standard",
  sameAsShipping: true,
};

/**
 * The order limits tests of payments hand to placeOrder: the defaults, with room for as many unpaid
 * orders as they place (the unpaid-order limit has tests of its own).
 */
export const testLimits: OrderLimits = {
  ...ORDER_LIMIT_DEFAULTS,
  unpaidOrdersPerAccount: 1_000,
  // One account stands for many shoppers here: the share of a variant's stock has tests of its own.
  holdSharePercent: 100,
  holdCooldownMinutes: 0,
};
