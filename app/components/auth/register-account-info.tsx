import type { Ref } from "react";
import { PasswordField, TextField } from "~/components/ui/field";
import type { ZodForm } from "~/components/ui/use-zod-form";

/** Step 1 of the registration form, 'Account Info'. Hidden (not removed) on step 2, so its values are posted. */
export function AccountInfoStep(props: {
  active: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  field: ZodForm["field"];
  values: Record<string, string>;
}) {
  const { active, headingRef, field, values } = props;
  return (
    <fieldset hidden={!active} className="min-w-0 space-y-5">
      <legend className="sr-only">Account Info</legend>
      {active && (
        <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
          Account Info
        </h2>
      )}
      <TextField
        {...field("fullName")}
        id="register-full-name"
        label="Full Name"
        autoComplete="name"
        placeholder="Jane Doe"
        defaultValue={values.fullName}
        aria-required
      />
      <TextField
        {...field("email")}
        id="register-email"
        type="email"
        label="Email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        defaultValue={values.email}
        aria-required
      />
      <PasswordField
        {...field("password")}
        id="register-password"
        label="Password"
        autoComplete="new-password"
        placeholder="Create a password"
        hint="At least 8 characters, with uppercase, lowercase and a number."
        aria-required
      />
      <PasswordField
        {...field("confirmPassword")}
        id="register-confirm-password"
        label="Confirm Password"
        toggleName="password"
        autoComplete="new-password"
        placeholder="Repeat your password"
        aria-required
      />
    </fieldset>
  );
}
