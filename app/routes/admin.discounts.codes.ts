import { stringify } from "csv-stringify/sync";
import { data } from "react-router";
import { DISCOUNT_ADMIN_MESSAGES, discountCodesForExport } from "~/modules/promotions/discount-admin.server";
import { CODE_CSV_COLUMNS, codeCsvRow, codesCsvFileName } from "~/modules/promotions/discount-codes";
import { services } from "~/services.server";
import { requireStaff } from "./back-office.server";
import type { Route } from "./+types/admin.discounts.codes";

/**
 * `GET /admin/discounts/:id/codes`: a discount's codes with their uses, as a CSV download (UTF-8 with a
 * BOM for spreadsheets, as the orders' export; every cell kept from running as a formula). The shop's
 * admin only: anyone else is sent to / before anything is read.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, "discounts");
  const found = await discountCodesForExport(services().database.db, params.id);
  if (!found) throw data(DISCOUNT_ADMIN_MESSAGES.notFound, { status: 404 });
  const csv = `\ufeff${stringify([[...CODE_CSV_COLUMNS], ...found.codes.map(codeCsvRow)])}`;
  return new Response(csv, {
    // Never stored: the server marks every answer but the catalogue's `private, no-store`.
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${codesCsvFileName(found.title)}"`,
    },
  });
}
