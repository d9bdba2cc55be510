import { data, redirect, useActionData } from "react-router";
import { ReviewForm, ReviewRefused, ReviewThanks } from "~/components/reviews/review-form";
import { DomainError } from "~/lib/domain-error";
import { pageLoader } from "~/lib/http/error-answer.server";
import { lineOfProduct } from "~/modules/reviews/review-eligibility.server";
import type { ReviewAuthor } from "~/modules/reviews/review-commands.server";
import { REVIEW_MESSAGES } from "~/modules/reviews/review-rules";
import { services } from "~/services.server";
import { noStore, readReviewPost, reviewRefusal } from "./review-form.server";
import type { Route } from "./+types/reviews.new";

export function meta() {
  return [{ title: "Write a review" }, { name: "robots", content: "noindex" }];
}

const SLUG = /^[a-z0-9-]{1,200}$/;

/**
 * `/reviews/new` (issue 29): the review form for one order line — `?line=<orderItemId>` for the
 * signed-in account whose order it is, `?token=<token>` for the holder of the line's review-request link
 * (no sign-in), `?product=<productId>` for the account's delivered line of that product. Every refusal
 * (not bought, not delivered, another account's line, a forged or expired link, already reviewed) is a
 * page with its message and status; nothing is stored. After a write, `?thanks=published|held`.
 */
async function load({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const thanks = url.searchParams.get("thanks");
  if (thanks === "published" || thanks === "held") {
    const product = url.searchParams.get("product") ?? "";
    return data(
      {
        state: "thanks" as const,
        message: thanks === "published" ? REVIEW_MESSAGES.published : REVIEW_MESSAGES.held,
        productSlug: SLUG.test(product) ? product : null,
      },
      { headers: noStore },
    );
  }
  try {
    const author = await authorOf(request);
    const product = url.searchParams.get("product");
    if (author.kind === "account" && product && !url.searchParams.has("line")) {
      const line = await lineOfProduct(services().database.db, author, product);
      throw redirect(`/reviews/new?line=${line.orderItemId}`, { headers: noStore });
    }
    const line = await services().reviews.line(author, url.searchParams.get("line"));
    return data(
      {
        state: "form" as const,
        item: {
          productName: line.productName,
          productSlug: line.productSlug,
          imageUrl: line.imageUrl,
          size: line.size,
          color: line.color,
          authorName: line.authorName,
        },
      },
      { headers: noStore },
    );
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data({ state: "refused" as const, message: error.message }, { status: error.status, headers: noStore });
  }
}
export const loader = pageLoader(load);

/** The link's holder, or the signed-in account (anyone else is sent to sign in). */
async function authorOf(request: Request): Promise<ReviewAuthor> {
  const token = new URL(request.url).searchParams.get("token");
  if (token !== null) return { kind: "link", token };
  const user = await services().sessions.requireUser(request);
  return { kind: "account", id: user.id, name: user.name };
}

/**
 * Writes the review: the line is checked before a byte of the body is read; then the fields, the rate
 * limit and the photos; then the one write. Answers a redirect to the thank-you state, or the refusal.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return data({ ok: false as const, message: "Method not allowed", errors: {} }, { status: 405, headers: noStore });
  }
  const url = new URL(request.url);
  try {
    const author = await authorOf(request);
    const product = url.searchParams.get("product");
    const line =
      author.kind === "account" && product && !url.searchParams.has("line")
        ? await lineOfProduct(services().database.db, author, product)
        : await services().reviews.line(author, url.searchParams.get("line"));
    const posted = await readReviewPost(request, line.size !== "");
    const written = await services().reviews.create(author, line.orderItemId, posted.form, posted.files);
    throw redirect(`/reviews/new?thanks=${written.status}&product=${line.productSlug}`, { headers: noStore });
  } catch (error) {
    if (error instanceof Response) throw error;
    return reviewRefusal(error, request);
  }
}

export default function NewReview({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  if (loaderData.state === "thanks") {
    return <ReviewThanks message={loaderData.message} productSlug={loaderData.productSlug} />;
  }
  if (loaderData.state === "refused") return <ReviewRefused message={loaderData.message} />;
  return (
    <ReviewForm
      item={loaderData.item}
      values={{ rating: null, fit: null, title: "", text: "", photos: [] }}
      answer={answer && !answer.ok ? answer : undefined}
      submitLabel="Publish review"
    />
  );
}
