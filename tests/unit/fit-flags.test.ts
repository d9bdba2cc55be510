import { describe, expect, it } from "vitest";
import {
  averageRating,
  fitFlag,
  fitPageOf,
  fitShare,
  FIT_TABLE_PAGE_SIZE,
  rankFitProducts,
  type FitFlag,
} from "~/modules/analytics/fit-flags";

describe("the fit flag: at least 5 fit answers leaning one way by 60% or more", () => {
  const cases: Array<[string, [small: number, trueToSize: number, large: number], FitFlag | null]> = [
    ["exactly 5 answers, 3 small (60%): flagged", [3, 2, 0], "runs small"],
    ["exactly 5 answers, 3 large (60%): flagged", [0, 2, 3], "runs large"],
    ["4 answers, all small: too few", [4, 0, 0], null],
    ["4 answers, all large: too few", [0, 0, 4], null],
    ["5 answers, 2 small (40%): not enough", [2, 3, 0], null],
    ["59 of 100 small (59%): not enough", [59, 41, 0], null],
    ["60 of 100 small: flagged", [60, 40, 0], "runs small"],
    ["59 of 100 large (59%): not enough", [0, 41, 59], null],
    ["60 of 100 large: flagged", [0, 40, 60], "runs large"],
    ["a tie between small and large: no flag", [3, 0, 3], null],
    ["a tie small / true to size: no flag", [5, 5, 0], null],
    ["a three-way tie: no flag", [2, 2, 2], null],
    ["mostly true to size: no flag", [1, 8, 1], null],
    ["no answers at all", [0, 0, 0], null],
    ["every answer small", [12, 0, 0], "runs small"],
    ["3 of 5 small even with large votes", [3, 0, 2], "runs small"],
    ["5 of 8 small (62.5%)", [5, 2, 1], "runs small"],
    ["4 of 7 large (57.1%)", [1, 2, 4], null],
  ];
  it.each(cases)("%s", (_name, [runsSmall, trueToSize, runsLarge], expected) => {
    expect(fitFlag({ runsSmall, trueToSize, runsLarge })).toBe(expected);
  });
});

describe("the figures of a row", () => {
  it("averages ratings to one decimal, half up; 0 without reviews", () => {
    expect(averageRating(0, 0)).toBe(0);
    expect(averageRating(9, 2)).toBe(4.5);
    expect(averageRating(13, 3)).toBe(4.3); // 4.333…
    expect(averageRating(29, 6)).toBe(4.8); // 4.8333…
    expect(averageRating(9, 4)).toBe(2.3); // 2.25 → 2.3
    expect(averageRating(5, 1)).toBe(5);
  });
  it("shows a vote's share of the fit answers, '—' without any", () => {
    expect(fitShare(7, { runsSmall: 7, trueToSize: 4, runsLarge: 1 })).toBe("58%");
    expect(fitShare(0, { runsSmall: 0, trueToSize: 0, runsLarge: 0 })).toBe("—");
    expect(fitShare(1, { runsSmall: 1, trueToSize: 2, runsLarge: 0 })).toBe("33%");
  });
});

describe("the order of the table", () => {
  const row = (productId: string, name: string, reviews: number, votes: [number, number, number]) => ({
    productId,
    name,
    reviews,
    runsSmall: votes[0],
    trueToSize: votes[1],
    runsLarge: votes[2],
  });
  it("puts flagged products first, then the most reviewed, then by name and id", () => {
    const ranked = rankFitProducts([
      row("a", "Busy tee", 40, [1, 30, 1]),
      row("b", "Small jeans", 6, [5, 1, 0]),
      row("c", "Large coat", 9, [0, 3, 6]),
      row("d", "Alpha", 3, [0, 0, 0]),
      row("e", "Alpha", 3, [0, 0, 0]),
      row("f", "Beta", 3, [0, 0, 0]),
    ]);
    expect(ranked.map((r) => r.productId)).toEqual(["c", "b", "a", "d", "e", "f"]);
  });
  it("reads the page asked for, clamped to the pages there are", () => {
    const total = FIT_TABLE_PAGE_SIZE * 2 + 1; // 3 pages
    expect(fitPageOf(null, total)).toBe(1);
    expect(fitPageOf("2", total)).toBe(2);
    expect(fitPageOf("3", total)).toBe(3);
    expect(fitPageOf("9", total)).toBe(3);
    expect(fitPageOf("0", total)).toBe(1);
    expect(fitPageOf("-1", total)).toBe(1);
    expect(fitPageOf("2abc", total)).toBe(1);
    expect(fitPageOf("1e3", total)).toBe(1);
    expect(fitPageOf("5", 0)).toBe(1);
  });
});
