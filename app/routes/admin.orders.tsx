import { data } from "react-router";
import { OrdersSection } from "~/components/admin/orders/orders-section";
import { pageLoader } from "~/lib/http/error-answer.server";
import { parseAdminOrderQuery } from "~/modules/orders/admin-order-query";
import { listAdminOrders } from "~/modules/orders/admin-orders.server";
import { services } from "~/services.server";
import type { Route } from "./+types/admin.orders";

export function meta() {
  return [{ title: "Orders | Admin | Abundance Collection" }, { name: "robots", content: "noindex" }];
}

const noStore = { "Cache-Control": "private, no-store" };

/** The back office's Orders: the order list with its search, filters, pages and export, without the figures. */
async function load({ request, url }: Route.LoaderArgs) {
  const { adminAccess, database } = services();
  const access = await adminAccess.access(request);
  if (access.kind !== "admin") return data({ orders: null }, { headers: noStore });
  const query = parseAdminOrderQuery(url.searchParams);
  return data({ orders: { query, list: await listAdminOrders(database.db, query) } }, { headers: noStore });
}
export const loader = pageLoader(load);

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  if (!loaderData.orders) return null;
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
