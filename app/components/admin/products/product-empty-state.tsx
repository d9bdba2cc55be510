import { PackageOpen, Plus } from "lucide-react";
import { useState } from "react";
import { Link, useLocation, useRevalidator } from "react-router";
import { toast } from "sonner";
import { ADMIN_PRODUCTS_PATH, withPanel } from "~/modules/product-admin/admin-product-query";
import {
  HINT_EMPTY_CATALOGUE,
  HINT_WITH_FILTERS,
  LOAD_DEMO_PRODUCTS,
  NO_PRODUCTS,
  type DemoLoadResult,
} from "~/modules/product-admin/product-dashboard";
import { postAdminWrite } from "./admin-write";

/**
 * 'No products found' (spec §2) with its hint: 'Try adjusting your search or filters.' when something
 * narrows the list, else 'Get started by adding your first product.'. An empty catalogue also offers
 * 'Load demo products', which inserts the demo catalogue for real (decisions.md §4) — never fake rows.
 */
export function ProductEmptyState({ filtered, catalogueEmpty }: { filtered: boolean; catalogueEmpty: boolean }) {
  const location = useLocation();
  return (
    <div className="flex flex-col items-center rounded-2xl border border-line bg-white px-6 py-14 text-center">
      <span className="rounded-full bg-stone-100 p-4">
        <PackageOpen className="size-7 text-brand" aria-hidden />
      </span>
      <h2 className="mt-4 text-lg font-semibold">{NO_PRODUCTS}</h2>
      <p className="mt-1 text-sm text-muted">{filtered ? HINT_WITH_FILTERS : HINT_EMPTY_CATALOGUE}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {filtered ? (
          <Link
            to={ADMIN_PRODUCTS_PATH}
            className="rounded-full border border-line px-5 py-2.5 text-sm font-medium hover:border-ink"
          >
            Clear filters
          </Link>
        ) : (
          <Link
            to={withPanel(location.search, { edit: "new" })}
            preventScrollReset
            className="inline-flex items-center gap-2 rounded-full bg-ink px-5 py-2.5 text-sm font-semibold text-white hover:bg-black"
          >
            <Plus className="size-4" aria-hidden /> Add Product
          </Link>
        )}
        {catalogueEmpty && <LoadDemoButton />}
      </div>
    </div>
  );
}

function LoadDemoButton() {
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();
  const load = async () => {
    setBusy(true);
    const result = await postAdminWrite<DemoLoadResult>("/admin/products/demo");
    if (result.ok) {
      toast.success(result.message);
      await revalidator.revalidate();
    } else {
      toast.error(result.message);
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      onClick={() => void load()}
      disabled={busy}
      aria-busy={busy}
      className="rounded-full border border-ink px-5 py-2.5 text-sm font-semibold hover:bg-stone-100 disabled:opacity-60"
    >
      {busy ? "Loading demo products..." : LOAD_DEMO_PRODUCTS}
    </button>
  );
}
