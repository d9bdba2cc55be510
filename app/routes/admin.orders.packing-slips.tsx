import { Printer } from "lucide-react";
import { data, Link } from "react-router";
import { PackingSlipSheet, PrintRunProblem } from "~/components/admin/orders/packing-slip-sheet";
import { primaryButton, secondaryButton } from "~/components/ui/field";
import { pageLoader } from "~/lib/http/error-answer.server";
import { packingSlipOf, slipRun, slipStoreOf } from "~/modules/orders/packing-slips.server";
import { services } from "~/services.server";
import { requireStaff } from "./back-office.server";
import { BackOfficeErrorBoundary } from "~/components/back-office/back-office-error";
import type { Route } from "./+types/admin.orders.packing-slips";

export function meta() {
  return [{ title: "Packing slips | Admin | Abundance Collection" }, { name: "robots", content: "noindex" }];
}

const noStore = { "Cache-Control": "private, no-store" };

/**
 * /admin/orders/packing-slips?orders=ORD-1,ORD-2 (or ?filter=paid-unshipped): one packing slip per order,
 * each on its own printed page, the same sheet as an order's own slip. Guarded like that slip: roles with
 * 'orders' only; anyone else gets a 403 and reads nothing. Unknown order numbers,
 * more than PACKING_SLIP_MAX or a malformed list → 400/404 with what is wrong.
 */
async function load({ request, url }: Route.LoaderArgs) {
  const { database, settings } = services();
  await requireStaff(request, "orders");
  const [run, shop] = await Promise.all([slipRun(database.db, url.searchParams), settings.read()]);
  if (!run.ok) return data({ problem: run.message, run: null }, { status: run.status, headers: noStore });
  return data(
    {
      problem: null,
      run: {
        slips: run.orders.map((order) => packingSlipOf(order, shop.store.timeZone)),
        store: slipStoreOf(shop),
        search: url.search,
      },
    },
    { headers: noStore },
  );
}
export const loader = pageLoader(load);

export const ErrorBoundary = BackOfficeErrorBoundary;

export default function PackingSlips({ loaderData }: Route.ComponentProps) {
  const { problem, run } = loaderData;
  if (!run) return <PrintRunProblem title="Packing slips" message={problem ?? ""} />;
  const count = run.slips.length;
  return (
    <div className="container-page max-w-3xl py-10 print:max-w-none print:p-0">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <div>
          <h1 className="font-display text-3xl font-semibold">Packing slips</h1>
          <p className="mt-1 text-sm text-muted" data-testid="slip-count">
            {count === 0
              ? "No orders are paid and waiting to ship."
              : `${count} ${count === 1 ? "order" : "orders"}, one page each`}
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to="/admin/orders" className={secondaryButton}>
            Back to orders
          </Link>
          {count > 0 && (
            <Link to={`/admin/orders/pick-list${run.search}`} className={secondaryButton}>
              Pick list
            </Link>
          )}
          {count > 0 && (
            <button type="button" className={primaryButton} onClick={() => window.print()}>
              <Printer className="size-4" aria-hidden />
              Print packing slips
            </button>
          )}
        </div>
      </div>
      <div className="space-y-8 print:space-y-0">
        {run.slips.map((slip) => (
          <PackingSlipSheet key={slip.orderNumber} slip={slip} store={run.store} headingLevel={2} />
        ))}
      </div>
    </div>
  );
}
