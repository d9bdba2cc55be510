import { describe, expect, it } from "vitest";
import {
  CHART_MESSAGES,
  chartAnchor,
  cmToIn,
  formatLength,
  formatMeasure,
  garmentDifference,
  inToCm,
  measuringSteps,
  GENERAL_MEASURING_ADVICE,
  parsePastedChart,
  PASTE_MESSAGES,
  readCm,
  roundTenth,
  validateChart,
} from "~/modules/fit/size-chart-rules";

const good = {
  name: "  Men's tops ",
  measurements: ["chest", "length"],
  rows: [
    { size: "S", values: [92, 70] },
    { size: " M ", values: ["96.5", 72] },
  ],
  howToMeasure: "Chest: around the fullest part\r\nLength: from the shoulder",
};

describe("validateChart", () => {
  it("accepts a chart and normalises it (trimmed, numbers in cm)", () => {
    const check = validateChart(good);
    expect(check).toEqual({
      ok: true,
      chart: {
        name: "Men's tops",
        measurements: ["chest", "length"],
        rows: [
          { size: "S", values: [92, 70] },
          { size: "M", values: [96.5, 72] },
        ],
        howToMeasure: "Chest: around the fullest part\nLength: from the shoulder",
      },
    });
  });

  const cases: [string, object, string][] = [
    ["empty name", { name: "  " }, CHART_MESSAGES.nameRequired],
    ["name over 60", { name: "x".repeat(61) }, CHART_MESSAGES.nameTooLong],
    ["no measurements", { measurements: [], rows: [{ size: "S", values: [] }] }, CHART_MESSAGES.noMeasurements],
    [
      "seven measurements",
      {
        measurements: ["chest", "waist", "hip", "length", "inseam", "sleeve", "chest"],
        rows: [{ size: "S", values: [1, 1, 1, 1, 1, 1, 1] }],
      },
      CHART_MESSAGES.tooManyMeasurements,
    ],
    ["unknown measurement", { measurements: ["chest", "neck"] }, CHART_MESSAGES.unknownMeasurement("neck")],
    ["repeated measurement", { measurements: ["chest", "chest"] }, CHART_MESSAGES.repeatedMeasurement("chest")],
    ["no rows", { rows: [] }, CHART_MESSAGES.noRows],
    [
      "21 rows",
      { rows: Array.from({ length: 21 }, (_, i) => ({ size: `S${i}`, values: [90, 70] })) },
      CHART_MESSAGES.tooManyRows,
    ],
    ["empty size", { rows: [{ size: " ", values: [90, 70] }] }, CHART_MESSAGES.sizeRequired(1)],
    ["long size", { rows: [{ size: "x".repeat(13), values: [90, 70] }] }, CHART_MESSAGES.sizeTooLong(1)],
    [
      "sizes equal but for case",
      {
        rows: [
          { size: "m", values: [90, 70] },
          { size: "M", values: [92, 71] },
        ],
      },
      CHART_MESSAGES.sizeRepeated("M"),
    ],
    ["a gap", { rows: [{ size: "S", values: [90] }] }, CHART_MESSAGES.missing("S", "length")],
    ["a blank cell", { rows: [{ size: "L", values: ["", 70] }] }, CHART_MESSAGES.missing("L", "chest")],
    ["a word", { rows: [{ size: "S", values: ["wide", 70] }] }, CHART_MESSAGES.notANumber("S", "chest")],
    ["two decimals", { rows: [{ size: "S", values: [90.25, 70] }] }, CHART_MESSAGES.notANumber("S", "chest")],
    ["zero", { rows: [{ size: "S", values: [0, 70] }] }, CHART_MESSAGES.outOfRange("S", "chest")],
    ["400 cm", { rows: [{ size: "S", values: [400, 70] }] }, CHART_MESSAGES.outOfRange("S", "chest")],
    ["negative text", { rows: [{ size: "S", values: ["-3", 70] }] }, CHART_MESSAGES.notANumber("S", "chest")],
  ];
  it.each(cases)("refuses %s", (_, change, message) => {
    const check = validateChart({ ...good, ...change });
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.problems).toContain(message);
  });

  it("names the row and the column of a missing cell", () => {
    expect(CHART_MESSAGES.missing("XL", "inseam")).toBe("XL: Inseam is missing");
  });

  it("refuses what is not a chart at all without throwing", () => {
    expect(validateChart(null).ok).toBe(false);
    expect(validateChart({ name: 3, measurements: "chest", rows: {} }).ok).toBe(false);
  });

  it("accepts 399.9 cm and 0.1 cm, the edges", () => {
    expect(validateChart({ ...good, rows: [{ size: "S", values: [399.9, 0.1] }] }).ok).toBe(true);
  });
});

