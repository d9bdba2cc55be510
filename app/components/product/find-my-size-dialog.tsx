import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from "react";
import { AlertCircle, Trash2, X } from "~/components/ui/icons";
import { FieldError, inputClass, primaryButton, secondaryButton } from "~/components/ui/field";
import { keepFocusInside } from "~/components/ui/side-panel";
import { useViewer } from "~/components/viewer/viewer";
import { shopperFit, useShopperFit } from "~/components/viewer/shopper-fit";
import { parseForm, type FieldErrors } from "~/lib/forms";
import type { ProductDetail } from "~/modules/catalog/catalog-types";
import {
  FIT_PREFERENCES,
  fromMetric,
  PREFERENCE_LABELS,
  toMetric,
  type FitField,
  type FitUnit,
} from "~/modules/fit/fit-profile";
import { FIT_FORM_FIELDS, fitFormSchema, fitFormValues, type FitFormValues } from "~/modules/fit/fit-profile-form";
import type { FitProfile } from "~/modules/fit/fit-types";
import { recommendSize, type SizeRecommendation } from "~/modules/fit/size-recommendation";

export interface FindMySizeDialogProps {
  open: boolean;
  onClose: () => void;
  /** The button that opened it: focus goes back there. */
  opener: RefObject<HTMLElement | null>;
  product: ProductDetail;
  isAvailable: (size: string) => boolean;
  onChoose: (size: string) => void;
}

const FIT_PROFILE_URL = "/api/fit-profile";

const FIELDS: Array<{ name: "height" | "weight" | "chest" | "waist"; field: FitField; label: string }> = [
  { name: "height", field: "heightCm", label: "Height" },
  { name: "weight", field: "weightKg", label: "Weight" },
  { name: "chest", field: "chestCm", label: "Chest" },
  { name: "waist", field: "waistCm", label: "Waist" },
];
const unitOf = (field: FitField, unit: FitUnit) =>
  field === "weightKg" ? (unit === "metric" ? "kg" : "lb") : unit === "metric" ? "cm" : "in";

/** A typed value moved to the other unit (as typed when it is not a number). */
function convertTyped(text: string, field: FitField, from: FitUnit, to: FitUnit): string {
  const value = Number(text.trim().replace(",", "."));
  if (text.trim() === "" || !Number.isFinite(value) || from === to) return text;
  return String(fromMetric(field, toMetric(field, value, from), to));
}

async function postFitProfile(body: object): Promise<{ fitProfile?: FitProfile | null; error?: string }> {
  const res = await fetch(FIT_PROFILE_URL, {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
  });
  const answer = (await res.json().catch(() => ({}))) as { fitProfile?: FitProfile | null; error?: string };
  if (!res.ok) return { error: answer.error ?? "Your measurements could not be saved. Please try again." };
  return answer;
}

/**
 * The 'Find my size' dialog (issue 29): height and weight, or chest and waist, in cm/kg or in/lb, and the
 * fit the shopper likes; the size is worked out here, in the browser. A guest's measurements are kept in
 * this browser only (localStorage, components/viewer/shopper-fit.ts) and never sent; a signed-in shopper
 * may keep them on their profile ('Save to my profile', on by default). A modal `<dialog>`: focus stays
 * inside, Escape closes, and focus returns to the button that opened it.
 */
