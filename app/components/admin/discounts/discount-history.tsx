import { formatDateTimeIn } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import type { DiscountChangeEntry } from "~/modules/promotions/discount-admin.server";
import { APPLIES_TO_WORDS, METHOD_WORDS } from "~/modules/promotions/discount-form";
import { Card } from "./discount-fields";

/** The audited fields as the editor labels them. */
const FIELD_LABELS: Record<string, string> = {
  title: "Title",
  method: "How shoppers get it",
  code: "Code",
  valueType: "What it takes off",
  value: "Value",
  shippingRates: "Free on",
  appliesTo: "Applies to",
  categoryIds: "Categories",
  productIds: "Products",
  excludeSaleItems: "Leaves out sale items",
  minSubtotalCents: "Minimum subtotal",
  minQuantity: "Minimum quantity",
  firstOrderOnly: "First order only",
  startsAt: "Starts",
  endsAt: "Ends",
  usageLimit: "Total uses",
  perCustomerLimit: "Uses per customer",
  codeUsageLimit: "Uses per code",
  combinable: "Combines",
  isEnabled: "Enabled",
  codeAdded: "Code added",
  codeRemoved: "Code removed",
  codesGenerated: "Codes generated",
  prefix: "Prefix",
};

const ACTIONS: Record<string, string> = {
  create: "Created",
  update: "Edited",
  enable: "Enabled",
  disable: "Disabled",
  codes: "Codes changed",
};

const VALUE_TYPE_WORDS: Record<string, string> = {
  percentage: "Percentage",
  fixed: "Fixed amount",
  free_shipping: "Free shipping",
};
const SHIPPING_WORDS: Record<string, string> = { standard: "Standard shipping", any: "Any shipping rate" };

const DATES = new Set(["startsAt", "endsAt"]);

/** A recorded value as text: money in dollars, dates on the shop's clock, choices in words, flags Yes/No. */
export function changeValueText(field: string, value: unknown, timeZone: string): string {
  if (value === null || value === undefined || value === "") return field === "endsAt" ? "no end" : "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (field === "minSubtotalCents" && typeof value === "number") return formatCents(value);
  if (DATES.has(field) && typeof value === "string") return formatDateTimeIn(value, timeZone);
  if (field === "method") return METHOD_WORDS[value as keyof typeof METHOD_WORDS] ?? String(value);
  if (field === "valueType") return VALUE_TYPE_WORDS[String(value)] ?? String(value);
  if (field === "shippingRates") return SHIPPING_WORDS[String(value)] ?? String(value);
  if (field === "appliesTo") return APPLIES_TO_WORDS[value as keyof typeof APPLIES_TO_WORDS] ?? String(value);
  if (Array.isArray(value)) return value.length === 0 ? "—" : value.map(String).join(", ");
  if (typeof value === "number") return value.toLocaleString("en-US");
  const text = String(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

/**
 * The value's own words need its type: 20 is '20%' for a percentage and '$0.20' for an amount. The
 * change that holds the value may not hold the type (only the value changed): then the discount's
 * current type tells.
 */
function valueText(value: unknown, valueType: string): string {
  if (typeof value !== "number") return "—";
  return valueType === "fixed" ? formatCents(value) : `${value}%`;
}

/** Who changed what, when: the discount's audit trail, newest first. */
export function DiscountHistory({
  history,
  timeZone,
  valueType,
}: {
  history: DiscountChangeEntry[];
  timeZone: string;
  /** The discount's current value type. */
  valueType: string;
}) {
  return (
    <Card title="Changes">
      {history.length === 0 ? (
        <p className="text-sm text-muted">No changes recorded yet.</p>
      ) : (
        <ol aria-label="Changes to this discount" className="space-y-4">
          {history.map((change) => {
            const recordedType = change.changes.valueType;
            const text = (field: string, value: unknown, side: 0 | 1) =>
              field === "value"
                ? valueText(value, String(recordedType?.[side] ?? valueType))
                : changeValueText(field, value, timeZone);
            const onlyNew = change.action === "create" || change.action === "codes";
            return (
              <li key={change.id} className="rounded-xl border border-line p-4">
                <p className="text-sm">
                  <span className="font-semibold">{ACTIONS[change.action] ?? change.action}</span> by {change.actor}
                  <span className="text-muted">
                    {" · "}
                    <time dateTime={change.at}>{formatDateTimeIn(change.at, timeZone)}</time>
                  </span>
                </p>
                <dl className="mt-2 space-y-1 text-sm">
                  {Object.entries(change.changes).map(([field, [before, after]]) => (
                    <div key={field} className="grid grid-cols-[9rem_1fr] gap-2">
                      <dt className="text-muted">{FIELD_LABELS[field] ?? field}</dt>
                      <dd className="min-w-0 break-words">
                        {onlyNew && (before === null || before === undefined) ? (
                          text(field, after ?? before, 1)
                        ) : field === "codeRemoved" ? (
                          text(field, before, 0)
                        ) : (
                          <>
                            <span className="text-muted line-through">{text(field, before, 0)}</span>
                            {" → "}
                            <span>{text(field, after, 1)}</span>
                          </>
                        )}
                      </dd>
                    </div>
                  ))}
                </dl>
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
