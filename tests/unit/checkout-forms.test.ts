import { describe, expect, it } from "vitest";
import {
  checkCheckout,
  emptyCheckoutForm,
  knownOrderFailure,
  validateStep,
  type CheckoutForm,
} from "~/modules/orders/checkout-forms";

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
    expect(emptyCheckoutForm({ country: "DE" }).country).toBe("US");
  });
  it("step 1 needs first and last name, a valid e-mail and a phone", () => {
    expect(validateStep(0, emptyCheckoutForm())).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Email is required",
      phone: "Phone number is required",
    });
    expect(validateStep(0, { ...complete, email: "ana-at-example" })).toEqual({ email: "Invalid email address" });
    expect(validateStep(0, { ...complete, phone: "call me" })).toEqual({ phone: "Enter a valid phone number" });
    expect(validateStep(0, complete)).toEqual({});
  });
  it("step 2 needs the address (apartment optional) and the billing address only when it differs", () => {
    const blank = { ...complete, address: "", city: " ", state: "", postalCode: "" };
    expect(validateStep(1, blank)).toEqual({
      address: "Address is required",
      city: "City is required",
      state: "State is required",
      postalCode: "Postal code is required",
    });
    expect(validateStep(1, complete)).toEqual({});
    expect(validateStep(1, { ...complete, sameAsShipping: false })).toMatchObject({
      billingAddress: "Address is required",
      billingCity: "City is required",
    });
    expect(validateStep(1, { ...complete, country: "DE" as never })).toEqual({ country: "Please select a country" });
  });
});

describe("the server's check of a whole checkout", () => {
  it("answers the spec's order-creation messages first", () => {
    expect(checkCheckout({ ...complete, email: "" })).toMatchObject({
      ok: false,
      message: "Please provide contact information",
    });
    expect(checkCheckout({ ...complete, address: "" })).toMatchObject({
      ok: false,
      message: "Please fill in all required shipping information",
    });
    expect(checkCheckout(null)).toMatchObject({ ok: false, message: "Please provide contact information" });
  });
  it("builds one address shape, with the billing address when it differs", () => {
    const same = checkCheckout({ ...complete, apartment: "Apt 4" });
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
    const other = checkCheckout({
      ...complete,
      shippingMethod: "overnight",
      sameAsShipping: false,
      billingAddress: "9 Elm Rd",
      billingCity: "Toronto",
      billingState: "ON",
      billingPostalCode: "M5H 2N2",
      billingCountry: "CA",
    });
    expect(other.ok && other.details.billingAddress).toMatchObject({
      address: "9 Elm Rd",
      country: "CA",
      email: "ana@example.com",
    });
    expect(other.ok && other.details.shippingMethod).toBe("overnight");
  });
  it("refuses an unknown shipping method", () => {
    expect(checkCheckout({ ...complete, shippingMethod: "teleport" }).ok).toBe(false);
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
