import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { ReturnNotFound } from "~/components/returns/return-not-found";
import { parseReturnRequest, typedReturnRequest } from "~/components/returns/return-request-fields";
import { ReturnRequestForm, type ReturnRequestAnswer } from "~/components/returns/return-request-form";
import { secondaryButton } from "~/components/ui/field";
import { SiteLink } from "~/components/ui/site-link";
import { formatDayIn } from "~/lib/dates";
import { errorAnswer, pageLoader } from "~/lib/http/error-answer.server";
import { readFormBody } from "~/lib/http/read-body.server";
import { shopNameFromMatches } from "~/lib/seo";
import { isOrderNumberShape } from "~/modules/orders/order-details.server";
import type { ReturnRequestForm as RequestForm } from "~/modules/returns/return-reads.server";
import { RETURN_MESSAGES, type ReturnWindow } from "~/modules/returns/return-rules";
import { services } from "~/services.server";
import type { Route } from "./+types/orders.return";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const title = loaderData?.state === "form" ? `Return or exchange ${loaderData.orderNumber}` : "Order not found";
  return [{ title: `${title} | ${shopNameFromMatches(matches)}` }, { name: "robots", content: "noindex" }];
}

/** The request form of the signed-in shopper's own order (another account's is answered as not there). */
async function requestFormOf(
  request: Request,
  orderNumber: string,
): Promise<{ userId: string; form: RequestForm | null }> {
  const user = await services().sessions.requireUser(request);
  const form = isOrderNumberShape(orderNumber) ? await services().returns.requestForm(orderNumber, user.id) : null;
  return { userId: user.id, form };
}

/** Why a closed window shows no form, in the words the server refuses a request with. */
function closedMessage(window: ReturnWindow, windowDays: number): string | null {
  if (window.open) return null;
  if (window.reason === "window-closed") return RETURN_MESSAGES.windowClosed(windowDays);
  return window.reason === "exchange-order" ? RETURN_MESSAGES.exchangeOrder : RETURN_MESSAGES.notDelivered;
}

/**
 * `/orders/:orderNumber/return` (issue 30): the shopper chooses the lines of a delivered order of
 * theirs to send back, each refunded or exchanged for another size or colour. Signed-in only (anyone else
 * goes to sign in); another account's order, or none, is the same 404 'Order not found'. Outside the
 * return window the page says why and shows no form.
 */
async function load({ request, params }: Route.LoaderArgs) {
  const { form } = await requestFormOf(request, params.orderNumber);
  if (!form) return data({ state: "not-found" as const }, { status: 404 });
  const timeZone = (await services().settings.read()).store.timeZone;
  return data({
    state: "form" as const,
    orderNumber: form.orderNumber,
    closed: closedMessage(form.window, form.windowDays),
    endsOn: form.window.open ? formatDayIn(form.window.endsAt, timeZone, "long") : null,
    windowDays: form.windowDays,
    lines: form.lines.map(({ productId: _product, ...line }) => line),
  });
}
export const loader = pageLoader(load);

/** After a refused request the lines are read again: what is left to return, what is in stock now. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? true : defaultShouldRevalidate;
}

const answer = (body: ReturnRequestAnswer, status: number) => data(body, { status });

/**
 * Asks for the return: the form parsed against the order's lines (a line or replacement the form never
 * offered is a 400), then the returns store, which checks everything again in its transaction and takes
 * the replacements' stock. Refusals come back to the form with what was typed; success goes to the
 * return's page (303, so a reload does not post again).
 */
export async function action({ request, params }: Route.ActionArgs) {
  const { userId, form } = await requestFormOf(request, params.orderNumber);
  if (!form) return answer({ ok: false, message: RETURN_MESSAGES.orderNotFound, errors: {}, values: null }, 404);
  let posted: FormData;
  try {
    posted = await readFormBody(request);
  } catch (error) {
    const failure = errorAnswer(error, request, { where: "return request" });
    return answer({ ok: false, message: failure.message, errors: {}, values: null }, failure.status);
  }
  const values = typedReturnRequest(posted, form.lines);
  const parsed = parseReturnRequest(posted, form.lines);
  if (!parsed.ok) return answer({ ok: false, message: parsed.message, errors: parsed.errors, values }, 400);
  let rmaNumber: string;
  try {
    ({ rmaNumber } = await services().returns.request({
      orderNumber: form.orderNumber,
      userId,
      lines: parsed.lines,
    }));
  } catch (error) {
    const failure = errorAnswer(error, request, {
      where: "return request",
      fallback: "Your return could not be saved",
    });
    return answer({ ok: false, message: failure.message, errors: { ...failure.fieldErrors }, values }, failure.status);
  }
  throw redirect(`/returns/${encodeURIComponent(rmaNumber)}`, 303);
}

export default function OrderReturn({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state === "not-found") {
    return <ReturnNotFound title="Order not found" message={RETURN_MESSAGES.orderNotFound} signedIn />;
  }
  const { orderNumber, closed, endsOn, lines, windowDays } = loaderData;
  return (
    <div className="container-page max-w-3xl py-12">
      <p className="text-sm text-muted">
        <SiteLink to="/orders" className="underline underline-offset-2">
          My Orders
        </SiteLink>{" "}
        /{" "}
        <SiteLink to={`/order-confirmation/${orderNumber}`} className="underline underline-offset-2">
          {orderNumber}
        </SiteLink>
      </p>
      <h1 className="mt-2 font-display text-4xl font-semibold">Return or exchange</h1>
      <p className="mt-2 text-muted">Order {orderNumber}</p>
      {closed ? (
        <div className="mt-8 rounded-2xl border border-line bg-white p-6">
          <p role="status" className="font-medium">
            {closed}
          </p>
          <p className="mt-3 text-sm text-muted">
            Something wrong with your order?{" "}
            <SiteLink to="/contact-us" className="font-medium text-brand underline underline-offset-2">
              Contact us
            </SiteLink>
            .
          </p>
          <SiteLink to={`/order-confirmation/${orderNumber}`} className={`${secondaryButton} mt-5`}>
            Back to order
          </SiteLink>
        </div>
      ) : (
        <>
          <p className="mt-4 text-sm">
            Choose the items to send back within {windowDays} days of delivery (until {endsOn}). For each, tell us why,
            and whether you want your money back or another size or colour: an exchange is set aside for you at once.
          </p>
          <ReturnRequestForm
            orderNumber={orderNumber}
            lines={lines}
            answer={actionData && !actionData.ok ? actionData : undefined}
          />
        </>
      )}
    </div>
  );
}
