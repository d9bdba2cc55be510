import { isRouteErrorResponse, Link, useRevalidator } from "react-router";
import { AlertCircle, RotateCw } from "~/components/ui/icons";
import { loadFailureReason } from "~/components/ui/products-load-failed";
import { SIZE_CHARTS_PATH } from "~/modules/fit/size-chart-form";

/**
 * The size charts' pages that failed to load: a chart that is not there (404) says so with a way back to
 * the list; anything else is 'Failed to load size charts: {reason}' with Try Again.
 */
export function SizeChartLoadFailed({ error }: { error: unknown }) {
  const revalidator = useRevalidator();
  const retrying = revalidator.state === "loading";
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="container-page py-12">
      <h1 className="font-display text-4xl font-semibold tracking-tight">Size charts</h1>
      <div
        role="alert"
        className="mt-8 flex max-w-2xl flex-col items-start gap-4 rounded-2xl border border-red-200 bg-red-50 p-6"
      >
        <p className="flex items-start gap-3 text-red-900">
          <AlertCircle className="mt-0.5 size-5 shrink-0" aria-hidden />
          <span>{missing ? loadFailureReason(error) : `Failed to load size charts: ${loadFailureReason(error)}`}</span>
        </p>
        {missing ? (
          <Link to={SIZE_CHARTS_PATH} className="text-sm font-medium text-brand underline underline-offset-2">
            Back to size charts
          </Link>
        ) : (
          <button
            type="button"
            onClick={() => void revalidator.revalidate()}
            disabled={retrying}
            aria-busy={retrying}
            className="flex items-center gap-2 rounded-full bg-ink px-5 py-2.5 text-sm font-semibold text-white hover:bg-black disabled:opacity-60"
          >
            <RotateCw className={`size-4 ${retrying ? "animate-spin" : ""}`} aria-hidden />
            Try Again
          </button>
        )}
      </div>
    </div>
  );
}
