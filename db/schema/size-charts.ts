import { sql } from "drizzle-orm";
import { integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * Size and fit (issue 29). A size chart belongs to a product type the owner names ('Men's tops'): its
 * rows are the sizes in order, its columns the measurements the owner chose, every value in centimetres
 * (app/modules/fit/size-chart-rules.ts validates and converts). Products point at one chart
 * (`products.size_chart_id`).
 */
export const sizeCharts = pgTable(
  "size_charts",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The product type it is for, shown as the chart's title: unique, whatever its case. */
    name: text().notNull(),
    /** The measurement columns in order: 'chest', 'waist', 'hip', 'length', 'inseam', 'sleeve'. */
    measurements: text().array().notNull(),
    /** The sizes in order, each with one value per measurement (cm, one decimal). */
    rows: jsonb().$type<SizeChartRow[]>().notNull(),
    /** 'How to measure': plain text, one step per line; empty shows the shop's general advice. */
    howToMeasure: text().notNull().default(""),
    /** Each save must name the version it edited (a stale form is refused). */
    version: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("size_charts_name_key").on(sql`lower(${t.name})`)],
);

export interface SizeChartRow {
  size: string;
  /** One value per measurement column, in centimetres. */
  values: number[];
}

/** A product's garment measurements where they differ from its chart: size → measurement → cm. */
export type GarmentMeasurements = Record<string, Record<string, number>>;

/** How a review says the size fit. */
export const FIT_VOTES = ["small", "true", "large"] as const;
export type FitVote = (typeof FIT_VOTES)[number];

export const REVIEW_STATUSES = ["published", "held", "hidden"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** A signed-in shopper's measurements for 'Find my size' (kept only when they ask for it). */
export interface FitProfile {
  heightCm: number | null;
  weightKg: number | null;
  chestCm: number | null;
  waistCm: number | null;
  preference: "close" | "regular" | "relaxed";
}
