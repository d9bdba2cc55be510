import { data } from "react-router";
import { CheckCircle2, PackageSearch } from "~/components/ui/icons";
import { SiteLink } from "~/components/ui/site-link";
import { pageLoader } from "~/lib/http/error-answer.server";
import { shopNameFromMatches } from "~/lib/seo";
import { services } from "~/services.server";
import type { Route } from "./+types/orders.claim";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `Your orders | ${shopNameFromMatches(matches)}` }, { name: "robots", content: "noindex" }];
}

/**
 * The claim link (issue 31): mailed to a new account's e-mail, it proves the mailbox, and the e-mail's
 * earlier guest orders join the account it names, for the shopper signed in to that account
 * (docs/decisions/0034-guest-checkout.md). Opening it again changes nothing more; a forged, expired or
 * outdated link, or one opened by another account, attaches nothing.
 */
async function load({ request, url }: Route.LoaderArgs) {
  // Signed in to the account the link names (else to /login and back here): the link alone is not enough.
  const user = await services().sessions.requireUser(request);
  const claimed = await services().guestOrders.claim(url.searchParams.get("token") ?? "", user.id);
  if (!claimed) return data({ ok: false as const, count: 0 }, { status: 400 });
  return data({ ok: true as const, count: claimed.attached.length });
}
export const loader = pageLoader(load);

export default function ClaimOrders({ loaderData }: Route.ComponentProps) {
  const link = "rounded-full bg-ink px-6 py-3 text-sm font-medium text-white hover:bg-black";
  return (
    <div className="container-page flex min-h-[50vh] flex-col items-center justify-center gap-4 py-16 text-center">
      {loaderData.ok ? (
        <>
          <CheckCircle2 className="size-12 text-green-600" aria-hidden />
          <h1 className="font-display text-3xl font-semibold">Your e-mail is confirmed</h1>
          <p className="max-w-md text-muted">
            {loaderData.count === 0
              ? "Your earlier orders are already in your account."
              : `${loaderData.count} earlier ${loaderData.count === 1 ? "order was" : "orders were"} added to your account.`}
          </p>
        </>
      ) : (
        <>
          <PackageSearch className="size-12 text-stone-300" aria-hidden />
          <h1 className="font-display text-3xl font-semibold">This link does not work</h1>
          <p className="max-w-md text-muted">
            It may have expired (links work for 7 days), been changed, or be for another account: open it signed in to
            the account you created.
          </p>
        </>
      )}
      <SiteLink to="/orders" className={link}>
        View Order History
      </SiteLink>
    </div>
  );
}
