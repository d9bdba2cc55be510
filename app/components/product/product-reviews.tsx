import { useEffect, useId, useMemo, useState } from "react";
import { useFetcher, useLocation, useNavigate } from "react-router";
import { Check, ChevronDown, ChevronLeft, ChevronRight, Star } from "~/components/ui/icons";
import { SiteLink } from "~/components/ui/site-link";
import { useShop } from "~/components/use-root-data";
import { formatDayIn } from "~/lib/dates";
import type { SizeReviewStats } from "~/modules/fit/fit-types";
import { responsiveImage } from "~/modules/media/image-urls";
import {
  filtersReviews,
  hasReviewParams,
  REVIEW_PARAMS,
  REVIEW_SORTS,
  REVIEWS_ANCHOR,
  REVIEWS_PAGE_SIZE,
  reviewsHref,
  type ReviewQuery,
  type ReviewSort,
} from "~/modules/reviews/review-query";
import { FIT_LABELS, summarizeReviews, type StarCount, type StarShare } from "~/modules/reviews/review-summary";
// Types only: the server's modules stay on the server.
import type { HelpfulAnswer } from "~/modules/reviews/helpful-votes.server";
import type { PublicReview, ReviewPage } from "~/modules/reviews/review-reads.server";

/** Five stars filled to the rating (rounded to the nearest half), with an accessible label. */
export function RatingStars({ rating, className = "size-4" }: { rating: number; className?: string }) {
  const rounded = Math.round(rating * 2) / 2;
  return (
    <span role="img" aria-label={`Rated ${rating.toFixed(1)} out of 5`} className="flex items-center gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => {
        const fill = rounded >= n ? "full" : rounded >= n - 0.5 ? "half" : "none";
        return (
          <span key={n} className="relative inline-flex" aria-hidden>
            <Star className={`${className} text-stone-300`} />
            {fill !== "none" && (
              <span className={`absolute inset-0 overflow-hidden ${fill === "half" ? "w-1/2" : "w-full"}`}>
                <Star className={`${className} fill-amber-400 text-amber-400`} />
              </span>
            )}
          </span>
        );
      })}
    </span>
  );
}

/** The reviews panel's id: the header's rating links to it, and without JavaScript it is always open. */
export const REVIEWS_SECTION = "reviews";
const PANEL_ID = "reviews-panel";
const reviewsWord = (n: number) => (n === 1 ? "review" : "reviews");

/**
 * The reviews of spec §2's product page (issue 29), rendered on the server: the 'Reviews (N)' toggle, the
 * average and count, the distribution of stars (each bar a link to that rating's reviews), the fit summary
 * per size, the filters and sort as a GET form, a page of reviews with 'Was this helpful?', and the pages.
 * Everything comes from the stored sums (`reviewStats`) and the loader's page of reviews; the filters live
 * in the URL (`reviews_…`), so every view has a link, works without JavaScript and is cached like the page.
 * With JavaScript a filter or a page is a client navigation that keeps the scroll position.
 */
