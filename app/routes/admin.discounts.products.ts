import { data } from "react-router";
import { searchDiscountProducts } from "~/modules/promotions/discount-admin.server";
import { services } from "~/services.server";
import { requireStaff } from "./back-office.server";
import type { Route } from "./+types/admin.discounts.products";

/**
 * `GET /admin/discounts/products?q=`: the discount editor's product picker — up to 20 products whose
 * name, description or SKU match, so a catalogue of 10,000 is searched rather than listed. The shop's
 * admin only: anyone else is sent to / before anything is read.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requireStaff(request, "discounts");
  const q = (url.searchParams.get("q") ?? "").trim();
  const products = await searchDiscountProducts(services().database.db, q);
  return data({ q, products });
}
