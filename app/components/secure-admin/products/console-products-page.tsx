import { CheckCircle2, ChevronLeft, ChevronRight, Plus, RefreshCw, Search } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { Form, Link, useNavigate, useSubmit } from "react-router";
import { toast } from "sonner";
import { StatCards } from "~/components/admin/stat-cards";
import { useRefresh } from "~/components/secure-admin/use-refresh";
import { useConsoleCommand } from "~/components/admin/products/use-product-editor";
import { useProductSelection } from "~/components/admin/products/use-product-selection";
import { inputClass, primaryButton, secondaryButton } from "~/components/ui/field";
import type { AdminProductPage, AdminProductStats } from "~/modules/product-admin/admin-product-list.server";
import { ADMIN_PAGE_SIZE } from "~/modules/product-admin/admin-product-query";
import {
  activatedMessage,
  CONSOLE_PRODUCT_MESSAGES as M,
  CONSOLE_PRODUCTS_PATH,
  CONSOLE_STATUS_FILTERS,
  consoleProductsHref,
  loadedMessage,
  showingLine,
  type ConsoleProductQuery,
} from "~/modules/product-admin/console-product-rules";
import type { ProductCommandAnswer } from "~/modules/product-admin/editor-api";
import { ConsoleProductModal } from "./console-product-modal";
import { ConsoleProductTable } from "./console-product-table";

export interface ConsoleProductsPageProps {
  stats: AdminProductStats;
  list: AdminProductPage;
  query: ConsoleProductQuery;
  /** `?edit=`: "new", a product id, "" for one that is not an id, or null (modal closed). */
  edit: string | null;
}

/**
 * The console's Products tab (spec §2): the statistics, search and status filter, Create Product,
 * Refresh, Activate Selected, the table, 'Showing a to b of n products' with Previous/Next and
 * 'Page x of y', and the product modal.
 */
