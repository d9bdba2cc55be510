import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { FieldError, FormMessage, inputClass, primaryButton, describedBy } from "~/components/ui/field";
import { Star } from "~/components/ui/icons";
import { SiteLink } from "~/components/ui/site-link";
import { useZodForm } from "~/components/ui/use-zod-form";
import { REVIEW_PHOTO_MAX_FILE_BYTES } from "~/lib/http/body-limits";
import { FALLBACK_IMAGE } from "~/modules/catalog/product-rules";
import { ACCEPTED_IMAGE_TYPES } from "~/modules/media/upload-rules";
import {
  charCount,
  FIT_ANSWERS,
  FIT_QUESTION,
  REVIEW_FORM_FIELDS,
  REVIEW_LIMITS,
  reviewFormSchema,
} from "~/modules/reviews/review-rules";

/** What the form shows of the item reviewed. */
export interface ReviewedItem {
  productName: string;
  productSlug: string;
  imageUrl: string | null;
  size: string;
  color: string;
  authorName: string;
}

export interface ReviewValues {
  rating: number | null;
  fit: string | null;
  title: string;
  text: string;
  photos: string[];
}

export interface ReviewAnswer {
  ok: false;
  message: string;
  errors: Partial<Record<string, string>>;
}

/**
 * The review form (issue 29), new and edit: the item with the size bought, the star rating as a radio
 * group, 'How did it fit?', title and text with their counters, up to 4 photos. A multipart form that
 * posts without JavaScript; with it, the same schema checks the fields before sending.
 */
export function ReviewForm({
  item,
  values,
  answer,
  submitLabel,
  heading = "Write a review",
}: {
  item: ReviewedItem;
  values: ReviewValues;
  answer: ReviewAnswer | undefined;
  submitLabel: string;
  heading?: string;
}) {
  const fitRequired = item.size !== "";
  const kit = useZodForm({
    schema: reviewFormSchema({ fitRequired }),
    fields: REVIEW_FORM_FIELDS,
    lastResult: answer ?? null,
  });
  const busy = useNavigation().state === "submitting";
  const [title, setTitle] = useState(values.title);
  const [text, setText] = useState(values.text);
  const errors = kit.errors;
  return (
    <div className="container-page max-w-2xl py-10">
      <h1 className="font-display text-3xl font-semibold">{heading}</h1>
      <div className="mt-6 flex items-center gap-4 rounded-2xl border border-line bg-white p-4">
        <img
          src={item.imageUrl ?? FALLBACK_IMAGE}
          alt=""
          width={64}
          height={80}
          className="h-20 w-16 rounded-lg bg-stone-100 object-cover"
        />
        <div>
          <p className="font-semibold">
            <SiteLink to={`/product/${item.productSlug}`} className="hover:underline">
              {item.productName}
            </SiteLink>
          </p>
          <p className="text-sm text-muted">
            {item.size ? `Size bought: ${item.size}` : "One size"}
            {item.color ? ` · ${item.color}` : ""}
          </p>
          <p className="text-sm text-muted">Signed as {item.authorName}</p>
        </div>
      </div>
      <Form
        method="post"
        encType="multipart/form-data"
        className="mt-6 flex flex-col gap-6 rounded-2xl border border-line bg-white p-5 sm:p-6"
        {...kit.form}
      >
        {answer && <FormMessage kind="error">{answer.message}</FormMessage>}
        <fieldset aria-describedby={errors.rating ? "rating-error" : undefined}>
          <legend className="mb-2 text-sm font-medium">
            Your rating
            <span aria-hidden className="text-red-700">
              {" "}
              *
            </span>
          </legend>
          {/* Shown 5…1 right to left: the chosen star and the ones after it in the markup (before it on screen) fill. */}
          <div className="flex flex-row-reverse justify-end gap-1 [&>label:has(:checked)~label_svg]:fill-amber-400 [&>label:has(:checked)~label_svg]:text-amber-500">
            {[5, 4, 3, 2, 1].map((n) => (
              <label key={n} className="group cursor-pointer">
                <input
                  type="radio"
                  name="rating"
                  value={n}
                  defaultChecked={values.rating === n}
                  className="peer sr-only"
                  aria-invalid={errors.rating ? true : undefined}
                />
                <span className="sr-only">{n === 1 ? "1 star" : `${n} stars`}</span>
                <Star
                  aria-hidden
                  className="size-8 text-stone-300 peer-checked:fill-amber-400 peer-checked:text-amber-500 peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-brand"
                />
              </label>
            ))}
          </div>
          <FieldError id="rating" error={errors.rating} />
        </fieldset>
        <fieldset aria-describedby={errors.fit ? "fit-error" : undefined}>
          <legend className="mb-2 text-sm font-medium">
            {FIT_QUESTION}
            {fitRequired ? (
              <span aria-hidden className="text-red-700">
                {" "}
                *
              </span>
            ) : (
              <span className="ml-1 font-normal text-muted">(optional)</span>
            )}
          </legend>
          <div className="flex flex-wrap gap-2">
            {FIT_ANSWERS.map((answer) => (
              <label
                key={answer.value}
                className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-line px-4 py-2 text-sm has-[:checked]:border-ink has-[:checked]:bg-stone-100"
              >
                <input
                  type="radio"
                  name="fit"
                  value={answer.value}
                  defaultChecked={values.fit === answer.value}
                  aria-invalid={errors.fit ? true : undefined}
                />
                {answer.label}
              </label>
            ))}
          </div>
          <FieldError id="fit" error={errors.fit} />
        </fieldset>
        <div>
          <label htmlFor="review-title" className="mb-1.5 block text-sm font-medium">
            Title
          </label>
          <input
            id="review-title"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            maxLength={REVIEW_LIMITS.titleMax}
            aria-required
            autoComplete="off"
            {...kit.field("title")}
            {...describedBy("review-title", errors.title, "count")}
            className={inputClass(Boolean(errors.title))}
          />
          <Counter id="review-title-hint" used={charCount(title)} max={REVIEW_LIMITS.titleMax} />
          <FieldError id="review-title" error={errors.title} />
        </div>
        <div>
          <label htmlFor="review-text" className="mb-1.5 block text-sm font-medium">
            Your review
          </label>
          <textarea
            id="review-text"
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={7}
            maxLength={REVIEW_LIMITS.textMax}
            aria-required
            {...kit.field("text")}
            {...describedBy("review-text", errors.text, "count")}
            className={`${inputClass(Boolean(errors.text))} h-auto py-2.5`}
          />
          <Counter
            id="review-text-hint"
            used={charCount(text)}
            max={REVIEW_LIMITS.textMax}
            min={REVIEW_LIMITS.textMin}
          />
          <FieldError id="review-text" error={errors.text} />
        </div>
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium">
            Photos <span className="font-normal text-muted">(optional)</span>
          </legend>
          {values.photos.length > 0 && (
            <ul className="mb-3 flex flex-wrap gap-3" aria-label="Photos of your review">
              {values.photos.map((photo, i) => (
                <li key={photo} className="flex flex-col items-center gap-1 text-xs">
                  <img src={photo} alt={`Photo ${i + 1} of your review`} className="size-20 rounded-lg object-cover" />
                  <label className="inline-flex items-center gap-1">
                    <input type="checkbox" name="keepPhoto" value={photo} defaultChecked />
                    Keep photo {i + 1}
                  </label>
                </li>
              ))}
            </ul>
          )}
          <label htmlFor="review-photos" className="sr-only">
            Add photos
          </label>
          <input
            id="review-photos"
            type="file"
            name="photos"
            multiple
            accept={ACCEPTED_IMAGE_TYPES}
            aria-describedby={`review-photos-hint${errors.photos ? " review-photos-error" : ""}`}
            aria-invalid={errors.photos ? true : undefined}
            className="block w-full text-sm file:mr-3 file:rounded-full file:border file:border-line file:bg-white file:px-4 file:py-2"
          />
          <p id="review-photos-hint" className="mt-1.5 text-xs text-muted">
            Up to {REVIEW_LIMITS.photosMax} photos in all, JPEG, PNG or WebP,{" "}
            {REVIEW_PHOTO_MAX_FILE_BYTES / 1024 / 1024} MB each.
          </p>
          <FieldError id="review-photos" error={errors.photos} />
        </fieldset>
        <p className="text-xs text-muted">Reviews are shown as plain text. Please keep them about the product.</p>
        <div className="flex justify-end border-t border-line pt-5">
          <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy}>
            {busy ? "Sending…" : submitLabel}
          </button>
        </div>
      </Form>
    </div>
  );
}

