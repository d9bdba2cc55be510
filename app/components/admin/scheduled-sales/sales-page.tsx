import { CalendarClock, Plus } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useActionData, useFetcher, useSearchParams } from "react-router";
import { toast } from "sonner";
import { AlertDialog } from "~/components/ui/alert-dialog";
import { FormMessage, primaryButton, secondaryButton } from "~/components/ui/field";
import { Pagination } from "~/components/ui/pagination";
import type { SitePath } from "~/lib/redirects";
import type { SaleCategory, SaleListRow } from "~/modules/promotions/scheduled-sales.server";
import type { SaleAnswer, SaleIntent } from "~/modules/promotions/scheduled-sale-rules";
import { SaleEditorPanel, SALES_PATH, type EditingSale } from "./sale-editor";
import { SalesTable } from "./sales-table";

const dangerButton =
  "inline-flex h-11 items-center justify-center gap-2 rounded-full bg-red-700 px-6 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60";

/** The question asked before a write that moves prices or cannot be undone; none for 'Enable'. */
function confirmation(intent: SaleIntent, sale: { title: string; state?: string }) {
  const running = sale.state === "running";
  const back = running ? " The prices it set go back now, except where they were changed since." : "";
  switch (intent) {
    case "end-now":
      return {
        title: `End "${sale.title}" now?`,
        text: `The sale ends at once and its products go back to their regular prices, except where they were changed since.`,
        confirm: "End sale",
      };
    case "disable":
      return {
        title: `Disable "${sale.title}"?`,
        text: running ? `It will not run again.${back}` : "It will not start until it is enabled again.",
        confirm: "Disable sale",
      };
    case "delete":
      return {
        title: `Delete "${sale.title}"?`,
        text: `The sale is deleted for good.${back}`,
        confirm: "Delete sale",
      };
    default:
      return null;
  }
}

type Asked = { intent: SaleIntent; sale: { id: string; title: string; state?: string } };

/**
 * /admin/discounts/sales: the scheduled sales of the shop, in the back office's look. The editor opens
 * in a panel by the URL (`?edit=new`, `?edit=<id>`); every write goes to the page's action by one
 * fetcher, whose answers the page shows as toasts (a deleted row cannot show its own).
 */
export function SalesPage({
  list,
  categories,
  timeZone,
  editing,
  now,
}: {
  list: { rows: SaleListRow[]; total: number; page: number; pageCount: number };
  categories: SaleCategory[];
  timeZone: string;
  editing: EditingSale | null;
  now: string;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const writer = useFetcher<SaleAnswer>({ key: "scheduled-sale-write" });
  const [asked, setAsked] = useState<Asked | null>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const handled = useRef<SaleAnswer | undefined>(undefined);
  // A form posted without JavaScript: the page is rendered from the post, with its answer.
  const posted = useActionData() as SaleAnswer | undefined;

  const hrefWith = useCallback(
    (changes: Record<string, string | null>): SitePath => {
      const next = new URLSearchParams(searchParams);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      const query = next.toString();
      return `${SALES_PATH}${query ? `?${query}` : ""}` as SitePath;
    },
    [searchParams],
  );
  const closeEditor = useCallback(
    () =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete("edit");
          return next;
        },
        { preventScrollReset: true },
      ),
    [setSearchParams],
  );

  const submit = (intent: SaleIntent, id: string) => {
    setAsked(null);
    void writer.submit({ intent, id }, { method: "post", action: SALES_PATH });
  };

  const onAction = (intent: SaleIntent, sale: Asked["sale"]) => {
    if (confirmation(intent, sale)) setAsked({ intent, sale });
    else submit(intent, sale.id);
  };

  useEffect(() => {
    const answer = writer.data;
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.ok) {
      toast.success(answer.message);
      // Ended or deleted from its editor: the panel closes.
      if (answer.intent === "end-now" || answer.intent === "delete") closeEditor();
    } else {
      toast.error(answer.message);
    }
  }, [writer.data, closeEditor]);

  const question = asked ? confirmation(asked.intent, asked.sale) : null;

  return (
    <div className="container-page py-10 sm:py-12">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <Link to="/admin" className="hover:text-brand">
          Admin Dashboard
        </Link>{" "}
        /{" "}
        <Link to="/admin/discounts" className="hover:text-brand">
          Discounts
        </Link>{" "}
        / Scheduled sales
      </nav>
      <header className="mt-3 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-4xl font-semibold">Scheduled sales</h1>
          <p className="mt-1 max-w-2xl text-sm text-muted">
            Products go on sale at a percentage off from the start to the end, and back, by themselves: the storefront
            follows within a minute. Times are on the shop's clock ({timeZone}).
          </p>
        </div>
        <Link to={hrefWith({ edit: "new" })} preventScrollReset className={primaryButton}>
          <Plus className="size-4" aria-hidden /> New sale
        </Link>
      </header>

      {posted && (
        <FormMessage kind={posted.ok ? "success" : "error"} className="mt-6">
          {posted.message}
        </FormMessage>
      )}

      <section aria-labelledby="sales-heading" className="mt-8">
        <h2 id="sales-heading" className="sr-only">
          Sales
        </h2>
        <p className="mb-3 text-sm text-muted" data-testid="sale-count">
          {list.total === 1 ? "1 sale" : `${list.total.toLocaleString("en-US")} sales`}
        </p>
        {list.rows.length === 0 ? (
          <div className="flex flex-col items-center rounded-2xl border border-line bg-white px-6 py-14 text-center">
            <span className="rounded-full bg-stone-100 p-4">
              <CalendarClock className="size-7 text-brand" aria-hidden />
            </span>
            <p className="mt-4 text-lg font-semibold">No scheduled sales</p>
            <p className="mt-1 text-sm text-muted">
              Put a collection or a few products on sale for a weekend, and back, without a click.
            </p>
          </div>
        ) : (
          <SalesTable
            rows={list.rows}
            categories={categories}
            timeZone={timeZone}
            editHref={(id) => hrefWith({ edit: id })}
            busy={writer.state !== "idle"}
            onAction={onAction}
          />
        )}
        <Pagination
          page={list.page}
          pageCount={list.pageCount}
          hrefFor={(page) => hrefWith({ page: String(page), edit: null })}
          label="Sale pages"
        />
      </section>

      <SaleEditorPanel
        editing={editing}
        categories={categories}
        timeZone={timeZone}
        now={now}
        onClose={closeEditor}
        onEndNow={(sale) => onAction("end-now", { ...sale, state: "running" })}
      />

      <AlertDialog
        open={asked !== null}
        onDismiss={() => setAsked(null)}
        title={question?.title ?? ""}
        description={question?.text ?? ""}
        initialFocus={keep}
        className="max-w-md"
      >
        <div className="flex justify-end gap-3">
          <button ref={keep} type="button" className={secondaryButton} onClick={() => setAsked(null)}>
            Keep sale
          </button>
          <button type="button" className={dangerButton} onClick={() => asked && submit(asked.intent, asked.sale.id)}>
            {question?.confirm}
          </button>
        </div>
      </AlertDialog>
    </div>
  );
}
