import { data } from "react-router";
import { errorAnswer } from "~/lib/http/error-answer.server";
import { readJsonBody } from "~/lib/http/read-body.server";
import type { TestOrderAnswer } from "~/modules/orders/test-order-tool";
import { runTestOrderTool } from "~/modules/orders/test-orders.server";
import { services } from "~/services.server";
import { requireStaff } from "./back-office.server";
import type { Route } from "./+types/admin.test-orders";

/**
 * `POST /admin/test-orders` (JSON `{ intent: "create" | "markPaid" }`): the dashboard's test-order tool.
 * Admins only (checked before the body is read: anyone else gets 403 and nothing changes), and only
 * where demo payments are on (404 otherwise).
 */
const noStore = { "Cache-Control": "private, no-store" };
const reply = (body: TestOrderAnswer, status = 200) => data(body, { status, headers: noStore });

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "testOrders");
  return reply({ ok: false, message: "Method not allowed" }, 405);
}

export async function action({ request }: Route.ActionArgs) {
  const { config, fulfilment } = services();
  try {
    const access = await requireStaff(request, "testOrders");
    if (request.method !== "POST") return reply({ ok: false, message: "Method not allowed" }, 405);
    const { answer, status } = await runTestOrderTool(
      { ...fulfilment, demoPayments: config.demoPayments },
      config.demoPayments ? await readJsonBody(request) : null,
      access.actor,
    );
    return reply(answer, status);
  } catch (error) {
    const { status, message } = errorAnswer(error, request, { where: "admin-test-orders" });
    return reply({ ok: false, message }, status);
  }
}
