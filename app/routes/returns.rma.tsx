import { data, redirect, useSearchParams } from "react-router";
import { CancelReturn, CANCEL_RETURN_INTENT } from "~/components/returns/cancel-return";
import { ReturnStatusBadge } from "~/components/returns/return-badges";
import { ReturnInstructions } from "~/components/returns/return-instructions";
import { ReturnNotFound } from "~/components/returns/return-not-found";
import { ReturnProgress } from "~/components/returns/return-progress";
import { FormMessage } from "~/components/ui/field";
import { SiteLink } from "~/components/ui/site-link";
import { formatDateTimeIn, formatDayIn } from "~/lib/dates";
import { errorAnswer, pageLoader } from "~/lib/http/error-answer.server";
import { readFormBody } from "~/lib/http/read-body.server";
import { formatCents } from "~/lib/money";
import { shopNameFromMatches } from "~/lib/seo";
import { statusLabel } from "~/modules/orders/order-rules";
import { trackingUrl } from "~/modules/orders/tracking";
import type { ReturnHistoryView, ReturnView } from "~/modules/returns/return-reads.server";
import { RETURN_MOVE_DONE, shopperCanCancel } from "~/modules/returns/return-moves";
import { RETURN_MESSAGES, RETURN_REASON_LABELS, RETURN_STEP_LABELS } from "~/modules/returns/return-rules";
import { services } from "~/services.server";
import type { Route } from "./+types/returns.rma";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const title = loaderData?.state === "found" ? `Return ${loaderData.ret.rmaNumber}` : "Return not found";
  return [{ title: `${title} | ${shopNameFromMatches(matches)}` }, { name: "robots", content: "noindex" }];
}

const RMA_SHAPE = /^RMA-[A-Za-z0-9-]{1,40}$/;

/**
 * The return of the signed-in shopper (an admin may open any): null for anyone else, a signed-out
 * visitor included, so another account's return is answered exactly like one that does not exist.
 */
async function ownReturn(request: Request, rmaNumber: string) {
  const user = await services().sessions.user(request);
  if (!user || !RMA_SHAPE.test(rmaNumber)) return { user, view: null };
  const view = await services().returns.view({ rmaNumber });
  if (!view || (view.userId !== user.id && user.role !== "admin")) return { user, view: null };
  return { user, view };
}

/** A history row in the shopper's words: the step it made, never the owner's internal notes. */
function historyLabel(row: ReturnHistoryView): string {
  return RETURN_STEP_LABELS[row.step];
}

function shopperView(view: ReturnView, ownerId: string, timeZone: string) {
  const hasExchange = view.lines.some((line) => line.resolution === "exchange");
  const exchange = view.exchangeOrder;
  return {
    rmaNumber: view.rmaNumber,
    status: view.status,
    refundStatus: view.refundStatus,
    refusalReason: view.refusalReason,
    hasRefund: view.lines.some((line) => line.resolution === "refund"),
    hasExchange,
    // Shipped when the exchange's own order is on its way, not when it was only made.
    exchangeShipped: exchange !== null && (exchange.status === "shipped" || exchange.status === "delivered"),
    requestedOn: formatDayIn(view.createdAt, timeZone, "long"),
    orderNumber: view.order.orderNumber,
    refund: view.refund,
    refunded: view.refundStatus === "refunded",
    exchangeOrder: exchange && {
      orderNumber: exchange.orderNumber,
      status: exchange.status,
      trackingNumber: exchange.trackingNumber,
      carrier: exchange.carrier,
      trackingUrl:
        exchange.trackingNumber && (exchange.status === "shipped" || exchange.status === "delivered")
          ? trackingUrl(exchange.carrier, exchange.trackingNumber)
          : null,
    },
    lines: view.lines.map((line) => ({
      id: line.id,
      productName: line.productName,
      size: line.size,
      color: line.color,
      quantity: line.quantity,
      reason: RETURN_REASON_LABELS[line.reason],
      note: line.note,
      resolution: line.resolution,
      exchangeFor:
        line.resolution === "exchange"
          ? [line.exchangeSize, line.exchangeColor !== line.color ? line.exchangeColor : ""].filter(Boolean).join(" / ")
          : null,
    })),
    history: view.history.map((row) => ({
      label: historyLabel(row),
      at: formatDateTimeIn(row.createdAt, timeZone),
      iso: row.createdAt,
    })),
    canCancel: shopperCanCancel(view) && view.userId === ownerId,
  };
}

