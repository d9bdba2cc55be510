import { describe, expect, it } from "vitest";
import { chartCanRecommend } from "~/modules/fit/chart-girths";
import type { FitProfile, SizeChart, SizeReviewStats } from "~/modules/fit/fit-types";
import {
  BEYOND_CHART,
  buyersLean,
  estimateGirths,
  NO_CHART,
  NO_MEASUREMENTS,
  recommendSize,
  type RecommendationInput,
} from "~/modules/fit/size-recommendation";

/** A men's tops chart: each value is the body measurement a size is made for, up to (cm). */
const tops: SizeChart = {
  id: "c1",
  name: "Men's tops",
  measurements: ["chest", "waist", "length"],
  rows: [
    { size: "XS", values: [91, 76, 68] },
    { size: "S", values: [96, 81, 70] },
    { size: "M", values: [101, 86, 72] },
    { size: "L", values: [106, 91, 74] },
    { size: "XL", values: [111, 96, 76] },
  ],
  howToMeasure: "",
};
const hipsOnly: SizeChart = {
  ...tops,
  name: "Skirts",
  measurements: ["hip", "length"],
  rows: [
    { size: "S", values: [94, 60] },
    { size: "M", values: [100, 62] },
    { size: "L", values: [106, 64] },
  ],
};
const lengthsOnly: SizeChart = {
  ...tops,
  measurements: ["length", "inseam"],
  rows: [{ size: "30", values: [100, 76] }],
};
const chestOnly: SizeChart = {
  ...tops,
  measurements: ["chest"],
  rows: tops.rows.map((r) => ({ ...r, values: [r.values[0]!] })),
};

const body = (changes: Partial<FitProfile>): FitProfile => ({
  heightCm: null,
  weightKg: null,
  chestCm: null,
  waistCm: null,
  preference: "regular",
  ...changes,
});
/** Fit answers on one size (the rule sums every size). */
const votes = (runsSmall: number, trueToSize: number, runsLarge: number, size = "M"): SizeReviewStats => ({
  size,
  reviews: runsSmall + trueToSize + runsLarge,
  ratingSum: 0,
  stars: [0, 0, 0, 0, 0],
  runsSmall,
  trueToSize,
  runsLarge,
  withPhotos: 0,
});

type Case = [
  what: string,
  input: Omit<RecommendationInput, "chart"> & { chart?: SizeChart | null },
  size: string | null,
  reason: string,
];

