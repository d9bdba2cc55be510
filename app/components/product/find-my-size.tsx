import { useCallback, useEffect, useRef, useState, type ComponentType } from "react";
import { hasStoredFit } from "~/components/viewer/fit-storage";
import { useViewer } from "~/components/viewer/viewer";
import type { ProductDetail } from "~/modules/catalog/catalog-types";
import { isSizeAvailable } from "~/modules/catalog/purchase-rules";
import { chartCanRecommend } from "~/modules/fit/chart-girths";
import type { FindMySizeDialogProps } from "./find-my-size-dialog";
import type { YourSize as YourSizeComponent } from "./your-size";

/**
 * 'Find my size' beside the size picker (issue 29), on a product that has sizes and a size chart with a
 * chest, waist or hip column: the button that opens the dialog, and 'Your size: M' once the shopper's
 * measurements are known. The product page is the shared cached page for everyone, so both come after
 * hydration, in the browser.
 *
 * The product page's scripts are tight: this part is all it loads first. 'Your size' (the recommender and
 * the measurements' store) is loaded for a signed-in shopper or a guest with measurements in this
 * browser; the dialog when the button is first pressed.
 */
const loadYourSize = () => import("./your-size");
const loadDialog = () => import("./find-my-size-dialog");

export function FindMySize({
  product,
  color,
  onChoose,
}: {
  product: ProductDetail;
  /** The colour chosen in the picker: a size is offered to choose when it has stock in it. */
  color: string | null;
  /** Chooses a size in the picker. */
  onChoose: (size: string) => void;
}) {
  const viewer = useViewer();
  const opener = useRef<HTMLButtonElement>(null);
  const [YourSize, setYourSize] = useState<typeof YourSizeComponent | null>(null);
  const [Dialog, setDialog] = useState<ComponentType<FindMySizeDialogProps> | null>(null);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const enabled = product.sizes.length > 0 && chartCanRecommend(product.sizeChart);
  const signedIn = viewer.known && viewer.user !== null;

  useEffect(() => {
    if (!enabled || YourSize || !(signedIn || hasStoredFit())) return;
    loadYourSize()
      .then((module) => setYourSize(() => module.YourSize))
      .catch(() => {
        // No 'Your size' this time (a new release meanwhile); the button still works.
      });
  }, [enabled, signedIn, YourSize]);

  if (!enabled) return null;

  function openDialog() {
    if (Dialog) {
      setOpen(true);
      return;
    }
    setLoading(true);
    Promise.all([loadDialog(), loadYourSize()])
      .then(([dialog, yourSize]) => {
        setDialog(() => dialog.FindMySizeDialog);
        setYourSize(() => yourSize.YourSize);
        setOpen(true);
      })
      .catch(() => {
        // A failed load (a new release meanwhile): the next press tries again.
      })
      .finally(() => setLoading(false));
  }

  const button = (
    <button
      ref={opener}
      type="button"
      aria-haspopup="dialog"
      aria-busy={loading || undefined}
      onClick={openDialog}
      className="text-sm text-muted underline underline-offset-4 hover:text-ink"
    >
      Find my size
    </button>
  );

  return (
    <div className="-mt-3">
      {YourSize ? <YourSize product={product}>{button}</YourSize> : button}
      {Dialog && (
        <Dialog
          open={open}
          onClose={close}
          opener={opener}
          product={product}
          isAvailable={(size) => isSizeAvailable(product, size, color)}
          onChoose={onChoose}
        />
      )}
    </div>
  );
}
