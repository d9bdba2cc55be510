import { describe, expect, it } from "vitest";
import { checkCheckout, informationSchema, validateStep } from "~/modules/orders/checkout-checks";
import {
  emptyCheckoutForm,
  INFORMATION_FIELDS,
  knownOrderFailure,
  type CheckoutForm,
} from "~/modules/orders/checkout-forms";

/** The countries of spec §5, as a shop that ships to those only would set them. */
const SHIPS_TO = ["US", "CA", "UK", "AU"];

const complete: CheckoutForm = {
  ...emptyCheckoutForm(),
  firstName: "Ana",
  lastName: "Lee",
  email: "ana@example.com",
  phone: "+1 555 0100",
  address: "1 Main St",
  city: "Portland",
  state: "OR",
  postalCode: "97204",
};

describe("checkout steps (spec §4, §5)", () => {
  it("starts with the spec's defaults and the account's details", () => {
    const form = emptyCheckoutForm({ firstName: "Ana", email: "ana@example.com", country: "CA" });
    expect(form).toMatchObject({ sameAsShipping: true, shippingMethod: "standard", country: "CA", firstName: "Ana" });
    expect(emptyCheckoutForm({ country: "DE" }, SHIPS_TO).country).toBe("US");
    // The account's saved country when the shop ships there, named or coded; else the United States, or the first.
    expect(emptyCheckoutForm({ country: "DE" }, ["US", "DE"]).country).toBe("DE");
    expect(emptyCheckoutForm({ country: "Canada" }, SHIPS_TO).country).toBe("CA");
    expect(emptyCheckoutForm({ country: "US" }, ["UK", "DE"]).country).toBe("UK");
  });
  it("names the first step's fields as its schema checks them (the page sends a server message to that step)", () => {
    expect(Object.keys(informationSchema.shape)).toEqual([...INFORMATION_FIELDS]);
  });

  it("step 1 needs first and last name, a valid e-mail and a phone", () => {
    expect(validateStep(0, emptyCheckoutForm(), SHIPS_TO)).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Email is required",
      phone: "Phone number is required",
    });
    expect(validateStep(0, { ...complete, email: "ana-at-example" }, SHIPS_TO)).toEqual({
      email: "Invalid email address",
    });
    expect(validateStep(0, { ...complete, phone: "call me" }, SHIPS_TO)).toEqual({
      phone: "Enter a valid phone number",
    });
    expect(validateStep(0, complete, SHIPS_TO)).toEqual({});
  });
  it("step 2 needs the address (apartment optional) and the billing address only when it differs", () => {
    const blank = { ...complete, address: "", city: " ", state: "", postalCode: "" };
    expect(validateStep(1, blank, SHIPS_TO)).toEqual({
      address: "Address is required",
      city: "City is required",
      state: "State is required",
      postalCode: "Postal code is required",
    });
    expect(validateStep(1, complete, SHIPS_TO)).toEqual({});
    expect(validateStep(1, { ...complete, sameAsShipping: false }, SHIPS_TO)).toMatchObject({
      billingAddress: "Address is required",
      billingCity: "City is required",
    });
    expect(validateStep(1, { ...complete, country: "XX" as never }, SHIPS_TO)).toEqual({
      country: "Please select a country",
    });
    expect(validateStep(1, { ...complete, country: "DE" }, SHIPS_TO)).toEqual({
      country: "We do not ship to Germany. Please choose a country from the list.",
    });
    expect(validateStep(1, { ...complete, country: "DE" }, [...SHIPS_TO, "DE"])).toEqual({});
  });
});

describe("the server's check of a whole checkout", () => {
  it("answers the spec's order-creation messages first", () => {
    expect(checkCheckout({ ...complete, email: "" }, SHIPS_TO)).toMatchObject({
      ok: false,
      message: "Please provide contact information",
    });
    expect(checkCheckout({ ...complete, address: "" }, SHIPS_TO)).toMatchObject({
      ok: false,
      message: "Please fill in all required shipping information",
    });
    expect(checkCheckout(null, SHIPS_TO)).toMatchObject({ ok: false, message: "Please provide contact information" });
  });
  it("builds one address shape, with the billing address when it differs", () => {
    const same = checkCheckout({ ...complete, apartment: "Apt 4" }, SHIPS_TO);
    expect(same).toEqual({
      ok: true,
      details: {
        shippingMethod: "standard",
        billingAddress: null,
        shippingAddress: {
          firstName: "Ana",
          lastName: "Lee",
          email: "ana@example.com",
          phone: "+1 555 0100",
          address: "1 Main St",
          apartment: "Apt 4",
          city: "Portland",
          state: "OR",
          postalCode: "97204",
          country: "US",
        },
      },
    });
    const other = checkCheckout(
      {
        ...complete,
        shippingMethod: "overnight",
        sameAsShipping: false,
        billingAddress: "9 Elm Rd",
        billingCity: "Toronto",
        billingState: "ON",
        billingPostalCode: "M5H 2N2",
        billingCountry: "CA",
      },
      SHIPS_TO,
    );
    expect(other.ok && other.details.billingAddress).toMatchObject({
      address: "9 Elm Rd",
      country: "CA",
      email: "ana@example.com",
    });
    expect(other.ok && other.details.shippingMethod).toBe("overnight");
  });
  it("refuses a country the shop does not ship to, at the country field", () => {
    expect(checkCheckout({ ...complete, country: "DE" }, SHIPS_TO)).toEqual({
      ok: false,
      message: "We do not ship to Germany. Please choose a country from the list.",
      fieldErrors: { country: "We do not ship to Germany. Please choose a country from the list." },
    });
    expect(checkCheckout({ ...complete, country: "other" }, SHIPS_TO)).toMatchObject({
      ok: false,
      fieldErrors: { country: "We do not ship to other countries. Please choose a country from the list." },
    });
    expect(checkCheckout({ ...complete, country: "DE" }, ["DE"]).ok).toBe(true);
    // The billing address may be anywhere.
    const billedAbroad = {
      ...complete,
      sameAsShipping: false,
      billingAddress: "1 Rue",
      billingCity: "Paris",
      billingState: "IDF",
      billingPostalCode: "75001",
      billingCountry: "FR",
    };
    expect(checkCheckout(billedAbroad, SHIPS_TO).ok).toBe(true);
  });
  it("refuses an unknown shipping method", () => {
    expect(checkCheckout({ ...complete, shippingMethod: "teleport" }, SHIPS_TO).ok).toBe(false);
  });
});

describe("order failure messages (spec §8)", () => {
  const dbError = (code: string, message = "boom") =>
    Object.assign(new Error("query failed"), { cause: { code, message } });
  it("maps the database codes the spec names to its messages", () => {
    expect(knownOrderFailure(dbError("23502"))).toMatchObject({
      code: "invalid",
      message: "Missing required information. Please fill in all required fields.",
    });
    expect(knownOrderFailure(dbError("23503"))?.message).toBe("Invalid product or user reference. Please try again.");
    expect(knownOrderFailure(dbError("42P01"))?.message).toBe("Database configuration error. Please contact support.");
  });
  it("leaves any other error to the route, which never shows its text", () => {
    expect(knownOrderFailure(dbError("40001", "could not serialize access"))).toBeNull();
    expect(knownOrderFailure(new Error("socket hang up"))).toBeNull();
    expect(knownOrderFailure("???")).toBeNull();
  });
});
