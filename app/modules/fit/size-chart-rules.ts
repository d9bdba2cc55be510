import { z } from "zod";
import { MEASUREMENTS, type Measurement, type SizeChartRow } from "./fit-types";
import { inToCm, isMeasurement, MEASUREMENT_LABELS, measurementLabel, roundTenth } from "./size-chart-display";

export * from "./size-chart-display";

/**
 * A size chart's rules (issue 29), pure and shared by the back office's editor, its save, the CSV
 * import and the storefront: what a valid chart is, centimetres ↔ inches and how each is shown, and
 * how text pasted from a spreadsheet becomes a chart's table.
 */

export const CHART_LIMITS = {
  name: 60,
  measurements: 6,
  rows: 20,
  size: 12,
  /** Every value is in (0, maxCm) centimetres. */
  maxCm: 400,
  howToMeasure: 2_000,
} as const;

export const CHART_MESSAGES = {
  nameRequired: "Give the chart a name",
  nameTooLong: `The chart's name must be at most ${CHART_LIMITS.name} characters`,
  noMeasurements: "Choose at least one measurement",
  tooManyMeasurements: `At most ${CHART_LIMITS.measurements} measurements`,
  unknownMeasurement: (name: string) =>
    `'${name}' is not a measurement: choose from ${MEASUREMENTS.map((m) => MEASUREMENT_LABELS[m]).join(", ")}`,
  repeatedMeasurement: (name: string) => `${measurementLabel(name)} is there twice`,
  noRows: "Add at least one size",
  tooManyRows: `At most ${CHART_LIMITS.rows} sizes`,
  sizeRequired: (row: number) => `Row ${row}: the size is empty`,
  sizeTooLong: (row: number) => `Row ${row}: a size has at most ${CHART_LIMITS.size} characters`,
  sizeRepeated: (size: string) => `Size ${size} is there twice`,
  missing: (size: string, measurement: string) => `${size}: ${measurementLabel(measurement)} is missing`,
  notANumber: (size: string, measurement: string) =>
    `${size}: ${measurementLabel(measurement)} must be a number in cm (one decimal at most)`,
  outOfRange: (size: string, measurement: string) =>
    `${size}: ${measurementLabel(measurement)} must be more than 0 and less than ${CHART_LIMITS.maxCm} cm`,
  howToMeasureTooLong: `'How to measure' must be at most ${CHART_LIMITS.howToMeasure.toLocaleString("en-US")} characters`,
} as const;

// ── A chart ──────────────────────────────────────────────────────────────────────────────────────

export interface ChartInput {
  name: string;
  measurements: Measurement[];
  rows: SizeChartRow[];
  howToMeasure: string;
}

/** A value in cm as written (a number or its text): the number, or null when it is not one decimal. */
export function readCm(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) && roundTenth(value) === value ? value : null;
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (!/^\d{1,4}(?:\.\d)?$/.test(text) && !/^\d{0,4}\.\d$/.test(text)) return null;
  return Number(text);
}

const inRange = (cm: number) => cm > 0 && cm < CHART_LIMITS.maxCm;

