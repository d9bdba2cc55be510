import { data, redirect } from "react-router";
import { z } from "zod";
import { errorAnswer } from "~/lib/http/error-answer.server";
import { readFormBody } from "~/lib/http/read-body.server";
import { safeRedirect } from "~/lib/redirects";
import { clientIp } from "~/modules/accounts/account-limits.server";
import { REVIEW_NOT_FOUND, type HelpfulAnswer } from "~/modules/reviews/helpful-votes.server";
import { services } from "~/services.server";
import type { Route } from "./+types/api.reviews.helpful";

/**
 * `POST /api/reviews/{id}/helpful`: 'Was this helpful?' (issue 29; modules/reviews/helpful-votes.server.ts).
 * One vote per visitor and review: the account when signed in, else this browser's signed cookie; a second
 * vote changes nothing. Without JavaScript the review's form posts here and is sent back to the page it
 * came from (`back`, a product page); the page's fetcher adds `reply=data` and gets the count instead.
 * The server's same-origin check refuses writes from other sites before this runs.
 */
const noStore = { "Cache-Control": "private, no-store" };
const reviewId = z.string().uuid();
const voteForm = z.object({
  back: z.string().max(2_000).optional(),
  reply: z.literal("data").optional(),
});

/** Back to a product page of this site; anything else goes to the reviewed product's page. */
function backTo(back: string | undefined, productSlug: string, id: string): string {
  const target = safeRedirect(back, "");
  return target.startsWith("/product/") ? target : `/product/${productSlug}#review-${id}`;
}

export function loader() {
  return data({ ok: false, error: "Method not allowed" } satisfies HelpfulAnswer, { status: 405, headers: noStore });
}

export async function action({ request, params }: Route.ActionArgs) {
  let wantsData = false;
  const fail = (status: number, error: string) =>
    wantsData
      ? data({ ok: false, error } satisfies HelpfulAnswer, { status, headers: noStore })
      : new Response(error, { status, headers: { ...noStore, "Content-Type": "text/plain; charset=utf-8" } });
  try {
    const form = voteForm.safeParse(Object.fromEntries(await readFormBody(request)));
    wantsData = form.success && form.data.reply === "data";
    const id = reviewId.safeParse(params.id);
    if (!id.success) return fail(404, REVIEW_NOT_FOUND);
    if (!form.success) return fail(400, "Invalid vote");
    const { sessions, helpfulVotes } = services();
    const user = await sessions.user(request);
    await helpfulVotes.limit(clientIp(request));
    const { voter, setCookie } = await helpfulVotes.voterOf(request, user?.id ?? null);
    const result = await helpfulVotes.vote(id.data, voter);
    const headers = new Headers(noStore);
    if (setCookie) headers.append("Set-Cookie", setCookie);
    if (wantsData) {
      return data({ ok: true, counted: result.counted, helpfulCount: result.helpfulCount } satisfies HelpfulAnswer, {
        headers,
      });
    }
    return redirect(backTo(form.data.back, result.productSlug, id.data), { status: 303, headers });
  } catch (error) {
    const { status, message } = errorAnswer(error, request, { where: "helpful vote" });
    return fail(status, message);
  }
}
