import { AlertCircle, RotateCw } from "~/components/ui/icons";
import { isRouteErrorResponse, useRevalidator } from "react-router";

/** Why a load failed, in words fit to show: the error's message, a short text answer, or the status. */
export function loadFailureReason(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (!isRouteErrorResponse(error)) return "Unknown error";
  const text = typeof error.data === "string" ? error.data.trim() : "";
  return text !== "" && text.length < 200 ? error.data : `${error.status} ${error.statusText}`.trim();
}

/**
 * A product list that failed to load (spec §8): 'Failed to load products: {reason}' with Try Again, which
 * re-runs the loaders — never made-up rows (decisions.md §4). The shop's and the dashboard's error boundary.
 */
export function ProductsLoadFailed({ error, title, className }: { error: unknown; title: string; className: string }) {
  const revalidator = useRevalidator();
  const retrying = revalidator.state === "loading";
  return (
    <div className={className}>
      <h1 className="font-display text-4xl font-semibold tracking-tight">{title}</h1>
      <div
        role="alert"
        className="mt-8 flex max-w-2xl flex-col items-start gap-4 rounded-2xl border border-red-200 bg-red-50 p-6"
      >
        <p className="flex items-start gap-3 text-red-900">
          <AlertCircle className="mt-0.5 size-5 shrink-0" aria-hidden />
          <span>Failed to load products: {loadFailureReason(error)}</span>
        </p>
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
      </div>
    </div>
  );
}
