/**
 * The owner's fit analytics (issue 29), as pure rules: when a product (or one of its sizes) is flagged
 * 'runs small' or 'runs large', its average rating, and the order of the table. No server imports: the
 * page uses them too. The figures come from `review_stats` (fit-analytics.server.ts).
 */

/** Fewer fit answers than this never flag: a couple of votes say nothing about a pattern. */
export const FIT_FLAG_MIN_ANSWERS = 5;
/** The share of the answers that must lean one way: 60 % (as a fraction, compared in integers). */
export const FIT_FLAG_SHARE = { numerator: 3, denominator: 5 } as const;

export type FitFlag = "runs small" | "runs large";

/** The fit answers of a product or a size: how many said it runs small, true to size, runs large. */
export interface FitVotes {
  runsSmall: number;
  trueToSize: number;
  runsLarge: number;
}

/** `part` is at least 60 % of `answers` (integer arithmetic: 3/5 is exactly 60 %, never 59.99…). */
function leans(part: number, answers: number): boolean {
  return part * FIT_FLAG_SHARE.denominator >= answers * FIT_FLAG_SHARE.numerator;
}

/**
 * 'runs small' / 'runs large' when at least 5 fit answers lean one way by 60 % or more; null otherwise
 * (too few answers, true to size, or split). Two ways cannot both reach 60 %.
 */
export function fitFlag(votes: FitVotes): FitFlag | null {
  const answers = votes.runsSmall + votes.trueToSize + votes.runsLarge;
  if (answers < FIT_FLAG_MIN_ANSWERS) return null;
  if (leans(votes.runsSmall, answers)) return "runs small";
  if (leans(votes.runsLarge, answers)) return "runs large";
  return null;
}

/** The average of `reviews` ratings summing to `ratingSum`, to one decimal (half up); 0 without reviews. */
export function averageRating(ratingSum: number, reviews: number): number {
  if (reviews <= 0) return 0;
  return Math.round((ratingSum * 10) / reviews) / 10;
}

/** A share of the fit answers as a whole percentage ('58%'), '—' without answers. */
export function fitShare(part: number, votes: FitVotes): string {
  const answers = votes.runsSmall + votes.trueToSize + votes.runsLarge;
  return answers === 0 ? "—" : `${Math.round((part * 100) / answers)}%`;
}

/** The products the table shows per page. */
export const FIT_TABLE_PAGE_SIZE = 50;

/** Code-point order, as PostgreSQL's C collation sorts (the same on every machine). */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Flagged products first, then the most reviewed, then by name, then by id: a total order. */
export function rankFitProducts<T extends FitVotes & { reviews: number; name: string; productId: string }>(
  rows: readonly T[],
): T[] {
  return [...rows].sort(
    (a, b) =>
      Number(fitFlag(b) !== null) - Number(fitFlag(a) !== null) ||
      b.reviews - a.reviews ||
      compareText(a.name, b.name) ||
      compareText(a.productId, b.productId),
  );
}

/** The page asked for (`?fitPage=`), clamped to the pages there are; 1 for anything else. */
export function fitPageOf(value: string | null, total: number): number {
  const pages = Math.max(1, Math.ceil(total / FIT_TABLE_PAGE_SIZE));
  const page = value && /^\d{1,6}$/.test(value) ? Number(value) : 1;
  return Math.min(Math.max(page, 1), pages);
}
