import { data } from "react-router";
import { DemandTable } from "~/components/admin/restock/demand-table";
import { pageLoader } from "~/lib/http/error-answer.server";
import { services } from "~/services.server";
import { requireStaff } from "./back-office.server";
import { BackOfficeErrorBoundary } from "~/components/back-office/back-office-error";
import type { Route } from "./+types/admin.products.waiting";

export function meta() {
  return [{ title: "Back in stock | Admin | Abundance Collection" }, { name: "robots", content: "noindex" }];
}

const noStore = { "Cache-Control": "private, no-store" };

/**
 * `/admin/products/waiting`: demand waiting by product, size and colour (issue 31) — how many shoppers
 * asked to be told when each sold-out size or colour is back, most first. Roles with 'products' only (issue 32): anyone
 * else gets a 403 and nothing of the list.
 */
async function load({ request }: Route.LoaderArgs) {
  const { backInStock } = services();
  await requireStaff(request, "products");
  return data({ demand: await backInStock.demand() }, { headers: noStore });
}
export const loader = pageLoader(load);

export const ErrorBoundary = BackOfficeErrorBoundary;

export default function AdminProductsWaiting({ loaderData }: Route.ComponentProps) {
  const rows = loaderData.demand;
  const total = rows.reduce((sum, row) => sum + row.waiting, 0);
  return (
    <div className="container-page py-10">
      <section aria-labelledby="waiting-heading">
        <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
          <h1 id="waiting-heading" className="font-display text-4xl font-semibold">
            Back in stock: demand waiting
          </h1>
          <p className="text-sm text-muted" data-testid="waiting-total">
            {total.toLocaleString("en-US")} {total === 1 ? "shopper" : "shoppers"} waiting
          </p>
        </div>
        <p className="mb-4 max-w-prose text-sm text-muted">
          Shoppers who asked to be told when a sold-out size or colour is back. When its stock rises — from the editor,
          a CSV import, a cancelled order or a restocked return — they are told in the order they asked, a few per unit
          that came back.
        </p>
        <DemandTable rows={rows} />
      </section>
    </div>
  );
}
