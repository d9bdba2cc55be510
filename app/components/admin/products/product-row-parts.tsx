import { Eye, EyeOff, Pencil, Star } from "lucide-react";
import { Link, useLocation } from "react-router";
import { formatCents } from "~/lib/money";
import type { AdminProductRow } from "~/modules/product-admin/admin-product-list.server";
import { withPanel } from "~/modules/product-admin/admin-product-query";
import { useFlagToggle } from "./use-flag-toggle";

/** The pieces a product shows in both views (table row, grid card). */

/** A product in a list with its select box. */
export interface ProductRowProps {
  product: AdminProductRow;
  selected: boolean;
  onSelect: () => void;
}

const TONES = {
  green: "bg-green-100 text-green-800",
  stone: "bg-stone-200 text-stone-700",
  amber: "bg-amber-100 text-amber-900",
  red: "bg-red-100 text-red-800",
  blue: "bg-blue-100 text-blue-800",
} as const;

function Badge({ tone, children }: { tone: keyof typeof TONES; children: string }) {
  return (
    <li className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${TONES[tone]}`}>{children}</li>
  );
}

/**
 * Status badges (spec §2): Active/Inactive, Featured, Sale, New — words, not colours alone. `active`
 * and `featured` are the states shown (optimistic while a toggle is under way).
 */
export function StatusBadges({
  product,
  active,
  featured,
}: {
  product: AdminProductRow;
  active: boolean;
  featured: boolean;
}) {
  return (
    <ul aria-label="Status" className="flex flex-wrap gap-1">
      <Badge tone={active ? "green" : "stone"}>{active ? "Active" : "Inactive"}</Badge>
      {featured && <Badge tone="amber">Featured</Badge>}
      {product.onSale && <Badge tone="red">Sale</Badge>}
      {product.isNew && <Badge tone="blue">New</Badge>}
    </ul>
  );
}

/** The price, and the compare-at price struck through when it is higher (spec §2). */
export function PriceText({ product }: { product: AdminProductRow }) {
  const compareAt = product.originalPriceCents;
  return (
    <span className="tabular-nums">
      {formatCents(product.priceCents)}
      {compareAt !== null && compareAt > product.priceCents && (
        <>
          {" "}
          <span className="sr-only">compare at</span>
          <s className="ml-1 text-xs text-muted">{formatCents(compareAt)}</s>
        </>
      )}
    </span>
  );
}

export function ProductThumb({ product, size = "small" }: { product: AdminProductRow; size?: "small" | "large" }) {
  return (
    <img
      src={product.image}
      alt=""
      loading="lazy"
      width={size === "small" ? 40 : 240}
      height={size === "small" ? 50 : 300}
      className={
        size === "small"
          ? "h-12 w-10 shrink-0 rounded bg-stone-100 object-cover"
          : "aspect-[4/5] w-full rounded-xl bg-stone-100 object-cover"
      }
    />
  );
}

export function SelectBox({
  product,
  checked,
  onChange,
}: {
  product: AdminProductRow;
  checked: boolean;
  onChange: () => void;
}) {
  return (
    <input
      type="checkbox"
      checked={checked}
      onChange={onChange}
      aria-label={`Select ${product.name}`}
      className="size-4 rounded border-line accent-ink"
    />
  );
}

const iconButton =
  "inline-flex size-9 items-center justify-center rounded-full border transition-colors hover:border-ink disabled:opacity-60";

/** The row's actions (spec §2): edit (opens the editor panel through `?edit=<id>`), toggle active, toggle featured. */
export function RowActions({
  product,
  active,
  featured,
}: {
  product: AdminProductRow;
  active: ReturnType<typeof useFlagToggle>;
  featured: ReturnType<typeof useFlagToggle>;
}) {
  const location = useLocation();
  return (
    <div className="flex items-center gap-1.5">
      <Link
        to={withPanel(location.search, { edit: product.id })}
        preventScrollReset
        aria-label={`Edit ${product.name}`}
        title="Edit"
        className={`${iconButton} border-line bg-white text-ink`}
      >
        <Pencil className="size-4" aria-hidden />
      </Link>
      <button
        type="button"
        role="switch"
        aria-checked={active.on}
        aria-label={`Active: ${product.name}`}
        title={active.on ? "Deactivate" : "Activate"}
        onClick={active.toggle}
        className={`${iconButton} ${active.on ? "border-line bg-white text-ink" : "border-line bg-stone-100 text-muted"}`}
      >
        {active.on ? <Eye className="size-4" aria-hidden /> : <EyeOff className="size-4" aria-hidden />}
      </button>
      <button
        type="button"
        role="switch"
        aria-checked={featured.on}
        aria-label={`Featured: ${product.name}`}
        title={featured.on ? "Unfeature" : "Feature"}
        onClick={featured.toggle}
        className={`${iconButton} ${featured.on ? "border-amber-300 bg-amber-50 text-amber-700" : "border-line bg-white text-ink"}`}
      >
        <Star className={`size-4 ${featured.on ? "fill-current" : ""}`} aria-hidden />
      </button>
    </div>
  );
}

/** The flag toggles of one product, shared by its badges and its switches. */
export function useRowFlags(product: AdminProductRow) {
  return {
    active: useFlagToggle(product.id, "isActive", product.isActive),
    featured: useFlagToggle(product.id, "featured", product.featured),
  };
}
