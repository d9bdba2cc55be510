import { lazy, Suspense, useRef, useState, useSyncExternalStore } from "react";
import type { ProductFit, SizeChart } from "~/modules/fit/fit-types";
import { chartAnchor } from "~/modules/fit/size-chart-display";

/** The dialog and its table come with the first press, not with the product page's first scripts. */
const loadDialog = () => import("./size-guide-dialog");
const SizeGuideDialog = lazy(() => loadDialog().then((m) => ({ default: m.SizeGuideDialog })));

const noSubscription = () => () => {};

const trigger = "text-sm text-muted underline underline-offset-4 hover:text-ink";

/**
 * 'Size guide' beside the size picker (issue 29). Rendered on the server as a link to the chart on
 * /size-guide, so it works without JavaScript; once the page runs, a button that opens the dialog, and
 * gives focus back to itself when the dialog closes.
 */
export function SizeGuideButton({
  chart,
  fit,
  productName,
}: {
  chart: SizeChart;
  fit: ProductFit;
  productName: string;
}) {
  // false while the server renders and the browser hydrates, true once the page runs.
  const ready = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  if (!ready) {
    return (
      <a href={`/size-guide#${chartAnchor(chart.name)}`} className={trigger}>
        Size guide
      </a>
    );
  }
  const close = () => {
    setOpen(false);
    // After the dialog has gone: a closed <dialog> puts focus back itself, but not always on us.
    window.requestAnimationFrame(() => button.current?.focus());
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        className={trigger}
      >
        Size guide
      </button>
      {open && (
        <Suspense fallback={null}>
          <SizeGuideDialog chart={chart} fit={fit} productName={productName} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
