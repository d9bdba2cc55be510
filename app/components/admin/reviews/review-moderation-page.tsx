import { Form, Link, useNavigation } from "react-router";
import { FormMessage, inputClass, primaryButton, secondaryButton } from "~/components/ui/field";
import { Pagination } from "~/components/ui/pagination";
import { formatDateTimeIn } from "~/lib/dates";
import type { ReviewListPage, ReviewListQuery } from "~/modules/reviews/review-admin.server";
import {
  fitLabel,
  hiddenLabel,
  NEW_REVIEW_MODES,
  REVIEW_LIMITS,
  REVIEW_STATUS_LABELS,
  REVIEW_STATUSES,
} from "~/modules/reviews/review-rules";
import type { SitePath } from "~/lib/redirects";

export interface ModerationAnswer {
  ok: boolean;
  reviewId: string | null;
  message: string;
  errors: Partial<Record<string, string>>;
}

type Row = ReviewListPage["rows"][number];

const STATUS_BADGE: Record<string, string> = {
  published: "bg-green-100 text-green-800",
  held: "bg-yellow-100 text-yellow-800",
  hidden: "bg-stone-200 text-stone-800",
};

/**
 * The owner's reviews (issue 29): newest first with a status filter; each review with its product,
 * stars, fit, size, text, photos and whether the buyer is verified; Publish, Hide with a reason,
 * Reply publicly (edit, remove). Plain forms: everything works without JavaScript. Every text a
 * customer wrote is rendered as text.
 */
export function ReviewModerationPage({
  query,
  list,
  timeZone,
  newReviews,
  answer,
}: {
  query: ReviewListQuery;
  list: ReviewListPage;
  timeZone: string;
  newReviews: string;
  answer: ModerationAnswer | undefined;
}) {
  const hrefFor = (page: number): SitePath =>
    `/admin/reviews?${new URLSearchParams({ ...(query.status ? { status: query.status } : {}), page: String(page) })}` as SitePath;
  const mode = NEW_REVIEW_MODES.find((m) => m.value === newReviews)?.label ?? "";
  return (
    <div className="container-page max-w-5xl py-10">
      <h1 className="font-display text-4xl font-semibold">Reviews</h1>
      <p className="mt-2 text-sm text-muted">
        New reviews: {mode}.{" "}
        <Link to="/admin/settings?section=reviews" className="underline underline-offset-2">
          Change in Settings
        </Link>
      </p>
      <nav aria-label="Review status" className="mt-6 flex flex-wrap gap-2">
        <FilterLink to="/admin/reviews" current={query.status === null}>
          All ({list.counts.published + list.counts.held + list.counts.hidden})
        </FilterLink>
        {REVIEW_STATUSES.map((status) => (
          <FilterLink key={status} to={`/admin/reviews?status=${status}`} current={query.status === status}>
            {REVIEW_STATUS_LABELS[status]} ({list.counts[status]})
          </FilterLink>
        ))}
      </nav>
      {answer && (
        <FormMessage kind={answer.ok ? "success" : "error"} className="mt-4">
          {answer.message}
        </FormMessage>
      )}
      {list.rows.length === 0 ? (
        <p className="mt-8 rounded-2xl border border-line bg-white p-8 text-center text-muted">No reviews here yet.</p>
      ) : (
        <ul className="mt-6 flex flex-col gap-4" aria-label="Reviews">
          {list.rows.map((row) => (
            <ReviewCard
              key={row.id}
              row={row}
              timeZone={timeZone}
              answer={answer?.reviewId === row.id ? answer : undefined}
            />
          ))}
        </ul>
      )}
      <Pagination page={query.page} pageCount={list.pageCount} hrefFor={hrefFor} label="Review pages" />
    </div>
  );
}

function FilterLink({ to, current, children }: { to: string; current: boolean; children: React.ReactNode }) {
  return (
    <Link
      to={to}
      aria-current={current ? "page" : undefined}
      className={`rounded-full border px-4 py-1.5 text-sm ${current ? "border-ink bg-ink text-white" : "border-line bg-white hover:border-ink"}`}
    >
      {children}
    </Link>
  );
}

