import { data, useActionData } from "react-router";
import { ReviewModerationPage, type ModerationAnswer } from "~/components/admin/reviews/review-moderation-page";
import { parseValues } from "~/lib/forms";
import { errorAnswer, pageLoader } from "~/lib/http/error-answer.server";
import { readFormBody } from "~/lib/http/read-body.server";
import { listReviews, parseReviewListQuery } from "~/modules/reviews/review-admin.server";
import { hiddenReasonSchema, replySchema, REVIEW_MESSAGES } from "~/modules/reviews/review-rules";
import { services } from "~/services.server";
import { z } from "zod";
import { requireStaff } from "./back-office.server";
import { BackOfficeErrorBoundary } from "~/components/back-office/back-office-error";
import type { Route } from "./+types/admin.reviews";

export function meta() {
  return [{ title: "Reviews | Admin | Abundance Collection" }, { name: "robots", content: "noindex" }];
}

const noStore = { "Cache-Control": "private, no-store" };

/**
 * `/admin/reviews`, the owner's moderation (issue 29): every review newest first, `?status=` filters
 * (Published, Held, Hidden), `?page=` pages. The shop's admin account only, like Settings: a customer
 * holding the shared password is sent to the dashboard, anyone else sees the gate (the layout).
 */
async function load({ request, url }: Route.LoaderArgs) {
  await requireStaff(request, "reviews");
  const query = parseReviewListQuery(url.searchParams);
  const [list, shop] = await Promise.all([listReviews(services().database.db, query), services().settings.read()]);
  return data(
    { page: { query, list, timeZone: shop.store.timeZone, newReviews: shop.reviews.newReviews } },
    { headers: noStore },
  );
}
export const loader = pageLoader(load);

type Intent = "publish" | "hide" | "reply" | "remove-reply";

/**
 * Publish, Hide (with the owner's reason), Reply publicly, Remove reply: `intent` and `reviewId`. The
 * shop's admin only (role from the database; anyone else goes to / and nothing is read or written).
 */
export async function action({ request }: Route.ActionArgs) {
  const { actor } = await requireStaff(request, "reviews", { outsidersTo: "/" });
  const reply = (body: ModerationAnswer, status = 200) => data(body, { status, headers: noStore });
  if (request.method !== "POST")
    return reply({ ok: false, reviewId: null, message: "Method not allowed", errors: {} }, 405);
  let reviewId: string | null = null;
  try {
    const form = await readFormBody(request);
    const intent = form.get("intent");
    reviewId = typeof form.get("reviewId") === "string" ? String(form.get("reviewId")) : "";
    const { reviews } = services();
    switch (intent as Intent) {
      case "publish":
        return reply({ ok: true, reviewId, message: await reviews.publish(actor, reviewId), errors: {} });
      case "hide": {
        const parsed = parseValues(z.object({ reason: hiddenReasonSchema }), { reason: form.get("reason") ?? "" });
        if (!parsed.ok)
          return reply({ ok: false, reviewId, message: parsed.errors.reason!, errors: parsed.errors }, 400);
        return reply({
          ok: true,
          reviewId,
          message: await reviews.hide(actor, reviewId, parsed.data.reason),
          errors: {},
        });
      }
      case "reply": {
        const parsed = parseValues(z.object({ reply: replySchema }), { reply: form.get("reply") ?? "" });
        if (!parsed.ok)
          return reply({ ok: false, reviewId, message: parsed.errors.reply!, errors: parsed.errors }, 400);
        return reply({
          ok: true,
          reviewId,
          message: await reviews.reply(actor, reviewId, parsed.data.reply),
          errors: {},
        });
      }
      case "remove-reply":
        return reply({ ok: true, reviewId, message: await reviews.reply(actor, reviewId, null), errors: {} });
      default:
        return reply({ ok: false, reviewId, message: REVIEW_MESSAGES.unknownAction, errors: {} }, 400);
    }
  } catch (error) {
    const failure = errorAnswer(error, request, { where: "review moderation", fallback: "Failed to save" });
    return reply({ ok: false, reviewId, message: failure.message, errors: {} }, failure.status);
  }
}

export const ErrorBoundary = BackOfficeErrorBoundary;

export default function AdminReviews({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>();
  return <ReviewModerationPage {...loaderData.page} answer={answer} />;
}
