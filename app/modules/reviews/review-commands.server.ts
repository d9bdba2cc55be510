import { and, eq, sql } from "drizzle-orm";
import { products, reviews } from "#db/schema/index";
import type { Db, Tx } from "~/lib/db/client.server";
import { isUniqueViolation } from "~/lib/db/errors";
import { DomainError } from "~/lib/domain-error";
import type { EventBus } from "~/lib/events.server";
import { isUuid } from "~/lib/ids";
import { hit } from "~/lib/rate-limit.server";
import type { ImageUpload } from "~/modules/media/image-pipeline.server";
import { lineOfAccount, lineOfLink, type ReviewableLine } from "./review-eligibility.server";
import type { ReviewLinks } from "./review-links.server";
import {
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  statusAfterEdit,
  statusOfNew,
  type NewReviewMode,
  type ReviewForm,
} from "./review-rules";
import { editReview, insertReview, refreshReviewStats, setReviewStatus } from "./review-store.server";
import { recordAudit, type AuditActor, type AuditEntry } from "~/modules/audit/audit.server";

/** A moderation step as the audit trail records it (issue 32): the review named by its product. */
async function reviewAudit(
  tx: Tx,
  reviewId: string,
  verb: string,
  changes: Record<string, [unknown, unknown]>,
): Promise<AuditEntry> {
  const [named] = await tx
    .select({ product: products.name })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.id, reviewId));
  return {
    action: `review.${verb}`,
    objectType: "review",
    objectId: reviewId,
    objectName: named ? `Review of ${named.product}` : "",
    changes,
  };
}

/**
 * The review writes of issue 29, each through the one write path (review-store.server.ts) and each
 * announcing `catalog.changed` once committed, but only when what the product page shows changed (a
 * held review, or moderation of one nobody sees, announces nothing): the shopper's new review and edit
 * (rate-limited per account, photos through the image pipeline) and the owner's moderation (publish,
 * hide with a reason, reply).
 */

export interface ReviewCommandDeps {
  db: Db;
  events: EventBus;
  links: ReviewLinks;
  /** The image pipeline (checked by bytes, re-encoded, stored): answers the /media/ paths. */
  uploadPhotos: (files: readonly ImageUpload[]) => Promise<Array<{ url: string }>>;
  /** The owner's 'New reviews' setting, read at each write. */
  newReviewMode: () => Promise<NewReviewMode>;
}

/** Who writes: a signed-in account, or the holder of a review-request link. */
export type ReviewAuthor = { kind: "account"; id: string; name: string } | { kind: "link"; token: string };

export interface WrittenReview {
  reviewId: string;
  status: "published" | "held" | "hidden";
  message: string;
}

const HOUR = 60 * 60;
const rateLimited = () => new DomainError("rate-limited", REVIEW_MESSAGES.rateLimited, { reason: "RATE_LIMITED" });

