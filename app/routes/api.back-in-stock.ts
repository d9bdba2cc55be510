import { data, redirect } from "react-router";
import { DomainError } from "~/lib/domain-error";
import { fieldErrors } from "~/lib/forms";
import { errorAnswer } from "~/lib/http/error-answer.server";
import { readFormBody, readJsonBody } from "~/lib/http/read-body.server";
import { clientIp } from "~/modules/accounts/account-limits.server";
import { restockProductPath } from "~/modules/notifications/back-in-stock-texts";
import { guestEmail, RESTOCK_MESSAGES, subscribeSchema } from "~/modules/restock/restock-rules";
import { services } from "~/services.server";
import type { Route } from "./+types/api.back-in-stock";

/**
 * `POST /api/back-in-stock`: 'Notify me when it's back' on a sold-out size or colour (issue 31;
 * modules/restock). JSON (`{ productId, size, color, email?, phone? }`) or a form: the product page's
 * form posts here without JavaScript and is sent back to the product (`?notify=recorded|already`), its
 * fetcher adds `reply=data` and gets `{ ok, outcome, message }`. A signed-in shopper's subscription is the
 * account's e-mail (any `email` given is ignored); a guest's needs one. One per person and variant: a
 * second request answers 'already' (200). Rate-limited per address like the other public forms; the
 * server's same-origin check refuses writes from other sites before this runs.
 */
export interface BackInStockAnswer {
  ok: boolean;
  outcome?: "recorded" | "already";
  message: string;
  errors?: Partial<Record<string, string>>;
}

const noStore = { "Cache-Control": "private, no-store" };

export function loader() {
  return data({ ok: false, message: "Method not allowed" } satisfies BackInStockAnswer, {
    status: 405,
    headers: noStore,
  });
}

function invalid(errors: Partial<Record<string, string>>): never {
  const message = Object.values(errors).find(Boolean) ?? "Invalid request";
  throw new DomainError("invalid", message, { fieldErrors: errors });
}

export async function action({ request }: Route.ActionArgs) {
  const json = (request.headers.get("content-type") ?? "").includes("application/json");
  let wantsData = json;
  try {
    const body: unknown = json ? await readJsonBody(request) : Object.fromEntries(await readFormBody(request));
    const values = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
    wantsData = json || values.reply === "data";
    const { sessions, backInStock } = services();
    await backInStock.limit(clientIp(request));
    const parsed = subscribeSchema.safeParse(values);
    if (!parsed.success) invalid(fieldErrors(parsed.error));
    const user = await sessions.user(request);
    let email = user?.email ?? "";
    if (!user) {
      const checked = guestEmail.safeParse(parsed.data.email);
      if (!checked.success) invalid({ email: checked.error.issues[0]?.message ?? "Invalid email address" });
      email = checked.data;
    }
    const { outcome, slug, size, color } = await backInStock.subscribe(parsed.data, {
      email,
      userId: user?.id ?? null,
    });
    const message = outcome === "recorded" ? RESTOCK_MESSAGES.recorded : RESTOCK_MESSAGES.already;
    if (wantsData) return data({ ok: true, outcome, message } satisfies BackInStockAnswer, { headers: noStore });
    const back = restockProductPath(slug, size, color);
    const join = back.includes("?") ? "&" : "?";
    return redirect(`${back}${join}notify=${outcome}#notify-me`, { status: 303, headers: noStore });
  } catch (error) {
    const failure = errorAnswer(error, request, { where: "back in stock" });
    if (wantsData) {
      return data(
        { ok: false, message: failure.message, errors: failure.fieldErrors ?? {} } satisfies BackInStockAnswer,
        { status: failure.status, headers: noStore },
      );
    }
    return new Response(failure.message, {
      status: failure.status,
      headers: { ...noStore, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}