export function FindMySizeDialog({ open, onClose, opener, product, isAvailable, onChoose }: FindMySizeDialogProps) {
  const fit = useShopperFit();
  const dialog = useRef<HTMLDialogElement>(null);
  const firstField = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const textId = useId();
  const ids = useId();
  const viewer = useViewer();
  const userId = viewer.known && viewer.user ? viewer.user.id : null;
  const signedIn = fit.known && fit.signedIn && userId !== null;
  const known = fit.known ? fit : null;
  const startingProfile = known?.profile ?? (signedIn ? shopperFit.browserProfile() : null);

  const [values, setValues] = useState<FitFormValues>(() => fitFormValues(startingProfile, known?.unit ?? "metric"));
  const [touched, setTouched] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<SizeRecommendation | null>(null);
  const [keep, setKeep] = useState(true);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ kind: "error" | "info"; text: string } | null>(null);

  // Measurements known only after the dialog opened (the viewer's answer): shown unless typed over.
  // (Adjusted while rendering: a newly known profile refills the form.)
  const knownProfile = known?.profile ?? null;
  const [seenProfile, setSeenProfile] = useState(knownProfile);
  if (seenProfile !== knownProfile) {
    setSeenProfile(knownProfile);
    if (!touched && knownProfile) setValues(fitFormValues(knownProfile, known?.unit ?? "metric"));
  }

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      firstField.current?.focus();
    } else if (!open && element.open) {
      element.close();
      opener.current?.focus();
    }
  }, [open, opener]);

  const unit: FitUnit = values.unit === "imperial" ? "imperial" : "metric";
  const stored = known?.source === "account" || known?.source === "browser";

  function setUnit(next: FitUnit) {
    setValues((v) => {
      const out = { ...v, unit: next };
      for (const { name, field } of FIELDS) out[name] = convertTyped(v[name], field, unit, next);
      return out;
    });
    shopperFit.setUnit(next);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(null);
    const parsed = parseForm(fitFormSchema, new FormData(event.currentTarget), FIT_FORM_FIELDS);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      setResult(null);
      const first = FIT_FORM_FIELDS.find((name) => parsed.errors[name]);
      if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    const profile = parsed.data;
    setResult(
      recommendSize({
        chart: product.sizeChart,
        garment: product.fit.garmentMeasurements,
        reviews: product.reviewStats,
        returns: product.sizeReturns,
        sizes: product.sizes,
        profile,
        unit: unit === "imperial" ? "in" : "cm",
      }),
    );
    if (!signedIn || !userId) {
      shopperFit.setBrowser(profile);
      return;
    }
    if (!keep) {
      shopperFit.setPageOnly(userId, profile);
      return;
    }
    setBusy(true);
    try {
      const answer = await postFitProfile({ intent: "save", profile });
      if (answer.error) {
        shopperFit.setPageOnly(userId, profile);
        setNotice({ kind: "error", text: answer.error });
      } else {
        shopperFit.setAccount(userId, answer.fitProfile ?? null);
        setNotice({ kind: "info", text: "Saved to your profile." });
      }
    } catch {
      shopperFit.setPageOnly(userId, profile);
      setNotice({ kind: "error", text: "Your measurements could not be saved. Please try again." });
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setNotice(null);
    if (!signedIn || !userId) {
      shopperFit.setBrowser(null);
    } else {
      setBusy(true);
      try {
        const answer = await postFitProfile({ intent: "remove" });
        if (answer.error) {
          setNotice({ kind: "error", text: answer.error });
          return;
        }
        shopperFit.setAccount(userId, null);
      } catch {
        setNotice({ kind: "error", text: "Your measurements could not be removed. Please try again." });
        return;
      } finally {
        setBusy(false);
      }
    }
    setValues(fitFormValues(null, unit));
    setResult(null);
    setNotice({ kind: "info", text: "Your measurements are removed." });
    firstField.current?.focus();
  }

  const chosen = result?.size ?? null;
  const available = chosen !== null && isAvailable(chosen);
  const field = (name: (typeof FIELDS)[number]["name"]) => `${ids}-${name}`;

  return (
    <dialog
      ref={dialog}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={keepFocusInside}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-2xl bg-white p-0 shadow-2xl backdrop:bg-black/40"
    >
      {open && (
        <div className="p-6">
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-lg font-semibold">
              Find my size
            </h2>
            <button
              type="button"
              aria-label="Close"
              onClick={onClose}
              className="-m-2 rounded-full p-2 hover:bg-stone-100"
            >
              <X className="size-5" aria-hidden />
            </button>
          </div>
          <p id={textId} className="mt-1 text-sm text-muted">
            Your height and weight, or your chest and waist, and how you like the fit.{" "}
            {signedIn
              ? "Saved to your profile, every product with a size chart shows your size."
              : "Worked out in your browser and kept only there; nothing is sent to us."}
          </p>

          <form noValidate onSubmit={(event) => void submit(event)} className="mt-5 flex flex-col gap-5">
            <fieldset>
              <legend className="text-sm font-semibold">Units</legend>
              <div className="mt-2 flex gap-5 text-sm">
                {(["metric", "imperial"] as const).map((u) => (
                  <label key={u} className="flex items-center gap-2">
                    <input
                      type="radio"
                      name="unit"
                      value={u}
                      checked={unit === u}
                      onChange={() => setUnit(u)}
                      className="size-4 accent-ink"
                    />
                    {u === "metric" ? "cm / kg" : "in / lb"}
                  </label>
                ))}
              </div>
            </fieldset>

            <div className="grid grid-cols-2 gap-x-4 gap-y-4">
              {FIELDS.map(({ name, field: key, label }, i) => (
                <div key={name}>
                  <label htmlFor={field(name)} className="mb-1.5 block text-sm font-medium">
                    {label} ({unitOf(key, unit)})
                  </label>
                  <input
                    ref={i === 0 ? firstField : undefined}
                    id={field(name)}
                    name={name}
                    inputMode="decimal"
                    autoComplete="off"
                    value={values[name]}
                    onChange={(event) => {
                      const text = event.target.value;
                      setTouched(true);
                      setValues((v) => ({ ...v, [name]: text }));
                    }}
                    aria-invalid={errors[name] ? true : undefined}
                    aria-describedby={errors[name] ? `${field(name)}-error` : undefined}
                    className={inputClass(Boolean(errors[name]))}
                  />
                  <FieldError id={field(name)} error={errors[name]} />
                </div>
              ))}
            </div>
            {errors.form && (
              <p role="alert" className="flex items-start gap-1.5 text-sm text-red-700">
                <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
                {errors.form}
              </p>
            )}

            <fieldset aria-describedby={errors.preference ? `${ids}-preference-error` : undefined}>
              <legend className="text-sm font-semibold">How do you like the fit?</legend>
              <div className="mt-2 flex flex-wrap gap-5 text-sm">
                {FIT_PREFERENCES.map((p) => (
                  <label key={p} className="flex items-center gap-2">
                    <input
                      type="radio"
                      name="preference"
                      value={p}
                      checked={values.preference === p}
                      onChange={() => setValues((v) => ({ ...v, preference: p }))}
                      className="size-4 accent-ink"
                    />
                    {PREFERENCE_LABELS[p]}
                  </label>
                ))}
              </div>
              <FieldError id={`${ids}-preference`} error={errors.preference} />
            </fieldset>

            {signedIn && (
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={keep}
                  onChange={(event) => setKeep(event.target.checked)}
                  className="size-4 accent-ink"
                />
                Save to my profile
              </label>
            )}

            <div className="flex flex-wrap gap-3">
              <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
                Find my size
              </button>
              {stored && (
                <button type="button" className={secondaryButton} onClick={() => void remove()} disabled={busy}>
                  <Trash2 className="size-4" aria-hidden />
                  Remove my measurements
                </button>
              )}
            </div>
          </form>

          <div role="status" aria-live="polite" className="mt-5 empty:hidden">
            {result && (
              <div className="rounded-2xl bg-stone-100 p-4">
                {result.size ? (
                  <p className="text-base font-semibold">Your size: {result.size}</p>
                ) : (
                  <p className="text-base font-semibold">No size to suggest</p>
                )}
                <p className="mt-1 text-sm text-stone-700">{result.reason}</p>
              </div>
            )}
            {notice && (
              <p className={`mt-3 text-sm ${notice.kind === "error" ? "text-red-700" : "text-stone-700"}`}>
                {notice.text}
              </p>
            )}
          </div>
          {chosen && (
            <div className="mt-3">
              {available ? (
                <button
                  type="button"
                  className={primaryButton}
                  onClick={() => {
                    onChoose(chosen);
                    onClose();
                  }}
                >
                  Choose {chosen}
                </button>
              ) : (
                <p className="text-sm text-muted">{chosen} is not available in this colour just now.</p>
              )}
            </div>
          )}
        </div>
      )}
    </dialog>
  );
}
