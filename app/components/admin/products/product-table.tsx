import { useEffect, useRef, type ReactNode } from "react";
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

/**
 * The list view (spec §2 list columns): select, Product (image, name, SKU), Status badges,
 * Inventory, Price, Category, Actions. A real table with a caption and column headers; the header's
 * checkbox selects the page.
 */
export function ProductTable({
  rows,
  caption,
  selection,
}: {
  rows: AdminProductRow[];
  caption: string;
  selection: ProductSelection;
}) {
  return (
    <ProductTableShell
      caption={caption}
      selection={selection}
      minWidth="min-w-[56rem]"
      columns={[
        { label: "Status" },
        { label: "Inventory", align: "right" },
        { label: "Price", align: "right" },
        { label: "Category" },
        { label: "Actions" },
      ]}
    >
      {rows.map((product) => (
        <ProductTableRow
          key={product.id}
          product={product}
          selected={selection.isSelected(product.id)}
          onSelect={() => selection.toggle(product.id)}
        />
      ))}
    </ProductTableShell>
  );
}

/**
 * A product table's frame, for both faces (this list view and the console's table): a caption, the
 * page checkbox, Product, then `columns`; the rows are the caller's.
 */
export function ProductTableShell({
  caption,
  selection,
  minWidth,
  columns,
  children,
}: {
  caption: string;
  selection: ProductSelection;
  /** Tailwind's min-w class: below it the table scrolls sideways. */
  minWidth: string;
  columns: ReadonlyArray<{ label: string; align?: "right" }>;
  children: ReactNode;
}) {
  const head = "px-3 py-3 font-medium";
  return (
    <div className="relative overflow-x-auto rounded-2xl border border-line bg-white">
      <table className={`w-full ${minWidth} text-left text-sm`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-line text-xs uppercase tracking-wider text-muted">
          <tr>
            <th scope="col" className="w-10 py-3 pl-4 pr-2">
              <PageCheckbox selection={selection} />
            </th>
            <th scope="col" className={head}>
              Product
            </th>
            {columns.map(({ label, align }, index) => (
              <th
                key={label}
                scope="col"
                className={`${head} ${align === "right" ? "text-right" : ""} ${index === columns.length - 1 ? "pr-4" : ""}`}
              >
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">{children}</tbody>
      </table>
    </div>
  );
}

/** A row's select box and its Product cell (image, name, SKU): the row's header. */
export function ProductRowHead({ product, selected, onSelect }: ProductRowProps) {
  return (
    <>
      <td className="py-3 pl-4 pr-2">
        <SelectBox product={product} checked={selected} onChange={onSelect} />
      </td>
      <th scope="row" className="px-3 py-3 text-left font-normal">
        <div className="flex items-center gap-3">
          <ProductThumb product={product} />
          <div className="min-w-0">
            <p className="font-medium text-ink">{product.name}</p>
            <p className="text-xs text-muted">
              <span className="sr-only">SKU </span>
              {product.sku}
            </p>
          </div>
        </div>
      </th>
    </>
  );
}

function ProductTableRow({ product, selected, onSelect }: ProductRowProps) {
  const flags = useRowFlags(product);
  return (
    <tr className={selected ? "bg-stone-50" : undefined}>
      <ProductRowHead product={product} selected={selected} onSelect={onSelect} />
      <td className="px-3 py-3">
        <StatusBadges product={product} active={flags.active.on} featured={flags.featured.on} />
      </td>
      <td className={`px-3 py-3 text-right tabular-nums ${product.inventory === 0 ? "text-red-700" : ""}`}>
        {product.inventory}
      </td>
      <td className="px-3 py-3 text-right">
        <PriceText product={product} />
      </td>
      <td className="px-3 py-3">{product.category ?? "Uncategorized"}</td>
      <td className="py-3 pl-3 pr-4">
        <RowActions product={product} active={flags.active} featured={flags.featured} />
      </td>
    </tr>
  );
}

/** Selects or clears the whole page; "mixed" when part of it is selected. */
export function PageCheckbox({ selection }: { selection: ProductSelection }) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = selection.somePage;
  }, [selection.somePage]);
  return (
    <input
      ref={box}
      type="checkbox"
      checked={selection.wholePage}
      onChange={selection.togglePage}
      aria-label="Select all products on this page"
      className="size-4 rounded border-line accent-ink"
    />
  );
}