export function ProductReviews({
  reviewCount,
  stats,
  page,
}: {
  reviewCount: number;
  stats: readonly SizeReviewStats[];
  page: ReviewPage;
}) {
  const location = useLocation();
  const current = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const [open, setOpen] = useState(() => hasReviewParams(current));
  const summary = useMemo(() => summarizeReviews(stats), [stats]);
  const hrefFor = (next: Partial<ReviewQuery>) =>
    reviewsHref(location.pathname, current, { ...page.query, page: 1, ...next });

  // A link to the reviews (the header's rating, a shared #review-… link) opens the panel.
  useEffect(() => {
    const openForHash = () => {
      if (/^#reviews?(?:-|$)/.test(window.location.hash)) setOpen(true);
    };
    openForHash();
    window.addEventListener("hashchange", openForHash);
    return () => window.removeEventListener("hashchange", openForHash);
  }, []);
  // A link to a view of the reviews (a bar, a page, Back to one) opens the panel too.
  const [search, setSearch] = useState(location.search);
  if (search !== location.search) {
    setSearch(location.search);
    if (hasReviewParams(current)) setOpen(true);
  }

  return (
    <section id={REVIEWS_SECTION} aria-label="Customer reviews" className="scroll-mt-24 border-t border-line">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={PANEL_ID}
          onClick={() => setOpen((o) => !o)}
          className="flex w-full items-center justify-between gap-4 py-5 text-left font-semibold"
        >
          Reviews ({reviewCount})
          <ChevronDown className={`size-5 text-muted transition-transform ${open ? "rotate-180" : ""}`} aria-hidden />
        </button>
      </h2>
      {/* Without JavaScript the toggle cannot open the panel: it is shown open. */}
      <noscript>
        <style>{`#${PANEL_ID}[hidden]{display:block}`}</style>
      </noscript>
      <div id={PANEL_ID} hidden={!open} className="pb-6">
        {summary.count === 0 ? (
          <p className="rounded-2xl bg-stone-100 px-5 py-6 text-center text-sm text-muted">
            No reviews yet. Be the first to review this product!
          </p>
        ) : (
          <>
            <div className="grid gap-8 sm:grid-cols-[10rem_1fr]">
              <div>
                <p className="font-display text-5xl font-semibold tracking-tight">{summary.average.toFixed(1)}</p>
                <div className="mt-2">
                  <RatingStars rating={summary.average} className="size-5" />
                </div>
                <p className="mt-2 text-sm text-muted">
                  Based on {summary.count} {reviewsWord(summary.count)}
                </p>
              </div>
              <div>
                <h3 className="text-sm font-semibold">Rating distribution</h3>
                <ul className="mt-3 space-y-1">
                  {summary.distribution.map((share) => (
                    <li key={share.stars}>
                      <StarBar share={share} active={page.query.rating === share.stars} hrefFor={hrefFor} />
                    </li>
                  ))}
                </ul>
              </div>
            </div>

            {summary.overallFit && (
              <div className="mt-8">
                <h3 className="text-sm font-semibold">How it fits</h3>
                <p className="mt-2 text-sm text-stone-700">{summary.overallFit.text}</p>
                <ul aria-label="Fit by size" className="mt-3 grid gap-1.5 text-sm text-stone-700">
                  {summary.sizeFits.map((fit) => (
                    <li key={fit.size} className="rounded-xl bg-stone-100 px-3 py-2">
                      {fit.text}
                    </li>
                  ))}
                </ul>
              </div>
            )}

            <ReviewFilters query={page.query} sizes={summary.sizes} withPhotos={summary.withPhotos > 0} />

            <p role="status" className="mt-4 text-sm text-muted">
              {page.total === 0
                ? "No reviews match these filters."
                : `Showing ${(page.page - 1) * REVIEWS_PAGE_SIZE + 1}–${Math.min(page.page * REVIEWS_PAGE_SIZE, page.total)} of ${page.total} ${reviewsWord(page.total)}`}
            </p>
            {page.total === 0 && filtersReviews(page.query) && (
              <SiteLink
                to={hrefFor({ rating: null, size: null, photos: false })}
                preventScrollReset
                className="mt-2 inline-block text-sm font-medium underline underline-offset-4"
              >
                Show all reviews
              </SiteLink>
            )}

            <ol aria-label="Reviews" className="mt-2">
              {page.reviews.map((review) => (
                <li key={review.id} id={`review-${review.id}`} className="scroll-mt-24 border-t border-line py-6">
                  <ReviewItem review={review} back={`${location.pathname}${location.search}#review-${review.id}`} />
                </li>
              ))}
            </ol>

            {page.pageCount > 1 && (
              <nav
                aria-label="Review pages"
                className="flex items-center justify-between gap-4 border-t border-line pt-5 text-sm"
              >
                {page.page > 1 ? (
                  <SiteLink to={hrefFor({ page: page.page - 1 })} rel="prev" className="page-link">
                    <ChevronLeft className="size-4" aria-hidden /> Previous
                  </SiteLink>
                ) : (
                  <span className="page-link" aria-disabled="true">
                    <ChevronLeft className="size-4" aria-hidden /> Previous
                  </span>
                )}
                <span aria-current="page">
                  Page {page.page} of {page.pageCount}
                </span>
                {page.page < page.pageCount ? (
                  <SiteLink to={hrefFor({ page: page.page + 1 })} rel="next" className="page-link">
                    Next <ChevronRight className="size-4" aria-hidden />
                  </SiteLink>
                ) : (
                  <span className="page-link" aria-disabled="true">
                    Next <ChevronRight className="size-4" aria-hidden />
                  </span>
                )}
              </nav>
            )}
          </>
        )}
      </div>
    </section>
  );
}

/** One bar of the distribution: a link to that rating's reviews (to all of them again when it is the filter). */
function StarBar({
  share,
  active,
  hrefFor,
}: {
  share: StarShare;
  active: boolean;
  hrefFor: (next: Partial<ReviewQuery>) => `/${string}`;
}) {
  const stars = `${share.stars} ${share.stars === 1 ? "star" : "stars"}`;
  const body = (
    <>
      <span className="w-12 shrink-0 tabular-nums">{stars}</span>
      <span className="h-2 flex-1 overflow-hidden rounded-full bg-stone-200" aria-hidden>
        <span className="block h-full rounded-full bg-amber-400" style={{ width: `${share.percent}%` }} />
      </span>
      <span className="w-16 shrink-0 text-right tabular-nums text-muted">
        {share.count} ({share.percent}%)
      </span>
    </>
  );
  const row = "flex items-center gap-3 rounded-lg px-2 py-1 text-sm";
  if (share.count === 0) return <span className={row}>{body}</span>;
  return (
    <SiteLink
      to={hrefFor({ rating: active ? null : (share.stars as StarCount) })}
      preventScrollReset
      aria-current={active ? "true" : undefined}
      aria-label={
        active
          ? `${stars}: ${share.count} ${reviewsWord(share.count)} (${share.percent}%), shown. Show all ratings`
          : `${stars}: ${share.count} ${reviewsWord(share.count)} (${share.percent}%). Show only ${stars}`
      }
      className={`${row} hover:bg-stone-100 ${active ? "bg-stone-100 font-semibold" : ""}`}
    >
      {body}
    </SiteLink>
  );
}

const selectClass =
  "h-10 rounded-full border border-line bg-white pl-4 pr-8 text-sm outline-none hover:border-ink focus:border-ink";

/**
 * Rating, size, with photos and sort: a GET form (Apply without JavaScript); with JavaScript each change
 * goes to its URL at once, keeping the scroll position. The page's other parameters (`?size=`) are kept.
 */
function ReviewFilters({ query, sizes, withPhotos }: { query: ReviewQuery; sizes: string[]; withPhotos: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  // Shown at once when changed; the page's query again once it has loaded (or Back was pressed).
  const [values, setValues] = useState(query);
  const [loaded, setLoaded] = useState(query);
  if (loaded !== query) {
    setLoaded(query);
    setValues(query);
  }
  const current = new URLSearchParams(location.search);
  const kept = [...current].filter(([name]) => !(Object.values(REVIEW_PARAMS) as string[]).includes(name));
  const apply = (next: Partial<ReviewQuery>) => {
    const chosen = { ...values, ...next, page: 1 };
    setValues(chosen);
    const href = reviewsHref(location.pathname, current, chosen);
    // The form stays where it is: no jump to the list's anchor.
    void navigate(href.slice(0, href.indexOf("#")) as `/${string}`, { preventScrollReset: true });
  };
  return (
    <form
      id={REVIEWS_ANCHOR}
      method="get"
      action={`${location.pathname}#${REVIEWS_ANCHOR}`}
      aria-label="Filter and sort reviews"
      onSubmit={(event) => {
        event.preventDefault();
        apply({});
      }}
      className="mt-8 flex scroll-mt-24 flex-wrap items-end gap-3 border-t border-line pt-6"
    >
      {kept.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <div className="grid gap-1">
        <label htmlFor="reviews-filter-rating" className="text-xs font-medium text-muted">
          Rating
        </label>
        <select
          id="reviews-filter-rating"
          name={REVIEW_PARAMS.rating}
          value={values.rating ?? ""}
          onChange={(event) =>
            apply({ rating: event.target.value === "" ? null : (Number(event.target.value) as StarCount) })
          }
          className={selectClass}
        >
          <option value="">All ratings</option>
          {[5, 4, 3, 2, 1].map((n) => (
            <option key={n} value={n}>
              {n} {n === 1 ? "star" : "stars"}
            </option>
          ))}
        </select>
      </div>
      {sizes.length > 0 && (
        <div className="grid gap-1">
          <label htmlFor="reviews-filter-size" className="text-xs font-medium text-muted">
            Size bought
          </label>
          <select
            id="reviews-filter-size"
            name={REVIEW_PARAMS.size}
            value={values.size ?? ""}
            onChange={(event) => apply({ size: event.target.value === "" ? null : event.target.value })}
            className={selectClass}
          >
            <option value="">All sizes</option>
            {sizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="grid gap-1">
        <label htmlFor="reviews-filter-sort" className="text-xs font-medium text-muted">
          Sort by
        </label>
        <select
          id="reviews-filter-sort"
          name={REVIEW_PARAMS.sort}
          value={values.sort}
          onChange={(event) => apply({ sort: event.target.value as ReviewSort })}
          className={selectClass}
        >
          {REVIEW_SORTS.map((sort) => (
            <option key={sort.value} value={sort.value}>
              {sort.label}
            </option>
          ))}
        </select>
      </div>
      {(withPhotos || values.photos) && (
        <label className="flex h-10 items-center gap-2 text-sm">
          <input
            type="checkbox"
            name={REVIEW_PARAMS.photos}
            value="1"
            checked={values.photos}
            onChange={(event) => apply({ photos: event.target.checked })}
            className="size-4 accent-ink"
          />
          With photos
        </label>
      )}
      <noscript>
        <button
          type="submit"
          className="h-10 rounded-full border border-ink px-4 text-sm font-medium hover:bg-stone-100"
        >
          Apply
        </button>
      </noscript>
    </form>
  );
}

function ReviewItem({ review, back }: { review: PublicReview; back: string }) {
  const shop = useShop();
  const titleId = `review-title-${review.id}`;
  return (
    <article aria-labelledby={titleId}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <RatingStars rating={review.rating} />
        <h3 id={titleId} className="font-semibold">
          {review.title}
        </h3>
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm text-muted">
        <span className="font-medium text-ink">{review.authorName}</span>
        {review.verified && (
          <span className="inline-flex items-center gap-1 text-emerald-800">
            <Check className="size-3.5" aria-hidden />
            Verified buyer
          </span>
        )}
        <span aria-hidden>·</span>
        <time dateTime={review.date}>{formatDayIn(review.date, shop.timeZone)}</time>
      </p>
      {(review.size !== "" || review.fit) && (
        <dl className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm">
          {review.size !== "" && (
            <div className="flex gap-1.5">
              <dt className="text-muted">Size bought</dt>
              <dd className="font-medium">{review.size}</dd>
            </div>
          )}
          {review.fit && (
            <div className="flex gap-1.5">
              <dt className="text-muted">Fit</dt>
              <dd className="font-medium">{FIT_LABELS[review.fit]}</dd>
            </div>
          )}
        </dl>
      )}
      <p className="mt-3 whitespace-pre-line break-words leading-7 text-stone-700">{review.body}</p>
      {review.photos.length > 0 && (
        <ul aria-label={`Photos from ${review.authorName}`} className="mt-3 flex flex-wrap gap-2">
          {review.photos.map((src, i) => (
            <li key={src}>
              <a href={src} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-lg">
                <img
                  alt={`Photo ${i + 1} of ${review.photos.length} from ${review.authorName}'s review`}
                  loading="lazy"
                  decoding="async"
                  width={96}
                  height={96}
                  className="size-24 object-cover"
                  {...responsiveImage(src, "96px")}
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {review.reply && (
        <div className="mt-4 rounded-2xl bg-stone-100 px-4 py-3 text-sm">
          <p className="font-semibold">Reply from {shop.name}</p>
          <p className="mt-1 whitespace-pre-line break-words leading-6 text-stone-700">{review.reply.text}</p>
        </div>
      )}
      <HelpfulVote review={review} back={back} />
    </article>
  );
}

/**
 * 'Was this helpful?': a form that posts the vote (and comes back to this review without JavaScript); with
 * JavaScript a fetcher sends it and shows the new count, and nothing else on the page is reloaded.
 */
function HelpfulVote({ review, back }: { review: PublicReview; back: string }) {
  const fetcher = useFetcher<HelpfulAnswer>({ key: `helpful-${review.id}` });
  const questionId = useId();
  const action = `/api/reviews/${review.id}/helpful`;
  const answer = fetcher.data;
  const count = answer?.ok ? answer.helpfulCount : review.helpfulCount;
  return (
    <form
      method="post"
      action={action}
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        form.set("reply", "data");
        void fetcher.submit(form, { method: "post", action, defaultShouldRevalidate: false });
      }}
      className="mt-4 flex flex-wrap items-center gap-3 text-sm"
    >
      <input type="hidden" name="back" value={back} />
      <span id={questionId} className="text-muted">
        Was this helpful?
      </span>
      <button
        type="submit"
        aria-describedby={questionId}
        className="rounded-full border border-line px-3.5 py-1.5 font-medium hover:border-ink"
      >
        Yes ({count})
      </button>
      <span role="status" className="text-muted">
        {answer
          ? answer.ok
            ? answer.counted
              ? "Thanks for your feedback."
              : "You already found this helpful."
            : answer.error
          : ""}
      </span>
    </form>
  );
}
