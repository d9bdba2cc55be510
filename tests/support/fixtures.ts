import type { AddressJson } from "#db/schema/index";

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
