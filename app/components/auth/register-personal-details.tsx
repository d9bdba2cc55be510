import { CountryOptions } from "~/components/ui/country-options";
import { CheckboxField, SelectField, TextField } from "~/components/ui/field";
import { RegisterStep, type RegisterStepProps } from "./register-step";
import { latestToday } from "~/modules/accounts/profile-forms";

/** Step 2 of the registration form, 'Personal Details': all optional but the terms. */
export function PersonalDetailsStep(props: RegisterStepProps) {
  const { active, headingRef, field, values } = props;
  return (
    <RegisterStep title="Personal Details" active={active} headingRef={headingRef}>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          {...field("phone")}
          id="register-phone"
          type="tel"
          label="Phone"
          optional
          autoComplete="tel"
          placeholder="+1 555 123 4567"
          defaultValue={values.phone}
        />
        <TextField
          {...field("dateOfBirth")}
          id="register-date-of-birth"
          type="date"
          label="Date of Birth"
          optional
          autoComplete="bday"
          min="1900-01-01"
          max={latestToday()}
          defaultValue={values.dateOfBirth}
        />
      </div>
      <TextField
        {...field("address")}
        id="register-address"
        label="Address"
        optional
        autoComplete="street-address"
        placeholder="123 Main Street"
        defaultValue={values.address}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          {...field("city")}
          id="register-city"
          label="City"
          optional
          autoComplete="address-level2"
          defaultValue={values.city}
        />
        <TextField
          {...field("postalCode")}
          id="register-postal-code"
          label="Postal Code"
          optional
          autoComplete="postal-code"
          defaultValue={values.postalCode}
        />
        <SelectField
          {...field("country")}
          className="sm:col-span-2"
          id="register-country"
          label="Country"
          optional
          defaultValue={values.country ?? ""}
        >
          <CountryOptions placeholder="Select country" />
        </SelectField>
      </div>
      <div className="space-y-3 rounded-2xl bg-stone-50 p-4">
        <CheckboxField
          {...field("subscribeNewsletter")}
          id="register-newsletter"
          label="Send me news about new arrivals, restocks and offers"
          defaultChecked={values.subscribeNewsletter === "on"}
        />
        <CheckboxField
          {...field("agreeToTerms")}
          id="register-terms"
          defaultChecked={values.agreeToTerms === "on"}
          aria-required
          label={
            <>
              I agree to the{" "}
              <a href="/terms" target="_blank" rel="noopener" className="font-medium text-brand underline">
                Terms and Conditions
              </a>{" "}
              and the{" "}
              <a href="/privacy" target="_blank" rel="noopener" className="font-medium text-brand underline">
                Privacy Policy
              </a>
            </>
          }
        />
      </div>
    </RegisterStep>
  );
}
