import { databaseError } from "~/lib/db/errors";
import { DomainError } from "~/lib/domain-error";
import { COUNTRIES, countryCode, countryName, type CountryCode } from "~/lib/countries";
import type { ShippingMethod } from "~/modules/pricing/pricing";

/**
 * The checkout's three steps (spec §2 Checkout, §4 steps, §5 step rules): the form, its defaults and
 * its messages. The form is flat: billing fields carry a `billing` prefix. The checks themselves, with
 * Zod, are in checkout-checks.ts: the server runs them on every order, and the checkout page loads them
 * when the shopper first reaches into the form, so its first screen does not wait for Zod.
 */

/**
 * The countries an address may name (lib/countries.ts); a shipping address must also name one the shop
 * ships to (the owner's `shipsTo`), which the country select offers alone and the server checks again.
 */
export type CheckoutCountry = CountryCode;
export const CHECKOUT_COUNTRY_CODES = COUNTRIES.map((c) => c.code) as [CheckoutCountry, ...CheckoutCountry[]];

/** The countries of the list the shop ships to, in the list's order. */
export function shippingCountries(shipsTo: readonly string[]): Array<{ code: CheckoutCountry; name: string }> {
  return COUNTRIES.filter((c) => shipsTo.includes(c.code));
}

export const CHECKOUT_STEPS = ["Information", "Shipping", "Payment"] as const;
export type CheckoutStep = 0 | 1 | 2;

export const CHECKOUT_MESSAGES = {
  firstName: "First name is required",
  lastName: "Last name is required",
  phone: "Phone number is required",
  phoneInvalid: "Enter a valid phone number",
  address: "Address is required",
  city: "City is required",
  state: "State is required",
  postalCode: "Postal code is required",
  country: "Please select a country",
  /** A country the shop does not ship to (the owner's settings changed, or a tampered request). */
  notShipped: (country: string) =>
    country === "other"
      ? "We do not ship to other countries. Please choose a country from the list."
      : `We do not ship to ${countryName(country) ?? country}. Please choose a country from the list.`,
  signIn: "Please log in to complete your order",
  missingShipping: "Please fill in all required shipping information",
  missingContact: "Please provide contact information",
  emptyCart: "Your cart is empty",
  noValidItems: "No valid items in cart",
  failed: "Failed to create order",
  /** The order's total is not the one the checkout's summary showed: nothing is placed, the summary reloads. */
  pricesChanged: "Prices have changed — please review your order",
} as const;

/** An account with as many unpaid orders as it may have (UNPAID_ORDERS_PER_ACCOUNT) asks for another. */
export function unpaidOrdersMessage(holdMinutes: number): string {
  return `You have unpaid orders. They are cancelled after ${holdMinutes} minutes without payment; please try again then.`;
}

/** The fields of the first step (Information), in the form's order. */
export const INFORMATION_FIELDS = ["firstName", "lastName", "email", "phone"] as const;

/** Everything the steps collect. */
export interface CheckoutForm {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  apartment: string;
  city: string;
  state: string;
  postalCode: string;
  country: CheckoutCountry;
  shippingMethod: ShippingMethod;
  sameAsShipping: boolean;
  billingAddress: string;
  billingApartment: string;
  billingCity: string;
  billingState: string;
  billingPostalCode: string;
  billingCountry: CheckoutCountry;
}

/**
 * Spec §5 defaults: same billing address, standard shipping, United States (or the first country the
 * shop ships to, if not the United States); the account's saved country when the shop ships there.
 */
export function emptyCheckoutForm(
  prefill: Partial<
    Pick<CheckoutForm, "firstName" | "lastName" | "email" | "phone" | "address" | "city" | "postalCode">
  > & { country?: string | null } = {},
  shipsTo: readonly string[] = CHECKOUT_COUNTRY_CODES,
): CheckoutForm {
  const offered = shippingCountries(shipsTo).map((c) => c.code);
  const fallback = offered.includes("US") ? "US" : (offered[0] ?? "US");
  const saved = countryCode(prefill.country);
  const country = offered.find((c) => c === saved) ?? fallback;
  return {
    firstName: prefill.firstName ?? "",
    lastName: prefill.lastName ?? "",
    email: prefill.email ?? "",
    phone: prefill.phone ?? "",
    address: prefill.address ?? "",
    apartment: "",
    city: prefill.city ?? "",
    state: "",
    postalCode: prefill.postalCode ?? "",
    country,
    shippingMethod: "standard",
    sameAsShipping: true,
    billingAddress: "",
    billingApartment: "",
    billingCity: "",
    billingState: "",
    billingPostalCode: "",
    billingCountry: "US",
  };
}

/**
 * Spec §8: what a failed order creation says for the database errors it names (missing data, a broken
 * reference, a missing table); null for any other error, which the route logs and answers with a safe
 * summary and the request id (never the database's own text).
 */
export function knownOrderFailure(error: unknown): DomainError | null {
  switch (databaseError(error)?.code) {
    case "23502":
      return new DomainError("invalid", "Missing required information. Please fill in all required fields.", {
        cause: error,
      });
    case "23503":
      return new DomainError("conflict", "Invalid product or user reference. Please try again.", { cause: error });
    case "42P01":
      return new DomainError("unavailable", "Database configuration error. Please contact support.", { cause: error });
    default:
      return null;
  }
}
