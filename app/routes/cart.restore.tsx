import { useEffect } from "react";
import { data, redirect, useNavigate } from "react-router";
import { useClientStore } from "~/components/cart/client-store";
import { Spinner } from "~/components/search/spinner";
import { SiteLink } from "~/components/ui/site-link";
import { pageLoader } from "~/lib/http/error-answer.server";
import { toCartItems } from "~/modules/cart/cart-api";
import { sameLine, type CartItem } from "~/modules/cart/cart-rules";
import { previewGuestCart } from "~/modules/cart/server-cart.server";
import { attributionCookie } from "~/modules/recovery/attribution.server";
import { checkoutToRestore, restoreToAccountCart } from "~/modules/recovery/checkout-recovery.server";
import { RECOVERY_MESSAGES } from "~/modules/recovery/recovery-api";
import { services } from "~/services.server";
import type { Route } from "./+types/cart.restore";

export function meta() {
  return [{ title: "Your cart" }, { name: "robots", content: "noindex" }];
}

const noStore = { "Cache-Control": "private, no-store" };

/**
 * `/cart/restore?token=…`, a reminder's one-click restore link (issue 31): puts the checkout's lines back
 * in the cart and opens checkout. Signed in: the account's server cart, then /checkout. An account's
 * checkout without a session: sign in first (and back here). A guest's: the lines, priced now, go into
 * this browser's cart (the page does it) and checkout opens. A forged or expired token restores nothing.
 */
async function load({ request }: Route.LoaderArgs) {
  const { config, database, recovery, sessions } = services();
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  const link = recovery.links.readRestore(token);
  if (!link) return data({ error: RECOVERY_MESSAGES.restoreInvalid, items: [] }, { status: 400, headers: noStore });
  const user = await sessions.user(request);
  const checkout = await checkoutToRestore(database.db, link.checkoutId);
  if (!checkout) return data({ error: RECOVERY_MESSAGES.restoreExpired, items: [] }, { status: 410, headers: noStore });
  const max = config.orderLimits.maxQuantityPerProduct;
  const cookie = attributionCookie(recovery.links, checkout.id, config.publicUrl.startsWith("https:"));
  if (user) {
    await restoreToAccountCart(database.db, user.id, checkout.lines, max);
    throw redirect("/checkout", { headers: { ...noStore, "Set-Cookie": cookie } });
  }
  if (checkout.userId) {
    throw redirect(`/login?redirect=${encodeURIComponent(`${url.pathname}${url.search}`)}`, { headers: noStore });
  }
  const lines = checkout.lines.map((l) => ({ id: l.productId, size: l.size, color: l.color, quantity: l.quantity }));
  const items = toCartItems(await previewGuestCart(database.db, lines, max)).filter((i) => i.problem !== "unavailable");
  return data({ error: null, items }, { headers: { ...noStore, "Set-Cookie": cookie } });
}
export const loader = pageLoader(load);

/** Adds each restored line to the browser's cart, up to at least its quantity (a second visit adds nothing). */
function withRestored(cart: readonly CartItem[], restored: readonly CartItem[]): CartItem[] {
  const next = [...cart];
  for (const item of restored) {
    const at = next.findIndex((c) => sameLine(c, item));
    if (at < 0) next.push(item);
    else if (next[at]!.quantity < item.quantity) next[at] = { ...next[at]!, quantity: item.quantity };
  }
  return next;
}

export default function CartRestore({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const ready = useClientStore((s) => s.cartReady);
  const { error, items } = loaderData;
  useEffect(() => {
    if (error || !ready) return;
    const store = useClientStore.getState();
    store.setCart(withRestored(store.cart, items));
    void navigate("/checkout", { replace: true });
  }, [error, items, ready, navigate]);
  if (error) {
    return (
      <div className="container-page flex min-h-[50vh] flex-col items-center justify-center gap-4 py-16 text-center">
        <h1 className="text-2xl font-semibold">We could not restore your cart</h1>
        <p className="text-muted">{error}</p>
        <SiteLink to="/shop" className="rounded-full bg-ink px-6 py-3 text-sm font-medium text-white hover:bg-black">
          Continue Shopping
        </SiteLink>
      </div>
    );
  }
  return (
    <div className="container-page flex min-h-[50vh] items-center justify-center py-16">
      <Spinner label="Restoring your cart…" />
    </div>
  );
}
