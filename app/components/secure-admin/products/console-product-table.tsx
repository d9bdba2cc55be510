import { Eye, EyeOff, Pencil, Star } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { PriceText, StatusBadges, type ProductRowProps } from "~/components/admin/products/product-row-parts";
import { ProductRowHead, ProductTableShell } from "~/components/admin/products/product-table";
import { useConsoleCommand } from "~/components/admin/products/use-product-editor";
import type { ProductSelection } from "~/components/admin/products/use-product-selection";
import type { AdminProductRow } from "~/modules/product-admin/admin-product-list.server";
import { CONSOLE_PRODUCTS_PATH } from "~/modules/product-admin/console-product-rules";
import type { ProductCommandAnswer } from "~/modules/product-admin/editor-api";
import { flagFailedMessage, type ToggleFlag } from "~/modules/product-admin/product-flags";

/**
 * The console's product table (spec §2): select, Product (image, name, SKU), Price, Status, Actions
 * (Edit, Activate/Deactivate, Feature/Unfeature). The pieces of a row are the product dashboard's.
 */
export function ConsoleProductTable({
  rows,
  selection,
  hrefOf,
}: {
  rows: AdminProductRow[];
  selection: ProductSelection;
  /** The page's URL with the modal open on a product. */
  hrefOf: (id: string) => string;
}) {
  return (
    <ProductTableShell
      caption="Products"
      selection={selection}
      minWidth="min-w-[48rem]"
      columns={[{ label: "Price", align: "right" }, { label: "Status" }, { label: "Actions" }]}
    >
      {rows.map((product) => (
        <ConsoleProductRow
          key={product.id}
          product={product}
          selected={selection.isSelected(product.id)}
          onSelect={() => selection.toggle(product.id)}
          editHref={hrefOf(product.id)}
        />
      ))}
    </ProductTableShell>
  );
}

/**
 * A per-row flag toggle: the same command as /admin's list (`{ intent: "toggle", id, flag, value }`),
 * sent to the console's page. The state asked for shows at once, then the list as reloaded; a toast
 * says 'Product {flag} updated' or 'Failed to update product {flag}'.
 */
function useConsoleToggle(product: AdminProductRow, flag: ToggleFlag) {
  const { fetcher, busy, send } = useConsoleCommand(CONSOLE_PRODUCTS_PATH);
  const saved = flag === "isActive" ? product.isActive : product.featured;
  const asked = (fetcher.json as { value?: unknown } | undefined)?.value;
  const on = typeof asked === "boolean" ? asked : saved;
  const handled = useRef<ProductCommandAnswer | null>(null);
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.ok) toast.success(answer.message);
    else toast.error(flagFailedMessage(flag), { description: answer.message });
  }, [fetcher.data, flag]);
  return { on, busy, toggle: () => send({ intent: "toggle", id: product.id, flag, value: !on }) };
}

const actionButton =
  "inline-flex h-9 items-center gap-1.5 rounded-full border border-line bg-white px-3 text-xs font-medium text-ink transition-colors hover:border-ink disabled:opacity-60";

function ConsoleProductRow({ product, selected, onSelect, editHref }: ProductRowProps & { editHref: string }) {
  const active = useConsoleToggle(product, "isActive");
  const featured = useConsoleToggle(product, "featured");
  return (
    <tr className={selected ? "bg-stone-50" : undefined}>
      <ProductRowHead product={product} selected={selected} onSelect={onSelect} />
      <td className="px-3 py-3 text-right">
        <PriceText product={product} />
      </td>
      <td className="px-3 py-3">
        <StatusBadges product={product} active={active.on} featured={featured.on} />
      </td>
      <td className="py-3 pl-3 pr-4">
        <div className="flex flex-wrap items-center gap-1.5">
          <Link to={editHref} preventScrollReset aria-label={`Edit ${product.name}`} className={actionButton}>
            <Pencil className="size-3.5" aria-hidden />
            Edit
          </Link>
          <button
            type="button"
            onClick={active.toggle}
            aria-label={`${active.on ? "Deactivate" : "Activate"} ${product.name}`}
            className={actionButton}
          >
            {active.on ? <EyeOff className="size-3.5" aria-hidden /> : <Eye className="size-3.5" aria-hidden />}
            {active.on ? "Deactivate" : "Activate"}
          </button>
          <button
            type="button"
            onClick={featured.toggle}
            aria-label={`${featured.on ? "Unfeature" : "Feature"} ${product.name}`}
            className={actionButton}
          >
            <Star className={`size-3.5 ${featured.on ? "fill-current text-amber-600" : ""}`} aria-hidden />
            {featured.on ? "Unfeature" : "Feature"}
          </button>
        </div>
      </td>
    </tr>
  );
}
