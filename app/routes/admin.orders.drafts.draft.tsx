import { data, Link, redirect, useFetcher } from "react-router";
import { BackOfficeErrorBoundary } from "~/components/back-office/back-office-error";
import { DraftEditor, type DraftAnswer } from "~/components/admin/drafts/draft-editor";
import { errorAnswer, pageLoader } from "~/lib/http/error-answer.server";
import { readFormBody } from "~/lib/http/read-body.server";
import { draftPayloadSchema, DRAFT_MESSAGES } from "~/modules/orders/draft-order-rules";
import { services } from "~/services.server";
import type { Route } from "./+types/admin.orders.drafts.draft";

export function meta() {
  return [{ title: "Draft order | Admin | Abundance Collection" }, { name: "robots", content: "noindex" }];
}

const noStore = { "Cache-Control": "private, no-store" };

/**
 * `/admin/orders/drafts/new` and `/admin/orders/drafts/:id` (issue 32): the draft order editor — customer,
 * address, items at catalogue or adjusted prices, shipping, discount, note — with Save, Send payment link
 * and Cancel. Every loader and action asks for 'draftOrders' (owners and managers).
 */
async function load({ request, params }: Route.LoaderArgs) {
  await services().backOffice.require(request, "draftOrders");
  if (params.id === "new") return data({ draft: null }, { headers: noStore });
  const draft = await services().draftOrders.get(params.id);
  if (!draft) throw data(DRAFT_MESSAGES.notFound, { status: 404, headers: noStore });
  return data({ draft }, { headers: noStore });
}
export const loader = pageLoader(load);

export async function action({ request, params }: Route.ActionArgs) {
  const answer = (body: DraftAnswer, status = 200) => data(body, { status, headers: noStore });
  try {
    const { actor } = await services().backOffice.require(request, "draftOrders");
    const form = await readFormBody(request);
    const intent = String(form.get("intent") ?? "");
    const drafts = services().draftOrders;
    const id = params.id === "new" ? null : params.id;
    if (intent === "save") {
      let raw: unknown;
      try {
        raw = JSON.parse(String(form.get("payload") ?? ""));
      } catch {
        return answer({ ok: false, message: "The draft could not be read. Reload the page and try again." }, 400);
      }
      const parsed = draftPayloadSchema.safeParse(raw);
      if (!parsed.success) {
        const errors: Record<string, string> = {};
        for (const issue of parsed.error.issues) errors[issue.path.map(String).join(".") || "form"] ??= issue.message;
        return answer({ ok: false, message: Object.values(errors)[0] ?? "Check the draft.", fieldErrors: errors }, 400);
      }
      const saved = await drafts.save(actor, id, parsed.data);
      if (id === null) throw redirect(`/admin/orders/drafts/${saved.id}`, { headers: noStore });
      return answer({ ok: true, message: "Draft saved." });
    }
    if (id === null) return answer({ ok: false, message: "Save the draft first." }, 400);
    if (intent === "send") {
      const sent = await drafts.send(actor, id);
      const until = `${sent.expiresAt.toISOString().replace("T", " ").slice(0, 16)} UTC`;
      return sent.mailed
        ? answer({ ok: true, message: `Payment link sent for ${sent.orderNumber}, valid until ${until}.` })
        : answer(
            {
              ok: false,
              message: `Order ${sent.orderNumber} is reserved until ${until}, but the e-mail could not be sent (${sent.mailError}). Send the link again.`,
            },
            502,
          );
    }
    if (intent === "cancel") {
      await drafts.cancel(actor, id);
      return answer({ ok: true, message: "Draft cancelled." });
    }
    return answer({ ok: false, message: "Unknown action." }, 400);
  } catch (error) {
    const { status, message, fieldErrors: errors } = errorAnswer(error, request, { where: "draft orders" });
    return answer({ ok: false, message, ...(errors ? { fieldErrors: { ...errors } } : {}) }, status);
  }
}

export const ErrorBoundary = BackOfficeErrorBoundary;

export default function AdminDraftOrder({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<DraftAnswer>();
  return (
    <div className="container-page py-10">
      <p className="mb-2 text-sm">
        <Link to="/admin/orders/drafts" className="inline-flex min-h-6 items-center underline">
          ← Draft orders
        </Link>
      </p>
      <DraftEditor key={loaderData.draft?.version ?? "new"} draft={loaderData.draft} fetcher={fetcher} />
    </div>
  );
}
