import type { SizeChart } from "./fit-types";
import { formatMeasure, parsePastedChart, validateChart, type ChartInput } from "./size-chart-rules";

/**
 * The size chart editor's form (issue 29), shared by the page and its action: the table as named fields
 * — `measurement` once per column in order, `size` once per row, `cell-<row>-<column>` per value (cm) —
 * with `name`, `howToMeasure`, `version` and, for a browser without JavaScript, `paste`: text pasted
 * from a spreadsheet that replaces the table when it is not blank. Pure.
 */

export const SIZE_CHARTS_PATH = "/admin/size-charts";
export const sizeChartHref = (id: string) => `${SIZE_CHARTS_PATH}/${id}`;

export const SIZE_CHART_INTENTS = ["save", "delete"] as const;
export type SizeChartIntent = (typeof SIZE_CHART_INTENTS)[number];
export const isSizeChartIntent = (value: unknown): value is SizeChartIntent =>
  (SIZE_CHART_INTENTS as readonly unknown[]).includes(value);

/** What the editor holds: every value as typed. */
export interface ChartFormValues {
  name: string;
  measurements: string[];
  rows: { size: string; values: string[] }[];
  howToMeasure: string;
}

/** The action's answer. */
export interface SizeChartAnswer {
  ok: boolean;
  intent: SizeChartIntent | null;
  message: string;
  /** Every problem of a refused chart, worded for the owner. */
  problems: string[];
  /** What was sent, to show again after a refusal (a browser without JavaScript renders the page anew). */
  values?: ChartFormValues;
  createdId?: string;
  deleted?: boolean;
}

export const cellName = (row: number, column: number) => `cell-${row}-${column}`;

/** Reading stops here whatever the body says: the rules refuse more than 20 rows and 6 columns anyway. */
const READ_ROWS = 40;
const READ_COLUMNS = 12;

const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : "");

export function newChartValues(): ChartFormValues {
  return {
    name: "",
    measurements: ["chest", "waist"],
    rows: [
      { size: "S", values: ["", ""] },
      { size: "M", values: ["", ""] },
      { size: "L", values: ["", ""] },
    ],
    howToMeasure: "",
  };
}

/** A stored chart as the editor opens it (values in cm, as the owner would type them). */
export function chartFormValues(chart: Pick<SizeChart, "name" | "measurements" | "rows" | "howToMeasure">) {
  return {
    name: chart.name,
    measurements: [...chart.measurements],
    rows: chart.rows.map((row) => ({ size: row.size, values: row.values.map((v) => formatMeasure(v, "cm")) })),
    howToMeasure: chart.howToMeasure,
  } satisfies ChartFormValues;
}

/** The posted form's chart as typed; rows left wholly blank are not rows. */
export function readChartForm(form: FormData): ChartFormValues {
  const measurements = form.getAll("measurement").slice(0, READ_COLUMNS).map(text);
  const rows = form
    .getAll("size")
    .slice(0, READ_ROWS)
    .map((size, r) => ({
      size: text(size),
      values: measurements.map((_, c) => text(form.get(cellName(r, c)))),
    }))
    .filter((row) => row.size.trim() !== "" || row.values.some((v) => v.trim() !== ""));
  return { name: text(form.get("name")), measurements, rows, howToMeasure: text(form.get("howToMeasure")) };
}

export type ChartFormCheck =
  { ok: true; chart: ChartInput; values: ChartFormValues } | { ok: false; problems: string[]; values: ChartFormValues };

/** The form to a valid chart: the pasted text first when there is one, then the chart's rules. */
export function checkChartForm(form: FormData): ChartFormCheck {
  let values = readChartForm(form);
  const pasted = text(form.get("paste"));
  if (pasted.trim() !== "") {
    const parsed = parsePastedChart(pasted);
    if (!parsed.ok) return { ok: false, problems: [parsed.message], values };
    values = {
      ...values,
      measurements: parsed.chart.measurements,
      rows: parsed.chart.rows.map((row) => ({ size: row.size, values: row.values.map(String) })),
    };
  }
  const check = validateChart(values);
  return check.ok ? { ok: true, chart: check.chart, values } : { ok: false, problems: check.problems, values };
}
