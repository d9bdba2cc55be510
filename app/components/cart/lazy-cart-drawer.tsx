import { lazy, Suspense, useEffect } from "react";
import { useClientStore } from "./client-store";

/**
 * The cart panel, loaded apart from the page's first scripts: it carries the discount engine and the
 * code field (issue 28), which no page needs before the cart opens. It is fetched once the page is idle,
 * so the first open finds it there; until it arrives, opening shows nothing for that moment.
 */
const loadDrawer = () => import("./cart-drawer");
const CartDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.CartDrawer })));

export function LazyCartDrawer() {
  const open = useClientStore((s) => s.cartOpen);
  useEffect(() => {
    const warm = () => void loadDrawer();
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(warm, { timeout: 4000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(warm, 2000);
    return () => window.clearTimeout(timer);
  }, []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <CartDrawer />
    </Suspense>
  );
}
