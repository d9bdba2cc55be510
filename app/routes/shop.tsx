import type { SitePath } from "~/lib/redirects";
import { SlidersHorizontal } from "~/components/ui/icons";
import { useState } from "react";
import { SiteLink } from "~/components/ui/site-link";
import { cardImage, ProductCard } from "~/components/product/product-card";
import { ActiveFilters } from "~/components/shop/active-filters";
import { CardQuickAdd } from "~/components/shop/card-quick-add";
import { FILTER_FORM_ID, FilterPanel } from "~/components/shop/filter-panel";
import { ProductListRow } from "~/components/shop/product-list-row";
import { priceBounds, shopHref, useShopNavigation } from "~/components/shop/shop-navigation";
import { SortSelect } from "~/components/shop/sort-select";
import { ProductsLoadFailed } from "~/components/ui/products-load-failed";
import { ViewToggle } from "~/components/shop/view-toggle";
import { Breadcrumbs } from "~/components/ui/breadcrumbs";
import { Pagination } from "~/components/ui/pagination";
import { fetchWithRetry } from "~/lib/fetch-with-retry";
import { absoluteUrl, originFromMatches, pageMeta, SHOP_NAME } from "~/lib/seo";
import { pageLoader } from "~/lib/http/error-answer.server";
import { services } from "~/services.server";
import { SharedMarkup } from "~/lib/render/shared-markup";
import { hasFilters, parseShopQuery, SHOP_ALL } from "~/modules/catalog/shop-query";
import type { Route } from "./+types/shop";

const INTROS: Record<string, string> = {
  [SHOP_ALL]: "Every piece in the collection, from everyday tees to tailored outerwear.",
  men: "Shirts, denim, knitwear and outerwear for men, cut for everyday comfort.",
  women: "Dresses, knitwear, denim and layers for women, made to be worn often.",
  sale: "Favourite pieces at reduced prices, while sizes last.",
  "new-arrivals": "The latest additions to the collection, fresh this month.",
  accessories: "Caps, bags and the finishing touches that pull an outfit together.",
};

/** The grid's first cards, whose images load at once with high priority. */
const GRID_PRIORITY = 3;

function intro(slug: string, heading: string, known: boolean): string {
  if (!known) return "We could not find that collection, but the rest of the shop is open.";
  return INTROS[slug] ?? `Shop ${heading} at ${SHOP_NAME}: considered clothing made to last.`;
}

async function load({ params, url }: Route.LoaderArgs) {
  const slug = "category" in params ? params.category : undefined;
  const query = parseShopQuery(slug, url.searchParams);
  const basePath: SitePath = slug === undefined ? "/shop" : `/shop/${encodeURIComponent(query.category)}`;
  const { categories, name, page } = await services().catalog.shopListing(query);
  const known = name !== null;
  const heading = name ?? "Shop";
  return { query, page, heading, known, basePath, categories, intro: intro(query.category, heading, known) };
}
export const loader = pageLoader(load);

/**
 * Client navigations follow the fetch rules of spec §9 (15 s per attempt, 3 attempts, waits of
 * 2 s then 4 s). serverLoader() takes no signal, so each attempt is raced against the timeout.
 * No `hydrate`: the first load uses the server-rendered data.
 */
export async function clientLoader({ serverLoader, request }: Route.ClientLoaderArgs) {
  return fetchWithRetry(() => serverLoader(), { signal: request.signal });
}

