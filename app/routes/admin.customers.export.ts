import { stringify } from "csv-stringify/sync";
import { data } from "react-router";
import { errorAnswer } from "~/lib/http/error-answer.server";
import { log } from "~/lib/log.server";
import { ADMIN_ACCESS_MESSAGES } from "~/modules/accounts/admin-grant";
import { customerDataAccess } from "~/modules/customers/customer-access";
import {
  CUSTOMER_CSV_COLUMNS,
  customerCsvFileName,
  customerCsvRow,
  parseCustomerQuery,
  type CustomerRow,
} from "~/modules/customers/customer-query";
import { exportCustomers } from "~/modules/customers/customers.server";
import { services } from "~/services.server";
import type { Route } from "./+types/admin.customers.export";

const noStore = { "Cache-Control": "private, no-store" };

/**
 * `GET /admin/customers/export?q=&sort=`: the customers the list's filter matches, in its order, as a CSV
 * download (UTF-8 with a BOM; every text cell kept from running as a formula), streamed batch by batch.
 * The admin account only: a shared-password holder, a customer or a visitor gets a 403.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  if (customerDataAccess(await services().adminAccess.access(request)) !== "owner") {
    throw data(ADMIN_ACCESS_MESSAGES.forbidden, { status: 403, headers: noStore });
  }
  const { q, sort } = parseCustomerQuery(url.searchParams);
  const batches = exportCustomers(services().database.db, { q, sort });
  let first: IteratorResult<CustomerRow[]>;
  try {
    first = await batches.next();
  } catch (error) {
    const { status, message } = errorAnswer(error, request, { where: "admin-customers-export" });
    throw data(message, { status, headers: noStore });
  }
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\ufeff${stringify([[...CUSTOMER_CSV_COLUMNS]])}`));
      if (first.done) controller.close();
      else controller.enqueue(encoder.encode(stringify(first.value.map(customerCsvRow))));
    },
    async pull(controller) {
      try {
        const next = await batches.next();
        if (next.done) return controller.close();
        controller.enqueue(encoder.encode(stringify(next.value.map(customerCsvRow))));
      } catch (error) {
        log.error({ err: error }, "[admin-customers-export] failed");
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
      "Content-Disposition": `attachment; filename="${customerCsvFileName()}"`,
    },
  });
}
