import { MEASUREMENTS, type Measurement, type SizeChartRow } from "./fit-types";

/**
 * How a size chart is shown (issue 29): measurement names, centimetres ↔ inches, a chart's anchor on
 * /size-guide, 'How to measure'. Pure and light: the product page's scripts carry this, not the chart's
 * validation (size-chart-rules.ts, which re-exports it).
 */

export const MEASUREMENT_LABELS: Record<Measurement, string> = {
  chest: "Chest",
  waist: "Waist",
  hip: "Hip",
  length: "Length",
  inseam: "Inseam",
  sleeve: "Sleeve",
};

export function isMeasurement(value: string): value is Measurement {
  return (MEASUREMENTS as readonly string[]).includes(value);
}

/** A measurement as the shopper and the owner read it ('chest' → 'Chest'). */
export function measurementLabel(value: string): string {
  return isMeasurement(value) ? MEASUREMENT_LABELS[value] : value;
}

// ── Units ────────────────────────────────────────────────────────────────────────────────────────

export const UNITS = ["cm", "in"] as const;
export type Unit = (typeof UNITS)[number];
export const CM_PER_INCH = 2.54;

/** The shopper's unit, remembered in the browser (localStorage). */
export const UNIT_STORAGE_KEY = "size-guide-unit";

export function isUnit(value: unknown): value is Unit {
  return value === "cm" || value === "in";
}

/** Rounds to one decimal, without -0 and without 0.1 + 0.2 noise. */
export function roundTenth(value: number): number {
  const rounded = Math.round((value + Number.EPSILON) * 10) / 10;
  return Object.is(rounded, -0) ? 0 : rounded;
}

export const cmToIn = (cm: number): number => cm / CM_PER_INCH;
export const inToCm = (inches: number): number => inches * CM_PER_INCH;

/**
 * A value kept in cm, as shown in a unit: inches with one decimal ('37.0'), centimetres whole or with
 * one decimal ('96', '96.5').
 */
export function formatMeasure(cm: number, unit: Unit): string {
  if (unit === "in") return roundTenth(cmToIn(cm)).toFixed(1);
  const rounded = roundTenth(cm);
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}

/** A length with its unit ('185 cm', '72.8 in'). */
export function formatLength(cm: number, unit: Unit): string {
  return `${formatMeasure(cm, unit)} ${unit}`;
}

/** A chart's anchor on /size-guide ('Men's tops' → 'size-chart-men-s-tops'). */
export function chartAnchor(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `size-chart-${slug || "chart"}`;
}

/** The shop's general advice, shown when a chart has no 'How to measure' of its own. */
export const GENERAL_MEASURING_ADVICE = [
  "Chest: measure around the fullest part of your chest, under the arms, keeping the tape level.",
  "Waist: measure around your natural waistline, the narrowest part of your torso.",
  "Hip: stand with your feet together and measure around the fullest part of your hips.",
  "Inseam: measure from the top of your inner thigh down to your ankle.",
  "Keep the tape snug but not tight; between two sizes, choose the larger for a relaxed fit.",
] as const;

/** A chart's 'How to measure' as steps: its own lines, else the general advice. */
export function measuringSteps(howToMeasure: string): string[] {
  const own = howToMeasure
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  return own.length > 0 ? own : [...GENERAL_MEASURING_ADVICE];
}

/**
 * A product's garment measurement that differs from its chart, in cm, or null (same as the chart or
 * not given).
 */
export function garmentDifference(
  chart: { measurements: readonly string[]; rows: readonly SizeChartRow[] },
  garment: Record<string, Record<string, number>>,
  size: string,
  measurement: string,
): number | null {
  const value = garment[size]?.[measurement];
  if (value === undefined) return null;
  const c = chart.measurements.indexOf(measurement);
  const row = chart.rows.find((r) => r.size === size);
  return row && c !== -1 && row.values[c] === value ? null : value;
}
