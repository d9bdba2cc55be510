import { data } from "react-router";
import { editorTargetOf, loadProductEditor } from "~/modules/product-admin/product-requests.server";
import { services } from "~/services.server";
import { consoleNoStore, productCommandAction, productWriter } from "./secure-admin.server";
import type { Route } from "./+types/admin.products.editor";

/**
 * `/admin/products/editor`: the product editor's resource route of /admin (editor-api.ts has the
 * contract). GET `?id=<id>|new` opens a product (`loadProductEditor`, which the console's Products page
 * reads too); POST (JSON) runs a product command (`productCommand`, the handler the console's page hands
 * the same commands to). The shop's admin only (`productWriter`): anyone else is sent to / before
 * anything is read.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  await productWriter(request);
  const { status, body } = await loadProductEditor(services().database.db, request, editorTargetOf(url));
  return data(body, { status, headers: consoleNoStore });
}

export const action = ({ request }: Route.ActionArgs) => productCommandAction(request);
