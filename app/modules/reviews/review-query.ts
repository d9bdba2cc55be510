import type { SizeReviewStats } from "~/modules/fit/fit-types";
import type { StarCount } from "./review-summary";

/**
 * Which of a product's reviews the product page lists (issue 29): filters (rating, size, with photos),
 * sort (newest, most helpful) and page, as they live in the URL. The parameters are named `reviews_…`
 * so they never meet the page's own `?size=` (the size preselected by a colour switch). Parsing is
 * lenient, as the shop's query is: a value that makes no sense is ignored, so every hand-edited or old
 * link shows a sensible page. Pure, shared by the loader and the browser.
 */

export const REVIEWS_PAGE_SIZE = 10;
/** The deepest page a link may ask for; a product has far fewer. */
const MAX_PAGE = 1_000;
/** Longer than any size a product offers ('XXL', '32/34', 'One size'). */
const MAX_SIZE_LENGTH = 40;

export const REVIEW_PARAMS = {
  rating: "reviews_rating",
  size: "reviews_size",
  photos: "reviews_photos",
  sort: "reviews_sort",
  page: "reviews_page",
} as const;

export const REVIEW_SORTS = [
  { value: "newest", label: "Newest" },
  { value: "helpful", label: "Most helpful" },
] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number]["value"];

export interface ReviewQuery {
  rating: StarCount | null;
  size: string | null;
  photos: boolean;
  sort: ReviewSort;
  page: number;
}

export const DEFAULT_REVIEW_QUERY: ReviewQuery = { rating: null, size: null, photos: false, sort: "newest", page: 1 };

/** The anchor the review links and the filter form go to, so a page without JavaScript opens at the list. */
export const REVIEWS_ANCHOR = "reviews-list";

function wholeNumber(value: string | null, min: number, max: number): number | null {
  if (value === null || !/^\d{1,7}$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n >= min && n <= max ? n : null;
}

export function parseReviewQuery(params: URLSearchParams): ReviewQuery {
  const size = params.get(REVIEW_PARAMS.size)?.trim() ?? "";
  const sort = params.get(REVIEW_PARAMS.sort);
  return {
    rating: wholeNumber(params.get(REVIEW_PARAMS.rating), 1, 5) as StarCount | null,
    size: size !== "" && size.length <= MAX_SIZE_LENGTH ? size : null,
    photos: params.get(REVIEW_PARAMS.photos) === "1",
    sort: REVIEW_SORTS.find((s) => s.value === sort)?.value ?? "newest",
    page: wholeNumber(params.get(REVIEW_PARAMS.page), 1, MAX_PAGE) ?? 1,
  };
}

/** True when the query narrows the list (a rating, a size or photos). */
export function filtersReviews(query: ReviewQuery): boolean {
  return query.rating !== null || query.size !== null || query.photos;
}

/** The first page of all reviews, newest first: the list a search engine reads. */
export function isDefaultReviewQuery(query: ReviewQuery): boolean {
  return !filtersReviews(query) && query.sort === "newest" && query.page === 1;
}

/** True when the URL says anything about the reviews (the panel then opens by itself). */
export function hasReviewParams(params: URLSearchParams): boolean {
  return Object.values(REVIEW_PARAMS).some((name) => params.has(name));
}

/** Each review parameter as the query writes it: absent for a default, one value otherwise. */
function writtenParams(query: ReviewQuery): Array<[string, string | null]> {
  return [
    [REVIEW_PARAMS.rating, query.rating === null ? null : String(query.rating)],
    [REVIEW_PARAMS.size, query.size],
    [REVIEW_PARAMS.photos, query.photos ? "1" : null],
    [REVIEW_PARAMS.sort, query.sort === "newest" ? null : query.sort],
    [REVIEW_PARAMS.page, query.page > 1 ? String(query.page) : null],
  ];
}

/**
 * Null when the URL's review parameters are written the one way `query` writes them; else the search
 * (`?…`, or '' for none) with them so written and every other parameter kept as it was. A form sent
 * without JavaScript names every field, empty ones too (`reviews_rating=&reviews_sort=newest`): sent on
 * to the short URL, each view of the reviews has one URL, and one cached page.
 */
export function canonicalReviewsSearch(params: URLSearchParams, query: ReviewQuery): string | null {
  const written = writtenParams(query);
  const same = written.every(([name, value]) => {
    const given = params.getAll(name);
    return value === null ? given.length === 0 : given.length === 1 && given[0] === value;
  });
  if (same) return null;
  const next = new URLSearchParams(params);
  for (const [name, value] of written) {
    next.delete(name);
    if (value !== null) next.set(name, value);
  }
  const search = next.toString();
  return search ? `?${search}` : "";
}

/**
 * The page's URL with the reviews' query replaced by `query` (defaults left out, so URLs stay short) and
 * every other parameter kept (the page's `?size=`), ending at the list.
 */
export function reviewsHref(pathname: string, current: URLSearchParams, query: ReviewQuery): `/${string}` {
  const params = new URLSearchParams(current);
  for (const [name, value] of writtenParams(query)) {
    params.delete(name);
    if (value !== null) params.set(name, value);
  }
  const search = params.toString();
  return `${pathname.startsWith("/") ? pathname : `/${pathname}`}${search ? `?${search}` : ""}#${REVIEWS_ANCHOR}` as `/${string}`;
}

/**
 * How many published reviews match the filters, from the stored per-size sums when they can say it (no
 * filter, a rating, a size, a size and a rating, photos, photos of a size); null when they cannot (photos
 * with a rating: the sums do not split photos by stars), and the list counts them itself.
 */
export function totalFromStats(stats: readonly SizeReviewStats[], query: ReviewQuery): number | null {
  if (query.photos && query.rating !== null) return null;
  const rows = query.size === null ? stats : stats.filter((s) => s.size === query.size);
  let total = 0;
  for (const s of rows) {
    if (query.photos) total += s.withPhotos;
    else if (query.rating !== null) total += s.stars[query.rating - 1] ?? 0;
    else total += s.reviews;
  }
  return total;
}

/** The number of pages `total` reviews take (0 for none). */
export function reviewPageCount(total: number): number {
  return Math.ceil(total / REVIEWS_PAGE_SIZE);
}
