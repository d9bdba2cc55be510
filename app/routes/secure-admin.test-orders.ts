import { data } from "react-router";
import { errorAnswer } from "~/lib/http/error-answer.server";
import { readJsonBody } from "~/lib/http/read-body.server";
import { SECURE_ADMIN_MESSAGES } from "~/modules/accounts/secure-admin-gate.server";
import type { TestOrderAnswer } from "~/modules/orders/test-order-tool";
import { runTestOrderTool } from "~/modules/orders/test-orders.server";
import { services } from "~/services.server";
import { consoleNoStore, consoleStaff } from "./secure-admin.server";
import type { Route } from "./+types/secure-admin.test-orders";

/** `POST /secure-admin/test-orders`: the test-order tool of the console's Orders (the pass first). */
const reply = (body: TestOrderAnswer, status = 200) => data(body, { status, headers: consoleNoStore });

export async function action({ request }: Route.ActionArgs) {
  const { config, fulfilment } = services();
  try {
    const actor = await consoleStaff(request, "testOrders");
    if (!actor) return reply({ ok: false, message: SECURE_ADMIN_MESSAGES.logInFirst }, 401);
    if (request.method !== "POST") return reply({ ok: false, message: "Method not allowed" }, 405);
    const { answer, status } = await runTestOrderTool(
      { ...fulfilment, demoPayments: config.demoPayments },
      config.demoPayments ? await readJsonBody(request) : null,
      actor,
    );
    return reply(answer, status);
  } catch (error) {
    const { status, message } = errorAnswer(error, request, { where: "secure-admin-test-orders" });
    return reply({ ok: false, message }, status);
  }
}
