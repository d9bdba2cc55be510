import { data } from "react-router";
import { PaymentStep } from "~/components/checkout/payment-step";
import { useLinkPayment } from "~/components/checkout/use-link-payment";
import { CheckCircle2, XCircle } from "~/components/ui/icons";
import { SiteLink } from "~/components/ui/site-link";
import { publicConfig } from "~/lib/config/config.server";
import { pageLoader } from "~/lib/http/error-answer.server";
import { formatCents } from "~/lib/money";
import { shopNameFromMatches } from "~/lib/seo";
import type { CheckoutForm } from "~/modules/orders/checkout-forms";
import { draftOrderForLink, type DraftPayView } from "~/modules/orders/draft-orders.server";
import { services } from "~/services.server";
import type { Route } from "./+types/pay";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `Pay your order | ${shopNameFromMatches(matches)}` }, { name: "robots", content: "noindex" }];
}

/**
 * `/pay/:orderNumber?t=…` (issue 32): a draft order's payment link. With a genuine, unexpired token it
 * shows the order staff put together (its own lines and totals) and the checkout's payment step for it;
 * a forged, expired or other order's token gets the same 404. No sign-in needed: the link proves the
 * mailbox it was sent to.
 */
async function load({ params, url }: Route.LoaderArgs) {
  const token = url.searchParams.get("t") ?? "";
  const order = await draftOrderForLink(services().database.db, services().draftLinks, params.orderNumber ?? "", token);
  const { demoPayments, paypalClientId } = publicConfig(services().config);
  const headers = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
  if (!order) return data({ order: null, token: "", demoPayments, paypalClientId }, { status: 404, headers });
  return data({ order, token, demoPayments, paypalClientId }, { headers });
}
export const loader = pageLoader(load);

function formOf(order: DraftPayView): CheckoutForm {
  const a = order.shippingAddress;
  return {
    firstName: a.firstName,
    lastName: a.lastName,
    email: order.email,
    phone: a.phone,
    address: a.address,
    apartment: a.apartment ?? "",
    city: a.city,
    state: a.state,
    postalCode: a.postalCode,
    country: a.country as CheckoutForm["country"],
    shippingMethod: order.shippingMethod,
    sameAsShipping: true,
    billingAddress: "",
    billingApartment: "",
    billingCity: "",
    billingState: "",
    billingPostalCode: "",
    billingCountry: a.country as CheckoutForm["country"],
  };
}

export default function PayDraftOrder({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  if (!order) {
    return (
      <div className="container-page flex min-h-[50vh] flex-col items-center justify-center gap-4 py-16 text-center">
        <XCircle className="size-12 text-stone-300" aria-hidden />
        <h1 className="text-2xl font-semibold">Payment link not valid</h1>
        <p className="max-w-md text-muted">
          This payment link is not valid or has expired. Please contact us for a new one.
        </p>
        <SiteLink to="/contact-us" className="underline">
          Contact us
        </SiteLink>
      </div>
    );
  }
  return (
    <PayOrder
      order={order}
      token={loaderData.token}
      demoPayments={loaderData.demoPayments}
      paypalClientId={loaderData.paypalClientId}
    />
  );
}

function PayOrder(props: { order: DraftPayView; token: string; demoPayments: boolean; paypalClientId: string | null }) {
  const { order } = props;
  const payment = useLinkPayment({ orderId: order.orderId, token: props.token });
  return (
    <div className="container-page py-10 sm:py-12">
      <h1 className="font-display text-4xl font-semibold">Your order {order.orderNumber}</h1>
      <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_24rem]">
        <section aria-label="Payment" className="min-w-0 space-y-6">
          {order.note ? (
            <p
              className="rounded-2xl border border-line bg-stone-50 p-4 text-sm whitespace-pre-line"
              data-testid="draft-note"
            >
              {order.note}
            </p>
          ) : null}
          {order.state === "paid" ? (
            <div
              role="status"
              className="flex items-start gap-3 rounded-2xl border border-green-200 bg-green-50 p-5 text-green-900"
            >
              <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden />
              <div>
                <h2 className="font-semibold">Thank you — this order is paid.</h2>
                <p className="text-sm">A confirmation is on its way to {order.email}.</p>
              </div>
            </div>
          ) : order.state === "expired" ? (
            <p role="alert" className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
              This payment link has expired. Please contact us for a new one.
            </p>
          ) : (
            <>
              {order.paymentDueAt ? (
                <p className="text-sm text-muted">
                  Reserved for you until {order.paymentDueAt.replace("T", " ").slice(0, 16)} UTC.
                </p>
              ) : null}
              <PaymentStep
                form={formOf(order)}
                totalCents={order.totalCents}
                demoPayments={props.demoPayments}
                paypalClientId={props.paypalClientId}
                payment={payment}
                blocked={false}
              />
            </>
          )}
        </section>
        <aside aria-labelledby="pay-summary" className="h-fit rounded-2xl border border-line bg-white p-5 text-sm">
          <h2 id="pay-summary" className="mb-3 text-lg font-semibold">
            Order summary
          </h2>
          <ul className="divide-y divide-line">
            {order.lines.map((line, i) => (
              <li key={i} className="flex justify-between gap-3 py-2">
                <span>
                  {line.name}
                  {[line.size, line.color].filter(Boolean).length
                    ? ` (${[line.size, line.color].filter(Boolean).join(", ")})`
                    : ""}{" "}
                  × {line.quantity}
                </span>
                <span>{formatCents(line.totalPriceCents)}</span>
              </li>
            ))}
          </ul>
          <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
            <dt>Subtotal</dt>
            <dd>{formatCents(order.subtotalCents)}</dd>
            {order.discountCents > 0 ? (
              <>
                <dt>Discount{order.discountReason ? ` (${order.discountReason})` : ""}</dt>
                <dd>-{formatCents(order.discountCents)}</dd>
              </>
            ) : null}
            <dt>Shipping</dt>
            <dd>{formatCents(order.shippingCents)}</dd>
            <dt>Tax</dt>
            <dd>{formatCents(order.taxCents)}</dd>
            <dt className="font-semibold">Total</dt>
            <dd className="font-semibold" data-testid="pay-total">
              {formatCents(order.totalCents)}
            </dd>
          </dl>
        </aside>
      </div>
    </div>
  );
}
