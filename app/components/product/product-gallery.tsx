import { ChevronLeft, ChevronRight } from "~/components/ui/icons";
import { useEffect, useRef, useState, type KeyboardEvent, type SyntheticEvent } from "react";
import { FALLBACK_IMAGE } from "~/modules/catalog/product-rules";
import { responsiveImage } from "~/modules/media/image-urls";

/** Swaps a broken image for the store's fallback image (once, so a broken fallback cannot loop). */
export function swapToFallbackImage(event: SyntheticEvent<HTMLImageElement>) {
  const img = event.currentTarget;
  if (img.src.endsWith(FALLBACK_IMAGE)) return;
  // A srcset would win over src: the fallback is one file.
  img.removeAttribute("srcset");
  img.removeAttribute("sizes");
  img.src = FALLBACK_IMAGE;
}

/** The main image fills the page's width on small screens and half of the 80rem page from lg. */
const MAIN_SIZES = "(min-width: 1280px) 608px, (min-width: 1024px) 50vw, 100vw";
const THUMB_SIZES = "96px";

/**
 * The product images: a large main image and a row of thumbnails that choose it. Thumbnails are
 * buttons (Tab, Enter, Space) and the row also answers ArrowLeft / ArrowRight / Home / End.
 * Give it `key={product.id}` so the image index starts at 0 again when the product changes.
 */
export function ProductGallery({ images, name }: { images: readonly string[]; name: string }) {
  const list = images.length > 0 ? images : [FALLBACK_IMAGE];
  const [index, setIndex] = useState(0);
  const thumbs = useRef<Array<HTMLButtonElement | null>>([]);
  const section = useRef<HTMLElement>(null);

  // An image that failed before hydration fired its error event before React listened: swap it now.
  useEffect(() => {
    for (const img of section.current?.querySelectorAll("img") ?? []) {
      if (img.complete && img.naturalWidth === 0 && !img.src.endsWith(FALLBACK_IMAGE)) img.src = FALLBACK_IMAGE;
    }
  }, []);
  const current = Math.min(index, list.length - 1);
  const many = list.length > 1;

  function show(next: number, focus = false) {
    const wrapped = (next + list.length) % list.length;
    setIndex(wrapped);
    if (focus) thumbs.current[wrapped]?.focus();
  }

  function onThumbKey(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, number> = {
      ArrowLeft: current - 1,
      ArrowRight: current + 1,
      Home: 0,
      End: list.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    show(next, true);
  }

  return (
    <section ref={section} aria-label="Product images" className="flex flex-col gap-4">
      <div className="group relative aspect-[4/5] overflow-hidden rounded-3xl bg-stone-100">
        <img
          alt={name}
          width={600}
          height={750}
          loading="eager"
          fetchPriority="high"
          decoding="async"
          onError={swapToFallbackImage}
          className="size-full object-cover"
          {...responsiveImage(list[current]!, MAIN_SIZES)}
        />
        {many && (
          <>
            <button
              type="button"
              onClick={() => show(current - 1)}
              aria-label="Previous image"
              className="absolute left-3 top-1/2 -translate-y-1/2 rounded-full bg-white/85 p-2 text-ink shadow-sm backdrop-blur transition hover:bg-white sm:opacity-0 sm:group-hover:opacity-100 sm:focus-visible:opacity-100"
            >
              <ChevronLeft className="size-5" aria-hidden />
            </button>
            <button
              type="button"
              onClick={() => show(current + 1)}
              aria-label="Next image"
              className="absolute right-3 top-1/2 -translate-y-1/2 rounded-full bg-white/85 p-2 text-ink shadow-sm backdrop-blur transition hover:bg-white sm:opacity-0 sm:group-hover:opacity-100 sm:focus-visible:opacity-100"
            >
              <ChevronRight className="size-5" aria-hidden />
            </button>
            <p
              className="absolute bottom-3 right-3 rounded-full bg-white/85 px-2.5 py-1 text-xs font-medium text-ink shadow-sm"
              aria-hidden
            >
              {current + 1} / {list.length}
            </p>
          </>
        )}
      </div>
      <div role="group" aria-label="Image thumbnails" onKeyDown={onThumbKey} className="flex flex-wrap gap-3">
        {list.map((src, i) => (
          <button
            key={`${src}-${i}`}
            ref={(el) => {
              thumbs.current[i] = el;
            }}
            type="button"
            aria-label={`Show image ${i + 1} of ${list.length}`}
            aria-pressed={i === current}
            onClick={() => show(i)}
            className={`w-20 overflow-hidden rounded-xl border-2 bg-stone-100 transition sm:w-24 ${
              i === current ? "border-ink" : "border-transparent opacity-70 hover:opacity-100"
            }`}
          >
            <img
              alt=""
              width={96}
              height={120}
              loading="lazy"
              decoding="async"
              onError={swapToFallbackImage}
              className="aspect-[4/5] size-full object-cover"
              {...responsiveImage(src, THUMB_SIZES)}
            />
          </button>
        ))}
      </div>
    </section>
  );
}
