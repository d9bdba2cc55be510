import { and, eq, inArray, sql } from "drizzle-orm";
import { products, reviews, type FitVote, type ReviewStatus } from "#db/schema";
import type { Db, Tx } from "~/lib/db/client.server";

/**
 * The one way a review is written (issue 29): the shopper's form, the owner's moderation and the demo
 * catalogue's reviews all go through here, so a product's `rating`, `review_count` and its per-size sums
 * (`review_stats`) always equal what its published reviews say. Each write locks the product's row,
 * changes the review and recomputes that product's sums in the same transaction: concurrent reviews of
 * one product queue on the lock, and the sums are read by requests instead of scanning reviews.
 */

export interface NewReview {
  productId: string;
  userId: string | null;
  orderId: string | null;
  orderItemId: string | null;
  size: string;
  color: string;
  rating: number;
  title: string;
  body: string;
  fit: FitVote | null;
  authorName: string;
  verified: boolean;
  photos: string[];
  status: ReviewStatus;
  source: "customer" | "demo";
  createdAt?: Date;
}

/** What an author may change of their review. */
export interface ReviewEdit {
  rating: number;
  title: string;
  body: string;
  fit: FitVote | null;
  photos: string[];
  /** Set when the edit changes the status too (the owner's hold applies to edits). */
  status?: ReviewStatus;
}

/** Locks the product's row: the writes of one product's reviews queue here. */
async function lockProduct(tx: Tx, productId: string): Promise<void> {
  await tx.execute(sql`select 1 from ${products} where ${products.id} = ${productId} for update`);
}

/**
 * Recomputes the product's per-size sums and its rating and count from its published reviews. Called
 * with the product locked, in the transaction of the write that changed them.
 */
export async function refreshReviewStats(tx: Tx, productId: string): Promise<void> {
  await refreshReviewStatsOf(tx, [productId]);
}

/** The same for several products at once (the demo catalogue's load), in three statements. */
async function refreshReviewStatsOf(tx: Tx, productIds: readonly string[]): Promise<void> {
  const ids = sql`(${sql.join(
    productIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
  await tx.execute(sql`delete from review_stats where product_id in ${ids}`);
  await tx.execute(sql`
    insert into review_stats (product_id, size, reviews, rating_sum, stars1, stars2, stars3, stars4, stars5,
                              runs_small, true_to_size, runs_large, with_photos)
    select product_id, size, count(*), sum(rating),
           count(*) filter (where rating = 1), count(*) filter (where rating = 2), count(*) filter (where rating = 3),
           count(*) filter (where rating = 4), count(*) filter (where rating = 5),
           count(*) filter (where fit = 'small'), count(*) filter (where fit = 'true'), count(*) filter (where fit = 'large'),
           count(*) filter (where cardinality(photos) > 0)
    from reviews
    where product_id in ${ids} and status = 'published'
    group by product_id, size`);
  await tx.execute(sql`
    update products p set
      review_count = coalesce(s.reviews, 0),
      rating = coalesce(round(s.rating_sum::numeric / nullif(s.reviews, 0), 1), 0)
    from (select id from products where id in ${ids}) target
    left join (select product_id, sum(reviews) as reviews, sum(rating_sum) as rating_sum
               from review_stats where product_id in ${ids} group by product_id) s on s.product_id = target.id
    where p.id = target.id`);
}

/** Writes a new review and its product's sums; answers its id. */
export async function insertReview(tx: Tx, review: NewReview): Promise<string> {
  await lockProduct(tx, review.productId);
  const [row] = await tx
    .insert(reviews)
    .values({ ...review, createdAt: review.createdAt ?? new Date(), updatedAt: review.createdAt ?? new Date() })
    .returning({ id: reviews.id });
  await refreshReviewStats(tx, review.productId);
  return row!.id;
}

/** Changes an author's review (only theirs: `userId` must match); answers whether one was changed. */
export async function editReview(tx: Tx, reviewId: string, userId: string, edit: ReviewEdit): Promise<boolean> {
  const [found] = await tx
    .select({ productId: reviews.productId })
    .from(reviews)
    .where(and(eq(reviews.id, reviewId), eq(reviews.userId, userId)));
  if (!found) return false;
  await lockProduct(tx, found.productId);
  await tx
    .update(reviews)
    .set({ ...edit, updatedAt: new Date() })
    .where(and(eq(reviews.id, reviewId), eq(reviews.userId, userId)));
  await refreshReviewStats(tx, found.productId);
  return true;
}

/**
 * The owner's moderation: publish, hold or hide (with the reason shown to the owner). Answers the
 * product's id, or null for an unknown review.
 */
export async function setReviewStatus(
  tx: Tx,
  reviewId: string,
  status: ReviewStatus,
  hiddenReason: string | null,
): Promise<string | null> {
  const [found] = await tx.select({ productId: reviews.productId }).from(reviews).where(eq(reviews.id, reviewId));
  if (!found) return null;
  await lockProduct(tx, found.productId);
  await tx
    .update(reviews)
    .set({ status, hiddenReason: status === "hidden" ? hiddenReason : null, updatedAt: new Date() })
    .where(eq(reviews.id, reviewId));
  await refreshReviewStats(tx, found.productId);
  return found.productId;
}

/**
 * Writes the reviews in one transaction (the demo catalogue's, a test's): their products locked (in
 * one order, so two such writes cannot deadlock), the reviews inserted, and every product's sums
 * recomputed as `insertReview` does, once for all of them.
 */
export async function insertReviews(db: Db | Tx, list: NewReview[]): Promise<string[]> {
  if (list.length === 0) return [];
  const productIds = [...new Set(list.map((review) => review.productId))].sort();
  // Inside a transaction already (the demo catalogue's load), this is a savepoint.
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select 1 from ${products} where ${inArray(products.id, productIds)} order by ${products.id} for update`,
    );
    const ids: string[] = [];
    for (let i = 0; i < list.length; i += 500) {
      const rows = await tx
        .insert(reviews)
        .values(
          list.slice(i, i + 500).map((review) => ({
            ...review,
            createdAt: review.createdAt ?? new Date(),
            updatedAt: review.createdAt ?? new Date(),
          })),
        )
        .returning({ id: reviews.id });
      ids.push(...rows.map((row) => row.id));
    }
    await refreshReviewStatsOf(tx, productIds);
    return ids;
  });
}
