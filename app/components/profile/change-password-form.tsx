import { KeyRound } from "~/components/ui/icons";
import { useState } from "react";
import { useActionData, useFetcher, useSearchParams } from "react-router";
import { CHANGE_PASSWORD_FIELDS, changePasswordSchema } from "~/modules/accounts/profile-forms";
import { FormMessage, PasswordField, primaryButton } from "~/components/ui/field";
import { useZodForm } from "~/components/ui/use-zod-form";
import { CHANGE_PASSWORD, isPasswordChangedPage, PASSWORD_CHANGED, type ProfileActionData } from "./profile-action";

/**
 * Change password (security guide: the current password is required). On success the other
 * sessions of the account end; this browser keeps a fresh session. Without JavaScript the form
 * posts to the page, which shows the same answer (a change lands on PASSWORD_CHANGED_PAGE).
 */
export function ChangePasswordForm({ email }: { email: string }) {
  const fetcher = useFetcher<ProfileActionData>();
  const posted = useActionData() as ProfileActionData | undefined;
  const [searchParams] = useSearchParams();
  const [formKey, setFormKey] = useState(0);
  const [handled, setHandled] = useState<unknown>(null);
  const saving = fetcher.state !== "idle";
  const result =
    fetcher.data ??
    (posted?.intent === CHANGE_PASSWORD ? posted : undefined) ??
    (isPasswordChangedPage(searchParams) ? PASSWORD_CHANGED : undefined);
  const kit = useZodForm({ schema: changePasswordSchema, fields: CHANGE_PASSWORD_FIELDS, lastResult: result });

  // Clears the inputs (and their show/hide state) after a successful change: adjusted while
  // rendering when a new answer arrives, so no extra render pass from an effect.
  if (fetcher.state === "idle" && fetcher.data && handled !== fetcher.data) {
    setHandled(fetcher.data);
    if (fetcher.data.ok) setFormKey((k) => k + 1);
  }

  return (
    <fetcher.Form
      key={formKey}
      method="post"
      action="/profile"
      {...kit.form}
      aria-labelledby="change-password-heading"
      className="flex flex-col gap-5"
    >
      <input type="hidden" name="intent" value={CHANGE_PASSWORD} />
      {/* Tells password managers which account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      {!saving && result?.ok && (
        <FormMessage kind="success">{result.message}. Other devices have been signed out.</FormMessage>
      )}
      {!saving && result && !result.ok && result.message && <FormMessage kind="error">{result.message}</FormMessage>}
      <PasswordField
        {...kit.field("currentPassword")}
        label="Current password"
        autoComplete="current-password"
        aria-required
      />
      <PasswordField
        {...kit.field("newPassword")}
        label="New password"
        autoComplete="new-password"
        aria-required
        hint="At least 8 characters, with uppercase, lowercase and a number."
      />
      <PasswordField
        {...kit.field("confirmPassword")}
        label="Confirm new password"
        autoComplete="new-password"
        aria-required
      />
      <button type="submit" className={primaryButton} disabled={saving} aria-busy={saving}>
        <KeyRound className="size-4" aria-hidden />
        {saving ? "Changing..." : "Change password"}
      </button>
    </fetcher.Form>
  );
}