export function meta({ data, matches }: Route.MetaArgs) {
  const origin = originFromMatches(matches);
  if (!data) {
    return pageMeta({
      title: `Shop | ${SHOP_NAME}`,
      description: `Shop the ${SHOP_NAME}.`,
      origin,
      path: "/shop",
    });
  }
  // Canonical: the category path (/shop for "shop all"), plus the page when past the first;
  // filters and sorts are not canonical.
  const canonicalBase = data.query.category === SHOP_ALL ? "/shop" : data.basePath;
  const path = data.page.page > 1 ? `${canonicalBase}?page=${data.page.page}` : canonicalBase;
  const tags = pageMeta({
    title: `${data.heading} | ${SHOP_NAME}`,
    description: `${data.intro} Free shipping on orders over $50 and 30-day returns at ${SHOP_NAME}.`,
    origin,
    path,
  });
  if (!data.known) {
    tags.push({ name: "robots", content: "noindex, follow" });
    return tags;
  }
  const crumbs = [
    { name: "Home", path: "/" },
    { name: "Shop", path: "/shop" },
    ...(data.basePath === "/shop" ? [] : [{ name: data.heading, path: data.basePath }]),
  ];
  tags.push({
    "script:ld+json": {
      "@context": "https://schema.org",
      "@graph": [
        {
          "@type": "BreadcrumbList",
          itemListElement: crumbs.map((c, i) => ({
            "@type": "ListItem",
            position: i + 1,
            name: c.name,
            item: absoluteUrl(origin, c.path),
          })),
        },
        {
          "@type": "ItemList",
          numberOfItems: data.page.total,
          itemListElement: data.page.products.map((p, i) => ({
            "@type": "ListItem",
            position: (data.page.page - 1) * data.page.pageSize + i + 1,
            url: absoluteUrl(origin, `/product/${p.slug}`),
            name: p.name,
          })),
        },
      ],
    },
  });
  return tags;
}

function resultLine(page: { page: number; pageSize: number; total: number; products: unknown[] }): string {
  if (page.total === 0) return "No products";
  const from = (page.page - 1) * page.pageSize + 1;
  const to = from + page.products.length - 1;
  return `Showing ${from}–${to} of ${page.total} ${page.total === 1 ? "product" : "products"}`;
}

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { page, heading, basePath, categories, known } = loaderData;
  const { current, apply, busy } = useShopNavigation(basePath, loaderData.query);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtered = hasFilters(current);
  const filterCount =
    Number(current.size !== null) +
    Number(current.color !== null) +
    Number(current.minPrice !== null || current.maxPrice !== null) +
    Number(current.inStock);
  // While a shop navigation is under way, the choices being loaded; else the page actually shown.
  const choices = busy ? current : { ...current, page: page.page };

  const submitFilters = (form: HTMLFormElement) => {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === "string") params.append(name, value);
    const next = parseShopQuery(current.category, params);
    apply({ ...next, ...priceBounds(next.minPrice, next.maxPrice), page: 1, view: current.view });
  };

  return (
    <div className="pb-20">
      <header className="border-b border-line bg-white">
        <div className="container-page py-10 sm:py-14">
          <Breadcrumbs
            items={[
              { label: "Home", to: "/" },
              ...(basePath === "/shop"
                ? [{ label: "Shop" }]
                : [{ label: "Shop", to: "/shop" } as const, { label: heading }]),
            ]}
          />
          <h1 className="mt-4 font-display text-4xl font-semibold tracking-tight sm:text-5xl">{heading}</h1>
          <p className="mt-3 max-w-xl text-muted">{loaderData.intro}</p>
        </div>
      </header>

      {/* Mobile order: toolbar, filter panel (when open), results. Desktop: the panel is a sidebar. */}
      <div className="container-page mt-8 lg:mt-10 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:grid-rows-[auto_1fr] lg:gap-x-12">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-3 border-b border-line pb-4 sm:gap-x-3 lg:col-start-2 lg:row-start-1">
          <button
            type="button"
            aria-expanded={filtersOpen}
            aria-controls="shop-filter-panel"
            onClick={() => setFiltersOpen((open) => !open)}
            className="flex h-10 shrink-0 items-center gap-2 rounded-full border border-line bg-white px-3.5 text-sm font-medium hover:border-ink lg:hidden"
          >
            <SlidersHorizontal className="size-4" aria-hidden />
            Filters
            {filterCount > 0 && (
              <span
                aria-hidden
                className="flex size-5 items-center justify-center rounded-full bg-ink text-[11px] text-white"
              >
                {filterCount}
              </span>
            )}
          </button>
          <p role="status" className="order-last w-full text-sm text-muted sm:order-none sm:w-auto">
            {resultLine(page)}
          </p>
          <div className="ml-auto flex min-w-0 flex-1 items-center justify-end gap-2 sm:flex-none">
            <SortSelect value={current.sort} formId={FILTER_FORM_ID} onChange={(sort) => apply({ sort })} />
            <ViewToggle basePath={basePath} query={choices} onChange={(view) => apply({ view, page: choices.page })} />
          </div>
        </div>

        <aside
          id="shop-filter-panel"
          aria-label="Filter products"
          className={`${filtersOpen ? "block" : "hidden"} mt-4 rounded-2xl border border-line bg-white p-5 lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:mt-0 lg:block lg:self-start lg:border-0 lg:bg-transparent lg:p-0`}
        >
          <FilterPanel
            basePath={basePath}
            query={current}
            categories={categories}
            onApply={apply}
            onSubmitForm={submitFilters}
          />
        </aside>

        <section aria-labelledby="shop-results" className="min-w-0 lg:col-start-2 lg:row-start-2">
          <h2 id="shop-results" className="sr-only">
            Products
          </h2>
          {filtered && (
            <div className="mt-4">
              <ActiveFilters basePath={basePath} query={current} />
            </div>
          )}

          <div aria-busy={busy} className={`mt-8 transition-opacity duration-200 ${busy ? "opacity-50" : ""}`}>
            {/* The grid depends only on the page of products (the read cache's entry) and the view: every
                viewer of this page shares its markup (decision 0043). */}
            <SharedMarkup
              id="shop-results"
              owner={page}
              variant={`${known}:${hasFilters(loaderData.query)}:${basePath}`}
              // The list's eager images carry no fetch priority: React places their preloads where a
              // preload asked for by hand would not go, so lists are rendered every time.
              enabled={loaderData.query.view !== "list"}
              priorityImages={page.products.slice(0, GRID_PRIORITY).map((product) => cardImage(product))}
            >
              {page.total === 0 ? (
                <EmptyState filtered={hasFilters(loaderData.query) && known} basePath={basePath} />
              ) : loaderData.query.view === "list" ? (
                <div className="flex flex-col gap-4">
                  {page.products.map((product, i) => (
                    <ProductListRow key={product.id} product={product} priority={i < 2} />
                  ))}
                </div>
              ) : (
                <div className="grid grid-cols-2 gap-x-4 gap-y-10 sm:gap-x-6 md:grid-cols-3">
                  {page.products.map((product, i) => (
                    <ProductCard key={product.id} product={product} priority={i < GRID_PRIORITY}>
                      {(shown) => <CardQuickAdd style={product} shown={shown} />}
                    </ProductCard>
                  ))}
                </div>
              )}
            </SharedMarkup>
          </div>

          <Pagination
            page={page.page}
            pageCount={page.pageCount}
            hrefFor={(n) => shopHref(basePath, { ...loaderData.query, page: n })}
            label="Product pages"
          />
        </section>
      </div>
    </div>
  );
}

