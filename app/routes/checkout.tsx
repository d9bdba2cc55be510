import { ShoppingBag } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useClientStore } from "~/lib/client-store";
import { formatCents } from "~/lib/money";
import { requireUser } from "~/modules/accounts/guards.server";
import { amountToFreeShipping, computeTotals } from "~/modules/orders/pricing";
import type { Route } from "./+types/checkout";

export function meta() {
  return [{ title: "Checkout | Abundance Collection" }, { name: "robots", content: "noindex" }];
}

/** Signed-in users only (spec §2): anyone else goes to /login?redirect=%2Fcheckout. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

/**
 * The checkout's cart review and order summary. The three steps (information, shipping, payment)
 * and order placement are the next piece of work (issue 5); until then the page says so plainly.
 */
export default function Checkout() {
  const cart = useClientStore((s) => s.cart);
  // The cart lives in the browser: render it after hydration so server and client agree.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const totals = computeTotals(
    cart.map((i) => ({ unitPriceCents: i.price, quantity: i.quantity })),
    "standard",
  );
  const toFree = amountToFreeShipping(totals.subtotalCents);

  if (ready && cart.length === 0) {
    return (
      <div className="container-page flex min-h-[50vh] flex-col items-center justify-center gap-4 py-16 text-center">
        <ShoppingBag className="size-12 text-stone-300" aria-hidden />
        <h1 className="text-2xl font-semibold">Your cart is empty</h1>
        <Link to="/shop" className="rounded-full bg-ink px-6 py-3 text-sm font-medium text-white hover:bg-black">
          Continue Shopping
        </Link>
      </div>
    );
  }

  return (
    <div className="container-page py-12">
      <h1 className="font-display text-4xl font-semibold">Checkout</h1>
      <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_22rem]">
        <section aria-labelledby="review-title">
          <h2 id="review-title" className="text-lg font-semibold">
            Review your cart
          </h2>
          <ul className="mt-4 divide-y divide-line rounded-2xl border border-line bg-white px-5">
            {cart.map((item) => (
              <li key={`${item.id}|${item.size}|${item.color}`} className="flex items-center gap-4 py-4">
                <img src={item.image} alt="" width={64} height={80} className="h-20 w-16 rounded-lg bg-stone-100 object-cover" />
                <div className="flex-1">
                  <p className="font-medium">{item.name}</p>
                  <p className="text-sm text-muted">
                    Size {item.size} · {item.color} · Qty {item.quantity}
                  </p>
                </div>
                <p className="font-medium">{formatCents(item.price * item.quantity)}</p>
              </li>
            ))}
          </ul>
          <p role="status" className="mt-6 rounded-2xl bg-amber-50 p-5 text-sm text-amber-900">
            Online ordering opens soon. Your cart is kept in this browser until then.
          </p>
        </section>
        <aside aria-labelledby="summary-title" className="h-fit rounded-2xl border border-line bg-white p-6">
          <h2 id="summary-title" className="text-lg font-semibold">
            Order Summary
          </h2>
          <dl className="mt-4 space-y-2 text-sm">
            <Row label="Subtotal" value={formatCents(totals.subtotalCents)} />
            <Row label="Shipping (standard)" value={totals.shippingCents === 0 ? "Free" : formatCents(totals.shippingCents)} />
            <Row label="Tax (8%)" value={formatCents(totals.taxCents)} />
            <div className="flex justify-between border-t border-line pt-3 text-base font-semibold">
              <dt>Total</dt>
              <dd>{formatCents(totals.totalCents)}</dd>
            </div>
          </dl>
          {toFree > 0 && <p className="mt-4 text-sm text-muted">Add {formatCents(toFree)} more for free standard shipping.</p>}
        </aside>
      </div>
    </div>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between text-muted">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
