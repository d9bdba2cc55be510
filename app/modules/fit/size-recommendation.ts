import { type Girth } from "./chart-girths";
import { FIT_FLAG_MIN_ANSWERS, fitFlag } from "./fit-lean";
import type { FitProfile, GarmentMeasurements, SizeChart, SizeReturns, SizeReviewStats } from "./fit-types";

/**
 * 'Find my size' (issue 29): which size of a product to suggest to a shopper, and why, in one line. Pure:
 * the product page runs it in the browser, so a guest's measurements never leave it.
 *
 * How a chart is read. A chart's value is the body measurement a size is made for, up to: a size covers
 * the bodies above the size before it and up to its own value (S 91, M 96: M is for a 92–96 cm chest);
 * the garment's ease is the brand's, built into the chart. A product's own garment measurements, where it
 * has them, replace the chart's value for that size and measurement.
 *
 * What is compared. The shopper's chest against the chart's chest column and their waist against its
 * waist column, whichever the chart has (both: the size must fit both, so the larger wins). A chart with
 * neither is compared by hip, which is only ever estimated. Measurements the shopper typed win; without
 * them each is estimated from height and weight (`estimateGirths`), and the reason says so.
 *
 * The fit they like. Regular: the smallest size whose value is at least the body's (between two sizes, the
 * larger). Close: the body may be up to CLOSE_TOLERANCE_CM over a size's value and still take it (between
 * two sizes and near the smaller, the smaller). Relaxed: one size more ease than regular (the next size up).
 *
 * What buyers said. When at least MIN_FIT_ANSWERS of the product's fit answers (all sizes; each unit returned
 * as 'Too small' or 'Too large' counts as one) lean one way by
 * 60% or more (fit-lean.ts) — the rule of the owner's 'runs small' / 'runs large' flag — the suggestion moves one
 * size up (runs small) or down (runs large).
 */

export type LengthUnit = "cm" | "in";

export interface SizeRecommendation {
  /** The suggested size, or null when the chart cannot answer (the reason says why). */
  size: string | null;
  /** One line, e.g. "M: your chest (98 cm) is within M's 96–101 cm." */
  reason: string;
}

export interface RecommendationInput {
  chart: SizeChart | null;
  /** The product's own measurements where they differ from the chart: size → measurement → cm. */
  garment?: GarmentMeasurements;
  /** The product's published reviews summed per size. */
  reviews?: readonly SizeReviewStats[];
  /** The product's units returned as too small or too large: they count toward the lean as answers do. */
  returns?: SizeReturns;
  /** The sizes the product comes in: the chart's other rows are left out. Every row when missing or empty. */
  sizes?: readonly string[];
  profile: FitProfile;
  /** The unit the reason speaks in (the shopper's); every input is in centimetres and kilograms. */
  unit?: LengthUnit;
}

/** How far over a size's value a body may be and still take it, for a close fit. */
export const CLOSE_TOLERANCE_CM = 2;
/** The fewest fit answers that say anything of a product's sizing, and the share that makes a lean. */
export const MIN_FIT_ANSWERS = FIT_FLAG_MIN_ANSWERS;

export const BEYOND_CHART = "Your measurements are beyond this chart's largest size";
export const NO_CHART = "This product has no size chart.";
export const NO_MEASUREMENTS = "This size chart has no chest, waist or hip measurements to compare.";

/**
 * The body model: chest, waist and hip girths from height and weight.
 *
 * Formula: girth = k × √(weight kg ÷ height m), with k = 15.0 (chest), 13.0 (waist), 15.3 (hip).
 * Assumption: the trunk is taken as a cylinder of the body's height whose volume follows its weight, so
 * its circumference grows with the square root of weight over height (equivalently √(BMI × height m)).
 * The constants are set so that a 175 cm, 75 kg adult (BMI 24.5) gets a 98 cm chest, an 85 cm waist and a
 * 100 cm hip — the middle (M) of common adult charts. It ignores build, sex and age, so it is an estimate
 * and always said to be one; measurements the shopper types replace it.
 */
export const GIRTH_CONSTANTS: Record<Girth, number> = { chest: 15.0, waist: 13.0, hip: 15.3 };

export function estimateGirths(heightCm: number, weightKg: number): Record<Girth, number> {
  const base = Math.sqrt(weightKg / (heightCm / 100));
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    chest: round(GIRTH_CONSTANTS.chest * base),
    waist: round(GIRTH_CONSTANTS.waist * base),
    hip: round(GIRTH_CONSTANTS.hip * base),
  };
}

/** Which way the product's buyers say it fits: 'small' or 'large' when they lean, else null. */
export function buyersLean(
  reviews: readonly SizeReviewStats[] | undefined,
  returns?: SizeReturns,
): "small" | "large" | null {
  const votes = { runsSmall: returns?.tooSmall ?? 0, trueToSize: 0, runsLarge: returns?.tooLarge ?? 0 };
  for (const r of reviews ?? []) {
    votes.runsSmall += r.runsSmall;
    votes.trueToSize += r.trueToSize;
    votes.runsLarge += r.runsLarge;
  }
  const flag = fitFlag(votes);
  return flag === "runs small" ? "small" : flag === "runs large" ? "large" : null;
}

/** A length in the reason's unit: whole centimetres (one decimal when the chart has one), inches to a tenth. */
export function formatLength(cm: number, unit: LengthUnit = "cm"): string {
  if (unit === "in") return `${Number((cm / 2.54).toFixed(1))} in`;
  return `${Number(cm.toFixed(1))} cm`;
}