describe("cm and inches", () => {
  it("converts both ways", () => {
    expect(cmToIn(2.54)).toBeCloseTo(1);
    expect(inToCm(1)).toBeCloseTo(2.54);
    expect(roundTenth(inToCm(37))).toBe(94);
  });

  it.each([
    [96, "cm", "96"],
    [96.5, "cm", "96.5"],
    [96.04, "cm", "96"],
    [96, "in", "37.8"],
    [94, "in", "37.0"],
    [185, "in", "72.8"],
    [0.1, "in", "0.0"],
  ] as const)("shows %s cm in %s as %s", (cm, unit, shown) => {
    expect(formatMeasure(cm, unit)).toBe(shown);
  });

  it("says the unit of a length", () => {
    expect(formatLength(185, "cm")).toBe("185 cm");
    expect(formatLength(185, "in")).toBe("72.8 in");
  });

  it("rounds without floating point noise", () => {
    expect(roundTenth(0.1 + 0.2)).toBe(0.3);
    expect(roundTenth(-0.01)).toBe(0);
  });

  it("reads cm with one decimal at most", () => {
    expect(readCm("96.5")).toBe(96.5);
    expect(readCm(" 96 ")).toBe(96);
    expect(readCm("96.55")).toBeNull();
    expect(readCm("1e2")).toBeNull();
    expect(readCm(Number.NaN)).toBeNull();
  });
});

describe("parsePastedChart", () => {
  it("reads a tab-separated table copied from a spreadsheet", () => {
    const pasted = "Size\tChest\tWaist\n S\t92\t78\nM\t96.5\t82\t\t\n";
    expect(parsePastedChart(pasted)).toEqual({
      ok: true,
      chart: {
        measurements: ["chest", "waist"],
        rows: [
          { size: "S", values: [92, 78] },
          { size: "M", values: [96.5, 82] },
        ],
      },
    });
  });

  it("reads comma-separated text and header words with units", () => {
    const pasted = 'Size,Bust (cm),Hips,Inside leg\r\n"XS",80,88,76\r\n';
    expect(parsePastedChart(pasted)).toEqual({
      ok: true,
      chart: { measurements: ["chest", "hip", "inseam"], rows: [{ size: "XS", values: [80, 88, 76] }] },
    });
  });

  it("converts inches, from the header or from the value", () => {
    const fromHeader = parsePastedChart("Size\tChest (in)\tWaist\nM\t37\t32 in\nL\t40\t86");
    expect(fromHeader).toEqual({
      ok: true,
      chart: {
        measurements: ["chest", "waist"],
        rows: [
          { size: "M", values: [94, 81.3] },
          { size: "L", values: [101.6, 86] },
        ],
      },
    });
    const quoted = parsePastedChart('Size\tLength\nM\t28"');
    expect(quoted.ok && quoted.chart.rows[0]!.values).toEqual([71.1]);
  });

  it.each([
    ["", PASTE_MESSAGES.empty],
    ["\n \n", PASTE_MESSAGES.empty],
    ["S\t92\nM\t96", PASTE_MESSAGES.noHeader],
    ["Size\tChest\tNeck\nS\t92\t38", CHART_MESSAGES.unknownMeasurement("Neck")],
    ["Size\tChest\tBust\nS\t92\t90", CHART_MESSAGES.repeatedMeasurement("chest")],
    ["Size\tChest", PASTE_MESSAGES.noData],
    ["Size\tChest\tWaist\nS\t92", CHART_MESSAGES.missing("S", "waist")],
    ["Size\tChest\tWaist\nS\t\t78", CHART_MESSAGES.missing("S", "chest")],
    ["Size\tChest\nS\t92\t3", PASTE_MESSAGES.unevenRow(2, 3, 2)],
    ["Size\tChest\nS\twide", PASTE_MESSAGES.notANumber(2, "wide")],
  ])("explains what is wrong with %j", (pasted, message) => {
    expect(parsePastedChart(pasted)).toEqual({ ok: false, message });
  });

  it("leaves gaps, ranges and repeats to validateChart", () => {
    const pasted = parsePastedChart("Size\tChest\nM\t96\nm\t500");
    expect(pasted.ok).toBe(true);
    if (!pasted.ok) return;
    const check = validateChart({ name: "Tops", ...pasted.chart });
    expect(check.ok).toBe(false);
    if (!check.ok) {
      expect(check.problems).toContain(CHART_MESSAGES.sizeRepeated("m"));
      expect(check.problems).toContain(CHART_MESSAGES.outOfRange("m", "chest"));
    }
  });
});

describe("the rest", () => {
  it("anchors a chart by its name", () => {
    expect(chartAnchor("Men's tops")).toBe("size-chart-men-s-tops");
    expect(chartAnchor("Robes été")).toBe("size-chart-robes-ete");
    expect(chartAnchor("!!!")).toBe("size-chart-chart");
  });

  it("measures with the chart's own steps, else the general advice", () => {
    expect(measuringSteps(" one \n\n two ")).toEqual(["one", "two"]);
    expect(measuringSteps("  ")).toEqual([...GENERAL_MEASURING_ADVICE]);
  });

  it("marks only garment measurements that differ from the chart", () => {
    const chart = { measurements: ["chest", "length"], rows: [{ size: "M", values: [96, 72] }] };
    const garment = { M: { chest: 96, length: 74 } };
    expect(garmentDifference(chart, garment, "M", "chest")).toBeNull();
    expect(garmentDifference(chart, garment, "M", "length")).toBe(74);
    expect(garmentDifference(chart, garment, "L", "length")).toBeNull();
  });
});
