import { useEffect, useId, useRef, useState } from "react";
import { toast } from "sonner";
import { useAddToCart } from "~/components/cart/use-add-to-cart";
import { Loader2, X } from "~/components/ui/icons";
import { keepFocusInside } from "~/components/ui/side-panel";
import { SiteLink } from "~/components/ui/site-link";
import { formatCents } from "~/lib/money";
import { isSizeAvailable, offerFor, quickAddChoice, type Choice } from "~/modules/catalog/purchase-rules";
import type { VariantAvailability } from "~/modules/catalog/variant-availability";
import { loadVariantAvailability } from "./load-variant-availability";

/** What a quick add needs of a card's product (a `ProductCard`, or one colour of its style, fits as it is). */
export interface QuickAddProduct {
  id: string;
  slug: string;
  name: string;
  /** In cents, as cards carry it. */
  price: number;
  image: string;
  sizes: readonly string[];
  colors: readonly string[];
  /** The product's stock (all its sizes): 0 shows a disabled 'Out of Stock'. */
  inventory: number;
}

export interface QuickAddProps {
  product: QuickAddProduct;
  /** More classes for the button (margin, width); it already sits above the card's covering link. */
  className?: string;
}

/**
 * A card's Add to Cart (decisions.md §6: stock per size). A product without sizes goes into the cart
 * at once (in its first colour in stock); one with sizes opens a small dialog that loads which sizes are
 * in stock and adds the size chosen there, in the first colour that has it. The card itself renders
 * only the button: the dialog, and the request for the sizes, come when it is opened.
 */
export function QuickAdd({ product, className = "" }: QuickAddProps) {
  const addToCart = useAddToCart();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);

  if (product.inventory <= 0) {
    return (
      <button type="button" disabled className={`qa qa-off ${className}`}>
        Out of Stock
      </button>
    );
  }

  const add = (availability: VariantAvailability | null, choice: Choice) => {
    const offer = availability ? offerFor(availability, choice) : null;
    return addToCart({
      id: product.id,
      name: product.name,
      slug: product.slug,
      priceCents: offer?.priceCents ?? product.price,
      image: product.image,
      size: choice.size ?? undefined,
      color: choice.color ?? undefined,
      quantity: 1,
      inventory: offer?.stock ?? product.inventory,
    });
  };

  async function addAtOnce() {
    // One colour or none: the product as it is. Several: the first in stock, which only its variants tell.
    if (product.colors.length <= 1) {
      void add(null, { size: null, color: product.colors[0] ?? null });
      return;
    }
    setBusy(true);
    try {
      const loaded = await loadVariantAvailability(product.slug);
      if ("error" in loaded) {
        toast.error(loaded.error);
        return;
      }
      const choice = quickAddChoice(loaded.availability, null);
      if (!choice) toast.error(`${product.name} is sold out`);
      else await add(loaded.availability, choice);
    } finally {
      setBusy(false);
    }
  }

  const needsSize = product.sizes.length > 0;
  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-label={`Add ${product.name} to cart`}
        aria-haspopup={needsSize ? "dialog" : undefined}
        aria-expanded={needsSize ? open : undefined}
        // Busy, it ignores clicks but stays enabled: a button disabled under the focus drops the focus.
        aria-busy={busy || undefined}
        onClick={() => {
          if (busy) return;
          if (needsSize) setOpen(true);
          else void addAtOnce();
        }}
        // The bag icon is the stylesheet's (.qa-bag), not an SVG in every card's markup.
        className={`qa qa-add ${busy ? "" : "qa-bag "}${className}`}
      >
        {busy && <Loader2 className="size-4 animate-spin" aria-hidden />}
        Add to Cart
      </button>
      {open && (
        <SizeDialog
          product={product}
          onChoose={(availability, choice) => void add(availability, choice)}
          onClose={() => {
            setOpen(false);
            trigger.current?.focus();
          }}
        />
      )}
    </>
  );
}

type Load = { state: "loading" } | { state: "failed"; message: string } | { state: "ready"; data: VariantAvailability };

/**
 * The quick add's size choice: a modal dialog (the page behind it inert, Tab kept inside, Escape or a
 * click outside closes it), every size a button, those sold out disabled, struck through and named
 * '{size}, unavailable'. Choosing a size adds it and closes the dialog.
 */
