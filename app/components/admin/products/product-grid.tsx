import type { AdminProductRow } from "~/modules/product-admin/admin-product-list.server";
import {
  PriceText,
  ProductThumb,
  RowActions,
  SelectBox,
  StatusBadges,
  useRowFlags,
  type ProductRowProps,
} from "./product-row-parts";
import type { ProductSelection } from "./use-product-selection";

/** The grid view: the same facts and actions as the table, as cards. */
export function ProductGrid({
  rows,
  label,
  selection,
}: {
  rows: AdminProductRow[];
  label: string;
  selection: ProductSelection;
}) {
  return (
    <ul aria-label={label} className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {rows.map((product) => (
        <ProductCardItem
          key={product.id}
          product={product}
          selected={selection.isSelected(product.id)}
          onSelect={() => selection.toggle(product.id)}
        />
      ))}
    </ul>
  );
}

function ProductCardItem({ product, selected, onSelect }: ProductRowProps) {
  const flags = useRowFlags(product);
  return (
    <li
      className={`flex flex-col gap-3 rounded-2xl border bg-white p-4 ${selected ? "border-ink" : "border-line"}`}
      aria-label={product.name}
    >
      <div className="relative">
        <ProductThumb product={product} size="large" />
        <span className="absolute left-2 top-2 rounded bg-white/90 p-1">
          <SelectBox product={product} checked={selected} onChange={onSelect} />
        </span>
      </div>
      <div>
        <h3 className="font-medium">{product.name}</h3>
        <p className="text-xs text-muted">
          <span className="sr-only">SKU </span>
          {product.sku}
        </p>
      </div>
      <StatusBadges product={product} active={flags.active.on} featured={flags.featured.on} />
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-xs text-muted">Price</dt>
          <dd>
            <PriceText product={product} />
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Inventory</dt>
          <dd className={`tabular-nums ${product.inventory === 0 ? "text-red-700" : ""}`}>{product.inventory}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">Category</dt>
          <dd className="truncate">{product.category ?? "Uncategorized"}</dd>
        </div>
      </dl>
      <div className="mt-auto">
        <RowActions product={product} active={flags.active} featured={flags.featured} />
      </div>
    </li>
  );
}
