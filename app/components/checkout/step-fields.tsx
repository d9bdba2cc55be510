import { CheckboxField, SelectField, TextField } from "~/components/ui/field";
import type { FieldErrors } from "~/lib/forms";
import { formatCents } from "~/lib/money";
import { useShop } from "~/components/use-root-data";
import { SiteLink } from "~/components/ui/site-link";
import { COUNTRIES, countryName } from "~/lib/countries";
import { shippingCountries, type CheckoutForm } from "~/modules/orders/checkout-forms";
import { SHIPPING_METHOD_KEYS, SHIPPING_METHODS, type ShippingMethod } from "~/modules/pricing/pricing";

type Change = <K extends keyof CheckoutForm>(field: K, value: CheckoutForm[K]) => void;

interface StepProps {
  form: CheckoutForm;
  errors: FieldErrors;
  onChange: Change;
}

/**
 * Step 1, Information: first and last name, e-mail, phone (all required). A guest (GUEST_CHECKOUT) is
 * asked for the e-mail first: the order belongs to it, and its confirmation and order link go there.
 */
export function InformationFields({ form, errors, onChange, guest = false }: StepProps & { guest?: boolean }) {
  const text = (field: "firstName" | "lastName" | "email" | "phone") => ({
    id: `checkout-${field}`,
    name: field,
    value: form[field],
    error: errors[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange(field, e.target.value),
  });
  const email = (
    <TextField
      {...text("email")}
      label="Email"
      type="email"
      autoComplete="email"
      aria-required
      className="sm:col-span-2"
      {...(guest
        ? {
            hint: "Your order confirmation and a link to follow your order are sent here. You can create an account after paying.",
          }
        : {})}
    />
  );
  return (
    <fieldset className="grid gap-5 sm:grid-cols-2">
      <legend className="mb-4 text-lg font-semibold">Contact information</legend>
      {guest && (
        <p className="text-sm text-muted sm:col-span-2">
          Checking out as a guest.{" "}
          <SiteLink to="/login?redirect=%2Fcheckout" className="font-medium text-ink underline">
            Sign in
          </SiteLink>{" "}
          if you have an account.
        </p>
      )}
      {guest && email}
      <TextField {...text("firstName")} label="First name" autoComplete="given-name" aria-required />
      <TextField {...text("lastName")} label="Last name" autoComplete="family-name" aria-required />
      {!guest && email}
      <TextField
        {...text("phone")}
        label="Phone"
        type="tel"
        autoComplete="tel"
        aria-required
        className="sm:col-span-2"
      />
    </fieldset>
  );
}

type AddressKeys = "address" | "apartment" | "city" | "state" | "postalCode" | "country";
const BILLING: Record<AddressKeys, keyof CheckoutForm> = {
  address: "billingAddress",
  apartment: "billingApartment",
  city: "billingCity",
  state: "billingState",
  postalCode: "billingPostalCode",
  country: "billingCountry",
};

function AddressFields({ form, errors, onChange, billing }: StepProps & { billing?: boolean }) {
  const key = (k: AddressKeys) => (billing ? BILLING[k] : k) as keyof CheckoutForm;
  const text = (k: Exclude<AddressKeys, "country">) => ({
    id: `checkout-${key(k)}`,
    name: key(k),
    value: String(form[key(k)]),
    error: errors[key(k)],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange(key(k), e.target.value as never),
  });
  const section = billing ? "billing" : "shipping";
  const { shipping } = useShop();
  // A shipping address offers the countries the shop ships to; a billing address may be anywhere. A value
  // the list no longer holds (the owner changed it meanwhile) stays shown, with the server's message under it.
  const chosen = String(form[key("country")]);
  const offered: ReadonlyArray<{ code: string; name: string }> = billing
    ? COUNTRIES
    : shippingCountries(shipping.shipsTo);
  const countries = offered.some((c) => c.code === chosen)
    ? offered
    : [...offered, { code: chosen, name: countryName(chosen) ?? chosen }];
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField
        {...text("address")}
        label="Address"
        autoComplete={`${section} address-line1`}
        aria-required
        className="sm:col-span-2"
      />
      <TextField
        {...text("apartment")}
        label="Apartment, suite, etc."
        optional
        autoComplete={`${section} address-line2`}
        className="sm:col-span-2"
      />
      <TextField {...text("city")} label="City" autoComplete={`${section} address-level2`} aria-required />
      <TextField {...text("state")} label="State / Province" autoComplete={`${section} address-level1`} aria-required />
      <TextField {...text("postalCode")} label="Postal code" autoComplete={`${section} postal-code`} aria-required />
      <SelectField
        id={`checkout-${key("country")}`}
        name={key("country")}
        label="Country"
        value={chosen}
        error={errors[key("country")]}
        onChange={(e) => onChange(key("country"), e.target.value as never)}
        autoComplete={`${section} country`}
      >
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

/**
 * Step 2, Shipping: address, method (the spec's names and times, the owner's prices and free-shipping
 * threshold), billing address when different.
 */
export function ShippingFields({
  form,
  errors,
  onChange,
  shippingOf,
}: StepProps & {
  /** What each method costs this cart (the threshold and free-shipping discounts counted). */
  shippingOf: (method: ShippingMethod) => number;
}) {
  return (
    <div className="space-y-8">
      <fieldset>
        <legend className="mb-4 text-lg font-semibold">Shipping address</legend>
        <AddressFields form={form} errors={errors} onChange={onChange} />
      </fieldset>
      <fieldset>
        <legend className="mb-4 text-lg font-semibold">Shipping method</legend>
        <div className="space-y-3">
          {SHIPPING_METHOD_KEYS.map((method) => {
            const price = shippingOf(method);
            const info = SHIPPING_METHODS[method];
            return (
              <label
                key={method}
                className={`flex cursor-pointer items-center gap-3 rounded-xl border px-4 py-3 text-sm ${
                  form.shippingMethod === method ? "border-ink bg-stone-50" : "border-line hover:border-stone-400"
                }`}
              >
                <input
                  type="radio"
                  name="shippingMethod"
                  value={method}
                  checked={form.shippingMethod === method}
                  onChange={() => onChange("shippingMethod", method)}
                  className="accent-ink"
                />
                <span className="flex-1">
                  <span className="block font-medium">{info.label}</span>
                  <span className="block text-muted">{info.delivery}</span>
                </span>
                <span className="font-medium">{price === 0 ? "Free" : formatCents(price)}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-4 text-lg font-semibold">Billing address</legend>
        <CheckboxField
          id="checkout-sameAsShipping"
          name="sameAsShipping"
          label="Billing address is the same as shipping"
          checked={form.sameAsShipping}
          onChange={(e) => onChange("sameAsShipping", e.target.checked)}
        />
        {!form.sameAsShipping && (
          <div className="mt-5">
            <AddressFields form={form} errors={errors} onChange={onChange} billing />
          </div>
        )}
      </fieldset>
    </div>
  );
}
