import { Save, X } from "lucide-react";
import { CountryOptions } from "~/components/ui/country-options";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import {
  countryCode,
  fieldErrors,
  PROFILE_FIELDS,
  profileSchema,
  readFields,
  type FieldErrors,
} from "~/modules/accounts/profile-forms";
import type { ProfileView } from "~/modules/accounts/profile.server";
import { FormMessage, primaryButton, secondaryButton, SelectField, TextField } from "~/components/ui/field";
import { UPDATE_PROFILE, type ProfileActionData } from "./profile-action";

/** Today in the browser's time zone, as YYYY-MM-DD (the date picker's upper bound). */
function localToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Edit mode of the profile (spec §2 Profile). The inputs start from the saved profile, so Cancel
 * (which unmounts the form) restores every value. Only the listed fields are sent; the e-mail is
 * shown read-only and not submitted.
 */
export function ProfileForm({ profile, onDone }: { profile: ProfileView; onDone: () => void }) {
  const fetcher = useFetcher<ProfileActionData>();
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const handled = useRef<unknown>(null);
  const saving = fetcher.state !== "idle";
  const result = fetcher.data;
  const errors = clientErrors ?? result?.errors ?? {};
  const failed = result && !result.ok && result.message ? result.message : null;

  // Once the save and the reloaded profile are in: toast, then back to view mode on success.
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    if (fetcher.data.ok) {
      toast.success(fetcher.data.message ?? "Profile updated successfully");
      onDone();
    } else if (fetcher.data.message) {
      toast.error(fetcher.data.message);
    }
  }, [fetcher.state, fetcher.data, onDone]);

  const clear = (name: string) => {
    if (clientErrors?.[name]) setClientErrors({ ...clientErrors, [name]: undefined });
  };

  return (
    <fetcher.Form
      method="post"
      noValidate
      aria-label="Edit profile"
      onSubmit={(event) => {
        const check = profileSchema.safeParse(readFields(new FormData(event.currentTarget), PROFILE_FIELDS));
        if (!check.success) {
          event.preventDefault();
          const found = fieldErrors(check.error);
          setClientErrors(found);
          const first = PROFILE_FIELDS.find((f) => found[f]);
          if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
        } else {
          setClientErrors(null);
        }
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape" && !saving) onDone();
      }}
    >
      <input type="hidden" name="intent" value={UPDATE_PROFILE} />
      {failed && (
        <div className="mb-6">
          <FormMessage kind="error">{failed}</FormMessage>
        </div>
      )}
      <div className="grid gap-x-6 gap-y-5 sm:grid-cols-2">
        <TextField
          label="Full Name"
          name="fullName"
          defaultValue={profile.fullName}
          autoComplete="name"
          required
          autoFocus
          maxLength={100}
          error={errors.fullName}
          onChange={() => clear("fullName")}
        />
        <TextField
          label="E-mail"
          type="email"
          value={profile.email}
          disabled
          readOnly
          hint="E-mail cannot be changed here"
        />
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          defaultValue={profile.phone ?? ""}
          autoComplete="tel"
          placeholder="+1 555 123 4567"
          error={errors.phone}
          onChange={() => clear("phone")}
        />
        <TextField
          label="Date of birth"
          name="dateOfBirth"
          type="date"
          defaultValue={profile.dateOfBirth ?? ""}
          autoComplete="bday"
          min="1900-01-01"
          max={localToday()}
          error={errors.dateOfBirth}
          onChange={() => clear("dateOfBirth")}
        />
        <TextField
          className="sm:col-span-2"
          label="Address"
          name="address"
          defaultValue={profile.address ?? ""}
          autoComplete="street-address"
          maxLength={200}
          error={errors.address}
          onChange={() => clear("address")}
        />
        <TextField
          label="City"
          name="city"
          defaultValue={profile.city ?? ""}
          autoComplete="address-level2"
          maxLength={100}
          error={errors.city}
          onChange={() => clear("city")}
        />
        <TextField
          label="Postal code"
          name="postalCode"
          defaultValue={profile.postalCode ?? ""}
          autoComplete="postal-code"
          maxLength={20}
          error={errors.postalCode}
          onChange={() => clear("postalCode")}
        />
        <SelectField
          label="Country"
          name="country"
          defaultValue={countryCode(profile.country) ?? ""}
          autoComplete="country"
          error={errors.country}
          onChange={() => clear("country")}
        >
          <CountryOptions placeholder="Select a country" />
        </SelectField>
      </div>
      <div className="mt-8 flex flex-wrap gap-3 border-t border-line pt-6">
        <button type="submit" className={primaryButton} disabled={saving} aria-busy={saving}>
          <Save className="size-4" aria-hidden />
          {saving ? "Saving..." : "Save Changes"}
        </button>
        <button type="button" className={secondaryButton} onClick={onDone} disabled={saving}>
          <X className="size-4" aria-hidden />
          Cancel
        </button>
      </div>
    </fetcher.Form>
  );
}
