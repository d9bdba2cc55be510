import type { FitVote, SizeReviewStats } from "~/modules/fit/fit-types";

/**
 * What the product page says of a product's published reviews (issue 29), computed from the stored
 * per-size sums (`review_stats`, on `ProductDetail.reviewStats`) and never from the reviews themselves:
 * the average and count, the distribution of stars, the fit summary per size and overall. Pure, shared by
 * the server's render and the browser's hydration.
 */

/** How a review's fit answer reads on its own ('Runs small'). */
export const FIT_LABELS: Readonly<Record<FitVote, string>> = {
  small: "Runs small",
  true: "True to size",
  large: "Runs large",
};

/** How the leaning answer reads inside a summary line ('58% runs small'). */
const FIT_WORDS: Readonly<Record<FitVote, string>> = {
  small: "runs small",
  true: "true to size",
  large: "runs large",
};

export type StarCount = 1 | 2 | 3 | 4 | 5;

/** One bar of the distribution: how many reviews gave `stars`, and their share of all (rounded %). */
export interface StarShare {
  stars: StarCount;
  count: number;
  percent: number;
}

/** Where the fit answers lean: the leading answer, how many gave it, of how many answers. */
export interface FitLean {
  vote: FitVote;
  count: number;
  /** Reviews that answered how it fit (the line's 'n reviews'). */
  answers: number;
  /** The leading answer's share of the answers, rounded to a whole percent. */
  percent: number;
}

export interface SizeFit extends FitLean {
  size: string;
  /** 'Size M — 12 reviews: 58% runs small'. */
  text: string;
}

export interface ReviewSummary {
  /** Published reviews. */
  count: number;
  /** Their average rating to one decimal (as `products.rating` stores it); 0 without reviews. */
  average: number;
  /** Five bars, 5 stars first. */
  distribution: StarShare[];
  /** The fit summary per size, in the product's size order; sizes without fit answers are left out. */
  sizeFits: SizeFit[];
  /** All sizes' fit answers together; null when nobody answered. */
  overallFit: (FitLean & { text: string }) | null;
  /** The sizes reviewed (for the size filter), in the product's order; '' (no size) left out. */
  sizes: string[];
  /** Published reviews with at least one photo. */
  withPhotos: number;
}

/** `part` of `whole` as a whole percent (0 when there is no whole). */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part * 100) / whole) : 0;
}

/**
 * The leaning answer of some fit answers, or null when there are none. On a tie 'true to size' wins
 * (the shopper is told nothing is off), then 'runs small' before 'runs large'.
 */
export function fitLean(runsSmall: number, trueToSize: number, runsLarge: number): FitLean | null {
  const answers = runsSmall + trueToSize + runsLarge;
  if (answers <= 0) return null;
  let vote: FitVote = "true";
  let count = trueToSize;
  if (runsSmall > count) [vote, count] = ["small", runsSmall];
  if (runsLarge > count) [vote, count] = ["large", runsLarge];
  return { vote, count, answers, percent: percentOf(count, answers) };
}

const reviewsWord = (n: number) => `${n} ${n === 1 ? "review" : "reviews"}`;

/** 'Size M — 12 reviews: 58% runs small' (the reviews that answered how it fit). */
export function sizeFitText(size: string, lean: FitLean): string {
  return `Size ${size} — ${reviewsWord(lean.answers)}: ${lean.percent}% ${FIT_WORDS[lean.vote]}`;
}

/** 'Overall — 40 reviews: 55% true to size'. */
export function overallFitText(lean: FitLean): string {
  return `Overall — ${reviewsWord(lean.answers)}: ${lean.percent}% ${FIT_WORDS[lean.vote]}`;
}

/** The average of `ratingSum` over `reviews` to one decimal, rounded half up in integers (as PostgreSQL's round). */
export function averageRating(ratingSum: number, reviews: number): number {
  return reviews > 0 ? Math.round((ratingSum * 10) / reviews) / 10 : 0;
}

/** The product page's summary from the stored per-size sums (already in the product's size order). */
export function summarizeReviews(stats: readonly SizeReviewStats[]): ReviewSummary {
  let count = 0;
  let ratingSum = 0;
  let withPhotos = 0;
  const stars = [0, 0, 0, 0, 0];
  let small = 0;
  let fitsTrue = 0;
  let large = 0;
  const sizeFits: SizeFit[] = [];
  const sizes: string[] = [];
  for (const s of stats) {
    count += s.reviews;
    ratingSum += s.ratingSum;
    withPhotos += s.withPhotos;
    s.stars.forEach((n, i) => (stars[i]! += n));
    small += s.runsSmall;
    fitsTrue += s.trueToSize;
    large += s.runsLarge;
    if (s.size === "" || s.reviews <= 0) continue;
    sizes.push(s.size);
    const lean = fitLean(s.runsSmall, s.trueToSize, s.runsLarge);
    if (lean) sizeFits.push({ ...lean, size: s.size, text: sizeFitText(s.size, lean) });
  }
  const overall = fitLean(small, fitsTrue, large);
  return {
    count,
    average: averageRating(ratingSum, count),
    distribution: ([5, 4, 3, 2, 1] as const).map((n) => ({
      stars: n,
      count: stars[n - 1]!,
      percent: percentOf(stars[n - 1]!, count),
    })),
    sizeFits,
    overallFit: overall ? { ...overall, text: overallFitText(overall) } : null,
    sizes,
    withPhotos,
  };
}
