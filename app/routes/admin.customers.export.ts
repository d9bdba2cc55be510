import { pageLoader } from "~/lib/http/error-answer.server";
import { csvDownload } from "~/lib/http/csv-download.server";
import {
  CUSTOMER_CSV_COLUMNS,
  customerCsvFileName,
  customerCsvRow,
  parseCustomerQuery,
} from "~/modules/customers/customer-query";
import { exportCustomers } from "~/modules/customers/customers.server";
import { services } from "~/services.server";
import type { Route } from "./+types/admin.customers.export";

/**
 * `GET /admin/customers/export?q=&sort=`: the customers the list's filter matches, in its order, as a CSV
 * download (UTF-8 with a BOM; every text cell kept from running as a formula), streamed batch by batch.
 * Roles with 'customers' only: anyone else gets a 403.
 */
export const loader = pageLoader(async ({ request, url }: Route.LoaderArgs) => {
  await services().backOffice.require(request, "customers");
  const { q, sort } = parseCustomerQuery(url.searchParams);
  return csvDownload(request, {
    batches: exportCustomers(services().database.db, { q, sort }),
    columns: CUSTOMER_CSV_COLUMNS,
    row: customerCsvRow,
    fileName: customerCsvFileName(),
    where: "admin-customers-export",
  });
});
