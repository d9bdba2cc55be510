import { count, desc, eq, type SQL } from "drizzle-orm";
import { products, reviews, type ReviewStatus } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import { isReviewStatus, REVIEW_STATUSES } from "./review-rules";

/** The back office's review queue (issue 29): newest first, by status, 20 a page. */
export const REVIEW_PAGE_SIZE = 20;

export interface ReviewListQuery {
  status: ReviewStatus | null;
  page: number;
}

export function parseReviewListQuery(params: URLSearchParams): ReviewListQuery {
  const status = params.get("status");
  const page = Number(params.get("page") ?? "1");
  return {
    status: isReviewStatus(status) ? status : null,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

export async function listReviews(db: Db, query: ReviewListQuery) {
  const where: SQL | undefined = query.status ? eq(reviews.status, query.status) : undefined;
  const [rows, counts] = await Promise.all([
    db
      .select({
        id: reviews.id,
        productName: products.name,
        productSlug: products.slug,
        size: reviews.size,
        color: reviews.color,
        rating: reviews.rating,
        fit: reviews.fit,
        title: reviews.title,
        body: reviews.body,
        authorName: reviews.authorName,
        verified: reviews.verified,
        photos: reviews.photos,
        status: reviews.status,
        hiddenReason: reviews.hiddenReason,
        reply: reviews.reply,
        source: reviews.source,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(REVIEW_PAGE_SIZE)
      .offset((query.page - 1) * REVIEW_PAGE_SIZE),
    db.select({ status: reviews.status, n: count() }).from(reviews).groupBy(reviews.status),
  ]);
  const byStatus = Object.fromEntries(REVIEW_STATUSES.map((s) => [s, 0])) as Record<ReviewStatus, number>;
  for (const row of counts) if (isReviewStatus(row.status)) byStatus[row.status] = Number(row.n);
  const total = query.status ? byStatus[query.status] : Object.values(byStatus).reduce((a, b) => a + b, 0);
  return {
    rows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    counts: byStatus,
    total,
    pageCount: Math.max(1, Math.ceil(total / REVIEW_PAGE_SIZE)),
  };
}
export type ReviewListPage = Awaited<ReturnType<typeof listReviews>>;
