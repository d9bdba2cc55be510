import { LayoutGrid, List } from "~/components/ui/icons";
import { Form } from "react-router";
import { shopSearchParams, type ShopQuery } from "~/modules/catalog/shop-query";

const VIEWS = [
  { value: "grid", label: "Grid view", icon: LayoutGrid },
  { value: "list", label: "List view", icon: List },
] as const;

/**
 * Grid / list toggle: two buttons with aria-pressed. They submit a small GET form carrying the
 * rest of the query, so the view lives in the URL and the toggle works without JavaScript too.
 */
export function ViewToggle({
  basePath,
  query,
  onChange,
}: {
  basePath: string;
  query: Omit<ShopQuery, "category">;
  /** With JavaScript: navigate to the canonical URL of the new view instead of submitting. */
  onChange?: (view: ShopQuery["view"]) => void;
}) {
  const keep = [...shopSearchParams({ ...query, view: "grid" }).entries()];
  return (
    <Form
      method="get"
      action={basePath}
      preventScrollReset
      className="flex shrink-0 rounded-full border border-line bg-white p-1"
    >
      {keep.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {VIEWS.map(({ value, label, icon: Icon }) => {
        const pressed = query.view === value;
        return (
          <button
            key={value}
            type="submit"
            name={value === "list" ? "view" : undefined}
            value={value === "list" ? "list" : undefined}
            aria-pressed={pressed}
            onClick={(event) => {
              if (!onChange) return;
              event.preventDefault();
              if (!pressed) onChange(value);
            }}
            aria-label={label}
            title={label}
            className={`flex size-8 items-center justify-center rounded-full transition-colors ${
              pressed ? "bg-ink text-white" : "text-muted hover:text-ink"
            }`}
          >
            <Icon className="size-4" aria-hidden />
          </button>
        );
      })}
    </Form>
  );
}
