import { Link } from "react-router";
import type { FitAnalytics, FitProductFigures, FitSizeFigures } from "~/modules/analytics/fit-analytics.server";
import { FIT_FLAG_MIN_ANSWERS, fitShare, type FitFlag, type FitVotes } from "~/modules/analytics/fit-flags";

/**
 * The Analytics page's "Size and fit" (issue 29), for both faces of the back office: per reviewed
 * product its fit votes, average rating and review count, flagged products first; each product opens
 * (a native disclosure: keyboard and screen readers, no script needed) to the same figures per size.
 * Paged by `fitPage`, the date range kept. Units returned as 'Too small' / 'Too large' (issue 30) are
 * counted in 'Runs small' / 'Runs large' and said so in the cell ('5 (71%), 2 returned').
 */
const count = (n: number) => n.toLocaleString("en-US");
const rating = (value: number, reviews: number) => (reviews === 0 ? "—" : value.toFixed(1));
const COLUMNS = ["Fit", "Reviews", "Average rating", "Runs small", "True to size", "Runs large"] as const;

export const FIT_TABLE_CAPTION = "Fit votes, average rating and review count by product, flagged products first";

function Flag({ flag }: { flag: FitFlag | null }) {
  if (!flag) return <span className="text-muted">—</span>;
  return (
    <span
      className="inline-block whitespace-nowrap rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900"
      data-fit-flag={flag}
    >
      {flag}
    </span>
  );
}

/** A vote count with its share of the answers: '8 (62%)', and how many of them are returns: '8 (62%), 2 returned'. */
const vote = (part: number, votes: FitVotes, returned = 0) =>
  `${count(part)} (${fitShare(part, votes)})${returned > 0 ? `, ${count(returned)} returned` : ""}`;

function Figures({ row }: { row: FitProductFigures | FitSizeFigures }) {
  return (
    <>
      <td className="py-1.5 pr-3 text-right">
        <Flag flag={row.flag} />
      </td>
      <td className="py-1.5 pr-3 text-right tabular-nums">{count(row.reviews)}</td>
      <td className="py-1.5 pr-3 text-right tabular-nums">{rating(row.averageRating, row.reviews)}</td>
      <td className="py-1.5 pr-3 text-right tabular-nums">{vote(row.runsSmall, row, row.returned.tooSmall)}</td>
      <td className="py-1.5 pr-3 text-right tabular-nums">{vote(row.trueToSize, row)}</td>
      <td className="py-1.5 pr-3 text-right tabular-nums">{vote(row.runsLarge, row, row.returned.tooLarge)}</td>
    </>
  );
}

function Head({ first }: { first: string }) {
  return (
    <thead>
      <tr className="border-b border-line text-xs uppercase tracking-wider text-muted">
        {[first, ...COLUMNS].map((c, i) => (
          <th key={c} scope="col" className={`py-2 pr-3 font-medium ${i > 0 ? "text-right" : ""}`}>
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function SizesTable({ product }: { product: FitProductFigures }) {
  return (
    <table className="mt-2 w-full text-left text-sm">
      <caption className="sr-only">{`${product.name} by size`}</caption>
      <Head first="Size" />
      <tbody>
        {product.sizes.map((size) => (
          <tr key={size.size} className="border-b border-line/60" data-size={size.size}>
            <th scope="row" className="py-1.5 pr-3 font-normal">
              {size.size || "No size"}
            </th>
            <Figures row={size} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function FitTable({ fit, range }: { fit: FitAnalytics; range: { from: string; to: string } }) {
  const first = (fit.page - 1) * fit.pageSize + 1;
  const last = first + fit.products.length - 1;
  const reviewed = fit.total - fit.returnsOnly;
  const pageLink = (page: number) => `?from=${range.from}&to=${range.to}&fitPage=${page}#fit-heading`;
  return (
    <>
      <p className="mt-1 text-sm text-muted" data-testid="fit-summary">
        {count(reviewed)} {reviewed === 1 ? "product" : "products"} with reviews
        {fit.returnsOnly > 0 ? `, ${count(fit.returnsOnly)} more with size returns only` : ""}, {count(fit.flagged)}{" "}
        flagged &apos;runs small&apos; or &apos;runs large&apos; (at least {FIT_FLAG_MIN_ANSWERS} fit answers, 60% or
        more one way). All published reviews to date, whatever the range above; a unit returned as &apos;Too small&apos;
        or &apos;Too large&apos; counts as a &apos;runs small&apos; or &apos;runs large&apos; answer.
      </p>
      <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label="Size and fit, scrollable">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{FIT_TABLE_CAPTION}</caption>
          <Head first="Product" />
          <tbody>
            {fit.products.map((product) => (
              <FitRows key={product.productId} product={product} />
            ))}
          </tbody>
        </table>
      </div>
      {fit.pages > 1 && (
        <nav aria-label="Size and fit pages" className="mt-3 flex flex-wrap items-center gap-3 text-sm">
          <span>
            Products {count(first)}–{count(last)} of {count(fit.total)}
          </span>
          {fit.page > 1 && (
            <Link to={pageLink(fit.page - 1)} className="underline">
              Previous products
            </Link>
          )}
          {fit.page < fit.pages && (
            <Link to={pageLink(fit.page + 1)} className="underline">
              Next products
            </Link>
          )}
        </nav>
      )}
    </>
  );
}

function FitRows({ product }: { product: FitProductFigures }) {
  return (
    <>
      <tr className="border-t border-line" data-fit-product={product.slug}>
        <th scope="row" className="py-1.5 pr-3 font-medium">
          {product.name}
        </th>
        <Figures row={product} />
      </tr>
      <tr className="border-b border-line/60">
        <td colSpan={COLUMNS.length + 1} className="pb-2 pl-3">
          <details>
            <summary className="cursor-pointer text-sm text-muted hover:text-ink">
              {product.name} by size ({count(product.sizes.length)} {product.sizes.length === 1 ? "size" : "sizes"})
            </summary>
            <SizesTable product={product} />
          </details>
        </td>
      </tr>
    </>
  );
}
