import { describe, expect, it } from "vitest";
import { addressLines } from "~/modules/orders/address-lines";

describe("addressLines", () => {
  it("writes an address as a parcel label, skipping what is empty", () => {
    expect(
      addressLines({
        firstName: "Maya",
        lastName: "O. Okafor",
        address: "12 Elm Street",
        apartment: "Apt 4",
        city: "Portland",
        state: "OR",
        postalCode: "97204",
        country: "US",
      }),
    ).toEqual(["Maya O. Okafor", "12 Elm Street", "Apt 4", "Portland, OR 97204", "United States"]);
    expect(addressLines({ firstName: "Ada", address: "1 Road", city: "Leeds", country: "UK" })).toEqual([
      "Ada",
      "1 Road",
      "Leeds",
      "United Kingdom",
    ]);
  });
});
