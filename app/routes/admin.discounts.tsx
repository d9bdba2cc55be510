import { data, redirect } from "react-router";
import { DiscountListPage } from "~/components/admin/discounts/discount-list-page";
import { DiscountLoadFailed } from "~/components/admin/discounts/discount-load-failed";
import { pageLoader } from "~/lib/http/error-answer.server";
import { listDiscounts } from "~/modules/promotions/discount-admin.server";
import { parseDiscountListQuery } from "~/modules/promotions/discount-admin-query";
import { services } from "~/services.server";
import type { Route } from "./+types/admin.discounts";

export function meta() {
  return [{ title: "Discounts | Admin | Abundance Collection" }, { name: "robots", content: "noindex" }];
}

const noStore = { "Cache-Control": "private, no-store" };

/**
 * `/admin/discounts`, the owner's discounts (issue 28): codes and automatic offers, newest first, with
 * their status, uses and revenue; `?q=` searches titles and codes, `?status=` filters, `?page=` pages.
 * The shop's admin account only, like Settings: a customer holding the shared password is sent to the
 * dashboard, anyone else sees the gate (the layout) and gets nothing of the list.
 */
async function load({ request, url }: Route.LoaderArgs) {
  const { adminAccess, settings, database } = services();
  const access = await adminAccess.access(request);
  if (access.kind !== "admin") return data({ page: null }, { headers: noStore });
  if (access.viaPassword) throw redirect("/admin", { headers: noStore });
  const query = parseDiscountListQuery(url.searchParams);
  const [list, shop] = await Promise.all([listDiscounts(database.db, query), settings.read()]);
  return data({ page: { query, list, timeZone: shop.store.timeZone } }, { headers: noStore });
}
export const loader = pageLoader(load);

export default function AdminDiscounts({ loaderData }: Route.ComponentProps) {
  if (!loaderData.page) return null;
  return <DiscountListPage {...loaderData.page} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <DiscountLoadFailed error={error} />;
}
