import { z } from "zod";
import type { AddressJson } from "#db/schema/index";
import { databaseError } from "~/lib/db/errors";
import { DomainError } from "~/lib/domain-error";
import { emailField, fieldErrors, type FieldErrors } from "~/lib/forms";
import { COUNTRIES, countryCode, countryName, type CountryCode } from "~/lib/countries";
import { SHIPPING_METHOD_KEYS, type ShippingMethod } from "~/modules/pricing/pricing";

/**
 * The checkout's three steps (spec §2 Checkout, §4 steps, §5 step rules), shared by the browser
 * (each step checked before the next) and the server (everything checked again before an order is
 * written). The form is flat: billing fields carry a `billing` prefix.
 */

/**
 * The countries an address may name (lib/countries.ts); a shipping address must also name one the shop
 * ships to (the owner's `shipsTo`), which the country select offers alone and the server checks again.
 */
export type CheckoutCountry = CountryCode;
const countryCodes = COUNTRIES.map((c) => c.code) as [CheckoutCountry, ...CheckoutCountry[]];

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

const required = (message: string, max = 100) => z.string({ error: message }).trim().min(1, message).max(max, message);

export const informationSchema = z.object({
  firstName: required(CHECKOUT_MESSAGES.firstName),
  lastName: required(CHECKOUT_MESSAGES.lastName),
  email: emailField,
  phone: required(CHECKOUT_MESSAGES.phone, 30).regex(/^\+?[\d\s().-]{6,}$/, CHECKOUT_MESSAGES.phoneInvalid),
});

const addressFields = {
  address: required(CHECKOUT_MESSAGES.address, 200),
  apartment: z.string().trim().max(100).optional().default(""),
  city: required(CHECKOUT_MESSAGES.city),
  state: required(CHECKOUT_MESSAGES.state),
  postalCode: required(CHECKOUT_MESSAGES.postalCode, 20),
  country: z.enum(countryCodes, CHECKOUT_MESSAGES.country),
};

const billingSchema = z.object({
  billingAddress: addressFields.address,
  billingApartment: addressFields.apartment,
  billingCity: addressFields.city,
  billingState: addressFields.state,
  billingPostalCode: addressFields.postalCode,
  billingCountry: addressFields.country,
});

const shippingMethodSchema = z.enum(SHIPPING_METHOD_KEYS);

export const shippingSchema = z.object({
  ...addressFields,
  shippingMethod: shippingMethodSchema,
  sameAsShipping: z.boolean(),
});

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
  shipsTo: readonly string[] = countryCodes,
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

/** The messages of one step, by field; empty when the step may be left. `shipsTo`: the owner's countries. */
export function validateStep(step: CheckoutStep, form: CheckoutForm, shipsTo: readonly string[]): FieldErrors {
  if (step === 0) return errorsOf(informationSchema.safeParse(form));
  if (step === 1) {
    const errors = { ...errorsOf(shippingSchema.safeParse(form)), ...destinationErrors(form.country, shipsTo) };
    return form.sameAsShipping ? errors : { ...errors, ...errorsOf(billingSchema.safeParse(form)) };
  }
  return {};
}

/** The country field's message when the shop does not ship to the (known) country; none otherwise. */
function destinationErrors(country: unknown, shipsTo: readonly string[]): FieldErrors {
  const known = countryCodes.find((c) => c === country);
  return known && !shipsTo.includes(known) ? { country: CHECKOUT_MESSAGES.notShipped(known) } : {};
}

function errorsOf(result: { success: boolean; error?: z.ZodError }): FieldErrors {
  return result.success || !result.error ? {} : fieldErrors(result.error);
}

export interface CheckoutDetails {
  shippingAddress: AddressJson;
  billingAddress: AddressJson | null;
  shippingMethod: ShippingMethod;
}

export type CheckoutCheck =
  { ok: true; details: CheckoutDetails } | { ok: false; message: string; fieldErrors: FieldErrors };

/**
 * The server's check of a whole checkout, with the spec's order-creation messages: contact details
 * missing → 'Please provide contact information'; address missing → 'Please fill in all required
 * shipping information'; then the per-field messages, among them a country the shop does not ship to
 * (`shipsTo`, the owner's settings).
 */
export function checkCheckout(input: unknown, shipsTo: readonly string[]): CheckoutCheck {
  const form = (input && typeof input === "object" ? input : {}) as Record<string, unknown>;
  const blank = (key: string) => typeof form[key] !== "string" || (form[key] as string).trim() === "";
  if (["email", "phone"].some(blank)) {
    return {
      ok: false,
      message: CHECKOUT_MESSAGES.missingContact,
      fieldErrors: errorsOf(informationSchema.safeParse(form)),
    };
  }
  if (["firstName", "lastName", "address", "city"].some(blank)) {
    return {
      ok: false,
      message: CHECKOUT_MESSAGES.missingShipping,
      fieldErrors: { ...errorsOf(informationSchema.safeParse(form)), ...errorsOf(shippingSchema.safeParse(form)) },
    };
  }
  const info = informationSchema.safeParse(form);
  const shipping = shippingSchema.safeParse(form);
  const sameAsShipping = form.sameAsShipping !== false;
  const billing = sameAsShipping ? null : billingSchema.safeParse(form);
  const destination = destinationErrors(form.country, shipsTo);
  if (!info.success || !shipping.success || (billing && !billing.success) || destination.country) {
    const fieldErrors = {
      ...errorsOf(info),
      ...errorsOf(shipping),
      ...destination,
      ...(billing ? errorsOf(billing) : {}),
    };
    return { ok: false, message: Object.values(fieldErrors)[0] ?? CHECKOUT_MESSAGES.missingShipping, fieldErrors };
  }
  const contact = info.data;
  const s = shipping.data;
  const shippingAddress: AddressJson = {
    ...contact,
    address: s.address,
    ...(s.apartment ? { apartment: s.apartment } : {}),
    city: s.city,
    state: s.state,
    postalCode: s.postalCode,
    country: s.country,
  };
  const b = billing?.success ? billing.data : null;
  const billingAddress: AddressJson | null = b
    ? {
        ...contact,
        address: b.billingAddress,
        ...(b.billingApartment ? { apartment: b.billingApartment } : {}),
        city: b.billingCity,
        state: b.billingState,
        postalCode: b.billingPostalCode,
        country: b.billingCountry,
      }
    : null;
  return { ok: true, details: { shippingAddress, billingAddress, shippingMethod: s.shippingMethod } };
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