const formatNumber = (cm: number, unit: LengthUnit) =>
  unit === "in" ? String(Number((cm / 2.54).toFixed(1))) : String(Number(cm.toFixed(1)));

interface Compared {
  measurement: Girth;
  body: number;
  estimated: boolean;
  /** Index of the regular size for this measurement; -1 when the body is beyond the largest. */
  regular: number;
  /** Index of the close size for this measurement; -1 when beyond. */
  close: number;
}

export function recommendSize(input: RecommendationInput): SizeRecommendation {
  const { chart, profile } = input;
  const unit = input.unit ?? "cm";
  if (!chart || chart.rows.length === 0) return { size: null, reason: NO_CHART };

  const wanted = input.sizes && input.sizes.length > 0 ? new Set(input.sizes) : null;
  const rows = wanted ? chart.rows.filter((row) => wanted.has(row.size)) : chart.rows;
  if (rows.length === 0) return { size: null, reason: "This size chart has none of this product's sizes." };

  const columns = (["chest", "waist"] as const).filter((m) => chart.measurements.includes(m));
  const usable: Girth[] = columns.length > 0 ? [...columns] : chart.measurements.includes("hip") ? ["hip"] : [];
  if (usable.length === 0) return { size: null, reason: NO_MEASUREMENTS };

  const estimate =
    profile.heightCm !== null && profile.weightKg !== null ? estimateGirths(profile.heightCm, profile.weightKg) : null;
  const typed: Partial<Record<Girth, number>> = {
    ...(profile.chestCm !== null ? { chest: profile.chestCm } : {}),
    ...(profile.waistCm !== null ? { waist: profile.waistCm } : {}),
  };

  const compared: Compared[] = [];
  for (const measurement of usable) {
    const own = typed[measurement];
    const body = own ?? estimate?.[measurement];
    if (body === undefined) continue;
    const column = chart.measurements.indexOf(measurement);
    const values = rows.map((row) => input.garment?.[row.size]?.[measurement] ?? row.values[column]);
    // A size without a value for this measurement cannot be chosen by it.
    const fits = (tolerance: number) =>
      values.findIndex((v) => {
        const value = usableValue(v);
        return value !== null && value >= body - tolerance;
      });
    compared.push({
      measurement,
      body,
      estimated: own === undefined,
      regular: fits(0),
      close: fits(CLOSE_TOLERANCE_CM),
    });
  }
  if (compared.length === 0) return { size: null, reason: missingReason(usable) };

  const preference = profile.preference;
  const pick = (c: Compared) => (preference === "close" ? c.close : c.regular);
  if (compared.some((c) => pick(c) === -1)) return { size: null, reason: BEYOND_CHART };

  // The measurement that needs the largest size decides (the first in the chart's order on a tie).
  const deciding = compared.reduce((best, c) => (pick(c) > pick(best) ? c : best));
  const base = pick(deciding);
  const baseSize = rows[base]!.size;

  const column = chart.measurements.indexOf(deciding.measurement);
  const valueAt = (i: number) => input.garment?.[rows[i]!.size]?.[deciding.measurement] ?? rows[i]!.values[column];
  const upper = valueAt(base)!;
  // The range starts at the nearest smaller size with a value.
  let lower: number | null = null;
  for (let i = base - 1; i >= 0 && lower === null; i -= 1) lower = usableValue(valueAt(i));
  const your = `your ${deciding.estimated ? "estimated " : ""}${deciding.measurement} (${formatLength(deciding.body, unit)}${
    deciding.estimated ? ", from your height and weight" : ""
  })`;
  const range =
    lower === null
      ? `range, up to ${formatLength(upper, unit)}`
      : `${formatNumber(lower, unit)}–${formatLength(upper, unit)}`;
  const within =
    deciding.body <= upper
      ? `${your} is within ${baseSize}'s ${range}`
      : `${your} is just over ${baseSize}'s ${range}, and you like a close fit`;

  const notes: string[] = [];
  let index = base;
  if (preference === "relaxed") {
    if (index + 1 < rows.length) {
      index += 1;
      notes.push("you like a relaxed fit, so one size up");
    } else notes.push(`you like a relaxed fit, but ${baseSize} is the largest size`);
  }
  const lean = buyersLean(input.reviews, input.returns);
  if (lean === "small") {
    if (index + 1 < rows.length) {
      index += 1;
      notes.push("buyers say it runs small, so we suggest one size up");
    } else notes.push(`buyers say it runs small, but ${rows[index]!.size} is the largest size`);
  } else if (lean === "large") {
    if (index > 0) {
      index -= 1;
      notes.push("buyers say it runs large, so we suggest one size down");
    } else notes.push(`buyers say it runs large, but ${rows[index]!.size} is the smallest size`);
  }

  const size = rows[index]!.size;
  return { size, reason: `${size}: ${[within, ...notes].join("; ")}.` };
}

/** A chart or garment value that can be compared: a positive number of centimetres. */
const usableValue = (v: number | undefined): number | null =>
  typeof v === "number" && Number.isFinite(v) && v > 0 ? v : null;

function missingReason(usable: readonly Girth[]): string {
  if (usable.length === 1 && usable[0] === "hip") return "This size chart measures hip: enter your height and weight.";
  const names = usable.join(" or ");
  return `This size chart measures ${names}: enter your ${names}, or your height and weight.`;
}
