import { notificationById } from "~/modules/notifications/outbox.server";
import { services } from "~/services.server";
import { requireStaff } from "./back-office.server";
import type { Route } from "./+types/admin.notifications.mail";

/**
 * GET /admin/notifications/:id/mail: an e-mail as it went to the embedded outbox (no SMTP_URL), for
 * admins. Served as its own document under a sandboxing policy: no script runs, nothing loads but
 * images, and it cannot reach the admin's page.
 */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const { database, notifications } = services();
  await requireStaff(request, "notifications");
  const id = params.id ?? "";
  const row = /^[0-9a-f-]{36}$/.test(id) ? await notificationById(database.db, id) : null;
  const mail = row ? await notifications.outboxMail(row) : null;
  if (!mail) return new Response("Notification not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const asText = url.searchParams.get("format") === "text";
  return new Response(asText ? mail.text : (mail.html ?? mail.text), {
    headers: {
      "Content-Type": asText || !mail.html ? "text/plain; charset=utf-8" : "text/html; charset=utf-8",
      "Content-Security-Policy": "sandbox; default-src 'none'; img-src data: https: http:; style-src 'unsafe-inline'",
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
