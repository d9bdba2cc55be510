import type { FitProfile } from "./fit-types";

/**
 * A shopper's measurements for 'Find my size' (issue 29): their limits, units and the one rule of what
 * a profile must hold — either height and weight (the chart is compared with an estimate) or a chest
 * and/or a waist. Stored and compared in centimetres and kilograms; inches and pounds are converted where
 * they are typed. No Zod here: the product page reads a guest's stored profile with `readFitProfile` before
 * any form is open (the forms' schemas are in fit-profile-form.ts).
 */

export type FitPreference = FitProfile["preference"];
export const FIT_PREFERENCES = ["close", "regular", "relaxed"] as const satisfies readonly FitPreference[];
export const PREFERENCE_LABELS: Record<FitPreference, string> = {
  close: "Close",
  regular: "Regular",
  relaxed: "Relaxed",
};

/** Metric: cm and kg; imperial: inches and pounds. */
export const FIT_UNITS = ["metric", "imperial"] as const;
export type FitUnit = (typeof FIT_UNITS)[number];

export const CM_PER_INCH = 2.54;
export const KG_PER_POUND = 0.45359237;

export type FitField = "heightCm" | "weightKg" | "chestCm" | "waistCm";
export const FIT_FIELDS: readonly FitField[] = ["heightCm", "weightKg", "chestCm", "waistCm"];

/** What a profile may hold, in cm and kg. */
export const FIT_LIMITS: Record<FitField, { min: number; max: number }> = {
  heightCm: { min: 100, max: 250 },
  weightKg: { min: 30, max: 300 },
  chestCm: { min: 50, max: 200 },
  waistCm: { min: 40, max: 200 },
};

export const FIT_LABELS: Record<FitField, string> = {
  heightCm: "Height",
  weightKg: "Weight",
  chestCm: "Chest",
  waistCm: "Waist",
};

export const FIT_MESSAGES = {
  needSomething: "Enter your height and weight, or your chest and waist",
  heightWithoutWeight: "Enter your weight too",
  weightWithoutHeight: "Enter your height too",
  preference: "Choose how you like the fit: close, regular or relaxed",
  notANumber: (label: string) => `${label} must be a number`,
} as const;

const perUnit = (field: FitField) => (field === "weightKg" ? KG_PER_POUND : CM_PER_INCH);
const unitName = (field: FitField, unit: FitUnit) =>
  field === "weightKg" ? (unit === "metric" ? "kg" : "lb") : unit === "metric" ? "cm" : "in";

/** The message for a value outside its limits, in the unit the shopper typed. */
export function rangeMessage(field: FitField, unit: FitUnit = "metric"): string {
  const { min, max } = FIT_LIMITS[field];
  const [lo, hi] = unit === "metric" ? [min, max] : [Math.ceil(min / perUnit(field)), Math.floor(max / perUnit(field))];
  return `${FIT_LABELS[field]} must be between ${lo} and ${hi} ${unitName(field, unit)}`;
}

export const round1 = (v: number) => Math.round(v * 10) / 10;

/** A typed value in cm or kg (one decimal). */
export const toMetric = (field: FitField, value: number, unit: FitUnit) =>
  round1(unit === "metric" ? value : value * perUnit(field));

/** A stored value in the shopper's unit (one decimal). */
export const fromMetric = (field: FitField, value: number, unit: FitUnit) =>
  round1(unit === "metric" ? value : value / perUnit(field));

export const inLimits = (field: FitField, value: number) =>
  Number.isFinite(value) && value >= FIT_LIMITS[field].min && value <= FIT_LIMITS[field].max;

/** What a profile (values already in their limits) lacks: each problem at its field, or at 'form'. */
export function missingParts(v: Omit<FitProfile, "preference">): Array<{ field: FitField | "form"; message: string }> {
  const problems: Array<{ field: FitField | "form"; message: string }> = [];
  if (v.heightCm === null && v.weightKg === null && v.chestCm === null && v.waistCm === null)
    problems.push({ field: "form", message: FIT_MESSAGES.needSomething });
  if (v.heightCm !== null && v.weightKg === null)
    problems.push({ field: "weightKg", message: FIT_MESSAGES.heightWithoutWeight });
  if (v.weightKg !== null && v.heightCm === null)
    problems.push({ field: "heightCm", message: FIT_MESSAGES.weightWithoutHeight });
  return problems;
}

/**
 * A profile read from somewhere the shop does not fully control (the browser's storage, a row written
 * by an earlier release): the profile when it keeps every rule, else null.
 */
export function readFitProfile(value: unknown): FitProfile | null {
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  const out = { heightCm: null, weightKg: null, chestCm: null, waistCm: null } as Omit<FitProfile, "preference">;
  for (const field of FIT_FIELDS) {
    const x = v[field];
    if (x === null || x === undefined) continue;
    if (typeof x !== "number" || !inLimits(field, x)) return null;
    out[field] = x;
  }
  const preference = v.preference;
  if (typeof preference !== "string" || !(FIT_PREFERENCES as readonly string[]).includes(preference)) return null;
  if (missingParts(out).length > 0) return null;
  return { ...out, preference: preference as FitPreference };
}
