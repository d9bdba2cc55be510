import type { SizeChartRow } from "../schema/size-charts";

/**
 * The demo shop's size charts and fit (issue 29): body measurements in cm for its product types, which
 * product takes which chart, and what a few products say of their fit. Checked by the charts' rules in
 * tests/unit/demo-size-charts.test.ts.
 */

export interface DemoSizeChart {
  name: string;
  measurements: string[];
  rows: SizeChartRow[];
  howToMeasure: string;
}

const rows = (sizes: string[], ...columns: number[][]): SizeChartRow[] =>
  sizes.map((size, r) => ({ size, values: columns.map((column) => column[r]!) }));

const LETTERS = ["XS", "S", "M", "L", "XL", "XXL", "XXXL"];

export const MENS_TOPS = "Men's tops";
export const MENS_BOTTOMS = "Men's bottoms";
export const WOMENS = "Women's clothing";
export const JEANS = "Jeans & trousers";

export const demoSizeCharts: DemoSizeChart[] = [
  {
    name: MENS_TOPS,
    measurements: ["chest", "length", "sleeve"],
    rows: rows(LETTERS, [86, 91, 97, 103, 109, 116, 123], [68, 70, 72, 74, 76, 78, 80], [61, 62, 63.5, 65, 66, 67, 68]),
    howToMeasure: [
      "Chest: around the fullest part of your chest, under the arms, the tape level.",
      "Length: from the highest point of the shoulder down to where you want the hem.",
      "Sleeve: from the shoulder seam down to the wrist bone, arm relaxed.",
    ].join("\n"),
  },
  {
    name: MENS_BOTTOMS,
    measurements: ["waist", "hip", "inseam"],
    rows: rows(LETTERS, [71, 76, 81, 86, 92, 98, 104], [88, 93, 98, 103, 108, 114, 120], [78, 79, 80, 81, 82, 82, 82]),
    howToMeasure: [
      "Waist: around your natural waist, just above the hip bones.",
      "Hip: around the fullest part of your seat, feet together.",
      "Inseam: from the crotch down to the ankle, on the inside of the leg.",
    ].join("\n"),
  },
  {
    name: WOMENS,
    measurements: ["chest", "waist", "hip"],
    rows: rows(LETTERS.slice(0, 6), [80, 84, 88, 94, 100, 106], [62, 66, 70, 76, 82, 88], [88, 92, 96, 102, 108, 114]),
    howToMeasure: "",
  },
  {
    name: JEANS,
    measurements: ["waist", "hip", "inseam"],
    rows: rows(
      ["28", "30", "32", "34", "36", "38"],
      [71, 76, 81, 86, 91, 97],
      [89, 94, 99, 104, 109, 114],
      [81, 81, 81, 81, 81, 81],
    ),
    howToMeasure: [
      "Waist: around your natural waist, where your jeans sit.",
      "Hip: around the fullest part of your seat.",
      "Inseam: from the crotch to the ankle bone; our jeans have a 32 in (81 cm) inseam.",
    ].join("\n"),
  },
];

/** Which chart a demo product takes, from its sizes and its kind; null for bags and caps. */
export function demoChartFor(p: { name: string; categorySlug: string; sizes: readonly string[] }): string | null {
  if (p.sizes.length === 0 || /\bcap\b/i.test(p.name)) return null;
  if (p.sizes.every((s) => /^\d+$/.test(s))) return JEANS;
  if (p.categorySlug === "women" || /women|dress|skirt|blouse/i.test(p.name)) return WOMENS;
  if (/jogger|shorts|trouser|chino/i.test(p.name)) return MENS_BOTTOMS;
  return MENS_TOPS;
}

export interface DemoFit {
  fitNote: string;
  modelHeightCm: number;
  modelSize: string;
  garmentMeasurements?: Record<string, Record<string, number>>;
}

/** What a few demo products say of their fit, by slug. */
export const demoFits: Record<string, DemoFit> = {
  "relaxed-linen-shirt": { fitNote: "Relaxed fit, size down for a close fit", modelHeightCm: 185, modelSize: "M" },
  "mens-slim-straight-jeans": {
    fitNote: "Slim through the thigh, straight from the knee; true to size at the waist",
    modelHeightCm: 183,
    modelSize: "32",
  },
  "wrap-midi-dress-green": {
    fitNote: "True to size; the wrap adjusts at the waist",
    modelHeightCm: 175,
    modelSize: "S",
  },
  "womens-oversized-hoodie": {
    fitNote: "Oversized fit: size down for a regular fit",
    modelHeightCm: 170,
    modelSize: "S",
    garmentMeasurements: {
      XS: { chest: 100 },
      S: { chest: 104 },
      M: { chest: 108 },
      L: { chest: 114 },
      XL: { chest: 120 },
    },
  },
  "heavyweight-pocket-tee": {
    fitNote: "Boxy and slightly cropped",
    modelHeightCm: 188,
    modelSize: "L",
    garmentMeasurements: { M: { length: 70 }, L: { length: 72 }, XL: { length: 74 } },
  },
};
