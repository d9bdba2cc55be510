import { sql } from "drizzle-orm";
import twilioWebhooks from "twilio/lib/webhooks/webhooks.js";
import { queryRows, type Db } from "~/lib/db/client.server";
import { twilioFailure } from "./delivery-policy";

/**
 * Twilio's status callback for a WhatsApp message we sent (StatusCallback = our
 * /api/notifications/twilio-status?n=<row id>): checked by its X-Twilio-Signature — HMAC-SHA1 of the URL
 * and the sorted POST parameters under our auth token, verified by the `twilio` package — then the row
 * moves on: sent → delivered or failed. Statuses only move forward (callbacks can arrive out of order),
 * and an unsigned, forged or misaddressed callback changes nothing.
 */
export type StatusCallbackResult = "applied" | "ignored" | "forbidden";

const RANK: Record<string, number> = { pending: 0, sent: 1, delivered: 2, failed: 2 };

/** Twilio's MessageStatus → ours; null for a status that says nothing new. */
export function statusFromTwilio(status: string): "sent" | "delivered" | "failed" | null {
  switch (status) {
    case "accepted":
    case "queued":
    case "sending":
    case "sent":
      return "sent";
    case "delivered":
    case "read":
      return "delivered";
    case "failed":
    case "undelivered":
      return "failed";
    default:
      return null;
  }
}

export async function applyTwilioStatus(
  db: Db,
  settings: { authToken: string | undefined; publicUrl: string },
  request: { url: string; signature: string | null; params: Record<string, string> },
): Promise<StatusCallbackResult> {
  if (!settings.authToken || !request.signature) return "forbidden";
  // Twilio signs the URL it called: our public origin (PUBLIC_URL, not a Host header) plus path and query.
  const called = new URL(request.url);
  const signedUrl = `${settings.publicUrl.replace(/\/+$/, "")}${called.pathname}${called.search}`;
  if (!twilioWebhooks.validateRequest(settings.authToken, request.signature, signedUrl, request.params)) {
    return "forbidden";
  }
  const id = called.searchParams.get("n") ?? "";
  const sid = request.params.MessageSid ?? "";
  const status = statusFromTwilio(request.params.MessageStatus ?? "");
  if (!/^[0-9a-f-]{36}$/.test(id) || !sid || !status) return "ignored";
  const code = request.params.ErrorCode || null;
  const failure = status === "failed" ? twilioFailure(400, code, `not delivered (Twilio ${code ?? "error"})`) : null;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
      update order_notifications set
        status = ${status},
        provider_message_id = coalesce(provider_message_id, ${sid}),
        sent_at = coalesce(sent_at, now()),
        sending_since = null,
        error_message = ${failure?.message ?? null},
        error_code = ${failure?.code ?? null},
        updated_at = now()
      where id = ${id} and channel = 'whatsapp'
        and (provider_message_id is null or provider_message_id = ${sid})
        and (case status when 'pending' then 0 when 'sent' then 1 else 2 end) < ${RANK[status]!}
      returning id`,
  );
  return rows.length > 0 ? "applied" : "ignored";
}