const cases: Case[] = [
  // Typed measurements against the chart.
  ["a chest within a size", { profile: body({ chestCm: 98 }) }, "M", "M: your chest (98 cm) is within M's 96–101 cm."],
  [
    "a chest on a size's value takes that size",
    { profile: body({ chestCm: 101 }) },
    "M",
    "M: your chest (101 cm) is within M's 96–101 cm.",
  ],
  [
    "between sizes, regular takes the larger",
    { profile: body({ chestCm: 102 }) },
    "L",
    "L: your chest (102 cm) is within L's 101–106 cm.",
  ],
  [
    "between sizes and near the smaller, close takes the smaller",
    { profile: body({ chestCm: 102, preference: "close" }) },
    "M",
    "M: your chest (102 cm) is just over M's 96–101 cm, and you like a close fit.",
  ],
  [
    "close and more than the tolerance over: the larger",
    { profile: body({ chestCm: 103.5, preference: "close" }) },
    "L",
    "L: your chest (103.5 cm) is within L's 101–106 cm.",
  ],
  [
    "relaxed: one size up",
    { profile: body({ chestCm: 98, preference: "relaxed" }) },
    "L",
    "L: your chest (98 cm) is within M's 96–101 cm; you like a relaxed fit, so one size up.",
  ],
  [
    "the smallest size",
    { profile: body({ chestCm: 80 }) },
    "XS",
    "XS: your chest (80 cm) is within XS's range, up to 91 cm.",
  ],
  ["the largest size", { profile: body({ chestCm: 110 }) }, "XL", "XL: your chest (110 cm) is within XL's 106–111 cm."],
  ["beyond the largest size", { profile: body({ chestCm: 112 }) }, null, BEYOND_CHART],
  [
    "just beyond the largest, close still fits it",
    { profile: body({ chestCm: 112, preference: "close" }) },
    "XL",
    "XL: your chest (112 cm) is just over XL's 106–111 cm, and you like a close fit.",
  ],
  ["far beyond, close too", { profile: body({ chestCm: 120, preference: "close" }) }, null, BEYOND_CHART],
  [
    "relaxed at the largest size stays there",
    { profile: body({ chestCm: 110, preference: "relaxed" }) },
    "XL",
    "XL: your chest (110 cm) is within XL's 106–111 cm; you like a relaxed fit, but XL is the largest size.",
  ],
  [
    "chest and waist: the one that needs the larger size decides",
    { profile: body({ chestCm: 98, waistCm: 90 }) },
    "L",
    "L: your waist (90 cm) is within L's 86–91 cm.",
  ],
  [
    "chest and waist on the same size: chest (the chart's first) is named",
    { profile: body({ chestCm: 98, waistCm: 84 }) },
    "M",
    "M: your chest (98 cm) is within M's 96–101 cm.",
  ],
  [
    "a waist beyond the chart, whatever the chest",
    { profile: body({ chestCm: 98, waistCm: 100 }) },
    null,
    BEYOND_CHART,
  ],

  // Height and weight: an estimate, said to be one.
  [
    "estimated from height and weight",
    { profile: body({ heightCm: 175, weightKg: 75 }) },
    "M",
    "M: your estimated chest (98.2 cm, from your height and weight) is within M's 96–101 cm.",
  ],
  [
    "estimated, the waist decides",
    { profile: body({ heightCm: 180, weightKg: 80 }) },
    "L",
    "L: your estimated waist (86.7 cm, from your height and weight) is within L's 86–91 cm.",
  ],
  [
    "typed measurements win over the estimate",
    { profile: body({ heightCm: 175, weightKg: 75, chestCm: 90, waistCm: 70 }) },
    "XS",
    "XS: your chest (90 cm) is within XS's range, up to 91 cm.",
  ],
  [
    "a typed chest with an estimated waist",
    { profile: body({ heightCm: 160, weightKg: 72, chestCm: 92 }) },
    "L",
    "L: your estimated waist (87.2 cm, from your height and weight) is within L's 86–91 cm.",
  ],
  ["a heavy build beyond the chart, estimated", { profile: body({ heightCm: 170, weightKg: 95 }) }, null, BEYOND_CHART],

  // Charts that cannot answer.
  ["no chart", { chart: null, profile: body({ chestCm: 98 }) }, null, NO_CHART],
  [
    "a chart without chest, waist or hip",
    { chart: lengthsOnly, profile: body({ chestCm: 98 }) },
    null,
    NO_MEASUREMENTS,
  ],
  [
    "a chest chart, a waist typed",
    { chart: chestOnly, profile: body({ waistCm: 80 }) },
    null,
    "This size chart measures chest: enter your chest, or your height and weight.",
  ],
  [
    "a hip chart compares an estimated hip",
    { chart: hipsOnly, profile: body({ heightCm: 175, weightKg: 75 }) },
    "L",
    "L: your estimated hip (100.2 cm, from your height and weight) is within L's 100–106 cm.",
  ],
  [
    "a hip chart, only chest and waist typed",
    { chart: hipsOnly, profile: body({ chestCm: 98, waistCm: 80 }) },
    null,
    "This size chart measures hip: enter your height and weight.",
  ],
  [
    "none of the product's sizes in the chart",
    { sizes: ["28", "30"], profile: body({ chestCm: 98 }) },
    null,
    "This size chart has none of this product's sizes.",
  ],
  [
    "only the product's sizes: the chart's others are left out",
    { sizes: ["S", "M", "L"], profile: body({ chestCm: 80 }) },
    "S",
    "S: your chest (80 cm) is within S's range, up to 96 cm.",
  ],
  [
    "the product's own measurement replaces the chart's",
    { garment: { M: { chest: 99 } }, profile: body({ chestCm: 100 }) },
    "L",
    "L: your chest (100 cm) is within L's 99–106 cm.",
  ],
  [
    "a size without a value is passed over",
    {
      chart: {
        ...chestOnly,
        rows: [
          { size: "S", values: [96] },
          { size: "M", values: [0] },
          { size: "L", values: [106] },
        ],
      },
      profile: body({ chestCm: 98 }),
    },
    "L",
    "L: your chest (98 cm) is within L's 96–106 cm.",
  ],

  // What buyers said.
  [
    "no reviews: no shift",
    { reviews: [], profile: body({ chestCm: 98 }) },
    "M",
    "M: your chest (98 cm) is within M's 96–101 cm.",
  ],
  [
    "fewer than 5 answers say nothing",
    { reviews: [votes(4, 0, 0)], profile: body({ chestCm: 98 }) },
    "M",
    "M: your chest (98 cm) is within M's 96–101 cm.",
  ],
  [
    "5 answers, 60% runs small (summed over sizes): one size up",
    { reviews: [votes(2, 1, 0, "S"), votes(1, 1, 0, "L")], profile: body({ chestCm: 98 }) },
    "L",
    "L: your chest (98 cm) is within M's 96–101 cm; buyers say it runs small, so we suggest one size up.",
  ],
  [
    "under 60% is no lean",
    { reviews: [votes(2, 3, 0)], profile: body({ chestCm: 98 }) },
    "M",
    "M: your chest (98 cm) is within M's 96–101 cm.",
  ],
  [
    "runs large: one size down",
    { reviews: [votes(0, 2, 4)], profile: body({ chestCm: 98 }) },
    "S",
    "S: your chest (98 cm) is within M's 96–101 cm; buyers say it runs large, so we suggest one size down.",
  ],
  [
    "a tie between small and large is no lean",
    { reviews: [votes(3, 0, 3)], profile: body({ chestCm: 98 }) },
    "M",
    "M: your chest (98 cm) is within M's 96–101 cm.",
  ],
  [
    "runs small at the largest size",
    { reviews: [votes(5, 0, 0)], profile: body({ chestCm: 110 }) },
    "XL",
    "XL: your chest (110 cm) is within XL's 106–111 cm; buyers say it runs small, but XL is the largest size.",
  ],
  [
    "runs large at the smallest size",
    { reviews: [votes(0, 0, 5)], profile: body({ chestCm: 80 }) },
    "XS",
    "XS: your chest (80 cm) is within XS's range, up to 91 cm; buyers say it runs large, but XS is the smallest size.",
  ],
  [
    "relaxed and runs small: two sizes up",
    { reviews: [votes(5, 1, 0)], profile: body({ chestCm: 98, preference: "relaxed" }) },
    "XL",
    "XL: your chest (98 cm) is within M's 96–101 cm; you like a relaxed fit, so one size up; buyers say it runs small, so we suggest one size up.",
  ],
  [
    "relaxed and runs large cancel out",
    { reviews: [votes(0, 1, 5)], profile: body({ chestCm: 98, preference: "relaxed" }) },
    "M",
    "M: your chest (98 cm) is within M's 96–101 cm; you like a relaxed fit, so one size up; buyers say it runs large, so we suggest one size down.",
  ],

  // The shopper's unit.
  [
    "in inches",
    { unit: "in", profile: body({ chestCm: 98 }) },
    "M",
    "M: your chest (38.6 in) is within M's 37.8–39.8 in.",
  ],
];

