import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { useActionData, useFetcher, useSearchParams } from "react-router";
import { toast } from "sonner";
import { FormMessage, primaryButton, secondaryButton, TextField } from "~/components/ui/field";
import { Pencil, Save, Trash2, X } from "~/components/ui/icons";
import { useZodForm } from "~/components/ui/use-zod-form";
import { shopperFit } from "~/components/viewer/shopper-fit";
import { useViewer } from "~/components/viewer/viewer";
import {
  FIT_PREFERENCES,
  fromMetric,
  PREFERENCE_LABELS,
  toMetric,
  type FitField,
  type FitUnit,
} from "~/modules/fit/fit-profile";
import { FIT_FORM_FIELDS, fitFormSchema, fitFormValues } from "~/modules/fit/fit-profile-form";
import type { FitProfile } from "~/modules/fit/fit-types";
import { REMOVE_MEASUREMENTS, SAVE_MEASUREMENTS, type ProfileActionData } from "./profile-action";

const EDIT_PARAM = "measurements";
const CANCEL_FORM = "measurements-cancel";

const FIELDS: Array<{ name: "height" | "weight" | "chest" | "waist"; field: FitField; label: string }> = [
  { name: "height", field: "heightCm", label: "Height" },
  { name: "weight", field: "weightKg", label: "Weight" },
  { name: "chest", field: "chestCm", label: "Chest" },
  { name: "waist", field: "waistCm", label: "Waist" },
];

const shown = (field: FitField, value: number | null) =>
  value === null
    ? null
    : field === "weightKg"
      ? `${value} kg (${fromMetric(field, value, "imperial")} lb)`
      : `${value} cm (${fromMetric(field, value, "imperial")} in)`;

/**
 * 'My measurements' on the profile page (issue 29): what 'Find my size' keeps for a signed-in shopper,
 * with Edit and 'Remove my measurements'. Both are plain forms posted to the page's action, so they work
 * without JavaScript (Edit then opens /profile?measurements=edit). Whatever is saved or removed here is
 * what product pages show next ('Your size: …').
 */
export function MeasurementsSection({ fitProfile }: { fitProfile: FitProfile | null }) {
  const posted = useActionData() as ProfileActionData | undefined;
  const [searchParams] = useSearchParams();
  const viewer = useViewer();
  const userId = viewer.known && viewer.user ? viewer.user.id : null;
  const [editing, setEditing] = useState(
    () => searchParams.get(EDIT_PARAM) === "edit" || (posted?.intent === SAVE_MEASUREMENTS && !posted.ok),
  );
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  const remover = useFetcher<ProfileActionData>();
  const removing = remover.state !== "idle";
  const done = posted?.intent === SAVE_MEASUREMENTS || posted?.intent === REMOVE_MEASUREMENTS ? posted : undefined;

  // Product pages shown after this one follow what the profile now holds.
  useEffect(() => {
    if (userId) shopperFit.setAccount(userId, fitProfile);
  }, [userId, fitProfile]);

  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  useEffect(() => {
    if (remover.state !== "idle" || !remover.data) return;
    if (remover.data.ok) toast.success(remover.data.message ?? "Measurements removed", { id: "measurements" });
    else if (remover.data.message) toast.error(remover.data.message, { id: "measurements" });
  }, [remover.state, remover.data]);

  return (
    <section
      aria-labelledby="measurements-heading"
      className="rounded-3xl border border-line bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id="measurements-heading" className="font-display text-xl font-semibold">
        My measurements
      </h2>
      <p className="mt-1.5 text-sm text-muted">
        For &lsquo;Find my size&rsquo;: every product with a size chart shows the size for you.
      </p>
      <div className="mt-6">
        {!editing && done?.ok && done.message && (
          <FormMessage kind="success" className="mb-5">
            {done.message}
          </FormMessage>
        )}
        {editing ? (
          <MeasurementsForm fitProfile={fitProfile} onDone={() => setEditing(false)} />
        ) : (
          <>
            {fitProfile ? (
              <dl className="grid grid-cols-[6rem_1fr] gap-x-4 gap-y-2 text-sm">
                {FIELDS.map(({ field, label }) => (
                  <div key={field} className="contents">
                    <dt className="text-muted">{label}</dt>
                    <dd>{shown(field, fitProfile[field]) ?? <span className="text-muted">Not provided</span>}</dd>
                  </div>
                ))}
                <dt className="text-muted">Fit</dt>
                <dd>{PREFERENCE_LABELS[fitProfile.preference]}</dd>
              </dl>
            ) : (
              <p className="text-sm text-stone-700">No measurements kept.</p>
            )}
            <div className="mt-6 flex flex-wrap gap-3">
              <form
                method="get"
                action="/profile"
                className="contents"
                onSubmit={(event) => {
                  event.preventDefault();
                  setEditing(true);
                }}
              >
                <input type="hidden" name={EDIT_PARAM} value="edit" />
                <button ref={editButton} type="submit" className={primaryButton}>
                  <Pencil className="size-4" aria-hidden />
                  {fitProfile ? "Edit measurements" : "Add measurements"}
                </button>
              </form>
              {fitProfile && (
                <remover.Form method="post" action="/profile" className="contents">
                  <input type="hidden" name="intent" value={REMOVE_MEASUREMENTS} />
                  <button type="submit" className={secondaryButton} disabled={removing} aria-busy={removing}>
                    <Trash2 className="size-4" aria-hidden />
                    Remove my measurements
                  </button>
                </remover.Form>
              )}
            </div>
          </>
        )}
      </div>
    </section>
  );
}

