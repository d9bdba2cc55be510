import type { FitProfile, FitVote, GarmentMeasurements, SizeChartRow } from "#db/schema/size-charts";

export type { FitProfile, FitVote, GarmentMeasurements, SizeChartRow };

/**
 * Size and fit as the storefront sees it (issue 29). Pure types, shared by the product page, the size
 * guide, 'Find my size' and the back office.
 */

/** The measurements a chart may have, in the order the editor offers them. */
export const MEASUREMENTS = ["chest", "waist", "hip", "length", "inseam", "sleeve"] as const;
export type Measurement = (typeof MEASUREMENTS)[number];

/** A size chart: sizes in order (rows), measurements (columns), values in centimetres. */
export interface SizeChart {
  id: string;
  name: string;
  measurements: string[];
  rows: SizeChartRow[];
  howToMeasure: string;
}

/** What a product says of its fit, beside its chart. */
export interface ProductFit {
  /** 'Relaxed fit, size down for a close fit'; empty says nothing. */
  note: string;
  modelHeightCm: number | null;
  modelSize: string | null;
  /** The garment's own measurements where they differ from the chart: size → measurement → cm. */
  garmentMeasurements: GarmentMeasurements;
}

/**
 * The units of a product sent back as 'Too small' and 'Too large' (issue 30: returns not refused or
 * cancelled): each counts toward the product's lean like a buyer's 'runs small' / 'runs large' answer.
 */
export interface SizeReturns {
  tooSmall: number;
  tooLarge: number;
}

/** The published reviews of one size of a product, summed (`review_stats`). */
export interface SizeReviewStats {
  /** '' for reviews of a product without sizes. */
  size: string;
  reviews: number;
  ratingSum: number;
  /** Reviews with 1, 2, 3, 4 and 5 stars. */
  stars: [number, number, number, number, number];
  runsSmall: number;
  trueToSize: number;
  runsLarge: number;
  withPhotos: number;
}
