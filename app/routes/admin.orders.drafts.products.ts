import { data } from "react-router";
import { errorAnswer } from "~/lib/http/error-answer.server";
import { services } from "~/services.server";
import type { Route } from "./+types/admin.orders.drafts.products";

/**
 * `/admin/orders/drafts/products?q=` (issue 32): the draft editor's item picker — products whose name or
 * SKU matches, with every variant's size, colour, stock and catalogue price. 'draftOrders' only.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  try {
    await services().backOffice.require(request, "draftOrders");
    const products = await services().draftOrders.searchVariants(url.searchParams.get("q") ?? "");
    return data({ ok: true as const, products }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    const { status, message } = errorAnswer(error, request, { where: "draft order products" });
    return data({ ok: false as const, error: message }, { status, headers: { "Cache-Control": "private, no-store" } });
  }
}
