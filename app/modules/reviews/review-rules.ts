import { z } from "zod";
import type { FitVote, ReviewStatus } from "#db/schema/size-charts";

/**
 * The rules of writing and moderating a review (issue 29), shared by the form in the browser and the
 * actions: the limits, the plain-text cleaning, the form's schema and every message, word for word, in
 * one place. Pure. Review text is plain text: it is stored as typed (cleaned) and always rendered as
 * text, never as HTML.
 */

/** The stored fit answers and statuses (the table's checks); kept here so the browser carries no schema code. */
const FIT_VOTES: readonly FitVote[] = ["small", "true", "large"];
export const REVIEW_STATUSES: readonly ReviewStatus[] = ["published", "held", "hidden"];

export const REVIEW_LIMITS = {
  titleMax: 120,
  textMin: 10,
  textMax: 4000,
  authorMax: 60,
  photosMax: 4,
  replyMax: 2000,
  hiddenReasonMax: 300,
  /** Review writes (new or edited) an account may make per hour. */
  writesPerHour: 10,
} as const;

/** 'How did it fit?': the three answers, as shown and as stored. */
export const FIT_ANSWERS: ReadonlyArray<{ value: FitVote; label: string }> = [
  { value: "small", label: "Runs small" },
  { value: "true", label: "True to size" },
  { value: "large", label: "Runs large" },
];
export const FIT_QUESTION = "How did it fit?";

export function fitLabel(fit: FitVote | null | undefined): string | null {
  return FIT_ANSWERS.find((a) => a.value === fit)?.label ?? null;
}

export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  published: "Published",
  held: "Held",
  hidden: "Hidden",
};

/** What a new review becomes (the owner's 'reviews' setting). */
export const NEW_REVIEW_MODES = [
  { value: "publish", label: "Publish at once" },
  { value: "hold", label: "Hold for approval" },
] as const;
export type NewReviewMode = (typeof NEW_REVIEW_MODES)[number]["value"];

export const REVIEW_MESSAGES = {
  // The form
  ratingRequired: "Choose a rating from 1 to 5 stars",
  fitRequired: "Tell us how it fit: Runs small, True to size or Runs large",
  titleRequired: "Title is required",
  titleTooLong: `Title must be at most ${REVIEW_LIMITS.titleMax} characters`,
  textTooShort: `Your review must be at least ${REVIEW_LIMITS.textMin} characters`,
  textTooLong: `Your review must be at most ${REVIEW_LIMITS.textMax} characters`,
  tooManyPhotos: `Add at most ${REVIEW_LIMITS.photosMax} photos`,
  invalid: "Please correct the highlighted fields",
  // After a write
  published: "Thanks — your review is published",
  held: "Thanks — your review will appear once it has been checked",
  edited: "Your review is saved",
  // Refusals
  signInRequired: "Sign in to write a review",
  lineNotFound: "This order item was not found",
  notYours: "This order item belongs to another account",
  notBought: "Only customers who bought and received this product can review it",
  notDelivered: "You can review this item once its order has been delivered",
  productGone: "This product is no longer sold, so it cannot be reviewed",
  alreadyReviewed: "You have already reviewed this item",
  linkInvalid: "This review link is not valid",
  linkExpired: "This review link has expired (links work for 30 days). Sign in and review the item from My Orders.",
  reviewNotFound: "Review not found",
  rateLimited: `You have written ${REVIEW_LIMITS.writesPerHour} reviews in the last hour. Please try again later.`,
  // Moderation
  publishedByOwner: "Review published",
  hiddenByOwner: "Review hidden",
  reasonRequired: "Write why the review is hidden (the customer does not see it)",
  reasonTooLong: `The reason must be at most ${REVIEW_LIMITS.hiddenReasonMax} characters`,
  replySaved: "Reply published",
  replyRemoved: "Reply removed",
  replyRequired: "Write a reply, or remove it",
  replyTooLong: `A reply must be at most ${REVIEW_LIMITS.replyMax} characters`,
  unknownAction: "Unknown action",
  settingsSaved: "Reviews settings saved",
} as const;

/** Characters as the database counts them (code points, `char_length`), not UTF-16 units. */
export const charCount = (text: string) => [...text].length;

/**
 * Plain text as stored: Windows and old Mac newlines made \n, tabs made spaces, control characters
 * (C0 but \n, DEL, C1), bidirectional overrides and zero-width characters removed, lines' trailing
 * spaces dropped, at most two blank lines in a row, trimmed. Angle brackets and the like are kept as
 * typed: the text is rendered as text, so they show as themselves.
 */
