import { z } from "zod";
import type { AddressJson } from "#db/schema/index";
import { databaseError } from "~/lib/db/errors";
import { DomainError } from "~/lib/domain-error";
import { emailField, fieldErrors, type FieldErrors } from "~/lib/forms";
import { SHIPPING_METHODS, type ShippingMethod } from "./pricing";

/**
 * The checkout's three steps (spec §2 Checkout, §4 steps, §5 step rules), shared by the browser
 * (each step checked before the next) and the server (everything checked again before an order is
 * written). The form is flat: billing fields carry a `billing` prefix.
 */

export const CHECKOUT_COUNTRIES = [
  { code: "US", name: "United States" },
  { code: "CA", name: "Canada" },
  { code: "UK", name: "United Kingdom" },
  { code: "AU", name: "Australia" },
] as const;
export type CheckoutCountry = (typeof CHECKOUT_COUNTRIES)[number]["code"];
const countryCodes = CHECKOUT_COUNTRIES.map((c) => c.code) as [CheckoutCountry, ...CheckoutCountry[]];

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
  signIn: "Please log in to complete your order",
  missingShipping: "Please fill in all required shipping information",
  missingContact: "Please provide contact information",
  emptyCart: "Your cart is empty",
  noValidItems: "No valid items in cart",
  failed: "Failed to create order",
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

const shippingMethodSchema = z.enum(Object.keys(SHIPPING_METHODS) as [ShippingMethod, ...ShippingMethod[]]);

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

/** Spec §5 defaults: same billing address, standard shipping, United States. */
export function emptyCheckoutForm(
  prefill: Partial<
    Pick<CheckoutForm, "firstName" | "lastName" | "email" | "phone" | "address" | "city" | "postalCode">
  > & { country?: string | null } = {},
): CheckoutForm {
  const country = countryCodes.find((c) => c === prefill.country) ?? "US";
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

/** The messages of one step, by field; empty when the step may be left. */
export function validateStep(step: CheckoutStep, form: CheckoutForm): FieldErrors {
  if (step === 0) return errorsOf(informationSchema.safeParse(form));
  if (step === 1) {
    const errors = errorsOf(shippingSchema.safeParse(form));
    return form.sameAsShipping ? errors : { ...errors, ...errorsOf(billingSchema.safeParse(form)) };
  }
  return {};
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
 * shipping information'; then the per-field messages.
 */
export function checkCheckout(input: unknown): CheckoutCheck {
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
  if (!info.success || !shipping.success || (billing && !billing.success)) {
    const fieldErrors = { ...errorsOf(info), ...errorsOf(shipping), ...(billing ? errorsOf(billing) : {}) };
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
