import { PasswordField, TextField } from "~/components/ui/field";
import { RegisterStep, type RegisterStepProps } from "./register-step";

/** Step 1 of the registration form, 'Account Info'. Hidden (not removed) on step 2, so its values are posted. */
export function AccountInfoStep(props: RegisterStepProps) {
  const { active, headingRef, field, values } = props;
  return (
    <RegisterStep title="Account Info" active={active} headingRef={headingRef}>
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
    </RegisterStep>
  );
}