function Counter({ id, used, max, min }: { id: string; used: number; max: number; min?: number }) {
  return (
    <p id={id} className={`mt-1.5 text-xs ${used > max ? "text-red-700" : "text-muted"}`}>
      {used} / {max} characters{min ? ` (at least ${min})` : ""}
    </p>
  );
}

/** After a review was written or saved. */
export function ReviewThanks({ message, productSlug }: { message: string; productSlug: string | null }) {
  return (
    <div className="container-page max-w-2xl py-16 text-center">
      <h1 className="font-display text-3xl font-semibold">Thank you</h1>
      <p role="status" className="mt-4 text-lg">
        {message}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {productSlug && (
          <SiteLink to={`/product/${productSlug}`} className="rounded-full border border-line px-5 py-2.5 text-sm">
            View the product
          </SiteLink>
        )}
        <SiteLink to="/orders" className="rounded-full bg-ink px-5 py-2.5 text-sm font-medium text-white">
          Back to My Orders
        </SiteLink>
      </div>
    </div>
  );
}

/** A refusal (not bought, not delivered, already reviewed, a bad link), with its message. */
export function ReviewRefused({ message }: { message: string }) {
  return (
    <div className="container-page max-w-2xl py-16 text-center">
      <h1 className="font-display text-3xl font-semibold">Write a review</h1>
      <p role="alert" className="mt-4 text-lg">
        {message}
      </p>
      <div className="mt-8">
        <SiteLink to="/orders" className="rounded-full bg-ink px-5 py-2.5 text-sm font-medium text-white">
          Go to My Orders
        </SiteLink>
      </div>
    </div>
  );
}
