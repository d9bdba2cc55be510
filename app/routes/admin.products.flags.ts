import { data } from "react-router";
import { errorAnswer } from "~/lib/http/error-answer.server";
import { readJsonBody } from "~/lib/http/read-body.server";
import { services } from "~/services.server";
import {
  BULK_FAILED,
  bulkAppliedMessage,
  flagFailedMessage,
  flagUpdatedMessage,
  flagWriteSchema,
  type FlagWriteResult,
} from "~/modules/product-admin/product-flags";
import type { Route } from "./+types/admin.products.flags";

/**
 * `POST /admin/products/flags` (JSON): the dashboard's per-row toggles (`intent: "toggle"`) and bulk
 * actions (`intent: "bulk"`). Admins only, checked here on the server before the body is read; anyone
 * else is sent to / and nothing changes. After a committed change the catalogue's caches (read caches
 * and the guest page cache) are emptied at once, so a deactivated product leaves /shop immediately.
 */
const noStore = { "Cache-Control": "private, no-store" };

function reply(body: FlagWriteResult, status = 200) {
  return data(body, { status, headers: noStore });
}

export async function loader({ request }: Route.LoaderArgs) {
  await services().sessions.requireAdmin(request);
  return reply({ ok: false, message: "Method not allowed" }, 405);
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await services().sessions.requireAdmin(request);
  if (request.method !== "POST") return reply({ ok: false, message: "Method not allowed" }, 405);
  const { catalogCommands } = services();
  const actor = { id: admin.id, email: admin.email };
  let fallback = BULK_FAILED;
  try {
    const parsed = flagWriteSchema.safeParse(await readJsonBody(request));
    if (!parsed.success) {
      const percent = parsed.error.issues.find((issue) => issue.path[0] === "percent");
      return reply({ ok: false, message: percent ? percent.message : "Invalid request" }, 400);
    }
    const write = parsed.data;
    if (write.intent === "toggle") {
      fallback = flagFailedMessage(write.flag);
      await catalogCommands.setFlag(actor, write);
      return reply({
        ok: true,
        intent: "toggle",
        id: write.id,
        flag: write.flag,
        value: write.value,
        message: flagUpdatedMessage(write.flag),
      });
    }
    const { changed } = await catalogCommands.bulk(actor, write.action, write.target, write.percent);
    return reply({ ok: true, intent: "bulk", changed, message: bulkAppliedMessage(changed) });
  } catch (error) {
    const { status, message } = errorAnswer(error, request, { where: "admin-product-flags", fallback });
    return reply({ ok: false, message }, status);
  }
}
