import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { orderItems, orders, products, reviews } from "#db/schema/index";
import type { Db, Tx } from "~/lib/db/client.server";
import { DomainError } from "~/lib/domain-error";
import { isUuid } from "~/lib/ids";
import type { ReviewLinks } from "./review-links.server";
import { authorNameOf, REVIEW_MESSAGES } from "./review-rules";

/**
 * Who may review which order line (issue 29). A line may be reviewed by the account whose order it is
 * (or by whoever holds the line's signed review link) only when its order was delivered, its product is
 * still in the shop, and it has no review yet. Every refusal is a DomainError with its message: 404 for
 * a line that does not exist (or a forged link), 403 for another account's line, an order not delivered
 * or an expired link, 409 for a line already reviewed. The size and colour come from the order line, the
 * signature from the order's address; such a review is the only one that is `verified`.
 */

export interface ReviewableLine {
  orderItemId: string;
  orderId: string;
  orderNumber: string;
  /** The order's account (null for a guest's order reviewed through its link). */
  userId: string | null;
  productId: string;
  productName: string;
  productSlug: string;
  imageUrl: string | null;
  size: string;
  color: string;
  /** 'Maya O.' */
  authorName: string;
}

type Reason = "LINE_NOT_FOUND" | "NOT_YOURS" | "NOT_DELIVERED" | "PRODUCT_GONE" | "ALREADY_REVIEWED" | "LINK";

const refuse = (code: "not-found" | "forbidden" | "conflict", message: string, reason: Reason) =>
  new DomainError<Reason>(code, message, { reason });

interface LineRow {
  orderItemId: string;
  orderId: string;
  orderNumber: string;
  userId: string | null;
  status: string;
  isTest: boolean;
  firstName: string | null;
  lastName: string | null;
  productId: string | null;
  productName: string | null;
  productSlug: string | null;
  lineName: string;
  imageUrl: string | null;
  productImage: string | null;
  size: string | null;
  color: string | null;
  reviewId: string | null;
}

async function readLine(db: Db | Tx, orderItemId: string): Promise<LineRow | null> {
  const [row] = await db
    .select({
      orderItemId: orderItems.id,
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      userId: orders.userId,
      status: orders.status,
      isTest: orders.isTest,
      firstName: sql<string | null>`${orders.shippingAddress} ->> 'firstName'`,
      lastName: sql<string | null>`${orders.shippingAddress} ->> 'lastName'`,
      productId: products.id,
      productName: products.name,
      productSlug: products.slug,
      lineName: orderItems.productName,
      imageUrl: orderItems.imageUrl,
      productImage: products.imageUrl,
      size: orderItems.size,
      color: orderItems.color,
      reviewId: reviews.id,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(reviews, eq(reviews.orderItemId, orderItems.id))
    .where(eq(orderItems.id, orderItemId));
  return row ?? null;
}

/** The checks after ownership, in the order a person would want to hear them. */
function reviewable(row: LineRow, accountName: string): ReviewableLine {
  if (row.status !== "delivered" || row.isTest) {
    throw refuse("forbidden", REVIEW_MESSAGES.notDelivered, "NOT_DELIVERED");
  }
  if (!row.productId || !row.productSlug) throw refuse("not-found", REVIEW_MESSAGES.productGone, "PRODUCT_GONE");
  if (row.reviewId) throw refuse("conflict", REVIEW_MESSAGES.alreadyReviewed, "ALREADY_REVIEWED");
  return {
    orderItemId: row.orderItemId,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    userId: row.userId,
    productId: row.productId,
    productName: row.productName ?? row.lineName,
    productSlug: row.productSlug,
    imageUrl: row.imageUrl ?? row.productImage,
    size: row.size ?? "",
    color: row.color ?? "",
    authorName: authorNameOf(row.firstName, row.lastName, accountName),
  };
}

/** A signed-in account's line (`/reviews/new?line=…`). */
export async function lineOfAccount(
  db: Db | Tx,
  account: { id: string; name: string },
  orderItemId: string,
): Promise<ReviewableLine> {
  if (!isUuid(orderItemId)) throw refuse("not-found", REVIEW_MESSAGES.lineNotFound, "LINE_NOT_FOUND");
  const row = await readLine(db, orderItemId);
  if (!row) throw refuse("not-found", REVIEW_MESSAGES.lineNotFound, "LINE_NOT_FOUND");
  if (row.userId !== account.id) throw refuse("forbidden", REVIEW_MESSAGES.notYours, "NOT_YOURS");
  return reviewable(row, account.name);
}

/** The line a review-request link names (`/reviews/new?token=…`), without a sign-in. */
export async function lineOfLink(db: Db | Tx, links: ReviewLinks, token: string, now = new Date()) {
  const link = links.read(token, now);
  if (!link) {
    // A link whose signature holds but whose 30 days are over is told so; anything else is not a link of ours.
    const expired = links.read(token, new Date(0)) !== null;
    throw expired
      ? refuse("forbidden", REVIEW_MESSAGES.linkExpired, "LINK")
      : refuse("not-found", REVIEW_MESSAGES.linkInvalid, "LINK");
  }
  const row = await readLine(db, link.orderItemId);
  if (!row) throw refuse("not-found", REVIEW_MESSAGES.linkInvalid, "LINK");
  return reviewable(row, "");
}

/**
 * The account's delivered, not yet reviewed line of a product (`/reviews/new?product=…`, the product
 * page's way in): refused with 'Only customers who bought and received this product can review it'.
 */
export async function lineOfProduct(db: Db | Tx, account: { id: string; name: string }, productId: string) {
  if (!isUuid(productId)) throw refuse("forbidden", REVIEW_MESSAGES.notBought, "NOT_DELIVERED");
  const [found] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(reviews, eq(reviews.orderItemId, orderItems.id))
    .where(
      and(
        eq(orders.userId, account.id),
        eq(orderItems.productId, productId),
        eq(orders.status, "delivered"),
        eq(orders.isTest, false),
        isNull(reviews.id),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(1);
  if (!found) throw refuse("forbidden", REVIEW_MESSAGES.notBought, "NOT_DELIVERED");
  return lineOfAccount(db, account, found.id);
}
