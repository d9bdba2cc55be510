import { data } from "react-router";
import { errorAnswer } from "~/lib/http/error-answer.server";
import type { SaleProductSearch } from "~/modules/promotions/scheduled-sale-rules";
import { searchSaleProducts } from "~/modules/promotions/scheduled-sales.server";
import { services } from "~/services.server";
import { requireStaff } from "./back-office.server";
import type { Route } from "./+types/admin.discounts.sales.products";

/**
 * `GET /admin/discounts/sales/products?q=…`: the sale editor's product picker, the first matches of a
 * name or SKU search (as the product list's), so it serves a catalogue of 10,000. The shop's admin
 * only: anyone else is sent to / before anything is read.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requireStaff(request, "discounts");
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  try {
    const found = await searchSaleProducts(services().database.db, q);
    return data({ ok: true, q, ...found } satisfies SaleProductSearch);
  } catch (error) {
    const { status, message } = errorAnswer(error, request, {
      where: "sale product search",
      fallback: "Failed to search products",
    });
    return data({ ok: false, message } satisfies SaleProductSearch, { status });
  }
}
