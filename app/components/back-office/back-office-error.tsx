import { AlertCircle, ShieldAlert } from "lucide-react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { loadFailureReason } from "~/components/ui/products-load-failed";

/**
 * What a back-office page shows in place of itself when its loader refused or failed (issue 32): for a
 * 403, the server's refusal ('Your role (Fulfilment) does not include products.') and the way home; for
 * anything else, the failure's reason. The back office's frame stays around it; outside the back office
 * (a visitor, a customer) the layout shows its own gate and this is never seen.
 */
export function BackOfficeErrorBoundary() {
  const error = useRouteError();
  const refused = isRouteErrorResponse(error) && error.status === 403;
  return (
    <div className="container-page py-12">
      <div
        role="alert"
        className={`flex max-w-2xl flex-col items-start gap-4 rounded-2xl border p-6 ${
          refused ? "border-amber-200 bg-amber-50 text-amber-950" : "border-red-200 bg-red-50 text-red-900"
        }`}
      >
        <h1 className="flex items-center gap-3 text-lg font-semibold">
          {refused ? (
            <ShieldAlert className="size-5 shrink-0" aria-hidden />
          ) : (
            <AlertCircle className="size-5 shrink-0" aria-hidden />
          )}
          {refused ? "Not part of your role" : "This page could not be loaded"}
        </h1>
        <p>{loadFailureReason(error)}</p>
        <Link to="/admin" className="text-sm font-medium underline underline-offset-2">
          Back to the back office's home
        </Link>
      </div>
    </div>
  );
}

/** A 403 from `requireStaff`: shown by BackOfficeErrorBoundary, whatever a page's own boundary shows for other failures. */
export function isRefusal(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 403;
}
