import { data } from "react-router";
import { errorAnswer } from "~/lib/http/error-answer.server";
import { services } from "~/services.server";
import { DEMO_LOADED, type DemoLoadResult } from "~/modules/product-admin/product-dashboard";
import { requireStaff } from "./back-office.server";
import type { Route } from "./+types/admin.products.demo";

/**
 * `POST /admin/products/demo`: 'Load demo products' of an empty catalogue (decisions.md §4 — the
 * demo catalogue is inserted for real, never shown as fake data). Admins only; no body.
 */
const noStore = { "Cache-Control": "private, no-store" };

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "products", { outsidersTo: "/" });
  return data<DemoLoadResult>({ ok: false, message: "Method not allowed" }, { status: 405, headers: noStore });
}

export async function action({ request }: Route.ActionArgs) {
  const { actor: admin } = await requireStaff(request, "products", { outsidersTo: "/" });
  if (request.method !== "POST") {
    return data<DemoLoadResult>({ ok: false, message: "Method not allowed" }, { status: 405, headers: noStore });
  }
  try {
    const loaded = await services().catalogCommands.loadDemo(admin);
    return data<DemoLoadResult>({ ok: true, products: loaded.products, message: DEMO_LOADED }, { headers: noStore });
  } catch (error) {
    const { status, message } = errorAnswer(error, request, { where: "admin-demo-products" });
    return data<DemoLoadResult>({ ok: false, message }, { status, headers: noStore });
  }
}
