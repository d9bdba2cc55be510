import { data } from "react-router";
import { parseValues } from "~/lib/forms";
import { errorAnswer } from "~/lib/http/error-answer.server";
import { REVIEW_PHOTO_MAX_FILE_BYTES, REVIEW_PHOTO_MAX_FILES } from "~/lib/http/body-limits";
import { readMultipartForm } from "~/lib/http/read-multipart.server";
import { DomainError } from "~/lib/domain-error";
import { REVIEW_MESSAGES, reviewFormSchema, type ReviewForm } from "~/modules/reviews/review-rules";
import type { ImageUpload } from "~/modules/media/image-pipeline.server";

/**
 * What the review pages' actions share (routes/reviews.new.tsx, reviews.edit.tsx): the multipart form
 * read within its limits, its fields checked with the form's schema, and a refusal answered with its
 * status and words (never a stack or database text).
 */

export const noStore = { "Cache-Control": "private, no-store" };

const PHOTO_MESSAGES = {
  fileTooLarge: `Photo is too large (max ${REVIEW_PHOTO_MAX_FILE_BYTES / (1024 * 1024)} MB).`,
  tooManyFiles: REVIEW_MESSAGES.tooManyPhotos,
  invalidForm: "Send the review with the form on this page.",
};

export interface PostedReview {
  form: ReviewForm;
  files: ImageUpload[];
  keep: string[];
}

/** The posted review: valid fields and its photos, or a DomainError 'invalid' naming each field. */
export async function readReviewPost(request: Request, fitRequired: boolean): Promise<PostedReview> {
  let posted;
  try {
    posted = await readMultipartForm(request, {
      maxFiles: REVIEW_PHOTO_MAX_FILES,
      maxFileBytes: REVIEW_PHOTO_MAX_FILE_BYTES,
      maxFieldBytes: 32 * 1024,
      messages: PHOTO_MESSAGES,
    });
  } catch (error) {
    // A photo over the limits is the photos field's message.
    if (error instanceof DomainError && error.code === "too-large") {
      throw new DomainError("too-large", error.message, { fieldErrors: { photos: error.message } });
    }
    throw error;
  }
  const { fields, files } = posted;
  const parsed = parseValues(reviewFormSchema({ fitRequired }), {
    rating: fields.get("rating") ?? "",
    fit: fields.get("fit") ?? "",
    title: fields.get("title") ?? "",
    text: fields.get("text") ?? "",
  });
  if (!parsed.ok) throw new DomainError("invalid", REVIEW_MESSAGES.invalid, { fieldErrors: parsed.errors });
  return {
    form: parsed.data,
    files: files
      .filter((file) => file.field === "photos" && file.bytes.length > 0)
      .map(({ filename, bytes }) => ({ filename, bytes })),
    keep: fields.getAll("keepPhoto"),
  };
}

/** A refusal as the form shows it: its status, message and the fields' messages (photos under 'photos'). */
export function reviewRefusal(error: unknown, request: Request) {
  const failure = errorAnswer(error, request, { where: "review", fallback: "Failed to save the review" });
  const errors: Record<string, string> = {};
  for (const [key, message] of Object.entries(failure.fieldErrors ?? {})) {
    if (!message) continue;
    // The image pipeline names each refused file: those are the photos field's.
    const field = ["rating", "fit", "title", "text", "photos"].includes(key) ? key : "photos";
    errors[field] ??= field === "photos" && key !== "photos" ? `${key}: ${message}` : message;
  }
  return data({ ok: false as const, message: failure.message, errors }, { status: failure.status, headers: noStore });
}