function MeasurementsForm({ fitProfile, onDone }: { fitProfile: FitProfile | null; onDone: () => void }) {
  const fetcher = useFetcher<ProfileActionData>();
  const posted = useActionData() as ProfileActionData | undefined;
  const handled = useRef<unknown>(null);
  const saving = fetcher.state !== "idle";
  const result = fetcher.data ?? (posted?.intent === SAVE_MEASUREMENTS ? posted : undefined);
  const kit = useZodForm({ schema: fitFormSchema, fields: FIT_FORM_FIELDS, lastResult: result, autoFocus: "height" });
  const typed = result?.ok ? undefined : result?.values;
  const initial = typed ?? fitFormValues(fitProfile, "metric");
  const [unit, setUnit] = useState<FitUnit>(initial.unit === "imperial" ? "imperial" : "metric");
  const failed = result && !result.ok ? (result.message ?? kit.errors.form ?? result.errors.form) : kit.errors.form;

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    if (fetcher.data.ok) {
      toast.success(fetcher.data.message ?? "Measurements saved", { id: "measurements" });
      onDone();
    } else if (fetcher.data.message) {
      toast.error(fetcher.data.message, { id: "measurements" });
    }
  }, [fetcher.state, fetcher.data, onDone]);

  /** A switch of unit converts what is typed, so the numbers keep meaning the same body. */
  function switchUnit(event: ChangeEvent<HTMLInputElement>) {
    const next: FitUnit = event.target.value === "imperial" ? "imperial" : "metric";
    const form = event.target.form;
    if (form) {
      for (const { name, field } of FIELDS) {
        const input = form.elements.namedItem(name);
        if (!(input instanceof HTMLInputElement)) continue;
        const value = Number(input.value.trim().replace(",", "."));
        if (input.value.trim() !== "" && Number.isFinite(value))
          input.value = String(fromMetric(field, toMetric(field, value, unit), next));
      }
    }
    setUnit(next);
  }

  const unitLabel = (field: FitField) =>
    field === "weightKg" ? (unit === "metric" ? "kg" : "lb") : unit === "metric" ? "cm" : "in";

  return (
    <>
      <fetcher.Form
        method="post"
        action="/profile"
        {...kit.form}
        aria-labelledby="measurements-heading"
        className="flex flex-col gap-5"
        onKeyDown={(event) => {
          if (event.key === "Escape" && !saving) onDone();
        }}
      >
        <input type="hidden" name="intent" value={SAVE_MEASUREMENTS} />
        {failed && <FormMessage kind="error">{failed}</FormMessage>}
        <fieldset>
          <legend className="text-sm font-medium">Units</legend>
          <div className="mt-2 flex gap-5 text-sm">
            {(["metric", "imperial"] as const).map((u) => (
              <label key={u} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="unit"
                  value={u}
                  defaultChecked={initial.unit === u}
                  onChange={switchUnit}
                  className="size-4 accent-ink"
                />
                {u === "metric" ? "cm / kg" : "in / lb"}
              </label>
            ))}
          </div>
        </fieldset>
        <p className="-mt-2 text-xs text-muted">Height and weight, or chest and waist.</p>
        <div className="grid grid-cols-2 gap-4">
          {FIELDS.map(({ name, field, label }) => (
            <TextField
              key={name}
              label={`${label} (${unitLabel(field)})`}
              {...kit.field(name)}
              inputMode="decimal"
              autoComplete="off"
              defaultValue={initial[name]}
            />
          ))}
        </div>
        <fieldset>
          <legend className="text-sm font-medium">How do you like the fit?</legend>
          <div className="mt-2 flex flex-wrap gap-5 text-sm">
            {FIT_PREFERENCES.map((p) => (
              <label key={p} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="preference"
                  value={p}
                  defaultChecked={initial.preference === p}
                  className="size-4 accent-ink"
                />
                {PREFERENCE_LABELS[p]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-wrap gap-3 border-t border-line pt-5">
          <button type="submit" className={primaryButton} disabled={saving} aria-busy={saving}>
            <Save className="size-4" aria-hidden />
            {saving ? "Saving..." : "Save measurements"}
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
      <form id={CANCEL_FORM} method="get" action="/profile" hidden />
    </>
  );
}
