import { useEffect } from "react";
import { isRouteErrorResponse } from "react-router";
import { wipeBrowserStorage } from "~/components/cart/client-store";

/** Errors that mention these words may come from a stale sign-in kept in the browser. */
const AUTH_RELATED = /\b(auth|session|user|token)\b/i;

/** Reset App State (spec §4): clear local and session storage, reload after 100 ms. */
export function resetAppState(): void {
  wipeBrowserStorage();
  setTimeout(() => window.location.reload(), 100);
}

/**
 * The message a failed page load carries for the person who asked, or undefined: the text of a route
 * error response, which is how page loaders fail with a message fit to show (`pageLoader`: a
 * DomainError, or 503 'Database connection error. Please try again later.' while the database is away).
 * Any other error's text stays unseen (React Router replaces it outside development anyway).
 */
export function shownMessage(error: unknown): string | undefined {
  return isRouteErrorResponse(error) && typeof error.data === "string" && error.data.trim() !== ""
    ? error.data
    : undefined;
}

/**
 * The error screen of spec §2: 'Something went wrong' with Try Again and Reset App State; `shown`, when
 * there is one, says what went wrong instead of the general sentence.
 */
export function ErrorScreen({ message, shown }: { message?: string; shown?: string }) {
  useEffect(() => {
    if (message && AUTH_RELATED.test(message)) wipeBrowserStorage();
  }, [message]);

  return (
    <div
      role="alert"
      className="container-page flex min-h-[60vh] flex-col items-center justify-center gap-4 py-20 text-center"
    >
      <h1 className="font-display text-3xl font-semibold">Something went wrong</h1>
      <p className="max-w-md text-muted">
        {shown ??
          "We could not show this page. Please try again; if it keeps happening, resetting the app state usually helps."}
      </p>
      <div className="mt-2 flex gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-full bg-ink px-5 py-2.5 text-sm font-medium text-white hover:bg-black"
        >
          Try Again
        </button>
        <button
          type="button"
          onClick={resetAppState}
          className="rounded-full border border-ink px-5 py-2.5 text-sm font-medium hover:bg-stone-100"
        >
          Reset App State
        </button>
      </div>
    </div>
  );
}
