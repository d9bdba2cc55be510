import { Save, X } from "~/components/ui/icons";
import { CountryOptions } from "~/components/ui/country-options";
import { useEffect, useRef } from "react";
import { useActionData, useFetcher } from "react-router";
import { toast } from "sonner";
import { countryCode } from "~/lib/countries";
import { PROFILE_FIELDS, profileSchema } from "~/modules/accounts/profile-forms";
import type { ProfileView } from "~/modules/accounts/profile.server";
import { FormMessage, primaryButton, secondaryButton, SelectField, TextField } from "~/components/ui/field";
import { useZodForm } from "~/components/ui/use-zod-form";
import { UPDATE_PROFILE, type ProfileActionData } from "./profile-action";

const CANCEL_FORM = "profile-cancel";

/** Today in the browser's time zone, as YYYY-MM-DD (the date picker's upper bound). */
function localToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Edit mode of the profile (spec §2 Profile). The inputs start from the saved profile, so Cancel
 * (which unmounts the form) restores every value. Only the listed fields are sent; the e-mail is
 * shown read-only and not submitted. Without JavaScript the form posts to the page, which answers
 * with the same messages (the page's own action data instead of the fetcher's), and Cancel
 * reloads the page.
 */
export function ProfileForm({ profile, onDone }: { profile: ProfileView; onDone: () => void }) {
  const fetcher = useFetcher<ProfileActionData>();
  const posted = useActionData() as ProfileActionData | undefined;
  const handled = useRef<unknown>(null);
  const saving = fetcher.state !== "idle";
  const result = fetcher.data ?? (posted?.intent === UPDATE_PROFILE ? posted : undefined);
  const kit = useZodForm({ schema: profileSchema, fields: PROFILE_FIELDS, lastResult: result, autoFocus: "fullName" });
  const failed = result && !result.ok && result.message ? result.message : null;
  /** What was typed, when the server refused it: a page rendered after a post without JavaScript keeps it. */
  const typed = result?.ok ? undefined : result?.values;

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

  return (
    <>
      <fetcher.Form
        method="post"
        action="/profile"
        {...kit.form}
        aria-label="Edit profile"
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
            {...kit.field("fullName")}
            defaultValue={typed?.fullName ?? profile.fullName}
            autoComplete="name"
            required
            maxLength={100}
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
            {...kit.field("phone")}
            type="tel"
            defaultValue={typed?.phone ?? profile.phone ?? ""}
            autoComplete="tel"
            placeholder="+1 555 123 4567"
          />
          <TextField
            label="Date of birth"
            {...kit.field("dateOfBirth")}
            type="date"
            defaultValue={typed?.dateOfBirth ?? profile.dateOfBirth ?? ""}
            autoComplete="bday"
            min="1900-01-01"
            max={localToday()}
          />
          <TextField
            className="sm:col-span-2"
            label="Address"
            {...kit.field("address")}
            defaultValue={typed?.address ?? profile.address ?? ""}
            autoComplete="street-address"
            maxLength={200}
          />
          <TextField
            label="City"
            {...kit.field("city")}
            defaultValue={typed?.city ?? profile.city ?? ""}
            autoComplete="address-level2"
            maxLength={100}
          />
          <TextField
            label="Postal code"
            {...kit.field("postalCode")}
            defaultValue={typed?.postalCode ?? profile.postalCode ?? ""}
            autoComplete="postal-code"
            maxLength={20}
          />
          <SelectField
            label="Country"
            {...kit.field("country")}
            defaultValue={typed?.country ?? countryCode(profile.country) ?? ""}
            autoComplete="country"
          >
            <CountryOptions placeholder="Select a country" />
          </SelectField>
        </div>
        <div className="mt-8 flex flex-wrap gap-3 border-t border-line pt-6">
          <button type="submit" className={primaryButton} disabled={saving} aria-busy={saving}>
            <Save className="size-4" aria-hidden />
            {saving ? "Saving..." : "Save Changes"}
          </button>
          <button
            type="submit"
            form={CANCEL_FORM}
            className={secondaryButton}
            onClick={(event) => {
              event.preventDefault();
              onDone();
            }}
            disabled={saving}
          >
            <X className="size-4" aria-hidden />
            Cancel
          </button>
        </div>
      </fetcher.Form>
      {/* Cancel without JavaScript: back to the page in view mode. */}
      <form id={CANCEL_FORM} method="get" action="/profile" hidden />
    </>
  );
}
