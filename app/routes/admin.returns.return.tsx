import { ChevronLeft } from "lucide-react";
import { data, Link } from "react-router";
import { RefundStatusBadge, ReturnStatusBadge } from "~/components/admin/returns/return-badges";
import { ReturnActions } from "~/components/admin/returns/return-actions";
import { ReturnFacts, ReturnHistory, ReturnLines } from "~/components/admin/returns/return-summary";
import { formatOrderDate } from "~/components/admin/orders/order-table";
import { useShop } from "~/components/use-root-data";
import { errorAnswer, pageLoader } from "~/lib/http/error-answer.server";
import { readFormBody } from "~/lib/http/read-body.server";
import { shopNameFromMatches } from "~/lib/seo";
import { parseAdminReturnForm, type AdminReturnAnswer } from "~/modules/returns/admin-return-forms";
import { adminReturnDetail, returnIdOf } from "~/modules/returns/admin-returns.server";
import { RETURN_MOVE_DONE } from "~/modules/returns/return-moves";
import { RETURN_MESSAGES } from "~/modules/returns/return-rules";
import { services } from "~/services.server";
import { requireStaff } from "./back-office.server";
import { BackOfficeErrorBoundary } from "~/components/back-office/back-office-error";
import type { Route } from "./+types/admin.returns.return";

export function meta({ params, matches }: Route.MetaArgs) {
  return [
    { title: `Return ${params.rmaNumber} | Admin | ${shopNameFromMatches(matches)}` },
    { name: "robots", content: "noindex" },
  ];
}

const noStore = { "Cache-Control": "private, no-store" };

/** RMA numbers are short: anything longer is not one (and is not looked up). */
const rmaNumberOf = (params: { rmaNumber?: string }) => (params.rmaNumber ?? "").slice(0, 40);

/**
 * /admin/returns/:rmaNumber: one return for the owner (issue 30), with the moves it allows now. Guarded
 * like an order's page: anyone without admin access is sent to /admin before anything is read.
 */
async function load({ request, params }: Route.LoaderArgs) {
  const { returns } = services();
  await requireStaff(request, "returns", { outsidersTo: "/admin" });
  const ret = await adminReturnDetail(returns, rmaNumberOf(params));
  return data({ ret }, { status: ret ? 200 : 404, headers: noStore });
}
export const loader = pageLoader(load);

/**
 * A move of the return (approve, refuse, receive, refund, ship the exchange): the caller's admin access
 * checked first, the form parsed with its schema, then applied by the store (one conditional update on
 * the state it was planned from: a lost race is a 409 'changed by someone else meanwhile').
 */
export async function action({ request, params }: Route.ActionArgs) {
  const reply = (body: AdminReturnAnswer, status = 200) => data(body, { status, headers: noStore });
  const { database, returns } = services();
  let intent: string | null = null;
  try {
    const access = await requireStaff(request, "returns");
    const form = await readFormBody(request);
    const posted = form.get("intent");
    intent = typeof posted === "string" ? posted.slice(0, 20) : null;
    const parsed = parseAdminReturnForm(form);
    if (!parsed.ok) {
      const message = Object.values(parsed.errors).find(Boolean) ?? "Invalid request";
      return reply({ intent, ok: false, message, errors: parsed.errors }, 400);
    }
    const rmaNumber = rmaNumberOf(params);
    const returnId = await returnIdOf(database.db, rmaNumber);
    if (!returnId) return reply({ intent, ok: false, message: RETURN_MESSAGES.notFound, errors: {} }, 404);
    const move = parsed.data;
    const result = await returns.move({
      returnId,
      move: move.intent,
      actor: access.actor,
      reason: move.intent === "refuse" ? move.reason : null,
      dispositions: move.dispositions,
      refundShipping: move.intent === "refund" ? move.refundShipping : false,
      note: move.note,
    });
    return reply({
      intent,
      ok: true,
      message: RETURN_MOVE_DONE[move.intent](result.rmaNumber),
      errors: {},
      exchangeOrderNumber: result.exchangeOrderNumber ?? null,
    });
  } catch (error) {
    const failure = errorAnswer(error, request, { where: "admin-return-move", fallback: "Failed to update return" });
    return reply({ intent, ok: false, message: failure.message, errors: failure.fieldErrors ?? {} }, failure.status);
  }
}

/**
 * A failed move changes the page too (a PayPal refund left pending shows its error and 'Refund' again; a
 * lost race shows the return as the other admin left it), and React Router skips reloading after an
 * error answer: reload after every one.
 */
export function shouldRevalidate() {
  return true;
}

export const ErrorBoundary = BackOfficeErrorBoundary;

export default function AdminReturnPage({ loaderData }: Route.ComponentProps) {
  const { ret } = loaderData;
  const { timeZone } = useShop();
  return (
    <div className="container-page py-10">
      <Link to="/admin/returns" className="inline-flex items-center gap-1 text-sm text-muted hover:text-ink">
        <ChevronLeft className="size-4" aria-hidden />
        Returns
      </Link>
      {!ret ? (
        <div className="mt-10 rounded-2xl border border-line bg-white p-8 text-center">
          <h1 className="font-display text-2xl font-semibold">Return not found</h1>
          <Link to="/admin/returns" className="mt-4 inline-block underline">
            Back to the returns
          </Link>
        </div>
      ) : (
        <>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <h1 className="font-display text-3xl font-semibold">Return {ret.rmaNumber}</h1>
            <ReturnStatusBadge status={ret.status} />
            {ret.refundStatus !== "none" && <RefundStatusBadge status={ret.refundStatus} />}
          </div>
          <p className="mt-1 text-sm text-muted">
            {`Asked ${formatOrderDate(ret.createdAt, timeZone)} for order ${ret.order.orderNumber}`}
          </p>
          <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
            <div className="flex min-w-0 flex-col gap-6">
              <ReturnFacts ret={ret} />
              <ReturnLines ret={ret} />
              <ReturnHistory ret={ret} />
            </div>
            <div className="flex flex-col gap-6">
              <ReturnActions key={`${ret.status}-${ret.refundStatus}`} ret={ret} />
            </div>
          </div>
        </>
      )}
    </div>
  );
}