export function createReviewCommands(deps: ReviewCommandDeps) {
  const { db, events, links } = deps;

  const announce = (productId: string, what: string) =>
    events.emit("catalog.changed", { reason: `reviews: ${what} (product ${productId})` });

  /** One more review write of this account (or of this order, for a guest's link): 10 an hour. */
  async function countWrite(key: string) {
    const result = await hit(db, `review-write:${key}`, { limit: REVIEW_LIMITS.writesPerHour, windowSeconds: HOUR });
    if (!result.allowed) throw rateLimited();
  }

  async function photosOf(files: readonly ImageUpload[]): Promise<string[]> {
    if (files.length === 0) return [];
    if (files.length > REVIEW_LIMITS.photosMax) {
      throw new DomainError("invalid", REVIEW_MESSAGES.tooManyPhotos, {
        fieldErrors: { photos: REVIEW_MESSAGES.tooManyPhotos },
      });
    }
    return (await deps.uploadPhotos(files)).map((photo) => photo.url);
  }

  return {
    /** The line a signed-in account (by `line`) or a link (by its token) may review; throws the refusal. */
    line(author: ReviewAuthor, orderItemId: string | null): Promise<ReviewableLine> {
      return author.kind === "link"
        ? lineOfLink(db, links, author.token)
        : lineOfAccount(db, { id: author.id, name: author.name }, orderItemId ?? "");
    },

    /**
     * Writes the review of an eligible line: checks eligibility again, counts the write (429 past the
     * limit), sends the photos through the pipeline, then writes the review and its product's sums in
     * one transaction. A second review of the line (two tabs, two links) is 409, nothing stored.
     */
    async create(author: ReviewAuthor, orderItemId: string | null, form: ReviewForm, files: readonly ImageUpload[]) {
      const line = await this.line(author, orderItemId);
      await countWrite(line.userId ?? `order:${line.orderId}`);
      const photos = await photosOf(files);
      const status = statusOfNew(await deps.newReviewMode());
      let reviewId: string;
      try {
        reviewId = await db.transaction(async (tx) => {
          // Checked again in the transaction: the line may have been reviewed meanwhile.
          const current =
            author.kind === "link"
              ? await lineOfLink(tx, links, author.token)
              : await lineOfAccount(tx, author, line.orderItemId);
          return insertReview(tx, {
            productId: current.productId,
            userId: current.userId,
            orderId: current.orderId,
            orderItemId: current.orderItemId,
            size: current.size,
            color: current.color,
            rating: form.rating,
            title: form.title,
            body: form.text,
            fit: form.fit,
            authorName: current.authorName,
            verified: true,
            photos,
            status,
            source: "customer",
          });
        });
      } catch (error) {
        if (isUniqueViolation(error, "reviews_order_item_key")) {
          throw new DomainError("conflict", REVIEW_MESSAGES.alreadyReviewed, { reason: "ALREADY_REVIEWED" });
        }
        throw error;
      }
      if (status === "published") await announce(line.productId, "new review");
      return {
        reviewId,
        status,
        message: status === "published" ? REVIEW_MESSAGES.published : REVIEW_MESSAGES.held,
      } satisfies WrittenReview;
    },

    /**
     * The author's edit: their review only (anyone else's, or an unknown id, is 404 'Review not found').
     * Photos kept (`keep`, among the review's own) plus new ones, 4 at most. The owner's hold applies to
     * an edit as to a new review; a hidden review stays hidden.
     */
    async edit(
      account: { id: string },
      reviewId: string,
      form: ReviewForm,
      keep: readonly string[],
      files: readonly ImageUpload[],
    ): Promise<WrittenReview> {
      const current = await reviewOfAuthor(db, account.id, reviewId);
      const kept = current.photos.filter((photo) => keep.includes(photo));
      if (kept.length + files.length > REVIEW_LIMITS.photosMax) {
        throw new DomainError("invalid", REVIEW_MESSAGES.tooManyPhotos, {
          fieldErrors: { photos: REVIEW_MESSAGES.tooManyPhotos },
        });
      }
      await countWrite(account.id);
      const added = await photosOf(files);
      const status = statusAfterEdit(current.status, await deps.newReviewMode());
      const changed = await db.transaction((tx) =>
        editReview(tx, reviewId, account.id, {
          rating: form.rating,
          title: form.title,
          body: form.text,
          fit: form.fit,
          photos: [...kept, ...added],
          status,
        }),
      );
      if (!changed) throw new DomainError("not-found", REVIEW_MESSAGES.reviewNotFound);
      if (current.status === "published" || status === "published") await announce(current.productId, "review edited");
      return {
        reviewId,
        status,
        message: status === "published" ? REVIEW_MESSAGES.edited : REVIEW_MESSAGES.held,
      };
    },

    /** The owner publishes a held or hidden review: it counts again. */
    async publish(actor: AuditActor, reviewId: string): Promise<string> {
      const before = await statusOf(db, reviewId);
      const productId = await db.transaction(async (tx) => {
        const moved = await setReviewStatus(tx, reviewId, "published", null);
        if (moved)
          await recordAudit(tx, actor, [await reviewAudit(tx, reviewId, "publish", { status: [before, "published"] })]);
        return moved;
      });
      if (!productId) throw new DomainError("not-found", REVIEW_MESSAGES.reviewNotFound);
      if (before !== "published") await announce(productId, "review published");
      return REVIEW_MESSAGES.publishedByOwner;
    },

    /** The owner hides a review, saying why (shown to the owner only): it leaves the product's sums. */
    async hide(actor: AuditActor, reviewId: string, reason: string): Promise<string> {
      const before = await statusOf(db, reviewId);
      const productId = await db.transaction(async (tx) => {
        const moved = await setReviewStatus(tx, reviewId, "hidden", reason);
        if (moved) {
          const changes = {
            status: [before, "hidden"] as [unknown, unknown],
            reason: [null, reason] as [unknown, unknown],
          };
          await recordAudit(tx, actor, [await reviewAudit(tx, reviewId, "hide", changes)]);
        }
        return moved;
      });
      if (!productId) throw new DomainError("not-found", REVIEW_MESSAGES.reviewNotFound);
      if (before === "published") await announce(productId, "review hidden");
      return REVIEW_MESSAGES.hiddenByOwner;
    },

    /** The owner's public reply (null removes it). */
    async reply(actor: AuditActor, reviewId: string, text: string | null): Promise<string> {
      if (!isUuid(reviewId)) throw new DomainError("not-found", REVIEW_MESSAGES.reviewNotFound);
      const row = await db.transaction(async (tx) => {
        const [old] = await tx
          .select({ reply: reviews.reply })
          .from(reviews)
          .where(eq(reviews.id, reviewId))
          .for("update");
        const [updated] = await tx
          .update(reviews)
          .set({ reply: text, repliedAt: text === null ? null : new Date() })
          .where(eq(reviews.id, reviewId))
          .returning({ productId: reviews.productId, status: reviews.status });
        if (updated && old) {
          await recordAudit(tx, actor, [await reviewAudit(tx, reviewId, "reply", { reply: [old.reply, text] })]);
        }
        return updated;
      });
      if (!row) throw new DomainError("not-found", REVIEW_MESSAGES.reviewNotFound);
      if (row.status === "published") await announce(row.productId, "review reply");
      return text === null ? REVIEW_MESSAGES.replyRemoved : REVIEW_MESSAGES.replySaved;
    },
  };
}
export type ReviewCommands = ReturnType<typeof createReviewCommands>;