function ReviewCard({ row, timeZone, answer }: { row: Row; timeZone: string; answer: ModerationAnswer | undefined }) {
  const busy = useNavigation().state === "submitting";
  const headingId = `review-${row.id}`;
  const fit = fitLabel(row.fit);
  return (
    <li className="rounded-2xl border border-line bg-white p-5" data-testid="review-row">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm text-muted">
            <Link to={`/product/${row.productSlug}`} className="font-medium text-ink hover:underline">
              {row.productName}
            </Link>
            {row.size ? ` · Size ${row.size}` : ""}
            {row.color ? ` · ${row.color}` : ""}
          </p>
          <h2 id={headingId} className="mt-1 break-words font-semibold">
            {row.title}
          </h2>
          <p className="text-sm">
            <span>
              <span className="sr-only">{`${row.rating} out of 5 stars`}</span>
              <span aria-hidden className="text-amber-600">
                {"★".repeat(row.rating)}
              </span>
              <span aria-hidden className="text-stone-300">
                {"★".repeat(5 - row.rating)}
              </span>
            </span>
            {fit ? ` · ${fit}` : ""}
          </p>
        </div>
        <div className="text-right text-sm">
          <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-medium ${STATUS_BADGE[row.status]}`}>
            {row.status === "hidden" ? hiddenLabel(row.hiddenReason) : REVIEW_STATUS_LABELS[row.status]}
          </span>
          <p className="mt-1 text-muted">
            {row.authorName}
            {row.verified ? " · Verified buyer" : row.source === "demo" ? " · Demo review" : ""}
          </p>
          <p className="text-xs text-muted">
            <time dateTime={row.createdAt}>{formatDateTimeIn(row.createdAt, timeZone)}</time>
          </p>
        </div>
      </div>
      <p className="mt-3 whitespace-pre-line break-words text-sm">{row.body}</p>
      {row.photos.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Photos">
          {row.photos.map((photo, i) => (
            <li key={photo}>
              <a href={photo} target="_blank" rel="noopener noreferrer">
                <img src={photo} alt={`Photo ${i + 1} of the review`} className="size-20 rounded-lg object-cover" />
              </a>
            </li>
          ))}
        </ul>
      )}
      {row.reply && (
        <div className="mt-3 rounded-xl bg-stone-50 p-3 text-sm">
          <p className="font-medium">Your reply</p>
          <p className="whitespace-pre-line break-words">{row.reply}</p>
        </div>
      )}
      {answer && (
        <FormMessage kind={answer.ok ? "success" : "error"} className="mt-3">
          {answer.message}
        </FormMessage>
      )}
      <div className="mt-4 flex flex-col gap-4 border-t border-line pt-4">
        <div className="flex flex-wrap items-end gap-3">
          {row.status !== "published" && (
            <Form method="post">
              <input type="hidden" name="intent" value="publish" />
              <input type="hidden" name="reviewId" value={row.id} />
              <button type="submit" className={primaryButton} disabled={busy}>
                Publish
              </button>
            </Form>
          )}
          {row.status !== "hidden" && (
            <Form method="post" className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="hide" />
              <input type="hidden" name="reviewId" value={row.id} />
              <div>
                <label htmlFor={`reason-${row.id}`} className="mb-1 block text-xs font-medium">
                  Why hide it? (only you see this)
                </label>
                <input
                  id={`reason-${row.id}`}
                  name="reason"
                  required
                  maxLength={REVIEW_LIMITS.hiddenReasonMax}
                  className={`${inputClass(false)} w-64`}
                />
              </div>
              <button type="submit" className={secondaryButton} disabled={busy}>
                Hide
              </button>
            </Form>
          )}
        </div>
        <Form method="post" className="flex flex-col gap-2">
          <input type="hidden" name="intent" value="reply" />
          <input type="hidden" name="reviewId" value={row.id} />
          <label htmlFor={`reply-${row.id}`} className="text-xs font-medium">
            {row.reply ? "Edit your public reply" : "Reply publicly"}
          </label>
          <textarea
            id={`reply-${row.id}`}
            name="reply"
            rows={2}
            maxLength={REVIEW_LIMITS.replyMax}
            defaultValue={row.reply ?? ""}
            className={`${inputClass(false)} h-auto py-2`}
          />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={secondaryButton} disabled={busy}>
              {row.reply ? "Save reply" : "Publish reply"}
            </button>
          </div>
        </Form>
        {row.reply && (
          <Form method="post">
            <input type="hidden" name="intent" value="remove-reply" />
            <input type="hidden" name="reviewId" value={row.id} />
            <button type="submit" className={secondaryButton} disabled={busy}>
              Remove reply
            </button>
          </Form>
        )}
      </div>
    </li>
  );
}
