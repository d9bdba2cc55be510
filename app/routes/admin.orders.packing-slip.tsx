import { Printer } from "lucide-react";
import { data, redirect } from "react-router";
import { primaryButton } from "~/components/ui/field";
import { formatDayIn } from "~/lib/dates";
import { pageLoader } from "~/lib/http/error-answer.server";
import { addressLines } from "~/modules/orders/address-lines";
import { adminOrderDetail } from "~/modules/orders/admin-orders.server";
import { shippingMethodText } from "~/modules/orders/order-words";
import { services } from "~/services.server";
import type { Route } from "./+types/admin.orders.packing-slip";

export function meta({ params }: Route.MetaArgs) {
  return [{ title: `Packing slip ${params.orderNumber}` }, { name: "robots", content: "noindex" }];
}

const noStore = { "Cache-Control": "private, no-store" };

/**
 * /admin/orders/:orderNumber/packing-slip: the sheet that goes in the parcel — the store's name (or
 * logo), the order and its day on the shop's clock, who it goes to, what is in it (no prices), and where
 * a return goes (Settings → Store). Printed from the browser; the back office's frame is not printed.
 * For whoever may see the order (an admin, or a customer holding the admin pass).
 */
async function load({ request, params }: Route.LoaderArgs) {
  const { adminAccess, database, settings } = services();
  const access = await adminAccess.access(request);
  if (access.kind !== "admin") throw redirect("/admin", { headers: noStore });
  const [order, shop] = await Promise.all([
    adminOrderDetail(database.db, (params.orderNumber ?? "").slice(0, 40)),
    settings.read(),
  ]);
  if (!order) return data({ slip: null }, { status: 404, headers: noStore });
  return data(
    {
      slip: {
        orderNumber: order.orderNumber,
        placedOn: formatDayIn(order.createdAt, shop.store.timeZone, "long"),
        shipTo: addressLines(order.shippingAddress),
        method: shippingMethodText(order.shippingMethod),
        items: order.items.map(({ id, productName, productSku, size, color, quantity }) => ({
          id,
          productName,
          productSku,
          size,
          color,
          quantity,
        })),
        store: {
          name: shop.store.name,
          logoUrl: shop.store.logoUrl,
          contactEmail: shop.store.contactEmail,
          contactPhone: shop.store.contactPhone,
          returnAddress: shop.store.returnAddress.split("\n"),
        },
      },
    },
    { headers: noStore },
  );
}
export const loader = pageLoader(load);

export default function PackingSlip({ loaderData }: Route.ComponentProps) {
  const { slip } = loaderData;
  if (!slip) {
    return (
      <div className="container-page py-10">
        <h1 className="font-display text-2xl font-semibold">Order not found</h1>
      </div>
    );
  }
  const units = slip.items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <div className="container-page max-w-3xl py-10 print:max-w-none print:p-0">
      <div className="mb-6 flex justify-end print:hidden">
        <button type="button" className={primaryButton} onClick={() => window.print()}>
          <Printer className="size-4" aria-hidden />
          Print packing slip
        </button>
      </div>
      <article className="rounded-2xl border border-line bg-white p-6 sm:p-10 print:border-0 print:p-0">
        <header className="flex flex-wrap items-start justify-between gap-6 border-b border-line pb-6">
          <div>
            {slip.store.logoUrl ? (
              <img src={slip.store.logoUrl} alt={slip.store.name} className="h-12 w-auto max-w-56 object-contain" />
            ) : (
              <p className="font-display text-2xl font-semibold">{slip.store.name}</p>
            )}
            <p className="mt-2 text-sm text-muted">{`${slip.store.contactEmail} · ${slip.store.contactPhone}`}</p>
          </div>
          <div className="text-right">
            <h1 className="font-display text-2xl font-semibold">Packing slip</h1>
            <p className="mt-1 text-sm">{`Order ${slip.orderNumber}`}</p>
            <p className="text-sm text-muted">{`Placed ${slip.placedOn}`}</p>
          </div>
        </header>
        <div className="grid gap-6 border-b border-line py-6 sm:grid-cols-2">
          <section aria-labelledby="ship-to-heading">
            <h2 id="ship-to-heading" className="text-xs font-semibold uppercase tracking-wider text-muted">
              Ship to
            </h2>
            <address className="mt-2 text-sm not-italic leading-6">
              {slip.shipTo.map((line, i) => (
                <span key={i} className="block">
                  {line}
                </span>
              ))}
            </address>
            <p className="mt-2 text-sm text-muted">{slip.method}</p>
          </section>
          <section aria-labelledby="returns-heading">
            <h2 id="returns-heading" className="text-xs font-semibold uppercase tracking-wider text-muted">
              Returns
            </h2>
            <address className="mt-2 text-sm not-italic leading-6">
              {slip.store.returnAddress.map((line, i) => (
                <span key={i} className="block">
                  {line}
                </span>
              ))}
            </address>
          </section>
        </div>
        <table className="mt-6 w-full text-left text-sm">
          <caption className="sr-only">What is in the parcel</caption>
          <thead className="border-b border-line text-xs uppercase tracking-wider text-muted">
            <tr>
              <th scope="col" className="py-2 pr-4">
                Item
              </th>
              <th scope="col" className="py-2 pr-4">
                SKU
              </th>
              <th scope="col" className="py-2 text-right">
                Quantity
              </th>
            </tr>
          </thead>
          <tbody>
            {slip.items.map((item) => (
              <tr key={item.id} className="border-b border-line">
                <td className="py-2 pr-4">
                  {item.productName}
                  {(item.size || item.color) && (
                    <span className="block text-xs text-muted">
                      {[item.size && `Size ${item.size}`, item.color].filter(Boolean).join(" · ")}
                    </span>
                  )}
                </td>
                <td className="py-2 pr-4 font-mono text-xs">{item.productSku}</td>
                <td className="py-2 text-right">{item.quantity}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={2} className="pt-3 text-right font-medium">
                Items
              </td>
              <td className="pt-3 text-right font-medium">{units}</td>
            </tr>
          </tfoot>
        </table>
      </article>
    </div>
  );
}
