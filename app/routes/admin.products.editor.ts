import { data } from "react-router";
import { editorTargetOf, loadProductEditor } from "~/modules/product-admin/product-requests.server";
import { services } from "~/services.server";
import { consoleNoStore, productCommandAction, productWriter } from "./secure-admin.server";
import type { Route } from "./+types/admin.products.editor";

/**
 * `/admin/products/editor`: the product editor's resource route, the one both faces call — the side
 * panel of /admin/products and the product modal of /secure-admin (editor-api.ts has the contract).
 * GET `?id=<id>|new` opens a product; POST (JSON) runs a product command. The shop's admin or the
 * console's pass only (`productWriter`): anyone else is sent to / before anything is read.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  await productWriter(request);
  const { status, body } = await loadProductEditor(services().database.db, request, editorTargetOf(url));
  return data(body, { status, headers: consoleNoStore });
}

export const action = ({ request }: Route.ActionArgs) => productCommandAction(request);
