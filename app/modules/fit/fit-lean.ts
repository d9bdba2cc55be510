/**
 * When buyers say a product runs small or large (issue 29): one rule for the owner's fit flags
 * (analytics) and for 'Find my size', which moves its suggestion one size when the product's buyers
 * lean one way. Pure.
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