function EmptyState({ filtered, basePath }: { filtered: boolean; basePath: SitePath }) {
  return (
    <div className="flex flex-col items-center rounded-3xl bg-stone-100 px-6 py-16 text-center">
      {filtered ? (
        <>
          <p className="font-display text-2xl font-semibold">No products found matching your criteria.</p>
          <p className="mt-2 text-sm text-muted">Try another size, colour or price range.</p>
          <SiteLink
            to={basePath}
            preventScrollReset
            className="mt-6 rounded-full bg-ink px-6 py-2.5 text-sm font-semibold text-white hover:bg-black"
          >
            Clear Filters
          </SiteLink>
        </>
      ) : (
        <>
          <p className="font-display text-2xl font-semibold">No products available at the moment.</p>
          <p className="mt-2 text-sm text-muted">New pieces arrive often. In the meantime, see the whole collection.</p>
          {basePath !== "/shop" && (
            <SiteLink
              to="/shop"
              className="mt-6 rounded-full bg-ink px-6 py-2.5 text-sm font-semibold text-white hover:bg-black"
            >
              Browse all products
            </SiteLink>
          )}
        </>
      )}
    </div>
  );
}

/** Load failures: 'Failed to load products: {reason}' with Try Again (re-runs the loaders, with the retry rules). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ProductsLoadFailed error={error} title="Shop" className="container-page py-16 sm:py-24" />;
}
