import { csvDownload } from "~/lib/http/csv-download.server";
import { parseAdminOrderQuery } from "~/modules/orders/admin-order-query";
import { exportAdminOrders } from "~/modules/orders/admin-orders.server";
import { ORDER_CSV_COLUMNS, orderCsvFileName, orderCsvRow } from "~/modules/orders/order-csv";
import { services } from "~/services.server";
import { requireStaff } from "./back-office.server";
import type { Route } from "./+types/admin.orders.export";

/**
 * `GET /admin/orders/export?q=&status=&payment=`: the orders the list's filter matches, newest first, as a
 * CSV download (UTF-8 with a BOM for spreadsheets; every text cell kept from running as a formula).
 * Streamed batch by batch, so 100,000 orders never sit in memory at once. Admins only.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const { database } = services();
  await requireStaff(request, "orders");
  const { q, status, payment } = parseAdminOrderQuery(url.searchParams);
  return csvDownload(request, {
    batches: exportAdminOrders(database.db, { q, status, payment }),
    columns: ORDER_CSV_COLUMNS,
    row: orderCsvRow,
    fileName: orderCsvFileName(),
    where: "admin-orders-export",
  });
}
