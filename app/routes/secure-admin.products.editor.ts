import { data } from "react-router";
import { SECURE_ADMIN_MESSAGES } from "~/modules/accounts/secure-admin-gate.server";
import { editorTargetOf, loadProductEditor } from "~/modules/product-admin/product-requests.server";
import { services } from "~/services.server";
import { consoleNoStore, consoleStaff } from "./secure-admin.server";
import type { Route } from "./+types/secure-admin.products.editor";

/**
 * `/secure-admin/products/editor`: the console's twin of /admin/products/editor's GET — the console's
 * product modal opens a product here (`?id=<id>|new`) through the same client hook
 * (`useProductEditorLoad`) and the same reader (`loadProductEditor`) as /admin's side panel; only the
 * access differs (the console's pass, whose cookie reaches /secure-admin/* only). Without it: 401 and
 * nothing read. The modal's commands go to the console's Products page (`productCommand`).
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  if (!(await consoleStaff(request, "products"))) {
    return data(
      { ok: false as const, target: "", message: SECURE_ADMIN_MESSAGES.forbidden },
      { status: 401, headers: consoleNoStore },
    );
  }
  const { status, body } = await loadProductEditor(services().database.db, request, editorTargetOf(url));
  return data(body, { status, headers: consoleNoStore });
}