async function statusOf(db: Db, reviewId: string) {
  if (!isUuid(reviewId)) throw new DomainError("not-found", REVIEW_MESSAGES.reviewNotFound);
  const [row] = await db.select({ status: reviews.status }).from(reviews).where(eq(reviews.id, reviewId));
  if (!row) throw new DomainError("not-found", REVIEW_MESSAGES.reviewNotFound);
  return row.status;
}

/** An author's own review, as the edit form shows it; anyone else's is 'Review not found'. */
export async function reviewOfAuthor(db: Db, userId: string, reviewId: string) {
  if (!isUuid(reviewId)) throw new DomainError("not-found", REVIEW_MESSAGES.reviewNotFound);
  const [row] = await db
    .select({
      id: reviews.id,
      productId: reviews.productId,
      productName: products.name,
      productSlug: products.slug,
      imageUrl: products.imageUrl,
      size: reviews.size,
      color: reviews.color,
      rating: reviews.rating,
      title: reviews.title,
      body: reviews.body,
      fit: reviews.fit,
      photos: reviews.photos,
      status: reviews.status,
      authorName: reviews.authorName,
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(and(eq(reviews.id, reviewId), eq(reviews.userId, userId)));
  if (!row) throw new DomainError("not-found", REVIEW_MESSAGES.reviewNotFound);
  return row;
}

/** Recounts a product's sums (a test's or a repair's): the very function the writes call. */
export function recountProduct(db: Db, productId: string) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${products} where ${products.id} = ${productId} for update`);
    await refreshReviewStats(tx, productId);
  });
}
