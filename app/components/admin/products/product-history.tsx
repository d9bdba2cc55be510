import { formatCents } from "~/lib/money";
import type { EditorChange } from "~/modules/product-admin/editor-api";

/** Names of the audited columns as the editor labels them. */
const FIELD_LABELS: Record<string, string> = {
  name: "Product Name",
  slug: "Slug",
  description: "Description",
  images: "Images",
  imageUrl: "Primary Image URL",
  categoryId: "Category",
  isActive: "Active",
  featured: "Featured",
  isNew: "New",
  isSale: "On Sale",
  priceCents: "Price",
  originalPriceCents: "Compare at Price",
  sku: "SKU",
  inventory: "Inventory",
  metaTitle: "Meta Title",
  metaDescription: "Meta Description",
  tags: "Tags",
  colors: "Colors",
  sizes: "Sizes",
  variantType: "Variant type",
  productGroupId: "Product group",
  parentProductId: "Main colour",
  duplicatedFrom: "Copy of",
};

const ACTIONS: Record<string, string> = {
  create: "Created",
  update: "Edited",
  flag: "Flag changed",
  bulk: "Bulk action",
  group: "Group changed",
  import: "Imported",
  duplicate: "Duplicated",
};

const MONEY = new Set(["priceCents", "originalPriceCents"]);
const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** A recorded value as text (never HTML): money in dollars, lists joined, flags Yes/No, long text cut. */
export function changeValueText(
  field: string,
  value: unknown,
  categoryName?: (id: string) => string | undefined,
): string {
  if (value === null || value === undefined || value === "") return "—";
  // Money: the product's prices, and a variant's ('variant M/Black price').
  if ((MONEY.has(field) || (field.startsWith("variant ") && field.endsWith(" price"))) && typeof value === "number")
    return formatCents(value);
  if (field === "categoryId" && typeof value === "string") return categoryName?.(value) ?? value;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value)) return value.length === 0 ? "—" : value.map(String).join(", ");
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

/** The product's last changes (the audit trail): who, when, which fields from what to what. */
export function ProductHistory({
  changes,
  categoryName,
}: {
  changes: readonly EditorChange[];
  categoryName?: (id: string) => string | undefined;
}) {
  if (changes.length === 0) return <p className="text-sm text-muted">No changes recorded yet.</p>;
  return (
    <ol aria-label="Last changes" className="space-y-4">
      {changes.map((change) => (
        <li key={change.id} className="rounded-xl border border-line p-4">
          <p className="text-sm">
            <span className="font-semibold">{ACTIONS[change.action] ?? change.action}</span> by {change.actor}
            <span className="text-muted">
              {" · "}
              <time dateTime={change.at}>{when.format(new Date(change.at))}</time>
            </span>
          </p>
          <dl className="mt-2 space-y-1 text-sm">
            {Object.entries(change.changes).map(([field, [before, after]]) => (
              <div key={field} className="grid grid-cols-[8rem_1fr] gap-2">
                <dt className="text-muted">{FIELD_LABELS[field] ?? field}</dt>
                <dd className="min-w-0 break-words">
                  {change.action === "create" ? (
                    changeValueText(field, after, categoryName)
                  ) : (
                    <>
                      <span className="text-muted line-through">{changeValueText(field, before, categoryName)}</span>
                      {" → "}
                      <span>{changeValueText(field, after, categoryName)}</span>
                    </>
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ol>
  );
}
