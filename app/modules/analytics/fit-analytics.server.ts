import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "~/lib/db/client.server";
import {
  averageRating,
  fitFlag,
  fitPageOf,
  FIT_TABLE_PAGE_SIZE,
  rankFitProducts,
  withFitReturns,
  type FitFlag,
  type FitReturns,
  type FitVotes,
} from "./fit-flags";
import { COUNTED_RETURN_STATUSES } from "./return-analytics";

/**
 * The owner's fit analytics (issue 29): per product and per size, the fit votes, the average rating and
 * the review count of its published reviews, and the products flagged 'runs small' / 'runs large'
 * (fit-flags.ts). Read from the stored sums (`review_stats`, kept by the review's write in its own
 * transaction), never from a scan of reviews: one grouped read of the sums for the ranking (a row per
 * size of every reviewed product: small beside the reviews themselves), then the sizes of the page's
 * products only. All time: the sums have no dates, so the page's date range does not apply.
 *
 * Returns (issue 30): the units returned as 'Too small' / 'Too large' (returns not refused or cancelled,
 * all time like the reviews) count as 'runs small' / 'runs large' answers of their product and size
 * (fit-flags.ts' withFitReturns): the votes shown and the flags include them, and `returned` says how many
 * of them came from returns. A product with such returns and no review is in the table too. Read grouped
 * from the returns' lines beside the sums (a row per returned product and size).
 */

export interface FitSizeFigures extends FitVotes {
  /** '' for the reviews of a product without sizes. */
  size: string;
  /** Of the votes, the units returned as too small / too large. */
  returned: FitReturns;
  reviews: number;
  averageRating: number;
  flag: FitFlag | null;
}

export interface FitProductFigures extends FitVotes {
  productId: string;
  name: string;
  slug: string;
  reviews: number;
  averageRating: number;
  flag: FitFlag | null;
  /** Of the votes, the units returned as too small / too large. */
  returned: FitReturns;
  sizes: FitSizeFigures[];
}

export interface FitAnalytics {
  /** The page's products: flagged first, then the most reviewed (fit-flags.ts' rankFitProducts). */
  products: FitProductFigures[];
  /** Products with at least one published review or size return. */
  total: number;
  /** Of those, how many have size returns but no review. */
  returnsOnly: number;
  /** Of those, how many are flagged. */
  flagged: number;
  page: number;
  pages: number;
  pageSize: number;
}

type Num = number | string | bigint | null;
const n = (value: Num | undefined) => Number(value ?? 0);

interface ProductRow {
  product_id: string;
  name: string;
  slug: string;
  reviews: Num;
  rating_sum: Num;
  runs_small: Num;
  true_to_size: Num;
  runs_large: Num;
  too_small: Num;
  too_large: Num;
}

interface SizeRow {
  product_id: string;
  size: string;
  reviews: Num;
  rating_sum: Num;
  runs_small: Num;
  true_to_size: Num;
  runs_large: Num;
  too_small: Num;
  too_large: Num;
}

const votesOf = (row: { runs_small: Num; true_to_size: Num; runs_large: Num }): FitVotes => ({
  runsSmall: n(row.runs_small),
  trueToSize: n(row.true_to_size),
  runsLarge: n(row.runs_large),
});

/** Returns in these states count (return-analytics.ts). */
const counted = sql.raw(COUNTED_RETURN_STATUSES.map((s) => `'${s}'`).join(", "));

const returnedOf = (row: { too_small: Num; too_large: Num }): FitReturns => ({
  tooSmall: n(row.too_small),
  tooLarge: n(row.too_large),
});

/**
 * The sums per product and size (review_stats) and the size returns per product and size, as one set:
 * `where` narrows both to some products.
 */
