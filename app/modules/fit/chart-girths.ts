import type { SizeChart } from "./fit-types";

/** The chart columns 'Find my size' compares a body with (issue 29). Small: the product page loads it first. */
export const GIRTHS = ["chest", "waist", "hip"] as const;
export type Girth = (typeof GIRTHS)[number];

export const isGirth = (measurement: string): measurement is Girth =>
  (GIRTHS as readonly string[]).includes(measurement);

/** Whether a chart has a row and a column 'Find my size' can compare (chest, waist or hip). */
export function chartCanRecommend(chart: SizeChart | null | undefined): boolean {
  return Boolean(chart && chart.rows.length > 0 && chart.measurements.some(isGirth));
}