export function plainText(value: string): string {
  return (
    value
      .replace(/\r\n?/g, "\n")
      .replace(/\t/g, " ")
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g, "")
      .replace(/[ \u00a0]+$/gm, "")
      .replace(/\n{3,}/g, "\n\n")
      .trim()
  );
}

/** One line of plain text (titles, names): every newline becomes a space, runs of spaces one. */
export function plainLine(value: string): string {
  return plainText(value)
    .replace(/\s*\n\s*/g, " ")
    .replace(/ {2,}/g, " ");
}

const lengthBetween = (min: number, max: number, tooShort: string, tooLong: string) =>
  z.string().superRefine((text, ctx) => {
    const n = charCount(text);
    if (n < min) ctx.addIssue({ code: "custom", message: tooShort });
    else if (n > max) ctx.addIssue({ code: "custom", message: tooLong });
  });

export const REVIEW_FORM_FIELDS = ["rating", "fit", "title", "text"] as const;

/**
 * The review form (new and edit). `fitRequired`: the product has sizes, so 'How did it fit?' must be
 * answered; a product without sizes (a bag) may leave it.
 */
export function reviewFormSchema({ fitRequired }: { fitRequired: boolean }) {
  return z.object({
    rating: z
      .string()
      .trim()
      .regex(/^[1-5]$/, { error: REVIEW_MESSAGES.ratingRequired })
      .transform(Number),
    fit: z
      .string()
      .trim()
      .refine((v) => (v === "" ? !fitRequired : (FIT_VOTES as readonly string[]).includes(v)), {
        error: REVIEW_MESSAGES.fitRequired,
      })
      .transform((v) => (v === "" ? null : (v as FitVote))),
    title: z
      .string()
      .transform(plainLine)
      .pipe(lengthBetween(1, REVIEW_LIMITS.titleMax, REVIEW_MESSAGES.titleRequired, REVIEW_MESSAGES.titleTooLong)),
    text: z
      .string()
      .transform(plainText)
      .pipe(
        lengthBetween(
          REVIEW_LIMITS.textMin,
          REVIEW_LIMITS.textMax,
          REVIEW_MESSAGES.textTooShort,
          REVIEW_MESSAGES.textTooLong,
        ),
      ),
  });
}
export type ReviewForm = z.output<ReturnType<typeof reviewFormSchema>>;

/**
 * How a review is signed: the first name and the initial of the last name ('Maya O.'), from the order's
 * address, else from the account's name; at most 60 characters; 'Customer' when there is no name at all.
 */
export function authorNameOf(first: string | null | undefined, last: string | null | undefined, fallback = ""): string {
  let given = plainLine(first ?? "");
  let family = plainLine(last ?? "");
  if (!given) {
    const words = plainLine(fallback).split(" ").filter(Boolean);
    given = words[0] ?? "";
    family = words.length > 1 ? words[words.length - 1]! : "";
  }
  given = [...given].slice(0, REVIEW_LIMITS.authorMax - 3).join("");
  if (!given) return "Customer";
  const initial = [...family][0];
  return initial ? `${given} ${initial.toUpperCase()}.` : given;
}

/** The status of a review an author has just edited: the owner's hold applies to edits too; hidden stays hidden. */
export function statusAfterEdit(current: ReviewStatus, mode: NewReviewMode): ReviewStatus {
  if (current === "hidden") return "hidden";
  return mode === "hold" ? "held" : current;
}

/** The status a new review gets. */
export const statusOfNew = (mode: NewReviewMode): ReviewStatus => (mode === "hold" ? "held" : "published");

export const isReviewStatus = (value: unknown): value is ReviewStatus =>
  typeof value === "string" && (REVIEW_STATUSES as readonly string[]).includes(value);

/** The owner's reason for hiding a review. */
export const hiddenReasonSchema = z
  .string()
  .transform(plainLine)
  .pipe(lengthBetween(1, REVIEW_LIMITS.hiddenReasonMax, REVIEW_MESSAGES.reasonRequired, REVIEW_MESSAGES.reasonTooLong));

/** The owner's public reply. */
export const replySchema = z
  .string()
  .transform(plainText)
  .pipe(lengthBetween(1, REVIEW_LIMITS.replyMax, REVIEW_MESSAGES.replyRequired, REVIEW_MESSAGES.replyTooLong));

/** What the moderation list shows for a hidden review. */
export const hiddenLabel = (reason: string | null) => (reason ? `Hidden: ${reason}` : "Hidden");
