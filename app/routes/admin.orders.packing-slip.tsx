import { Printer } from "lucide-react";
import { data } from "react-router";
import { PackingSlipSheet } from "~/components/admin/orders/packing-slip-sheet";
import { primaryButton } from "~/components/ui/field";
import { pageLoader } from "~/lib/http/error-answer.server";
import { packingSlipOf, slipOrders, slipStoreOf } from "~/modules/orders/packing-slips.server";
import { services } from "~/services.server";
import { requireStaff } from "./back-office.server";
import { BackOfficeErrorBoundary } from "~/components/back-office/back-office-error";
import type { Route } from "./+types/admin.orders.packing-slip";

export function meta({ params }: Route.MetaArgs) {
  return [{ title: `Packing slip ${params.orderNumber}` }, { name: "robots", content: "noindex" }];
}

const noStore = { "Cache-Control": "private, no-store" };

/**
 * /admin/orders/:orderNumber/packing-slip: the sheet that goes in the parcel (PackingSlipSheet, the same
 * sheet the batch at /admin/orders/packing-slips prints). Printed from the browser; the back office's
 * frame is not printed. For roles with 'orders' (issue 32).
 */
async function load({ request, params }: Route.LoaderArgs) {
  const { database, settings } = services();
  await requireStaff(request, "orders");
  const orderNumber = (params.orderNumber ?? "").slice(0, 40);
  const [found, shop] = await Promise.all([
    slipOrders(database.db, { kind: "orders", orderNumbers: [orderNumber] }),
    settings.read(),
  ]);
  if (!found.ok || !found.orders[0]) return data({ slip: null }, { status: 404, headers: noStore });
  return data(
    { slip: packingSlipOf(found.orders[0], shop.store.timeZone), store: slipStoreOf(shop) },
    { headers: noStore },
  );
}
export const loader = pageLoader(load);

export const ErrorBoundary = BackOfficeErrorBoundary;

export default function PackingSlip({ loaderData }: Route.ComponentProps) {
  if (!loaderData.slip) {
    return (
      <div className="container-page py-10">
        <h1 className="font-display text-2xl font-semibold">Order not found</h1>
      </div>
    );
  }
  return (
    <div className="container-page max-w-3xl py-10 print:max-w-none print:p-0">
      <div className="mb-6 flex justify-end print:hidden">
        <button type="button" className={primaryButton} onClick={() => window.print()}>
          <Printer className="size-4" aria-hidden />
          Print packing slip
        </button>
      </div>
      <PackingSlipSheet slip={loaderData.slip} store={loaderData.store} />
    </div>
  );
}
