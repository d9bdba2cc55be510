import { ChevronLeft, ChevronRight } from "~/components/ui/icons";
import { Link } from "react-router";
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
  hrefFor: (page: number) => string;
  label?: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mt-12 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className="page-link" rel="prev" prefetch="intent">
          <ChevronLeft className="size-4" aria-hidden /> Previous
        </Link>
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
          <Link key={n} to={hrefFor(n)} className="page-link" aria-label={`Page ${n}`} prefetch="intent">
            {n}
          </Link>
        ),
      )}
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className="page-link" rel="next" prefetch="intent">
          Next <ChevronRight className="size-4" aria-hidden />
        </Link>
      ) : (
        <span className="page-link" aria-disabled="true">
          Next <ChevronRight className="size-4" aria-hidden />
        </span>
      )}
    </nav>
  );
}
