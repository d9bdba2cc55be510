import { Link } from "react-router";
import type { DiscountEditorData } from "~/modules/promotions/discount-admin.server";
import { DISCOUNTS_PATH } from "~/modules/promotions/discount-admin-query";
import type { DiscountFormValues } from "~/modules/promotions/discount-form";
import { DiscountCodesPanel } from "./discount-codes-panel";
import { DiscountForm, type CategoryOption } from "./discount-form";
import { DiscountHistory } from "./discount-history";
import { DiscountSummary } from "./discount-summary";
import { DiscountTabs } from "./discount-tabs";

/**
 * A discount's page (issue 28): the form, and for a saved discount its summary (status, uses, revenue,
 * switch, delete), its codes and its changes. The form is keyed by the stored version, so after a save
 * (or someone else's) it shows what is stored.
 */
export function DiscountEditorPage({
  editor,
  form,
  categories,
  timeZone,
}: {
  editor: DiscountEditorData | null;
  form: DiscountFormValues;
  categories: CategoryOption[];
  timeZone: string;
}) {
  const title = editor ? editor.discount.title : "New discount";
  return (
    <div className="container-page py-10 sm:py-12">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <Link to="/admin" className="hover:text-brand">
          Admin Dashboard
        </Link>{" "}
        /{" "}
        <Link to={DISCOUNTS_PATH} className="hover:text-brand">
          Discounts
        </Link>{" "}
        / {title}
      </nav>
      <h1 className="mt-3 font-display text-4xl font-semibold">{title}</h1>
      <DiscountTabs />
      <div className="mt-8 grid items-start gap-8 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <DiscountForm
          key={editor?.discount.version ?? "new"}
          mode={editor ? "edit" : "create"}
          values={form}
          version={editor?.discount.version}
          categories={categories}
          chosenProducts={editor?.chosenProducts ?? []}
          timeZone={timeZone}
        />
        {editor && (
          <div className="flex flex-col gap-6">
            <DiscountSummary editor={editor} />
            {editor.discount.method === "code" && <DiscountCodesPanel editor={editor} />}
            <DiscountHistory history={editor.history} timeZone={timeZone} valueType={editor.discount.valueType} />
          </div>
        )}
      </div>
    </div>
  );
}
