import { describe, expect, it } from "vitest";
import type { SizeReviewStats } from "~/modules/fit/fit-types";
import { averageRating, fitLean, sizeFitText, summarizeReviews } from "~/modules/reviews/review-summary";
import {
  canonicalReviewsSearch,
  DEFAULT_REVIEW_QUERY,
  parseReviewQuery,
  reviewsHref,
  totalFromStats,
} from "~/modules/reviews/review-query";

const stats = (size: string, fields: Partial<SizeReviewStats> = {}): SizeReviewStats => ({
  size,
  reviews: 0,
  ratingSum: 0,
  stars: [0, 0, 0, 0, 0],
  runsSmall: 0,
  trueToSize: 0,
  runsLarge: 0,
  withPhotos: 0,
  ...fields,
});

describe("the fit summary per size", () => {
  it("says 'Size M — 12 reviews: 58% runs small' for 7 of 12 answers", () => {
    const lean = fitLean(7, 4, 1)!;
    expect(lean).toEqual({ vote: "small", count: 7, answers: 12, percent: 58 });
    expect(sizeFitText("M", lean)).toBe("Size M — 12 reviews: 58% runs small");
  });

  it("says 'true to size' when that leads, and on a tie with either side", () => {
    expect(sizeFitText("S", fitLean(1, 3, 1)!)).toBe("Size S — 5 reviews: 60% true to size");
    expect(fitLean(2, 2, 0)!.vote).toBe("true");
    expect(fitLean(0, 2, 2)!.vote).toBe("true");
    expect(fitLean(3, 0, 3)!.vote).toBe("small");
    expect(sizeFitText("XL", fitLean(0, 0, 2)!)).toBe("Size XL — 2 reviews: 100% runs large");
  });

  it("is singular for one review and omits sizes nobody answered", () => {
    const summary = summarizeReviews([
      stats("S", { reviews: 1, ratingSum: 4, stars: [0, 0, 0, 1, 0], runsLarge: 1 }),
      stats("M", { reviews: 2, ratingSum: 10, stars: [0, 0, 0, 0, 2] }),
      stats("", { reviews: 1, ratingSum: 3, stars: [0, 0, 1, 0, 0], trueToSize: 1 }),
    ]);
    expect(summary.sizeFits.map((f) => f.text)).toEqual(["Size S — 1 review: 100% runs large"]);
    // The sizes reviewed, for the size filter: M has reviews but no fit answers; '' is no size.
    expect(summary.sizes).toEqual(["S", "M"]);
    // Overall counts every answer, the size-less review's too: 1 large, 1 true → true to size.
    expect(summary.overallFit).toMatchObject({ vote: "true", answers: 2, percent: 50 });
    expect(summary.overallFit!.text).toBe("Overall — 2 reviews: 50% true to size");
  });
});

describe("the average, count and distribution", () => {
  it("sums the sizes and rounds the average as PostgreSQL does (half up, in integers)", () => {
    const summary = summarizeReviews([
      stats("S", { reviews: 12, ratingSum: 48, stars: [1, 1, 2, 2, 6], withPhotos: 2 }),
      stats("M", { reviews: 8, ratingSum: 41, stars: [0, 0, 0, 1, 7], withPhotos: 1 }),
    ]);
    expect(summary.count).toBe(20);
    // 89 / 20 = 4.45 → 4.5 (a float division would give 4.4)
    expect(summary.average).toBe(4.5);
    expect(summary.withPhotos).toBe(3);
    expect(summary.distribution).toEqual([
      { stars: 5, count: 13, percent: 65 },
      { stars: 4, count: 3, percent: 15 },
      { stars: 3, count: 2, percent: 10 },
      { stars: 2, count: 1, percent: 5 },
      { stars: 1, count: 1, percent: 5 },
    ]);
    expect(averageRating(0, 0)).toBe(0);
    expect(averageRating(14, 3)).toBe(4.7);
  });

  it("is empty without reviews", () => {
    const summary = summarizeReviews([]);
    expect(summary).toMatchObject({ count: 0, average: 0, sizeFits: [], overallFit: null, sizes: [] });
    expect(summary.distribution.every((d) => d.count === 0 && d.percent === 0)).toBe(true);
  });
});

describe("the reviews' query in the URL", () => {
  it("reads its parameters leniently: nonsense is ignored", () => {
    const q = (search: string) => parseReviewQuery(new URLSearchParams(search));
    expect(q("")).toEqual(DEFAULT_REVIEW_QUERY);
    expect(q("reviews_rating=4&reviews_size=M&reviews_photos=1&reviews_sort=helpful&reviews_page=3")).toEqual({
      rating: 4,
      size: "M",
      photos: true,
      sort: "helpful",
      page: 3,
    });
    expect(q("reviews_rating=9&reviews_size=%20&reviews_sort=best&reviews_page=-2&reviews_photos=yes")).toEqual(
      DEFAULT_REVIEW_QUERY,
    );
    // The page's own ?size= (a colour switch's preselected size) is not a review filter.
    expect(q("size=M").size).toBeNull();
  });

  it("writes a view's URL short, keeping the page's other parameters, ending at the list", () => {
    const current = new URLSearchParams("size=M&reviews_page=4");
    expect(reviewsHref("/product/tee", current, { ...DEFAULT_REVIEW_QUERY, rating: 5 })).toBe(
      "/product/tee?size=M&reviews_rating=5#reviews-list",
    );
    expect(reviewsHref("/product/tee", new URLSearchParams(), DEFAULT_REVIEW_QUERY)).toBe("/product/tee#reviews-list");
  });

  it("sends a URL written another way (a form's empty fields, defaults) to the one way, and leaves that alone", () => {
    const params = new URLSearchParams("size=M&reviews_rating=&reviews_size=L&reviews_sort=newest");
    const canonical = canonicalReviewsSearch(params, parseReviewQuery(params));
    expect(canonical).toBe("?size=M&reviews_size=L");
    const again = new URLSearchParams(canonical!);
    expect(canonicalReviewsSearch(again, parseReviewQuery(again))).toBeNull();
    const none = new URLSearchParams("reviews_page=1");
    expect(canonicalReviewsSearch(none, parseReviewQuery(none))).toBe("");
  });

  it("counts the matching reviews from the stored sums, except photos with a rating", () => {
    const all = [
      stats("S", { reviews: 3, stars: [1, 0, 0, 0, 2], withPhotos: 1 }),
      stats("M", { reviews: 5, stars: [0, 1, 1, 1, 2], withPhotos: 2 }),
    ];
    const total = (q: Partial<typeof DEFAULT_REVIEW_QUERY>) => totalFromStats(all, { ...DEFAULT_REVIEW_QUERY, ...q });
    expect(total({})).toBe(8);
    expect(total({ rating: 5 })).toBe(4);
    expect(total({ size: "M" })).toBe(5);
    expect(total({ size: "M", rating: 1 })).toBe(0);
    expect(total({ photos: true })).toBe(3);
    expect(total({ photos: true, size: "S" })).toBe(1);
    expect(total({ size: "XXL" })).toBe(0);
    expect(total({ photos: true, rating: 5 })).toBeNull();
  });
});
