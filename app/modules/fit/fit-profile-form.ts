import { z } from "zod";
import {
  FIT_FIELDS,
  FIT_LABELS,
  FIT_MESSAGES,
  FIT_PREFERENCES,
  fromMetric,
  inLimits,
  missingParts,
  rangeMessage,
  round1,
  toMetric,
  type FitField,
  type FitUnit,
} from "./fit-profile";
import type { FitProfile } from "./fit-types";

/**
 * The doors a shopper's measurements come in by (issue 29): the JSON API (`fitProfileSchema`, cm and kg)
 * and the measurements form of the 'Find my size' dialog and of the profile page (`fitFormSchema`: text
 * as typed, in cm/kg or inches/pounds). One rule behind both (fit-profile.ts); nothing else is read.
 */

const measure = (field: FitField) =>
  z
    .number({ error: FIT_MESSAGES.notANumber(FIT_LABELS[field]) })
    .refine((v) => inLimits(field, v), { message: rangeMessage(field) })
    .transform(round1)
    .nullable();

/** A profile as the JSON API takes it (cm, kg). */
export const fitProfileSchema = z
  .strictObject({
    heightCm: measure("heightCm"),
    weightKg: measure("weightKg"),
    chestCm: measure("chestCm"),
    waistCm: measure("waistCm"),
    preference: z.enum(FIT_PREFERENCES, { error: FIT_MESSAGES.preference }),
  })
  .superRefine((v, ctx) => {
    for (const { field, message } of missingParts(v)) ctx.addIssue({ code: "custom", path: [field], message });
  }) satisfies z.ZodType<FitProfile>;

/** The fields of the measurements form (the dialog's and the profile page's). */
export const FIT_FORM_FIELDS = ["unit", "height", "weight", "chest", "waist", "preference"] as const;
export type FitFormField = (typeof FIT_FORM_FIELDS)[number];
export type FitFormValues = Record<FitFormField, string>;

const FORM_NAME: Record<FitField, FitFormField> = {
  heightCm: "height",
  weightKg: "weight",
  chestCm: "chest",
  waistCm: "waist",
};

/**
 * The measurements form: numbers as typed (blank is "not given"; a decimal comma is read as a point), in
 * the chosen unit, converted to cm and kg. Messages name the form's fields and speak the typed unit.
 */
export const fitFormSchema = z
  .object({
    unit: z.string(),
    height: z.string(),
    weight: z.string(),
    chest: z.string(),
    waist: z.string(),
    preference: z.string(),
  })
  .transform((form, ctx): FitProfile => {
    const unit: FitUnit = form.unit === "imperial" ? "imperial" : "metric";
    const out: Omit<FitProfile, "preference"> = { heightCm: null, weightKg: null, chestCm: null, waistCm: null };
    let unreadable = false;
    for (const field of FIT_FIELDS) {
      const name = FORM_NAME[field];
      const text = form[name].trim().replace(",", ".");
      if (text === "") continue;
      if (!/^\d{1,4}(\.\d+)?$/.test(text)) {
        ctx.addIssue({ code: "custom", path: [name], message: FIT_MESSAGES.notANumber(FIT_LABELS[field]) });
        unreadable = true;
        continue;
      }
      const value = toMetric(field, Number(text), unit);
      if (!inLimits(field, value)) {
        ctx.addIssue({ code: "custom", path: [name], message: rangeMessage(field, unit) });
        unreadable = true;
        continue;
      }
      out[field] = value;
    }
    const preference = FIT_PREFERENCES.find((p) => p === form.preference);
    if (!preference) ctx.addIssue({ code: "custom", path: ["preference"], message: FIT_MESSAGES.preference });
    // What is missing is said once every typed value could be read.
    if (!unreadable)
      for (const { field, message } of missingParts(out))
        ctx.addIssue({ code: "custom", path: [field === "form" ? "form" : FORM_NAME[field]], message });
    return { ...out, preference: preference ?? "regular" };
  });

/** A stored profile as the form shows it, in the chosen unit (blank when not given). */
export function fitFormValues(profile: FitProfile | null, unit: FitUnit): FitFormValues {
  const show = (field: FitField) => {
    const value = profile?.[field];
    return value === null || value === undefined ? "" : String(fromMetric(field, value, unit));
  };
  return {
    unit,
    height: show("heightCm"),
    weight: show("weightKg"),
    chest: show("chestCm"),
    waist: show("waistCm"),
    preference: profile?.preference ?? "regular",
  };
}