function SizeDialog({
  product,
  onChoose,
  onClose,
}: {
  product: QuickAddProduct;
  onChoose: (availability: VariantAvailability, choice: Choice) => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const sizeButtons = useRef<Array<HTMLButtonElement | null>>([]);
  const titleId = useId();
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  // Closed here first: while the modal dialog is open the page behind it is inert and cannot take focus back.
  const close = () => {
    dialog.current?.close();
    onClose();
  };

  useEffect(() => {
    let current = true;
    void loadVariantAvailability(product.slug).then((result) => {
      if (!current) return;
      setLoad(
        "error" in result ? { state: "failed", message: result.error } : { state: "ready", data: result.availability },
      );
    });
    return () => {
      current = false;
    };
  }, [product.slug, attempt]);

  // Once the sizes are there, focus goes to the first one that can be chosen.
  useEffect(() => {
    if (load.state === "ready") sizeButtons.current.find((b) => b && !b.disabled)?.focus();
  }, [load.state]);

  const sizes = load.state === "ready" ? load.data.sizes : product.sizes;
  const available = (size: string) => load.state === "ready" && isSizeAvailable(load.data, size, null);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-busy={load.state === "loading" || undefined}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onKeyDown={keepFocusInside}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) close();
      }}
      className="mb-0 mt-auto w-full max-w-none rounded-t-2xl bg-white p-0 shadow-2xl backdrop:bg-black/40 sm:m-auto sm:max-w-sm sm:rounded-2xl"
    >
      <div className="p-6">
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <h2 id={titleId} className="text-lg font-semibold">
              Choose a size
            </h2>
            <p className="mt-1 truncate text-sm text-muted">
              {product.name} · {formatCents(product.price)}
            </p>
          </div>
          <button
            type="button"
            aria-label="Close"
            onClick={close}
            className="-mr-2 -mt-1 rounded-full p-2 text-muted hover:bg-stone-100 hover:text-ink"
          >
            <X className="size-5" aria-hidden />
          </button>
        </div>

        <div role="group" aria-label="Sizes" className="mt-5 grid grid-cols-4 gap-2">
          {sizes.map((size, i) => {
            const ok = available(size);
            const choice = ok && load.state === "ready" ? quickAddChoice(load.data, size) : undefined;
            const price = choice && load.state === "ready" ? offerFor(load.data, choice).priceCents : product.price;
            return (
              <button
                key={size}
                ref={(el) => {
                  sizeButtons.current[i] = el;
                }}
                type="button"
                disabled={!choice}
                aria-label={load.state === "ready" && !ok ? `${size}, unavailable` : undefined}
                onClick={() => {
                  if (!choice || load.state !== "ready") return;
                  onChoose(load.data, choice);
                  close();
                }}
                className="flex min-h-11 flex-col items-center justify-center rounded-xl border border-line px-2 py-2 text-sm font-medium hover:border-ink disabled:cursor-not-allowed disabled:border-dashed disabled:bg-stone-50 disabled:text-stone-400 disabled:hover:border-line"
              >
                <span className={load.state === "ready" && !ok ? "line-through decoration-stone-400" : undefined}>
                  {size}
                </span>
                {price !== product.price && (
                  <span className="text-xs font-normal text-muted">{formatCents(price)}</span>
                )}
              </button>
            );
          })}
        </div>

        <div aria-live="polite" className="mt-4 text-sm">
          {load.state === "loading" && (
            <p className="flex items-center gap-2 text-muted">
              <Loader2 className="size-4 animate-spin" aria-hidden />
              Checking which sizes are in stock…
            </p>
          )}
          {load.state === "failed" && (
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-red-700">
              {load.message}
              <button
                type="button"
                onClick={() => {
                  setLoad({ state: "loading" });
                  setAttempt((n) => n + 1);
                }}
                className="font-semibold text-ink underline underline-offset-4"
              >
                Try again
              </button>
            </p>
          )}
          {load.state === "ready" && !sizes.some(available) && <p className="text-muted">Sold out in every size.</p>}
        </div>

        <SiteLink
          to={`/product/${product.slug}`}
          className="mt-4 inline-block text-sm text-muted underline underline-offset-4 hover:text-ink"
        >
          See product details
        </SiteLink>
      </div>
    </dialog>
  );
}