/** The chart's first problems, each worded for the owner (empty when valid). */
export function chartProblems(chart: {
  name: string;
  measurements: readonly string[];
  rows: readonly { size: string; values: readonly unknown[] }[];
  howToMeasure?: string;
}): string[] {
  const problems: string[] = [];
  const name = chart.name.trim();
  if (name === "") problems.push(CHART_MESSAGES.nameRequired);
  else if (name.length > CHART_LIMITS.name) problems.push(CHART_MESSAGES.nameTooLong);
  const { measurements, rows } = chart;
  if (measurements.length === 0) problems.push(CHART_MESSAGES.noMeasurements);
  if (measurements.length > CHART_LIMITS.measurements) problems.push(CHART_MESSAGES.tooManyMeasurements);
  measurements.forEach((m, i) => {
    if (!isMeasurement(m)) problems.push(CHART_MESSAGES.unknownMeasurement(m));
    else if (measurements.indexOf(m) !== i) problems.push(CHART_MESSAGES.repeatedMeasurement(m));
  });
  if (rows.length === 0) problems.push(CHART_MESSAGES.noRows);
  if (rows.length > CHART_LIMITS.rows) problems.push(CHART_MESSAGES.tooManyRows);
  const seen = new Set<string>();
  rows.forEach((row, r) => {
    const size = row.size.trim();
    if (size === "") problems.push(CHART_MESSAGES.sizeRequired(r + 1));
    else if (size.length > CHART_LIMITS.size) problems.push(CHART_MESSAGES.sizeTooLong(r + 1));
    else if (seen.has(size.toLowerCase())) problems.push(CHART_MESSAGES.sizeRepeated(size));
    seen.add(size.toLowerCase());
    const label = size || `Row ${r + 1}`;
    measurements.forEach((m, c) => {
      const raw = row.values[c];
      if (raw === undefined || raw === null || (typeof raw === "string" && raw.trim() === "")) {
        problems.push(CHART_MESSAGES.missing(label, m));
        return;
      }
      const cm = readCm(raw);
      if (cm === null) problems.push(CHART_MESSAGES.notANumber(label, m));
      else if (!inRange(cm)) problems.push(CHART_MESSAGES.outOfRange(label, m));
    });
  });
  if ((chart.howToMeasure ?? "").length > CHART_LIMITS.howToMeasure) problems.push(CHART_MESSAGES.howToMeasureTooLong);
  return problems;
}

/**
 * The chart's boundary: anything (a form's JSON, a seed) to a valid chart — trimmed sizes and text,
 * values as numbers in cm — or the owner's first problem as the issue.
 */
export const chartInputSchema = z
  .object({
    name: z.string({ error: CHART_MESSAGES.nameRequired }),
    measurements: z.array(z.string(), { error: CHART_MESSAGES.noMeasurements }),
    rows: z.array(
      z.object({
        size: z.string({ error: "Each size must be text" }),
        values: z.array(z.union([z.number(), z.string(), z.null()]), { error: "Each row needs its values" }),
      }),
      { error: CHART_MESSAGES.noRows },
    ),
    howToMeasure: z.string().optional().default(""),
  })
  .transform((chart, ctx): ChartInput => {
    const problems = chartProblems(chart);
    for (const message of problems) ctx.issues.push({ code: "custom", message, input: chart });
    if (problems.length > 0) return z.NEVER;
    return {
      name: chart.name.trim(),
      measurements: chart.measurements as Measurement[],
      rows: chart.rows.map((row) => ({ size: row.size.trim(), values: row.values.map((v) => readCm(v)!) })),
      howToMeasure: chart.howToMeasure.replace(/\r\n?/g, "\n").trim(),
    };
  });

export type ChartCheck = { ok: true; chart: ChartInput } | { ok: false; problems: string[] };

/** Checks a chart: the valid chart, or every problem (worded for the owner), the first first. */
export function validateChart(input: unknown): ChartCheck {
  const result = chartInputSchema.safeParse(input);
  if (result.success) return { ok: true, chart: result.data };
  return { ok: false, problems: result.error.issues.map((issue) => issue.message) };
}

// ── Pasting from a spreadsheet ───────────────────────────────────────────────────────────────────

export const PASTE_MESSAGES = {
  empty: "Nothing to paste: copy the table with its header row (Size, then the measurements)",
  noHeader: "The first row must name the measurements after the size column (for instance Size, Chest, Waist)",
  noData: "Add at least one size below the header row",
  unevenRow: (line: number, cells: number, expected: number) =>
    `Line ${line} has ${cells} cells; the header has ${expected}`,
  notANumber: (line: number, text: string) => `Line ${line}: '${text}' is not a number`,
} as const;

/** Header words the paste reads as a measurement ('Chest (cm)', 'bust', 'Hips' …). */
const HEADER_WORDS: Record<string, Measurement> = {
  chest: "chest",
  bust: "chest",
  waist: "waist",
  hip: "hip",
  hips: "hip",
  seat: "hip",
  length: "length",
  "body length": "length",
  inseam: "inseam",
  "inside leg": "inseam",
  leg: "inseam",
  sleeve: "sleeve",
  "sleeve length": "sleeve",
};

export interface PastedChart {
  measurements: Measurement[];
  rows: SizeChartRow[];
}

export type PasteResult = { ok: true; chart: PastedChart } | { ok: false; message: string };

