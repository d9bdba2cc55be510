import { shopNameFromMatches } from "~/lib/seo";
import { AlertTriangle, Search as SearchIcon, SearchX, SlidersHorizontal } from "~/components/ui/icons";
import { useId, useState } from "react";
import { data, useNavigate, useNavigation, useRevalidator } from "react-router";
import { SiteLink } from "~/components/ui/site-link";
import { SearchActiveFilters } from "~/components/search/search-active-filters";
import { SearchFilters, SEARCH_DEBOUNCE_MS } from "~/components/search/search-filters";
import { searchHref } from "~/components/search/search-href";
import { SearchResultCard } from "~/components/search/search-result-card";
import { Spinner } from "~/components/search/spinner";
import { useDebounced, useUrlState } from "~/components/search/use-url-state";
import { Pagination } from "~/components/ui/pagination";
import { shownMessage } from "~/components/error-screen";
import { connectionFailure } from "~/lib/db/errors";
import { pageLoader } from "~/lib/http/error-answer.server";
import { services } from "~/services.server";
import { SEARCH_PRICE_MAX, type ProductPage, type SearchQuery } from "~/modules/catalog/catalog-types";
import { parseSearchQuery } from "~/modules/catalog/search-query";
import type { Route } from "./+types/search";
import { log } from "~/lib/log.server";

const SEARCH_FAILED = "Search failed";
const POPULAR = ["Hoodie", "Linen shirt", "Denim", "Midi dress", "Joggers", "Tote"];

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const q = loaderData?.query.q;
  const SITE = shopNameFromMatches(matches);
  return [{ title: q ? `"${q}" – Search | ${SITE}` : `Search | ${SITE}` }, { name: "robots", content: "noindex" }];
}

/**
 * /search. Signed-in visitors only, unless GUEST_SEARCH opens it to guests
 * (decisions.md §4). The URL is the whole state: ?q=&category=&min=&max=&stock=1&page=.
 */
async function load({ request, url }: Route.LoaderArgs) {
  const { config, catalog } = services();
  if (!config.guestSearch) await services().sessions.requireUser(request);

  const query = parseSearchQuery(url.searchParams);
  try {
    const [categories, results] = await Promise.all([
      catalog.categories(),
      query.q ? catalog.search(query) : Promise.resolve<ProductPage | null>(null),
    ]);
    return { query, categories, results, error: null as string | null };
  } catch (error) {
    // The database away is the shop's 503 (pageLoader), not this page's own failure.
    if (connectionFailure(error)) throw error;
    log.error({ err: error }, "[search] failed");
    return data({ query, categories: [], results: null, error: SEARCH_FAILED as string | null }, { status: 500 });
  }
}
export const loader = pageLoader(load);

