import { data } from "react-router";
import { DiscountListPage } from "~/components/admin/discounts/discount-list-page";
import { DiscountLoadFailed } from "~/components/admin/discounts/discount-load-failed";
import { pageLoader } from "~/lib/http/error-answer.server";
import { listDiscounts } from "~/modules/promotions/discount-admin.server";
import { parseDiscountListQuery } from "~/modules/promotions/discount-admin-query";
import { services } from "~/services.server";
import { requireStaff } from "./back-office.server";
import { BackOfficeErrorBoundary, isRefusal } from "~/components/back-office/back-office-error";
import type { Route } from "./+types/admin.discounts";

export function meta() {
  return [{ title: "Discounts | Admin | Abundance Collection" }, { name: "robots", content: "noindex" }];
}

const noStore = { "Cache-Control": "private, no-store" };

/**
 * `/admin/discounts`, the owner's discounts (issue 28): codes and automatic offers, newest first, with
 * their status, uses and revenue; `?q=` searches titles and codes, `?status=` filters, `?page=` pages.
 * Roles with 'discounts' only (issue 32).
 */
async function load({ request, url }: Route.LoaderArgs) {
  await requireStaff(request, "discounts");
  const { settings, database } = services();
  const query = parseDiscountListQuery(url.searchParams);
  const [list, shop] = await Promise.all([listDiscounts(database.db, query), settings.read()]);
  return data({ page: { query, list, timeZone: shop.store.timeZone } }, { headers: noStore });
}
export const loader = pageLoader(load);

export default function AdminDiscounts({ loaderData }: Route.ComponentProps) {
  return <DiscountListPage {...loaderData.page} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRefusal(error)) return <BackOfficeErrorBoundary />;
  return <DiscountLoadFailed error={error} />;
}
