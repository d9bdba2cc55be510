import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { products } from "./catalog";
import { orderItems, orders } from "./orders";
import type { FitVote, ReviewStatus } from "./size-charts";

/**
 * A review of a product. A shopper's review is tied to the order line it reviews (one per line, the
 * unique `order_item_id`) and is `verified` because that line was bought and delivered; the demo
 * catalogue's reviews have no line and are never verified. Text is plain text, bounded by checks.
 * Only `published` reviews count in the product's `rating`/`review_count` and in `review_stats`, which
 * the review's write keeps in its own transaction (app/modules/reviews/review-store.server.ts).
 */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** The author; null once the account is deleted (the review stays, signed with its name). */
    userId: text().references(() => user.id, { onDelete: "set null" }),
    orderId: uuid().references(() => orders.id, { onDelete: "set null" }),
    orderItemId: uuid().references(() => orderItems.id, { onDelete: "set null" }),
    /** The size bought ('' for a product without sizes), filled in from the order line. */
    size: text().notNull().default(""),
    color: text().notNull().default(""),
    rating: smallint().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    fit: text().$type<FitVote>(),
    /** How the review is signed: the author's first name and initial, as written. */
    authorName: text().notNull(),
    /** True only for a review of an order line that was bought and delivered: 'Verified buyer'. */
    verified: boolean().notNull().default(false),
    /** Photo paths the image pipeline gave (/media/…), at most 4. */
    photos: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text().$type<ReviewStatus>().notNull().default("published"),
    /** Why the owner hid it (shown to the owner only). */
    hiddenReason: text(),
    /** The owner's public reply. */
    reply: text(),
    repliedAt: timestamp({ withTimezone: true }),
    helpfulCount: integer().notNull().default(0),
    source: text().$type<"customer" | "demo">().notNull().default("customer"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("reviews_rating_check", sql`${t.rating} between 1 and 5`),
    check("reviews_title_check", sql`char_length(${t.title}) between 1 and 120`),
    check("reviews_body_check", sql`char_length(${t.body}) between 1 and 4000`),
    check("reviews_author_check", sql`char_length(${t.authorName}) between 1 and 60`),
    check("reviews_fit_check", sql`${t.fit} is null or ${t.fit} in ('small', 'true', 'large')`),
    check("reviews_status_check", sql`${t.status} in ('published', 'held', 'hidden')`),
    check("reviews_source_check", sql`${t.source} in ('customer', 'demo')`),
    check("reviews_photos_check", sql`cardinality(${t.photos}) <= 4`),
    check("reviews_reply_check", sql`${t.reply} is null or char_length(${t.reply}) <= 2000`),
    check("reviews_helpful_check", sql`${t.helpfulCount} >= 0`),
    // A customer's review names its order line: one review per line.
    uniqueIndex("reviews_order_item_key").on(t.orderItemId),
    // The product page's lists: newest and most helpful, published only.
    index("reviews_product_newest_idx")
      .on(t.productId, t.createdAt.desc(), t.id)
      .where(sql`${t.status} = 'published'`),
    index("reviews_product_helpful_idx")
      .on(t.productId, t.helpfulCount.desc(), t.createdAt.desc(), t.id)
      .where(sql`${t.status} = 'published'`),
    // The back office's queue, newest first, by status.
    index("reviews_status_created_idx").on(t.status, t.createdAt.desc()),
    index("reviews_user_idx").on(t.userId, t.createdAt.desc()),
  ],
);

/**
 * 'Was this helpful?': one vote per visitor and review. The voter is the account's id when signed in,
 * else a signed visitor cookie's id (hashed), so a reload cannot vote twice.
 */
export const reviewVotes = pgTable(
  "review_votes",
  {
    reviewId: uuid()
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    voter: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.voter] })],
);

/**
 * The published reviews of a product summed per size ('' for reviews without one): star counts and fit
 * votes. The product page's distribution and fit summary, the recommendation and the owner's fit
 * analytics read these sums instead of scanning reviews; the review's write keeps them.
 */
export const reviewStats = pgTable(
  "review_stats",
  {
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: text().notNull(),
    reviews: integer().notNull().default(0),
    ratingSum: integer().notNull().default(0),
    stars1: integer().notNull().default(0),
    stars2: integer().notNull().default(0),
    stars3: integer().notNull().default(0),
    stars4: integer().notNull().default(0),
    stars5: integer().notNull().default(0),
    runsSmall: integer().notNull().default(0),
    trueToSize: integer().notNull().default(0),
    runsLarge: integer().notNull().default(0),
    withPhotos: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.size] })],
);

/**
 * Review requests sent after delivery: one per order (the order id is the key), so a second delivery
 * event or a retried job cannot ask twice.
 */
export const reviewRequests = pgTable("review_requests", {
  orderId: uuid()
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  /** 'queued' (messages written to the outbox) or 'skipped' (every line already reviewed). */
  outcome: text().$type<"queued" | "skipped">().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
