import { data, redirect, useActionData } from "react-router";
import { ReviewForm, ReviewThanks } from "~/components/reviews/review-form";
import { pageLoader } from "~/lib/http/error-answer.server";
import { reviewOfAuthor } from "~/modules/reviews/review-commands.server";
import { REVIEW_MESSAGES } from "~/modules/reviews/review-rules";
import { services } from "~/services.server";
import { noStore, readReviewPost, reviewRefusal } from "./review-form.server";
import type { Route } from "./+types/reviews.edit";

export function meta() {
  return [{ title: "Edit your review" }, { name: "robots", content: "noindex" }];
}

/**
 * `/reviews/<reviewId>/edit` (issue 29): the signed-in author's own review only; anyone else's, or an
 * unknown id, is 404 'Review not found'. After a save, `?saved=published|held`.
 */
async function load({ request, params }: Route.LoaderArgs) {
  const user = await services().sessions.requireUser(request);
  const review = await reviewOfAuthor(services().database.db, user.id, params.reviewId);
  const saved = new URL(request.url).searchParams.get("saved");
  return data(
    {
      thanks: saved === "published" ? REVIEW_MESSAGES.edited : saved === "held" ? REVIEW_MESSAGES.held : null,
      item: {
        productName: review.productName,
        productSlug: review.productSlug,
        imageUrl: review.imageUrl,
        size: review.size,
        color: review.color,
        authorName: review.authorName,
      },
      values: {
        rating: review.rating,
        fit: review.fit,
        title: review.title,
        text: review.body,
        photos: review.photos,
      },
    },
    { headers: noStore },
  );
}
export const loader = pageLoader(load);

export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return data({ ok: false as const, message: "Method not allowed", errors: {} }, { status: 405, headers: noStore });
  }
  try {
    const user = await services().sessions.requireUser(request);
    // Refused (404) before a byte of the body is read.
    const review = await reviewOfAuthor(services().database.db, user.id, params.reviewId);
    const posted = await readReviewPost(request, review.size !== "");
    const saved = await services().reviews.edit(user, review.id, posted.form, posted.keep, posted.files);
    throw redirect(`/reviews/${review.id}/edit?saved=${saved.status === "held" ? "held" : "published"}`, {
      headers: noStore,
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    return reviewRefusal(error, request);
  }
}

export default function EditReview({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  if (loaderData.thanks) return <ReviewThanks message={loaderData.thanks} productSlug={loaderData.item.productSlug} />;
  return (
    <ReviewForm
      item={loaderData.item}
      values={loaderData.values}
      answer={answer && !answer.ok ? answer : undefined}
      submitLabel="Save review"
      heading="Edit your review"
    />
  );
}