/**
 * `/returns/:rmaNumber` (issue 30): the shopper's return — its progress, lines, refund and exchange
 * order, history, the printable instructions, and 'Cancel return' until the parcel is received. Not the
 * `/returns` policy page (a page of its own).
 */
async function load({ request, params }: Route.LoaderArgs) {
  const { user, view } = await ownReturn(request, params.rmaNumber);
  if (!view || !user) {
    return data(
      { state: "not-found" as const, signedIn: user !== null, path: `/returns/${params.rmaNumber}` } as const,
      {
        status: 404,
      },
    );
  }
  const store = (await services().settings.read()).store;
  return data({
    state: "found" as const,
    ret: shopperView(view, user.id, store.timeZone),
    shop: { name: store.name, returnAddress: store.returnAddress },
  });
}
export const loader = pageLoader(load);

/** 'Cancel return': the shopper's own return only (an admin cancels nothing here: the back office refuses). */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await services().sessions.user(request);
  if (!user || !RMA_SHAPE.test(params.rmaNumber)) {
    return data({ ok: false as const, message: RETURN_MESSAGES.notFound }, { status: 404 });
  }
  try {
    const form = await readFormBody(request);
    if (form.get("intent") !== CANCEL_RETURN_INTENT) {
      return data({ ok: false as const, message: "Unknown action" }, { status: 400 });
    }
    await services().returns.cancelByShopper({ rmaNumber: params.rmaNumber, userId: user.id });
  } catch (error) {
    const failure = errorAnswer(error, request, {
      where: "return cancel",
      fallback: "The return could not be cancelled",
    });
    return data({ ok: false as const, message: failure.message }, { status: failure.status });
  }
  // Back to the page without the confirm step, so a reload does not post again.
  throw redirect(`/returns/${encodeURIComponent(params.rmaNumber)}?cancelled=1`, 303);
}

export default function ReturnPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state === "not-found") {
    return (
      <ReturnNotFound
        title="Return not found"
        message={RETURN_MESSAGES.notFound}
        signedIn={loaderData.signedIn}
        signInTo={loaderData.path as `/${string}`}
      />
    );
  }
  const { ret, shop } = loaderData;
  return <ReturnDetails ret={ret} shop={shop} failure={actionData && !actionData.ok ? actionData.message : null} />;
}

type Found = Extract<Route.ComponentProps["loaderData"], { state: "found" }>;