function splitLine(line: string): string[] {
  // A tab is what a spreadsheet puts between cells; without one, commas (a CSV); else runs of 2+ spaces.
  const cells = line.includes("\t") ? line.split("\t") : line.includes(",") ? line.split(",") : line.split(/ {2,}/);
  return cells.map((cell) =>
    cell
      .trim()
      .replace(/^"(.*)"$/, "$1")
      .trim(),
  );
}

/** 'Chest (in)' → { measurement: 'chest', inches: true }; null when not a measurement. */
function readHeader(cell: string): { measurement: Measurement; inches: boolean } | null {
  const lower = cell.toLowerCase();
  const inches = /\b(in|inch|inches)\b|["″]/.test(lower);
  const word = lower
    .replace(/\((?:[^)]*)\)|\[(?:[^\]]*)\]/g, " ")
    .replace(/\b(cm|in|inch|inches)\b|["″]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const measurement = HEADER_WORDS[word];
  return measurement ? { measurement, inches } : null;
}

/**
 * Text pasted from a spreadsheet (tab- or comma-separated) to a chart's columns and rows: a header row
 * of measurement names, then one row per size with the size first. Values are cm unless the header or
 * the value says inches ('Chest (in)', '37 in', '37"'), then they are converted (one decimal). The
 * result still goes through `validateChart` (gaps, ranges, repeated sizes) with the chart's name.
 */
export function parsePastedChart(text: string): PasteResult {
  const lines = text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line, i) => ({ line: i + 1, cells: splitLine(line) }))
    .filter(({ cells }) => cells.some((cell) => cell !== ""));
  if (lines.length === 0) return { ok: false, message: PASTE_MESSAGES.empty };
  const [header, ...body] = lines;
  const headers = header!.cells.slice(1).map(readHeader);
  const unknown = header!.cells.slice(1).find((cell, i) => cell !== "" && headers[i] === null);
  if (headers.length === 0 || headers.every((h) => h === null)) return { ok: false, message: PASTE_MESSAGES.noHeader };
  if (unknown !== undefined) return { ok: false, message: CHART_MESSAGES.unknownMeasurement(unknown) };
  if (headers.some((h) => h === null)) return { ok: false, message: PASTE_MESSAGES.noHeader };
  const columns = headers as { measurement: Measurement; inches: boolean }[];
  const measurements = columns.map((c) => c.measurement);
  const repeated = measurements.find((m, i) => measurements.indexOf(m) !== i);
  if (repeated) return { ok: false, message: CHART_MESSAGES.repeatedMeasurement(repeated) };
  if (measurements.length > CHART_LIMITS.measurements)
    return { ok: false, message: CHART_MESSAGES.tooManyMeasurements };
  if (body.length === 0) return { ok: false, message: PASTE_MESSAGES.noData };
  if (body.length > CHART_LIMITS.rows) return { ok: false, message: CHART_MESSAGES.tooManyRows };

  const rows: SizeChartRow[] = [];
  for (const { line, cells } of body) {
    // Trailing empty cells (a spreadsheet's) are not cells; a missing value in the middle is a gap.
    while (cells.length > columns.length + 1 && cells[cells.length - 1] === "") cells.pop();
    if (cells.length > columns.length + 1) {
      return { ok: false, message: PASTE_MESSAGES.unevenRow(line, cells.length, columns.length + 1) };
    }
    const size = cells[0] ?? "";
    const values: number[] = [];
    for (let c = 0; c < columns.length; c++) {
      const raw = (cells[c + 1] ?? "").trim();
      if (raw === "") {
        return { ok: false, message: CHART_MESSAGES.missing(size || `Line ${line}`, columns[c]!.measurement) };
      }
      const match = /^(\d+(?:[.,]\d+)?)\s*(cm|in|inch|inches|"|″)?$/i.exec(raw);
      if (!match) return { ok: false, message: PASTE_MESSAGES.notANumber(line, raw) };
      const number = Number(match[1]!.replace(",", "."));
      const unit = match[2]?.toLowerCase();
      const inches = unit ? unit !== "cm" : columns[c]!.inches;
      values.push(roundTenth(inches ? inToCm(number) : number));
    }
    rows.push({ size, values });
  }
  return { ok: true, chart: { measurements, rows } };
}