function fitRows(where: SQL) {
  return sql`
    with returned as (
      select ri.product_id, ri.size,
             coalesce(sum(ri.quantity) filter (where ri.reason = 'too_small'), 0)::bigint as too_small,
             coalesce(sum(ri.quantity) filter (where ri.reason = 'too_large'), 0)::bigint as too_large
        from return_items ri
        join returns r on r.id = ri.return_id
       where ri.reason in ('too_small', 'too_large') and ri.product_id is not null
         and r.status in (${counted})
       group by 1, 2
    )
    select s.product_id, s.size, s.reviews, s.rating_sum, s.runs_small, s.true_to_size, s.runs_large,
           0::bigint as too_small, 0::bigint as too_large
      from review_stats s
     where s.reviews > 0 and ${where}
    union all
    select s.product_id, s.size, 0, 0, 0, 0, 0, s.too_small, s.too_large
      from returned s
     where ${where}`;
}

/** The fit analytics' page `fitPage` (1 when absent or past the end). */
export async function fitAnalytics(db: Db, fitPage: string | null = null): Promise<FitAnalytics> {
  const rows = await queryRows<ProductRow>(
    db,
    sql`
      select s.product_id, p.name, p.slug, sum(s.reviews) as reviews, sum(s.rating_sum) as rating_sum,
             sum(s.runs_small) as runs_small, sum(s.true_to_size) as true_to_size, sum(s.runs_large) as runs_large,
             sum(s.too_small) as too_small, sum(s.too_large) as too_large
        from (${fitRows(sql`true`)}) as s
        join products p on p.id = s.product_id
       group by s.product_id, p.name, p.slug`,
  );
  const ranked = rankFitProducts(
    rows.map((row) => {
      const returned = returnedOf(row);
      const votes = withFitReturns(votesOf(row), returned);
      const reviews = n(row.reviews);
      return {
        productId: row.product_id,
        name: row.name,
        slug: row.slug,
        reviews,
        averageRating: averageRating(n(row.rating_sum), reviews),
        ...votes,
        returned,
        flag: fitFlag(votes),
      };
    }),
  );
  const total = ranked.length;
  const page = fitPageOf(fitPage, total);
  const shown = ranked.slice((page - 1) * FIT_TABLE_PAGE_SIZE, page * FIT_TABLE_PAGE_SIZE);
  const ids = shown.map((row) => row.productId);
  const sizes =
    ids.length === 0
      ? []
      : await queryRows<SizeRow>(
          db,
          sql`
            select s.product_id, s.size, sum(s.reviews) as reviews, sum(s.rating_sum) as rating_sum,
                   sum(s.runs_small) as runs_small, sum(s.true_to_size) as true_to_size,
                   sum(s.runs_large) as runs_large, sum(s.too_small) as too_small, sum(s.too_large) as too_large
              from (${fitRows(
                sql`s.product_id in (${sql.join(
                  ids.map((id) => sql`${id}::uuid`),
                  sql`, `,
                )})`,
              )}) as s
              join products p on p.id = s.product_id
             group by s.product_id, s.size, p.sizes
             order by s.product_id, coalesce(array_position(p.sizes, s.size), 2147483647), s.size`,
        );
  const bySize = new Map<string, FitSizeFigures[]>();
  for (const row of sizes) {
    const returned = returnedOf(row);
    const votes = withFitReturns(votesOf(row), returned);
    const reviews = n(row.reviews);
    const list = bySize.get(row.product_id) ?? [];
    list.push({
      size: row.size,
      returned,
      reviews,
      averageRating: averageRating(n(row.rating_sum), reviews),
      ...votes,
      flag: fitFlag(votes),
    });
    bySize.set(row.product_id, list);
  }
  return {
    products: shown.map((row) => ({ ...row, sizes: bySize.get(row.productId) ?? [] })),
    total,
    returnsOnly: ranked.filter((row) => row.reviews === 0).length,
    flagged: ranked.filter((row) => row.flag !== null).length,
    page,
    pages: Math.max(1, Math.ceil(total / FIT_TABLE_PAGE_SIZE)),
    pageSize: FIT_TABLE_PAGE_SIZE,
  };
}
