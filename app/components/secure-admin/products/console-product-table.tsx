import { Eye, EyeOff, Pencil, Star } from "lucide-react";
import { Link } from "react-router";
import { PriceText, StatusBadges, type ProductRowProps } from "~/components/admin/products/product-row-parts";
import { ProductRowHead, ProductTableShell } from "~/components/admin/products/product-table";
import { useFlagToggle } from "~/components/admin/products/use-flag-toggle";
import type { ProductSelection } from "~/components/admin/products/use-product-selection";
import type { AdminProductRow } from "~/modules/product-admin/admin-product-list.server";

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

const actionButton =
  "inline-flex h-9 items-center gap-1.5 rounded-full border border-line bg-white px-3 text-xs font-medium text-ink transition-colors hover:border-ink disabled:opacity-60";

function ConsoleProductRow({ product, selected, onSelect, editHref }: ProductRowProps & { editHref: string }) {
  // The product list's own toggle (the same request, the same toasts as /admin/products).
  const active = useFlagToggle(product.id, "isActive", product.isActive);
  const featured = useFlagToggle(product.id, "featured", product.featured);
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
