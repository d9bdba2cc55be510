import { data } from "react-router";
import { OrdersSection } from "~/components/admin/orders/orders-section";
import { pageLoader } from "~/lib/http/error-answer.server";
import { parseAdminOrderQuery } from "~/modules/orders/admin-order-query";
import { listAdminOrders } from "~/modules/orders/admin-orders.server";
import { services } from "~/services.server";
import { requireStaff } from "./back-office.server";
import { BackOfficeErrorBoundary } from "~/components/back-office/back-office-error";
import type { Route } from "./+types/admin.orders";

export function meta() {
  return [{ title: "Orders | Admin | Abundance Collection" }, { name: "robots", content: "noindex" }];
}

const noStore = { "Cache-Control": "private, no-store" };

/** The back office's Orders: the order list with its search, filters, pages and export, without the figures. */
async function load({ request, url }: Route.LoaderArgs) {
  const { database } = services();
  await requireStaff(request, "orders");
  const query = parseAdminOrderQuery(url.searchParams);
  return data({ orders: { query, list: await listAdminOrders(database.db, query) } }, { headers: noStore });
}
export const loader = pageLoader(load);

export const ErrorBoundary = BackOfficeErrorBoundary;

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page py-10">
      <OrdersSection
        path="/admin/orders"
        query={loaderData.orders.query}
        list={loaderData.orders.list}
        headingLevel={1}
        printRuns
      />
    </div>
  );
}