export function ConsoleProductsPage({ stats, list, query, edit }: ConsoleProductsPageProps) {
  const navigate = useNavigate();
  const submit = useSubmit();
  const bulk = useConsoleCommand(CONSOLE_PRODUCTS_PATH, "console-bulk-activate");
  const listKey = consoleProductsHref(query);
  const selection = useProductSelection(
    listKey,
    list.rows.map((row) => row.id),
  );

  // Refresh: once the reload is done, how many products the database holds.
  const refresh = useRefresh({
    loaded: loadedMessage(stats.total),
    failed: (reason) => `Failed to load products: ${reason}`,
  });

  // Each answer once (the selection changes identity on every render).
  const handled = useRef<ProductCommandAnswer | null>(null);
  const clearSelection = selection.clear;
  useEffect(() => {
    const answer = bulk.fetcher.data;
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.ok && answer.intent === "bulk") {
      toast.success(activatedMessage(answer.changed));
      clearSelection();
    } else if (!answer.ok) {
      toast.error(answer.message === M.selectFirst ? M.selectFirst : M.bulkFailed, {
        description: answer.message === M.selectFirst ? undefined : answer.message,
      });
    }
  }, [bulk.fetcher.data, clearSelection]);

  /** Activate Selected: the product list's bulk action 'Activate' (the same command as /admin's), in the console's words. */
  function activateSelected() {
    if (selection.ids.size === 0) {
      toast.error(M.selectFirst);
      return;
    }
    bulk.send({ intent: "bulk", action: "activate", target: { ids: [...selection.ids] } });
  }

  const pageHref = (page: number) => consoleProductsHref({ ...query, page });
  const closeModal = () => navigate(consoleProductsHref(query), { preventScrollReset: true, replace: true });
  const linkButton = `${primaryButton} h-10`;

  return (
    <>
      <StatCards
        gridClassName="grid-cols-2 lg:grid-cols-4"
        cards={[
          { label: "Total", value: stats.total.toLocaleString("en-US") },
          { label: "Active", value: stats.active.toLocaleString("en-US") },
          { label: "Inactive", value: stats.inactive.toLocaleString("en-US") },
          { label: "Featured", value: stats.featured.toLocaleString("en-US") },
        ]}
      />
      <section aria-labelledby="console-products-heading" className="mt-10">
        <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
          <h2 id="console-products-heading" className="font-display text-2xl font-semibold">
            Product Management
          </h2>
          <div className="flex flex-wrap gap-2">
            <Link to={consoleProductsHref(query, "new")} preventScrollReset className={linkButton}>
              <Plus className="size-4" aria-hidden />
              Create Product
            </Link>
            <button
              type="button"
              className={`${secondaryButton} h-10`}
              disabled={refresh.busy}
              onClick={() => void refresh.refresh()}
            >
              <RefreshCw className={`size-4 ${refresh.busy ? "animate-spin" : ""}`} aria-hidden />
              Refresh
            </button>
            <button type="button" className={`${secondaryButton} h-10`} disabled={bulk.busy} onClick={activateSelected}>
              <CheckCircle2 className="size-4" aria-hidden />
              Activate Selected
              {selection.ids.size > 0 && <span className="tabular-nums">({selection.ids.size})</span>}
            </button>
          </div>
        </div>

        <Form
          method="get"
          action={CONSOLE_PRODUCTS_PATH}
          role="search"
          aria-label="Products"
          className="mb-4 flex flex-wrap items-end gap-3"
        >
          <div className="min-w-64 flex-1">
            <label htmlFor="console-product-search" className="mb-1.5 block text-sm font-medium">
              Search products
            </label>
            <input
              id="console-product-search"
              key={query.q}
              type="search"
              name="q"
              defaultValue={query.q}
              placeholder="Name, description or SKU"
              className={inputClass(false)}
            />
          </div>
          <div>
            <label htmlFor="console-product-status" className="mb-1.5 block text-sm font-medium">
              Status
            </label>
            <select
              id="console-product-status"
              key={query.status}
              name="status"
              defaultValue={query.status}
              className={`${inputClass(false)} pr-10`}
              onChange={(event) => void submit(event.currentTarget.form)}
            >
              {CONSOLE_STATUS_FILTERS.map((filter) => (
                <option key={filter.value} value={filter.value}>
                  {filter.label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={`${secondaryButton} h-11`}>
            <Search className="size-4" aria-hidden />
            Search
          </button>
        </Form>

        {list.rows.length === 0 ? (
          <p className="rounded-2xl border border-line bg-white px-5 py-10 text-center text-sm text-muted">
            No products found
          </p>
        ) : (
          <ConsoleProductTable rows={list.rows} selection={selection} hrefOf={(id) => consoleProductsHref(query, id)} />
        )}

        <nav aria-label="Product pages" className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm">
          <p className="text-muted">{showingLine(list.page, ADMIN_PAGE_SIZE, list.rows.length, list.total)}</p>
          <div className="flex items-center gap-3">
            <PageLink href={list.page > 1 ? pageHref(list.page - 1) : null} rel="prev">
              <ChevronLeft className="size-4" aria-hidden /> Previous
            </PageLink>
            <span aria-current="page">{`Page ${list.page} of ${list.pageCount}`}</span>
            <PageLink href={list.page < list.pageCount ? pageHref(list.page + 1) : null} rel="next">
              Next <ChevronRight className="size-4" aria-hidden />
            </PageLink>
          </div>
        </nav>
      </section>
      <ConsoleProductModal target={edit} onClose={closeModal} />
    </>
  );
}

function PageLink({ href, rel, children }: { href: string | null; rel: string; children: ReactNode }) {
  const base = "inline-flex h-10 items-center gap-1 rounded-full border border-line px-4 font-medium";
  if (!href) {
    return (
      <span className={`${base} text-stone-400`} aria-disabled="true">
        {children}
      </span>
    );
  }
  return (
    <Link to={href} rel={rel} prefetch="intent" className={`${base} bg-white hover:border-ink`}>
      {children}
    </Link>
  );
}
