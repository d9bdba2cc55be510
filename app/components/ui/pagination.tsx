import { useEffect, useState } from "react";
import { PrefetchPageLinks } from "react-router";
import { ChevronLeft, ChevronRight } from "~/components/ui/icons";
import { SiteLink, type SiteLinkProps } from "~/components/ui/site-link";
import type { SitePath } from "~/lib/redirects";
import { pageWindow } from "~/modules/catalog/shop-query";

/**
 * Previous, up to five page numbers, Next (spec §2, §9) as links, so that every page has its own
 * URL (shareable, crawlable, Back works). `hrefFor(page)` builds the URL of a page.
 */
export function Pagination({
  page,
  pageCount,
  hrefFor,
  label = "Pagination",
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => SitePath;
  label?: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mt-12 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <PageLink to={hrefFor(page - 1)} className="page-link" rel="prev">
          <ChevronLeft className="size-4" aria-hidden /> Previous
        </PageLink>
      ) : (
        <span className="page-link" aria-disabled="true">
          <ChevronLeft className="size-4" aria-hidden /> Previous
        </span>
      )}
      {pageWindow(page, pageCount).map((n) =>
        n === page ? (
          <span key={n} aria-current="page" className="page-link">
            {n}
          </span>
        ) : (
          <PageLink key={n} to={hrefFor(n)} className="page-link" aria-label={`Page ${n}`}>
            {n}
          </PageLink>
        ),
      )}
      {page < pageCount ? (
        <PageLink to={hrefFor(page + 1)} className="page-link" rel="next">
          Next <ChevronRight className="size-4" aria-hidden />
        </PageLink>
      ) : (
        <span className="page-link" aria-disabled="true">
          Next <ChevronRight className="size-4" aria-hidden />
        </span>
      )}
    </nav>
  );
}

/**
 * A link to another page of the list that fetches that page's data and code once the pointer rests on
 * it (or it has focus, or a finger touches it) for 100 ms, as `<Link prefetch="intent">` does, with the
 * same `<PrefetchPageLinks>`, without `<Link>`'s per-render work (a page of results has five or six).
 */
function PageLink({
  to,
  ...props
}: Omit<SiteLinkProps, "onMouseEnter" | "onMouseLeave" | "onFocus" | "onBlur" | "onTouchStart">) {
  const [intent, setIntent] = useState(false);
  const [prefetch, setPrefetch] = useState(false);
  useEffect(() => {
    if (!intent) return;
    const timer = setTimeout(() => setPrefetch(true), 100);
    return () => clearTimeout(timer);
  }, [intent]);
  const start = () => setIntent(true);
  const stop = () => {
    setIntent(false);
    setPrefetch(false);
  };
  return (
    <>
      <SiteLink
        to={to}
        onMouseEnter={start}
        onMouseLeave={stop}
        onFocus={start}
        onBlur={stop}
        onTouchStart={start}
        {...props}
      />
      {prefetch && <PrefetchPageLinks page={to} />}
    </>
  );
}
