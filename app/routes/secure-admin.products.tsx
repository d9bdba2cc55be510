import { data } from "react-router";
import { ConsoleProductsPage } from "~/components/secure-admin/products/console-products-page";
import { pageLoader } from "~/lib/http/error-answer.server";
import { isUuid } from "~/lib/ids";
import { SECURE_ADMIN_MESSAGES } from "~/modules/accounts/secure-admin-gate.server";
import { adminProductStats, listAdminProducts } from "~/modules/product-admin/admin-product-list.server";
import { adminQueryOf, parseConsoleProductQuery } from "~/modules/product-admin/console-product-rules";
import { productCommand } from "~/modules/product-admin/product-requests.server";
import { services } from "~/services.server";
import { accessOnlyAction, consoleNoStore, consoleStaff } from "./secure-admin.server";
import type { Route } from "./+types/secure-admin.products";

/**
 * The console's Products (spec §2 "Secure admin" Products tab and product modal). The URL holds the
 * list (`?q=&status=&page=`, 20 a page) and the modal (`?edit=<id>|new`). It is a second face of
 * /admin/products: the same list and statistics, the editor's data loaded by the same hook from the
 * console's twin of /admin/products/editor (secure-admin.products.editor.ts, the same reader
 * `loadProductEditor`), and the same JSON commands handled by the same
 * handler (`productCommand`: one schema, one set of rules, one answer). The console's pass cookie is
 * scoped to /secure-admin, so the console sends them here rather than to /admin/products/*. Every read
 * and write asks for the pass first.
 */
async function load({ request, url }: Route.LoaderArgs) {
  if (!(await consoleStaff(request, "products"))) return data({ page: null }, { headers: consoleNoStore });
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

/**
 * A product command (JSON, as /admin sends it to /admin/products/editor) — with the pass only, else 401
 * and nothing read — or, posted as a form, Login and Logout (the console's gate).
 */
export async function action({ request }: Route.ActionArgs) {
  if (!(request.headers.get("content-type") ?? "").startsWith("application/json")) return accessOnlyAction({ request });
  const actor = await consoleStaff(request, "products");
  if (!actor) {
    return data(
      { ok: false, intent: null, message: SECURE_ADMIN_MESSAGES.forbidden, errors: {} },
      { status: 401, headers: consoleNoStore },
    );
  }
  const { database, catalogCommands } = services();
  const { status, body } = await productCommand({ db: database.db, catalogCommands }, actor, request);
  return data(body, { status, headers: consoleNoStore });
}

export default function ConsoleProducts({ loaderData }: Route.ComponentProps) {
  if (!loaderData.page) return null;
  return <ConsoleProductsPage {...loaderData.page} />;
}
