import { KeyRound } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import {
  CHANGE_PASSWORD_FIELDS,
  changePasswordSchema,
  fieldErrors,
  readFields,
  type FieldErrors,
} from "~/modules/accounts/profile-forms";
import { FormMessage, PasswordField, primaryButton } from "~/components/ui/field";
import { CHANGE_PASSWORD, type ProfileActionData } from "./profile-action";

/**
 * Change password (security guide: the current password is required). On success the other
 * sessions of the account end; this browser keeps a fresh session.
 */
export function ChangePasswordForm({ email }: { email: string }) {
  const fetcher = useFetcher<ProfileActionData>();
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [formKey, setFormKey] = useState(0);
  const handled = useRef<unknown>(null);
  const saving = fetcher.state !== "idle";
  const result = fetcher.data;
  const errors = clientErrors ?? result?.errors ?? {};

  // Clears the inputs (and their show/hide state) after a successful change.
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    if (fetcher.data.ok) setFormKey((k) => k + 1);
  }, [fetcher.state, fetcher.data]);

  const clear = (name: string) => {
    if (clientErrors?.[name]) setClientErrors({ ...clientErrors, [name]: undefined });
  };

  return (
    <fetcher.Form
      key={formKey}
      method="post"
      noValidate
      aria-labelledby="change-password-heading"
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        const check = changePasswordSchema.safeParse(readFields(new FormData(event.currentTarget), CHANGE_PASSWORD_FIELDS));
        if (!check.success) {
          event.preventDefault();
          const found = fieldErrors(check.error);
          setClientErrors(found);
          const first = CHANGE_PASSWORD_FIELDS.find((f) => found[f]);
          if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
        } else {
          setClientErrors(null);
        }
      }}
    >
      <input type="hidden" name="intent" value={CHANGE_PASSWORD} />
      {/* Tells password managers which account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      {!saving && result?.ok && <FormMessage kind="success">{result.message}. Other devices have been signed out.</FormMessage>}
      {!saving && result && !result.ok && result.message && <FormMessage kind="error">{result.message}</FormMessage>}
      <PasswordField
        label="Current password"
        name="currentPassword"
        autoComplete="current-password"
        aria-required
        error={errors.currentPassword}
        onChange={() => clear("currentPassword")}
      />
      <PasswordField
        label="New password"
        name="newPassword"
        autoComplete="new-password"
        aria-required
        hint="At least 8 characters, with uppercase, lowercase and a number."
        error={errors.newPassword}
        onChange={() => clear("newPassword")}
      />
      <PasswordField
        label="Confirm new password"
        name="confirmPassword"
        autoComplete="new-password"
        aria-required
        error={errors.confirmPassword}
        onChange={() => clear("confirmPassword")}
      />
      <button type="submit" className={primaryButton} disabled={saving} aria-busy={saving}>
        <KeyRound className="size-4" aria-hidden />
        {saving ? "Changing..." : "Change password"}
      </button>
    </fetcher.Form>
  );
}
