import { data } from "react-router";
import { consoleNoStore, productCommandAction, productWriter } from "./secure-admin.server";
import type { Route } from "./+types/admin.products.flags";

/**
 * `POST /admin/products/flags` (JSON): the per-row toggles (`intent: "toggle"`) and bulk actions
 * (`intent: "bulk"`) of both faces' product lists — the same commands and the same handler as the
 * editor's route (and the console's page). The shop's admin only, checked before the body is read;
 * anyone else is sent to / and nothing changes. The command announces the change, which empties the
 * catalogue's caches at once (a deactivated product leaves /shop immediately).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await productWriter(request);
  return data(
    { ok: false, intent: null, message: "Method not allowed", errors: {} },
    { status: 405, headers: consoleNoStore },
  );
}

export const action = ({ request }: Route.ActionArgs) => productCommandAction(request);
