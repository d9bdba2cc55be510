import { formatCents } from "~/lib/money";
import { isOnSale } from "~/modules/catalog/product-rules";

/** A price, with the compare-at price struck through when it is higher. */
export function Price({
  cents,
  compareAtCents,
  className = "",
}: {
  cents: number;
  compareAtCents: number | null;
  className?: string;
}) {
  const onSale = isOnSale(cents, compareAtCents);
  return (
    <p className={`flex items-baseline gap-2 ${className}`}>
      <span className={onSale ? "font-semibold text-red-700" : "font-semibold"}>{formatCents(cents)}</span>
      {onSale && (
        <s className="text-sm text-muted">
          <span className="sr-only">Was </span>
          {formatCents(compareAtCents!)}
        </s>
      )}
    </p>
  );
}
