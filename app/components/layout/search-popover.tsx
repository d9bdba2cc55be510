import { Search, X } from "~/components/ui/icons";
import { useCallback, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { searchUrl } from "~/lib/redirects";
import { useDismiss } from "~/components/ui/use-dismiss";

/** The header search: a small popover form; empty or blank text is ignored. */
export function SearchPopover() {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const ref = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const navigate = useNavigate();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);

  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        aria-label="Search products"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="rounded-full p-2 text-ink hover:bg-stone-100"
      >
        {open ? <X className="size-5" aria-hidden /> : <Search className="size-5" aria-hidden />}
      </button>
      {open && (
        <form
          role="search"
          className="absolute right-0 top-12 z-50 flex w-[min(22rem,calc(100vw-2rem))] gap-2 rounded-xl border border-line bg-white p-3 shadow-xl"
          onSubmit={(event) => {
            event.preventDefault();
            const url = searchUrl(query);
            if (!url) return;
            setOpen(false);
            navigate(url);
          }}
        >
          <label htmlFor={inputId} className="sr-only">
            Search
          </label>
          <input
            id={inputId}
            type="search"
            autoFocus
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Search products…"
            className="min-w-0 flex-1 rounded-lg border border-line px-3 py-2 text-sm outline-none focus:border-brand"
          />
          <button type="submit" className="rounded-lg bg-ink px-3 py-2 text-sm font-medium text-white hover:bg-black">
            Search
          </button>
        </form>
      )}
    </div>
  );
}