describe("recommendSize", () => {
  it.each(cases)("%s", (_what, input, size, reason) => {
    const result = recommendSize({ chart: tops, ...input });
    expect(result).toEqual({ size, reason });
  });
});

describe("estimateGirths", () => {
  it.each([
    [175, 75, { chest: 98.2, waist: 85.1, hip: 100.2 }],
    [160, 55, { chest: 87.9, waist: 76.2, hip: 89.7 }],
    [190, 110, { chest: 114.1, waist: 98.9, hip: 116.4 }],
  ])("%s cm and %s kg", (height, weight, girths) => {
    expect(estimateGirths(height, weight)).toEqual(girths);
  });

  it("grows with weight and shrinks with height", () => {
    expect(estimateGirths(175, 85).chest).toBeGreaterThan(estimateGirths(175, 75).chest);
    expect(estimateGirths(185, 75).chest).toBeLessThan(estimateGirths(175, 75).chest);
  });
});

describe("buyersLean", () => {
  it.each([
    ["no reviews", undefined, null],
    ["4 answers all small", [votes(4, 0, 0)], null],
    ["5 answers, 3 small", [votes(3, 2, 0)], "small"],
    ["5 answers, 2 small", [votes(2, 3, 0)], null],
    ["summed over sizes", [votes(2, 0, 0, "S"), votes(2, 1, 0, "L")], "small"],
    ["runs large", [votes(1, 1, 6)], "large"],
    ["a tie", [votes(3, 0, 3)], null],
  ] as const)("%s", (_what, reviews, lean) => {
    expect(buyersLean(reviews as SizeReviewStats[] | undefined)).toBe(lean);
  });

  it("counts each unit returned as too small or too large as a buyer's answer", () => {
    // 2 reviews say true to size; 3 units came back too small: 3 of 5 lean small.
    expect(buyersLean([votes(0, 2, 0)], { tooSmall: 3, tooLarge: 0 })).toBe("small");
    expect(buyersLean([votes(0, 2, 0)], { tooSmall: 2, tooLarge: 0 })).toBe(null);
    // Returns alone, without any review.
    expect(buyersLean(undefined, { tooSmall: 0, tooLarge: 5 })).toBe("large");
    expect(buyersLean([votes(3, 0, 0)], { tooSmall: 0, tooLarge: 3 })).toBe(null);
  });
});

describe("chartCanRecommend", () => {
  it("needs a chest, waist or hip column and a row", () => {
    expect(chartCanRecommend(tops)).toBe(true);
    expect(chartCanRecommend(hipsOnly)).toBe(true);
    expect(chartCanRecommend(lengthsOnly)).toBe(false);
    expect(chartCanRecommend({ ...tops, rows: [] })).toBe(false);
    expect(chartCanRecommend(null)).toBe(false);
  });
});
