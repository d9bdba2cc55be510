import { data } from "react-router";
import { ConsoleProductsPage } from "~/components/secure-admin/products/console-products-page";
import { pageLoader } from "~/lib/http/error-answer.server";
import { isUuid } from "~/lib/ids";
import { adminProductStats, listAdminProducts } from "~/modules/product-admin/admin-product-list.server";
import { adminQueryOf, parseConsoleProductQuery } from "~/modules/product-admin/console-product-rules";
import { services } from "~/services.server";
import { accessOnlyAction, consoleNoStore, hasConsolePass } from "./secure-admin.server";
import type { Route } from "./+types/secure-admin.products";

/**
 * The console's Products (spec §2 "Secure admin" Products tab and product modal). The URL holds the
 * list (`?q=&status=&page=`, 20 a page) and the modal (`?edit=<id>|new`). It is a second face of
 * /admin/products: the same list and statistics, and the modal loads and writes through the same
 * endpoints as /admin's side panel and list (`/admin/products/editor`, `/admin/products/flags`: one
 * handler, one set of rules), which let the console's pass in. Every read asks for the pass first.
 */
async function load({ request, url }: Route.LoaderArgs) {
  if (!(await hasConsolePass(request))) return data({ page: null }, { headers: consoleNoStore });
  const db = services().database.db;
  const params = url.searchParams;
  const query = parseConsoleProductQuery(params);
  const edit = params.get("edit");
  const target = edit === null ? null : edit === "new" ? "new" : isUuid(edit) ? edit.toLowerCase() : "";
  const [stats, list] = await Promise.all([adminProductStats(db), listAdminProducts(db, adminQueryOf(query))]);
  return data(
    { page: { stats, list, query: { ...query, page: list.page }, edit: target } },
    { headers: consoleNoStore },
  );
}
export const loader = pageLoader(load);

export function meta() {
  return [{ title: "Products | Admin Dashboard | Abundance Collection" }, { name: "robots", content: "noindex" }];
}

/** Login and Logout (the console's gate); the product writes go to the shared endpoints. */
export const action = accessOnlyAction;

export default function ConsoleProducts({ loaderData }: Route.ComponentProps) {
  if (!loaderData.page) return null;
  return <ConsoleProductsPage {...loaderData.page} />;
}
