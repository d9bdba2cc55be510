import { data } from "react-router";
import { csvDownload } from "~/lib/http/csv-download.server";
import { ADMIN_ACCESS_MESSAGES } from "~/modules/accounts/admin-grant";
import { customerDataAccess } from "~/modules/customers/customer-access";
import {
  CUSTOMER_CSV_COLUMNS,
  customerCsvFileName,
  customerCsvRow,
  parseCustomerQuery,
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
  return csvDownload(request, {
    batches: exportCustomers(services().database.db, { q, sort }),
    columns: CUSTOMER_CSV_COLUMNS,
    row: customerCsvRow,
    fileName: customerCsvFileName(),
    where: "admin-customers-export",
  });
}
