import { stringify } from "csv-stringify/sync";
import { data } from "react-router";
import { errorAnswer } from "~/lib/http/error-answer.server";
import { ADMIN_ACCESS_MESSAGES } from "~/modules/accounts/admin-grant";
import { parseAdminOrderQuery } from "~/modules/orders/admin-order-query";
import { exportAdminOrders } from "~/modules/orders/admin-orders.server";
import { ORDER_CSV_COLUMNS, orderCsvFileName, orderCsvRow, type ExportOrder } from "~/modules/orders/order-csv";
import { services } from "~/services.server";
import type { Route } from "./+types/admin.orders.export";
import { log } from "~/lib/log.server";

/**
 * `GET /admin/orders/export?q=&status=&payment=`: the orders the list's filter matches, newest first, as a
 * CSV download (UTF-8 with a BOM for spreadsheets; every text cell kept from running as a formula).
 * Streamed batch by batch, so 100,000 orders never sit in memory at once. Admins only.
 */
const noStore = { "Cache-Control": "private, no-store" };

export async function loader({ request, url }: Route.LoaderArgs) {
  const { adminAccess, database } = services();
  const access = await adminAccess.access(request);
  if (access.kind !== "admin") {
    throw data(ADMIN_ACCESS_MESSAGES.forbidden, { status: 403, headers: noStore });
  }
  const { q, status, payment } = parseAdminOrderQuery(url.searchParams);
  const batches = exportAdminOrders(database.db, { q, status, payment });
  // The first batch is read before answering: a database that is away is a 503 page, not a cut-off download.
  let first: IteratorResult<ExportOrder[]>;
  try {
    first = await batches.next();
  } catch (error) {
    const { status: code, message } = errorAnswer(error, request, { where: "admin-orders-export" });
    throw data(message, { status: code, headers: noStore });
  }
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\ufeff${stringify([[...ORDER_CSV_COLUMNS]])}`));
      if (first.done) controller.close();
      else controller.enqueue(encoder.encode(stringify(first.value.map(orderCsvRow))));
    },
    async pull(controller) {
      try {
        const next = await batches.next();
        if (next.done) return controller.close();
        controller.enqueue(encoder.encode(stringify(next.value.map(orderCsvRow))));
      } catch (error) {
        log.error({ err: error }, "[admin-orders-export] failed");
        controller.error(error);
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      ...noStore,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${orderCsvFileName()}"`,
    },
  });
}
