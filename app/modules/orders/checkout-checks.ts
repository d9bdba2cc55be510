import { z } from "zod";
import type { AddressJson } from "#db/schema/index";
import { emailField } from "~/lib/form-fields";
import { fieldErrors, type FieldErrors } from "~/lib/forms";
import { SHIPPING_METHOD_KEYS, type ShippingMethod } from "~/modules/pricing/pricing";
import { CHECKOUT_COUNTRY_CODES, CHECKOUT_MESSAGES, type CheckoutForm, type CheckoutStep } from "./checkout-forms";

/**
 * The checkout's checks (spec §4, §5): each step's in the browser before the next, and the whole form
 * on the server before an order is written — the same schemas. The checkout page loads this module
 * when the shopper first reaches into the form (components/checkout/checkout-checks-loader.ts).
 */

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
  country: z.enum(CHECKOUT_COUNTRY_CODES, CHECKOUT_MESSAGES.country),
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
  const known = CHECKOUT_COUNTRY_CODES.find((c) => c === country);
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