function ReturnDetails({ ret, shop, failure }: { ret: Found["ret"]; shop: Found["shop"]; failure: string | null }) {
  const link = "font-medium text-brand underline underline-offset-2 hover:text-brand-dark";
  const card = "mt-6 rounded-2xl border border-line bg-white p-6 print:hidden";
  const [searchParams] = useSearchParams();
  const cancelled = searchParams.get("cancelled") === "1" && ret.status === "cancelled";
  return (
    <div className="container-page max-w-3xl py-12 print:max-w-none print:py-0">
      <div className="print:hidden">
        <p className="text-sm text-muted">
          <SiteLink to="/orders" className="underline underline-offset-2">
            My Orders
          </SiteLink>{" "}
          /{" "}
          <SiteLink to={`/order-confirmation/${ret.orderNumber}`} className="underline underline-offset-2">
            {ret.orderNumber}
          </SiteLink>
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="font-display text-4xl font-semibold">Return {ret.rmaNumber}</h1>
          <ReturnStatusBadge status={ret.status} />
        </div>
        <p className="mt-2 text-muted">
          Asked on {ret.requestedOn} for order{" "}
          <SiteLink to={`/order-confirmation/${ret.orderNumber}`} className={link}>
            {ret.orderNumber}
          </SiteLink>
        </p>
        {failure && (
          <FormMessage kind="error" className="mt-4">
            {failure}
          </FormMessage>
        )}
        {cancelled && (
          <FormMessage kind="success" className="mt-4">
            {RETURN_MOVE_DONE.cancel(ret.rmaNumber)}
          </FormMessage>
        )}
      </div>

      <section aria-labelledby="progress-title" className={card}>
        <h2 id="progress-title" className="mb-4 text-lg font-semibold">
          Status
        </h2>
        <ReturnProgress ret={ret} />
        {ret.canCancel && (
          <div className="mt-5">
            <CancelReturn rmaNumber={ret.rmaNumber} exchange={ret.hasExchange} />
          </div>
        )}
      </section>

      <section aria-labelledby="items-title" className={card}>
        <h2 id="items-title" className="text-lg font-semibold">
          Items
        </h2>
        <ul className="mt-2 divide-y divide-line">
          {ret.lines.map((line) => (
            <li key={line.id} className="py-3 text-sm">
              <p className="font-medium">
                {line.productName}
                <span className="font-normal text-muted">
                  {" "}
                  · {[line.size && `Size ${line.size}`, line.color, `Qty ${line.quantity}`].filter(Boolean).join(" · ")}
                </span>
              </p>
              <p className="mt-1">
                {line.reason}
                {line.note && <span className="text-muted"> — “{line.note}”</span>}
              </p>
              <p className="mt-1 font-medium">
                {line.exchangeFor !== null ? `Exchange for ${line.exchangeFor}` : "Refund"}
              </p>
            </li>
          ))}
        </ul>
        {ret.refund && (
          <dl className="mt-2 space-y-1 border-t border-line pt-3 text-sm">
            <div className="flex justify-between">
              <dt className="text-muted">Items</dt>
              <dd>{formatCents(ret.refund.goodsCents)}</dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-muted">Tax</dt>
              <dd>{formatCents(ret.refund.taxCents)}</dd>
            </div>
            {ret.refund.shippingCents > 0 && (
              <div className="flex justify-between">
                <dt className="text-muted">Shipping</dt>
                <dd>{formatCents(ret.refund.shippingCents)}</dd>
              </div>
            )}
            <div className="flex justify-between font-semibold">
              <dt>{ret.refunded ? "Refunded" : "Refund"}</dt>
              <dd>{formatCents(ret.refund.totalCents)}</dd>
            </div>
          </dl>
        )}
      </section>

      {ret.exchangeOrder && (
        <section aria-labelledby="exchange-title" className={card}>
          <h2 id="exchange-title" className="text-lg font-semibold">
            Your exchange
          </h2>
          <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-muted">Order</dt>
              <dd className="mt-1">
                <SiteLink to={`/order-confirmation/${ret.exchangeOrder.orderNumber}`} className={link}>
                  {ret.exchangeOrder.orderNumber}
                </SiteLink>
              </dd>
            </div>
            <div>
              <dt className="text-muted">Status</dt>
              <dd className="mt-1 font-medium">{statusLabel(ret.exchangeOrder.status)}</dd>
            </div>
            {ret.exchangeOrder.trackingNumber && (
              <div>
                <dt className="text-muted">Tracking</dt>
                <dd className="mt-1">
                  {ret.exchangeOrder.trackingUrl ? (
                    <a href={ret.exchangeOrder.trackingUrl} target="_blank" rel="noopener noreferrer" className={link}>
                      {[ret.exchangeOrder.carrier, ret.exchangeOrder.trackingNumber].filter(Boolean).join(" ")}
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  ) : (
                    ret.exchangeOrder.trackingNumber
                  )}
                </dd>
              </div>
            )}
          </dl>
        </section>
      )}

      {(ret.status === "requested" || ret.status === "approved") && (
        <ReturnInstructions
          rmaNumber={ret.rmaNumber}
          shopName={shop.name}
          returnAddress={shop.returnAddress}
          lines={ret.lines}
          exchange={ret.hasExchange}
        />
      )}

      <section aria-labelledby="history-title" className={card}>
        <h2 id="history-title" className="text-lg font-semibold">
          History
        </h2>
        <ol className="mt-3 space-y-2 text-sm">
          {ret.history.map((row, index) => (
            <li key={index} className="flex flex-wrap justify-between gap-2">
              <span className="font-medium">{row.label}</span>
              <time dateTime={row.iso} className="text-muted">
                {row.at}
              </time>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
