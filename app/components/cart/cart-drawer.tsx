import { Minus, Plus, ShoppingBag, Trash2, X } from "~/components/ui/icons";
import { useEffect, useRef } from "react";
import { SiteLink } from "~/components/ui/site-link";
import { changeQuantity, refreshPricing, removeFromCart } from "~/components/cart/cart-client";
import { DiscountCodeField, DiscountRows } from "~/components/cart/discount-code";
import { useCartPricing } from "~/components/cart/use-cart-pricing";
import { useClientStore } from "~/components/cart/client-store";
import { useMaxPerProduct, useShop } from "~/components/use-root-data";
import { formatCents } from "~/lib/money";
import {
  blockingLines,
  limitMessage,
  lineLimit,
  problemText,
  quantityElsewhere,
  stockNote,
} from "~/modules/cart/cart-rules";
import { responsiveImage } from "~/modules/media/image-urls";
import { amountToFreeShipping, percentText } from "~/modules/pricing/pricing";
import { reportCartOutcome } from "./report-cart-outcome";

/**
 * The slide-in cart panel (spec §2 Cart): lines, minus/plus, remove, subtotal, tax, total. Tax at the
 * shop's default rate (the destination is not known yet) and the free-shipping hint by the owner's
 * threshold (none when the shop has no free shipping).
 */
export function CartDrawer() {
  const open = useClientStore((s) => s.cartOpen);
  const cart = useClientStore((s) => s.cart);
  const setCartOpen = useClientStore((s) => s.setCartOpen);
  const maxPerProduct = useMaxPerProduct();
  const panel = useRef<HTMLDivElement>(null);
  const { shipping: rules } = useShop();
  // Discounts included (the live offers, the applied code); the free-shipping hint counts them.
  const totals = useCartPricing(cart);
  const toFree = totals.freeShipping ? 0 : amountToFreeShipping(totals.subtotalCents - totals.discountCents, rules);
  const blocked = blockingLines(cart).length > 0;

  useEffect(() => {
    if (!open) return;
    // Current prices, stock, availability and discounts whenever the panel opens (and a word if they could not be read).
    void refreshPricing().then(reportCartOutcome);
    panel.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setCartOpen(false);
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, setCartOpen]);

  if (!open) return null;
  return (
    <div className="fixed inset-0 z-50">
      <button
        type="button"
        aria-label="Close cart"
        tabIndex={-1}
        className="absolute inset-0 bg-black/40"
        onClick={() => setCartOpen(false)}
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby="cart-title"
        tabIndex={-1}
        className="absolute right-0 top-0 flex h-full w-full max-w-md flex-col bg-white shadow-2xl outline-none"
      >
        <div className="flex items-center justify-between border-b border-line px-5 py-4">
          <h2 id="cart-title" className="text-lg font-semibold">
            Shopping Cart
          </h2>
          <button
            type="button"
            aria-label="Close cart"
            onClick={() => setCartOpen(false)}
            className="rounded-full p-2 hover:bg-stone-100"
          >
            <X className="size-5" aria-hidden />
          </button>
        </div>
        {cart.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 text-center">
            <ShoppingBag className="size-12 text-stone-300" aria-hidden />
            <p className="text-lg font-medium">Your cart is empty</p>
            <SiteLink
              to="/shop"
              onClick={() => setCartOpen(false)}
              className="rounded-full bg-ink px-5 py-2.5 text-sm font-medium text-white"
            >
              Continue Shopping
            </SiteLink>
          </div>
        ) : (
          <>
            <ul className="flex-1 divide-y divide-line overflow-y-auto px-5" aria-label="Cart items">
              {cart.map((item) => {
                const line = { id: item.id, size: item.size, color: item.color };
                const flag = problemText(item);
                const note = stockNote(item);
                const elsewhere = quantityElsewhere(cart, item);
                const atLimit = item.quantity >= lineLimit(item, maxPerProduct, elsewhere);
                return (
                  <li key={`${item.id}|${item.size}|${item.color}`} className="flex gap-4 py-4">
                    <img
                      alt=""
                      width={80}
                      height={100}
                      className="h-24 w-20 rounded-lg bg-stone-100 object-cover"
                      {...responsiveImage(item.image, "80px")}
                    />
                    <div className="flex flex-1 flex-col">
                      <p className="font-medium">{item.name}</p>
                      <p className="text-xs text-muted">
                        Size {item.size} · {item.color}
                      </p>
                      <p className="mt-1 text-sm font-semibold">{formatCents(item.price)}</p>
                      {flag && (
                        <p className="mt-1 text-xs font-medium text-red-700" role="note">
                          {flag}
                        </p>
                      )}
                      {note && (
                        <p className="mt-1 text-xs font-medium text-amber-800" role="note">
                          {note}
                        </p>
                      )}
                      <div className="mt-auto flex items-center gap-2">
                        <button
                          type="button"
                          aria-label={`Decrease quantity of ${item.name}`}
                          onClick={() =>
                            void changeQuantity(line, item.quantity - 1, maxPerProduct).then(reportCartOutcome)
                          }
                          className="rounded-full border border-line p-1 hover:bg-stone-100"
                        >
                          <Minus className="size-3.5" aria-hidden />
                        </button>
                        <span aria-label={`Quantity of ${item.name}`} className="w-6 text-center text-sm">
                          {item.quantity}
                        </span>
                        <button
                          type="button"
                          aria-label={`Increase quantity of ${item.name}`}
                          onClick={() =>
                            void changeQuantity(line, item.quantity + 1, maxPerProduct).then(reportCartOutcome)
                          }
                          disabled={atLimit}
                          title={atLimit ? limitMessage(item.inventory, maxPerProduct, elsewhere) : undefined}
                          className="rounded-full border border-line p-1 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-40"
                        >
                          <Plus className="size-3.5" aria-hidden />
                        </button>
                        <button
                          type="button"
                          aria-label={`Remove ${item.name}`}
                          onClick={() => void removeFromCart(line).then(reportCartOutcome)}
                          className="ml-auto rounded-full p-1 text-muted hover:text-red-700"
                        >
                          <Trash2 className="size-4" aria-hidden />
                        </button>
                      </div>
                    </div>
                  </li>
                );
              })}
            </ul>
            <div className="space-y-2 border-t border-line px-5 py-4 text-sm">
              {toFree !== null && toFree > 0 && (
                <p data-testid="free-shipping-hint" className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
                  Add {formatCents(toFree)} more for free standard shipping.
                </p>
              )}
              <DiscountCodeField pricing={totals} />
              <Row label="Subtotal" value={formatCents(totals.subtotalCents)} />
              <DiscountRows pricing={totals} />
              <Row label={`Tax (${percentText(rules.taxPercent)})`} value={formatCents(totals.taxCents)} />
              <Row label="Total" value={formatCents(totals.totalCents)} strong />
              {blocked ? (
                <>
                  <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-red-800">
                    Remove the items that are no longer available to check out.
                  </p>
                  <button
                    type="button"
                    disabled
                    className="mt-2 block w-full cursor-not-allowed rounded-full bg-ink py-3 text-center font-medium text-white opacity-50"
                  >
                    Checkout
                  </button>
                </>
              ) : (
                <SiteLink
                  to="/checkout"
                  onClick={() => setCartOpen(false)}
                  className="mt-3 block rounded-full bg-ink py-3 text-center font-medium text-white hover:bg-black"
                >
                  Checkout
                </SiteLink>
              )}
            </div>
          </>
        )}
      </div>
    </div>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between ${strong ? "text-base font-semibold" : "text-muted"}`}>
      <span>{label}</span>
      <span>{value}</span>
    </div>
  );
}
