import { data, Form } from "react-router";
import { pageLoader } from "~/lib/http/error-answer.server";
import { unsubscribe } from "~/modules/recovery/checkout-recovery.server";
import { RECOVERY_MESSAGES } from "~/modules/recovery/recovery-api";
import { services } from "~/services.server";
import type { Route } from "./+types/unsubscribe";

export function meta() {
  return [{ title: "Unsubscribe" }, { name: "robots", content: "noindex" }];
}

const noStore = { "Cache-Control": "private, no-store" };

/** The address a request's token names, or null (forged, malformed). */
function addressOf(request: Request): string | null {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return services().recovery.links.readUnsubscribe(token);
}

/**
 * `/unsubscribe?token=…` (issue 31): GET shows the address and a button; POST unsubscribes it, with or
 * without a session — the button, or a mail client's one-click POST (RFC 8058, `List-Unsubscribe=One-Click`),
 * which the reminder's `List-Unsubscribe-Post` header offers. The signed token is the authority.
 */
async function load({ request }: Route.LoaderArgs) {
  const email = addressOf(request);
  if (!email)
    return data({ email: null, error: RECOVERY_MESSAGES.unsubscribeInvalid }, { status: 400, headers: noStore });
  return data({ email, error: null }, { headers: noStore });
}
export const loader = pageLoader(load);

export async function action({ request }: Route.ActionArgs) {
  const email = addressOf(request);
  if (!email)
    return data({ done: false, error: RECOVERY_MESSAGES.unsubscribeInvalid }, { status: 400, headers: noStore });
  await unsubscribe(services().database.db, email);
  return data({ done: true, error: null }, { headers: noStore });
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const error = actionData?.error ?? loaderData.error;
  return (
    <div className="container-page flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 py-16 text-center">
      <h1 className="font-display text-3xl font-semibold">Unsubscribe</h1>
      {error ? (
        <p role="alert" className="text-muted">
          {error}
        </p>
      ) : actionData?.done ? (
        <p role="status">{RECOVERY_MESSAGES.unsubscribed}</p>
      ) : (
        <Form method="post" className="flex flex-col items-center gap-4">
          <p>
            Stop cart reminders and marketing e-mails to <strong>{loaderData.email}</strong>? Order and shipping e-mails
            still come.
          </p>
          <button
            type="submit"
            name="List-Unsubscribe"
            value="One-Click"
            className="h-11 rounded-full bg-ink px-8 text-sm font-semibold text-white hover:bg-black"
          >
            Unsubscribe
          </button>
        </Form>
      )}
    </div>
  );
}
