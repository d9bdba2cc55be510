import { and, asc, count, eq, sql, type SQL } from "drizzle-orm";
import { reviews } from "#db/schema";
import type { Db } from "~/lib/db/client.server";
import type { EventBus } from "~/lib/events.server";
import type { ReadCache } from "~/lib/read-cache.server";
import type { FitVote, SizeReviewStats } from "~/modules/fit/fit-types";
import { reviewPageCount, REVIEWS_PAGE_SIZE, totalFromStats, type ReviewQuery } from "./review-query";

/**
 * The product page's list of reviews (issue 29): a page of a product's published reviews, filtered and
 * sorted, read off the partial indexes `reviews_product_newest_idx` (product, newest first) and
 * `reviews_product_helpful_idx` (product, most helpful first), both over published reviews only, so a
 * page costs the rows it shows, whatever the product holds. How many match comes from the stored sums
 * when they can say it (`totalFromStats`). Held and hidden reviews are never read here.
 */

/** A published review as the storefront shows it. Plain text only: the page renders every field as text. */
export interface PublicReview {
  id: string;
  authorName: string;
  /** True only for a review of a line bought and delivered: 'Verified buyer'. */
  verified: boolean;
  rating: number;
  title: string;
  body: string;
  /** The size bought; '' for a product without sizes. */
  size: string;
  fit: FitVote | null;
  photos: string[];
  /** When it was written (ISO). */
  date: string;
  helpfulCount: number;
  /** The owner's public reply. */
  reply: { text: string; date: string | null } | null;
}

export interface ReviewPage {
  query: ReviewQuery;
  reviews: PublicReview[];
  /** Reviews matching the filters. */
  total: number;
  /** The page shown (the query's, brought back to the last page when it asked for more). */
  page: number;
  pageCount: number;
}

export const emptyReviewPage = (query: ReviewQuery): ReviewPage => ({
  query,
  reviews: [],
  total: 0,
  page: 1,
  pageCount: 0,
});

/** The partial indexes' predicate, written as they are, so the planner can use them for any product. */
const PUBLISHED = sql`${reviews.status} = 'published'`;

function conditions(productId: string, query: ReviewQuery): SQL {
  const where: SQL[] = [eq(reviews.productId, productId), PUBLISHED];
  if (query.rating !== null) where.push(eq(reviews.rating, query.rating));
  if (query.size !== null) where.push(eq(reviews.size, query.size));
  if (query.photos) where.push(sql`cardinality(${reviews.photos}) > 0`);
  return and(...where)!;
}

/**
 * The order of each sort, written exactly as its index is (`DESC NULLS LAST`: a plain `DESC` sorts nulls
 * first, and the planner would not read the index for it, though the columns are never null).
 */
const newestFirst = sql`${reviews.createdAt} desc nulls last`;
function orderOf(query: ReviewQuery) {
  return query.sort === "helpful"
    ? [sql`${reviews.helpfulCount} desc nulls last`, newestFirst, asc(reviews.id)]
    : [newestFirst, asc(reviews.id)];
}

/** The statement of one page (exported for the index check: EXPLAIN of exactly what runs). */
export function reviewPageStatement(db: Db, productId: string, query: ReviewQuery, page: number) {
  return db
    .select({
      id: reviews.id,
      authorName: reviews.authorName,
      verified: reviews.verified,
      rating: reviews.rating,
      title: reviews.title,
      body: reviews.body,
      size: reviews.size,
      fit: reviews.fit,
      photos: reviews.photos,
      createdAt: reviews.createdAt,
      helpfulCount: reviews.helpfulCount,
      reply: reviews.reply,
      repliedAt: reviews.repliedAt,
    })
    .from(reviews)
    .where(conditions(productId, query))
    .orderBy(...orderOf(query))
    .limit(REVIEWS_PAGE_SIZE)
    .offset((page - 1) * REVIEWS_PAGE_SIZE);
}

/** A photo the image pipeline stored is a path of this site; anything else is not shown. */
const isSitePath = (src: string) => /^\/[^/\\]/.test(src) && !/[\s"'<>]/.test(src);

/**
 * A page of a product's published reviews. `stats` are the product's stored sums (`ProductDetail.reviewStats`),
 * which say how many match without counting reviews, for every filter but photos with a rating.
 */
export async function readReviewPage(
  db: Db,
  productId: string,
  stats: readonly SizeReviewStats[],
  query: ReviewQuery,
): Promise<ReviewPage> {
  const total =
    totalFromStats(stats, query) ??
    Number((await db.select({ n: count() }).from(reviews).where(conditions(productId, query)))[0]?.n ?? 0);
  if (total === 0) return emptyReviewPage(query);
  const pageCount = reviewPageCount(total);
  const page = Math.min(query.page, pageCount);
  const rows = await reviewPageStatement(db, productId, query, page);
  return {
    query,
    total,
    page,
    pageCount,
    reviews: rows.map((r) => ({
      id: r.id,
      authorName: r.authorName,
      verified: r.verified,
      rating: r.rating,
      title: r.title,
      body: r.body,
      size: r.size,
      fit: r.fit,
      photos: r.photos.filter(isSitePath),
      date: r.createdAt.toISOString(),
      helpfulCount: r.helpfulCount,
      reply: r.reply ? { text: r.reply, date: r.repliedAt?.toISOString() ?? null } : null,
    })),
  };
}

export interface ReviewReads {
  /** A page of the product's published reviews (cached like the product's own read). */
  page(product: { id: string; reviewStats: readonly SizeReviewStats[] }, query: ReviewQuery): Promise<ReviewPage>;
}

/** The first pages are kept; deeper pages and odd sizes are read each time, so odd URLs cannot fill the cache. */
const CACHED_PAGES = 5;

/**
 * The reviews' reads, cached in process like the catalogue's (the same lifetime as a cached page) and
 * emptied with them when `catalog.changed` is announced: a review's write, its moderation and its owner's
 * reply announce it once committed, so a new review shows at once. Helpful votes do not announce (a
 * visitor's click must not empty every cache of the shop): a page's helpful counts may be as old as a
 * cached page's lifetime (PAGE_CACHE_SECONDS).
 */
export function createReviewReads({ db, events, cache }: { db: Db; events: EventBus; cache: ReadCache }): ReviewReads {
  events.on("catalog.changed", () => cache.clear());
  return {
    page(product, query) {
      if (product.reviewStats.length === 0) return Promise.resolve(emptyReviewPage(query));
      const known = query.size === null || product.reviewStats.some((s) => s.size === query.size);
      if (!known) return Promise.resolve(emptyReviewPage(query));
      const load = () => readReviewPage(db, product.id, product.reviewStats, query);
      if (query.page > CACHED_PAGES) return load();
      const key = `reviews:${product.id}:${query.rating ?? ""}:${query.size ?? ""}:${query.photos ? 1 : 0}:${query.sort}:${query.page}`;
      return cache.get(key, load);
    },
  };
}
