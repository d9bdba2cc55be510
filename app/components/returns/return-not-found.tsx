import { PackageSearch } from "~/components/ui/icons";
import { primaryButton, secondaryButton } from "~/components/ui/field";
import { SiteLink } from "~/components/ui/site-link";
import type { SitePath } from "~/lib/redirects";

/**
 * The 404 of the shopper's return pages: an order or return that is not theirs is answered exactly like
 * one that does not exist (numbers are guessable). Signed out, it offers to sign in and come back.
 */
export function ReturnNotFound({
  title,
  message,
  signedIn,
  signInTo,
}: {
  title: string;
  message: string;
  signedIn: boolean;
  /** Where sign-in sends the shopper back to. */
  signInTo?: SitePath;
}) {
  return (
    <div className="container-page flex min-h-[50vh] flex-col items-center justify-center gap-4 py-16 text-center">
      <PackageSearch className="size-12 text-stone-300" aria-hidden />
      <h1 className="font-display text-3xl font-semibold">{title}</h1>
      <p className="max-w-md text-muted">
        {message}.{" "}
        {signedIn
          ? "Your orders and their returns are listed in your order history."
          : "Sign in with the account that placed the order to see it."}
      </p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        {signedIn ? (
          <SiteLink to="/orders" className={primaryButton}>
            View Order History
          </SiteLink>
        ) : (
          <SiteLink
            to={signInTo ? `/login?redirect=${encodeURIComponent(signInTo)}` : "/login"}
            className={primaryButton}
          >
            Sign In
          </SiteLink>
        )}
        <SiteLink to="/shop" className={secondaryButton}>
          Continue Shopping
        </SiteLink>
      </div>
    </div>
  );
}
