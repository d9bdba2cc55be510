/**
 * The owner's fit analytics (issue 29), as pure rules: when a product (or one of its sizes) is flagged
 * 'runs small' or 'runs large', its average rating, and the order of the table. No server imports: the
 * page uses them too. The figures come from `review_stats` (fit-analytics.server.ts), and from returns
 * (issue 30): a unit returned as 'Too small' is one more answer 'runs small', 'Too large' one more
 * 'runs large' (withFitReturns), toward the same lean (fit-lean.ts: 5 answers, 60 %).
 */

export { FIT_FLAG_MIN_ANSWERS, FIT_FLAG_SHARE, fitFlag, type FitFlag, type FitVotes } from "~/modules/fit/fit-lean";
import { fitFlag, type FitVotes } from "~/modules/fit/fit-lean";

/** The units of a product (or a size) returned as 'Too small' and 'Too large' (returns not refused or cancelled). */
export interface FitReturns {
  tooSmall: number;
  tooLarge: number;
}

export const NO_FIT_RETURNS: FitReturns = { tooSmall: 0, tooLarge: 0 };

/**
 * The fit answers with the size returns counted in: each unit sent back as too small says the product
 * runs small, as a buyer's 'runs small' answer does; each too large one, that it runs large. A return
 * never says 'true to size' (a shopper it fitted keeps it).
 */
export function withFitReturns(votes: FitVotes, returns: FitReturns): FitVotes {
  return {
    runsSmall: votes.runsSmall + returns.tooSmall,
    trueToSize: votes.trueToSize,
    runsLarge: votes.runsLarge + returns.tooLarge,
  };
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
