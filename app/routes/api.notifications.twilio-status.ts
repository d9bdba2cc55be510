import { readFormBody } from "~/lib/http/read-body.server";
import { errorAnswer } from "~/lib/http/error-answer.server";
import { services } from "~/services.server";
import type { Route } from "./+types/api.notifications.twilio-status";

/**
 * POST /api/notifications/twilio-status?n=<message>: Twilio's delivery report for a WhatsApp message.
 * Open to the internet, so nothing is believed before its X-Twilio-Signature checks out: a forged or
 * unsigned report answers 403 and changes nothing. Twilio only needs a 2xx to stop retrying.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response("Method not allowed", { status: 405 });
  try {
    const form = await readFormBody(request);
    const params: Record<string, string> = {};
    for (const [name, value] of form) if (typeof value === "string") params[name] = value;
    const result = await services().notifications.twilioStatus({
      url: request.url,
      signature: request.headers.get("x-twilio-signature"),
      params,
    });
    if (result === "forbidden") return new Response("Invalid signature", { status: 403 });
    return new Response(null, { status: 204 });
  } catch (error) {
    const failure = errorAnswer(error, request, { where: "twilio-status" });
    return new Response(failure.message, { status: failure.status });
  }
}
