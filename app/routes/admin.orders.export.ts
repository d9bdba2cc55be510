import { stringify } from "csv-stringify/sync";
import { data } from "react-router";
import { ADMIN_ACCESS_MESSAGES } from "~/modules/accounts/admin-grant";
import { parseAdminOrderQuery } from "~/modules/orders/admin-order-query";
import { exportAdminOrders } from "~/modules/orders/admin-orders.server";
import { ORDER_CSV_COLUMNS, orderCsvFileName, orderCsvRow } from "~/modules/orders/order-csv";
import { services } from "~/services.server";
import type { Route } from "./+types/admin.orders.export";

/**
 * `GET /admin/orders/export?q=&status=&payment=`: the orders the list's filter matches, newest first, as a
 * CSV download (UTF-8 with a BOM for spreadsheets; every text cell kept from running as a formula).
 * Streamed batch by batch, so 100,000 orders never sit in memory at once. Admins only.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { adminAccess, database } = services();
  const access = await adminAccess.access(request);
  if (access.kind !== "admin") {
    throw data(ADMIN_ACCESS_MESSAGES.forbidden, { status: 403, headers: { "Cache-Control": "private, no-store" } });
  }
  const { q, status, payment } = parseAdminOrderQuery(new URL(request.url).searchParams);
  const batches = exportAdminOrders(database.db, { q, status, payment });
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\ufeff${stringify([[...ORDER_CSV_COLUMNS]])}`));
    },
    async pull(controller) {
      try {
        const next = await batches.next();
        if (next.done) return controller.close();
        controller.enqueue(encoder.encode(stringify(next.value.map(orderCsvRow))));
      } catch (error) {
        console.error("[admin-orders-export] failed:", error instanceof Error ? error.message : error);
        controller.error(error);
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Cache-Control": "private, no-store",
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${orderCsvFileName()}"`,
    },
  });
}