function activeFilterCount(query: SearchQuery): number {
  return (
    Number(Boolean(query.category)) +
    Number(query.minPrice > 0 || query.maxPrice !== SEARCH_PRICE_MAX) +
    Number(query.inStock)
  );
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, categories, results, error } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const searching = navigation.state !== "idle" && navigation.location?.pathname === "/search";
  const ids = useId();
  const filterCount = activeFilterCount(query);
  const [filtersOpen, setFiltersOpen] = useState(filterCount > 0);

  const [text, setText, markSent] = useUrlState(query.q);
  const go = (next: SearchQuery, replace = false) => navigate(searchHref(next), { replace, preventScrollReset: true });

  /** Searches for the trimmed text, keeping the filters; blank text does not search. */
  const search = (raw: string, replace: boolean) => {
    const q = raw.trim();
    if (!q || q === query.q) return;
    markSent(q);
    go({ ...query, q, page: 1 }, replace);
  };
  // As-you-type: one search after a pause; keystrokes replace the history entry so Back is not flooded.
  const typed = useDebounced((raw: string) => search(raw, true), SEARCH_DEBOUNCE_MS);

  const applyFilters = (patch: Partial<SearchQuery>) => go({ ...query, ...patch, page: 1 });
  const withoutFilters = { ...query, category: null, minPrice: 0, maxPrice: SEARCH_PRICE_MAX, inStock: false, page: 1 };
  const clearFilters = () => go(withoutFilters);

  return (
    <div className="container-page py-10 sm:py-14">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-[0.2em] text-brand">Find your next favourite</p>
        <h1 className="mt-2 font-display text-4xl font-semibold tracking-tight sm:text-5xl">Search</h1>
      </header>

      <form
        role="search"
        action="/search"
        method="get"
        className="mt-8 flex max-w-3xl flex-col gap-3 sm:flex-row"
        onSubmit={(event) => {
          event.preventDefault();
          typed.cancel();
          search(text, false);
        }}
      >
        <div className="relative min-w-0 flex-1">
          <label htmlFor={`${ids}-q`} className="sr-only">
            Search products
          </label>
          <SearchIcon
            aria-hidden
            className="pointer-events-none absolute left-4 top-1/2 size-5 -translate-y-1/2 text-muted"
          />
          <input
            id={`${ids}-q`}
            name="q"
            type="search"
            autoComplete="off"
            autoFocus={!query.q}
            enterKeyHint="search"
            maxLength={200}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              typed.run(event.target.value);
            }}
            placeholder="Search hoodies, linen, denim…"
            className="w-full rounded-full border border-line bg-white py-3.5 pl-12 pr-5 text-base shadow-sm outline-none transition-colors focus:border-brand"
          />
        </div>
        {/* Without JavaScript the form still searches, keeping the filters. */}
        {query.category && <input type="hidden" name="category" value={query.category} />}
        {query.minPrice > 0 && <input type="hidden" name="min" value={query.minPrice} />}
        {query.maxPrice !== SEARCH_PRICE_MAX && <input type="hidden" name="max" value={query.maxPrice} />}
        {query.inStock && <input type="hidden" name="stock" value="1" />}
        <button
          type="submit"
          className="rounded-full bg-ink px-8 py-3.5 text-sm font-semibold text-white hover:bg-black"
        >
          Search
        </button>
      </form>

      <div className="mt-8 flex flex-wrap items-center gap-x-5 gap-y-3 border-b border-line pb-4">
        <button
          type="button"
          aria-expanded={filtersOpen}
          aria-controls={`${ids}-filters`}
          onClick={() => setFiltersOpen((open) => !open)}
          className={`flex items-center gap-2 rounded-full border px-4 py-2 text-sm font-semibold transition-colors ${
            filtersOpen ? "border-ink bg-ink text-white" : "border-line bg-white hover:border-ink"
          }`}
        >
          <SlidersHorizontal className="size-4" aria-hidden />
          Filters
          {filterCount > 0 && (
            <span
              className={`flex min-w-5 items-center justify-center rounded-full px-1 text-[11px] leading-5 ${
                filtersOpen ? "bg-white text-ink" : "bg-brand text-white"
              }`}
            >
              <span className="sr-only">(</span>
              {filterCount}
              <span className="sr-only"> active)</span>
            </span>
          )}
        </button>
        <p aria-live="polite" className="text-sm text-muted">
          {results && query.q && (
            <>
              <span className="font-semibold text-ink">{results.total}</span>{" "}
              {results.total === 1 ? "result" : "results"} for{" "}
              <span className="font-semibold text-ink">“{query.q}”</span>
            </>
          )}
        </p>
        {searching && <Spinner label="Searching…" className="ml-auto" />}
      </div>

      <SearchActiveFilters query={query} categories={categories} />

      {filtersOpen && (
        <SearchFilters
          id={`${ids}-filters`}
          query={query}
          categories={categories}
          onChange={applyFilters}
          onClearAll={clearFilters}
        />
      )}

      <div aria-busy={searching} className={`transition-opacity ${searching ? "opacity-60" : ""}`}>
        {error ? (
          <SearchFailed />
        ) : !query.q ? (
          <EmptyState
            icon={<SearchIcon className="size-7 text-brand" aria-hidden />}
            title="Start your search"
            text="Type what you are looking for: a garment, a fabric, a colour."
          >
            <ul aria-label="Popular searches" className="mt-6 flex flex-wrap justify-center gap-2">
              {POPULAR.map((term) => (
                <li key={term}>
                  <SiteLink
                    to={searchHref({ ...query, q: term, page: 1 })}
                    className="block rounded-full border border-line bg-white px-4 py-2 text-sm font-medium hover:border-ink"
                  >
                    {term}
                  </SiteLink>
                </li>
              ))}
            </ul>
          </EmptyState>
        ) : !results || results.products.length === 0 ? (
          <EmptyState
            icon={<SearchX className="size-7 text-brand" aria-hidden />}
            title="No results found"
            text={`We couldn't find anything for “${query.q}”. Check the spelling, try a broader word or clear the filters.`}
          >
            {/* A link, as on the shop's empty state: it works before the page's scripts have started. */}
            <SiteLink
              to={searchHref(withoutFilters)}
              preventScrollReset
              className="mt-6 rounded-full bg-ink px-6 py-3 text-sm font-semibold text-white hover:bg-black"
            >
              Clear Filters
            </SiteLink>
          </EmptyState>
        ) : (
          <section aria-labelledby={`${ids}-results`}>
            {/* The cards' titles are h3: this heading keeps the outline h1 → h2 → h3 for screen-reader users. */}
            <h2 id={`${ids}-results`} className="sr-only">
              Search results
            </h2>
            <div className="mt-8 grid grid-cols-1 gap-x-6 gap-y-10 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {results.products.map((product, i) => (
                <SearchResultCard key={product.id} product={product} priority={i < 4} />
              ))}
            </div>
            <Pagination
              page={results.page}
              pageCount={results.pageCount}
              hrefFor={(page) => searchHref({ ...query, page })}
              label="Search results pages"
            />
          </section>
        )}
      </div>
    </div>
  );
}

function EmptyState(props: { icon: React.ReactNode; title: string; text: string; children?: React.ReactNode }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center py-20 text-center">
      <span className="rounded-full bg-stone-100 p-4">{props.icon}</span>
      <h2 className="mt-5 font-display text-2xl font-semibold">{props.title}</h2>
      <p className="mt-2 text-muted">{props.text}</p>
      {props.children}
    </div>
  );
}

function SearchFailed({ text }: { text?: string }) {
  const revalidator = useRevalidator();
  return (
    <div role="alert">
      <EmptyState
        icon={<AlertTriangle className="size-7 text-red-700" aria-hidden />}
        title={SEARCH_FAILED}
        text={text ?? "Something went wrong while searching. Please try again in a moment."}
      >
        <button
          type="button"
          onClick={() => void revalidator.revalidate()}
          className="mt-6 rounded-full bg-ink px-6 py-3 text-sm font-semibold text-white hover:bg-black"
        >
          Try Again
        </button>
      </EmptyState>
    </div>
  );
}

/** Anything else that goes wrong on this page still says 'Search failed' (and why, when the failure says). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <div className="container-page py-10">
      <SearchFailed text={shownMessage(error)} />
    </div>
  );
}
