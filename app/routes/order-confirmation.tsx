import { formatDayIn } from "~/lib/dates";
import { shopNameFromMatches } from "~/lib/seo";
import { CheckCircle2, PackageSearch, XCircle } from "~/components/ui/icons";
import { data, redirect } from "react-router";
import { isDomainError } from "~/lib/domain-error";
import { errorAnswer } from "~/lib/http/error-answer.server";
import { readFormBody } from "~/lib/http/read-body.server";
import { authPageHref, registrationFailureMessage } from "~/modules/accounts/auth-forms";
import { parseGuestAccount } from "~/modules/accounts/guest-account-forms";
import {
  AddToAccountPanel,
  CreateAccountPanel,
  type CreateAccountAnswer,
} from "~/components/orders/create-account-panel";
import { SiteLink } from "~/components/ui/site-link";
import { OrderDiscountRows } from "~/components/orders/order-discount-rows";
import { formatCents } from "~/lib/money";
import { pageLoader } from "~/lib/http/error-answer.server";
import { services } from "~/services.server";
import { countryName } from "~/lib/countries";
import { FALLBACK_IMAGE } from "~/modules/catalog/product-rules";
import { responsiveImage } from "~/modules/media/image-urls";
import { shippingText } from "~/modules/orders/order-discount-lines";
import { findOrderForViewer } from "~/modules/orders/order-details.server";
import { paymentBadge, STATUS_BADGE, statusLabel, type OrderStatus } from "~/modules/orders/order-rules";
import { placedOrderNumbers } from "~/modules/orders/placed-orders.server";
import { SHIPPING_METHODS, type ShippingMethod } from "~/modules/pricing/pricing";
import { OrderReturnsList, partialRefundText } from "~/components/returns/return-badges";
import { returnWindow } from "~/modules/returns/return-rules";
import type { Route } from "./+types/order-confirmation";

const PAYMENT_METHODS: Record<string, string> = { demo: "Demo payment", paypal: "PayPal" };

/**
 * Order confirmation (spec §2, decisions.md §3): public, but the order is shown only to its owner,
 * an admin, or the browser that placed it (signed cookie). Anyone else, and any unknown number,
 * gets the same 404 'Order Not Found': order numbers are guessable, addresses are private.
 * `Cache-Control: private, no-store` comes from the server (server/cache-middleware.ts sets it on every
 * page outside the guest page cache); a `headers` export here would only add it a second time.
 */
async function load({ request, params, url }: Route.LoaderArgs) {
  const [user, placedNumbers] = await Promise.all([
    services().sessions.user(request),
    placedOrderNumbers(request, services().config.authSecret),
  ]);
  // A guest's signed order link (the order e-mail, the order lookup; issue 31): this order, to that e-mail.
  const orderToken = url.searchParams.get("t");
  const linked = orderToken ? services().guestOrders.links.readOrderToken(orderToken) : null;
  const linkedNumber = linked && linked.orderNumber === params.orderNumber ? linked.orderNumber : null;
  if (!params.orderNumber) {
    return data({ order: null, signedIn: user !== null, noNumber: true }, { status: 404 });
  }
  const found = await findOrderForViewer(services().database.db, params.orderNumber, {
    userId: user?.id ?? null,
    isAdmin: user?.role === "admin",
    placedNumbers: linkedNumber ? [...placedNumbers, linkedNumber] : placedNumbers,
  });
  // A link shows the order only to the e-mail it was made for (the one the order was placed with).
  const byLinkOnly =
    found !== null &&
    linkedNumber !== null &&
    !placedNumbers.includes(found.orderNumber) &&
    !(user && (user.role === "admin" || found.viewerIsOwner));
  const order = byLinkOnly && found.customerEmail.trim().toLowerCase() !== linked!.email ? null : found;
  if (!order) return data({ order: null, signedIn: user !== null, noNumber: false }, { status: 404 });
  const method = SHIPPING_METHODS[order.shippingMethod as ShippingMethod];
  const address = order.shippingAddress;
  const [settings, returns, exchangeOf] = await Promise.all([
    services().settings.read(),
    services().returns.ofOrders([order.id]),
    order.isExchange ? services().returns.exchangeOrigin(order.id) : Promise.resolve(null),
  ]);
  const timeZone = settings.store.timeZone;
  const window = returnWindow(
    {
      status: order.status,
      deliveredAt: order.deliveredAt ? new Date(order.deliveredAt) : null,
      isExchange: order.isExchange,
    },
    settings.returns.windowDays,
    new Date(),
  );
  return data({
    order: {
      ...order,
      // The day on the shop's clock (Settings → Store → Time zone), the same for server and browser.
      placedOn: formatDayIn(order.createdAt, timeZone, "long"),
      // Returns (issue 30): only the account's own shopper asks for one here; a guest order is returned by contacting us.
      returns: returns.get(order.id) ?? [],
      exchangeOf,
      returnableUntil: window.open && order.viewerIsOwner ? formatDayIn(window.endsAt, timeZone, "long") : null,
      returnWindowEnded:
        !window.open && window.reason === "window-closed" && window.endsAt
          ? formatDayIn(window.endsAt, timeZone, "long")
          : null,
      shippingMethodLabel: method?.label ?? statusLabel(order.shippingMethod),
      shippingDelivery: method?.delivery ?? null,
      paymentMethodLabel: order.paymentMethod
        ? (PAYMENT_METHODS[order.paymentMethod] ?? statusLabel(order.paymentMethod))
        : null,
      customer: {
        name: [address.firstName, address.lastName].filter(Boolean).join(" "),
        email: address.email || order.customerEmail,
        phone: address.phone,
      },
      countryName: countryName(address.country) ?? address.country,
    },
    signedIn: user !== null,
    noNumber: false,
    // Delayed account creation (issue 31): a guest order seen by a visitor with no session is offered an account.
    createAccount:
      !order.hasAccount && user === null && services().config.guestCheckout
        ? {
            email: order.customerEmail,
            fullName: [address.firstName, address.lastName].filter(Boolean).join(" "),
            token: linkedNumber ? orderToken : null,
          }
        : null,
    // A signed-in account with the order's e-mail that placed it in this browser (or holds its link) may add it.
    addToAccount:
      !order.hasAccount &&
      user !== null &&
      order.customerEmail.trim().toLowerCase() === user.email.trim().toLowerCase() &&
      (placedNumbers.includes(order.orderNumber) || linkedNumber !== null)
        ? { token: linkedNumber ? orderToken : null }
        : null,
  });
}
export const loader = pageLoader(load);

/**
 * 'Create an account' from a guest order's page (issue 31): registers the account like /register, then
 * gives it the orders this browser placed with that e-mail, or every guest order of the e-mail when the
 * page came from a signed order link to it (docs/decisions/0034-guest-checkout.md). Anything else about
 * that e-mail's orders waits for the claim link mailed to it.
 */
export async function action({ request, params }: Route.ActionArgs) {
  try {
    const { config } = services();
    if (!config.guestCheckout || !params.orderNumber) {
      return data<CreateAccountAnswer>({ errors: {}, formError: "Not available" }, { status: 404 });
    }
    const form = await readFormBody(request);
    const signedIn = await services().sessions.user(request);
    if (signedIn) {
      // 'Add this order to my account': the same proofs as at account creation, for the signed-in account.
      if (form.get("intent") === "attach") {
        const token = form.get("t");
        await services().guestOrders.afterAccountCreated({
          userId: signedIn.id,
          email: signedIn.email,
          placedNumbers: (await placedOrderNumbers(request, config.authSecret)).filter((n) => n === params.orderNumber),
          orderToken: typeof token === "string" && token !== "" ? token : null,
        });
      }
      throw redirect(`/order-confirmation/${params.orderNumber}`);
    }
    const parsed = parseGuestAccount(form);
    if (!parsed.ok) return data<CreateAccountAnswer>({ errors: parsed.errors, formError: null }, { status: 400 });
    const { fullName, email, password, t } = parsed.data;
    const { headers, userId } = await services().accounts.register(request, {
      fullName,
      email,
      password,
      subscribeNewsletter: false,
    });
    const placedNumbers = await placedOrderNumbers(request, config.authSecret);
    await services().guestOrders.afterAccountCreated({
      userId: userId!,
      email,
      placedNumbers,
      orderToken: t || null,
    });
    if (config.requireEmailVerification) throw redirect(authPageHref("/login", "/orders", { registered: "1" }));
    throw redirect("/orders", { headers });
  } catch (error) {
    const answer = errorAnswer(error, request, { where: "guest-account" });
    const formError = isDomainError(error) ? registrationFailureMessage(error) : answer.message;
    return data<CreateAccountAnswer>({ errors: {}, formError }, { status: answer.status });
  }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const title = loaderData?.order ? `Order ${loaderData.order.orderNumber}` : "Order Not Found";
  return [{ title: `${title} | ${shopNameFromMatches(matches)}` }, { name: "robots", content: "noindex" }];
}

const primaryButton = "rounded-full bg-ink px-6 py-3 text-sm font-medium text-white hover:bg-black";
const secondaryButton = "rounded-full border border-ink px-6 py-3 text-sm font-medium hover:bg-stone-100";

export default function OrderConfirmation({ loaderData, actionData }: Route.ComponentProps) {
  const { order, signedIn, noNumber } = loaderData;
  if (!order) return <OrderNotFound signedIn={signedIn} noNumber={noNumber} />;

  const address = order.shippingAddress;
  const status = order.status as OrderStatus;
  return (
    <div className="container-page max-w-4xl py-12">
      <header className="flex flex-col items-center gap-3 text-center">
        {status === "cancelled" ? (
          <XCircle className="size-12 text-red-600" aria-hidden />
        ) : (
          <CheckCircle2 className="size-12 text-green-600" aria-hidden />
        )}
        {/* A payment that failed or was abandoned cancels the order: no confirmation to show then. */}
        {status === "cancelled" ? (
          <>
            <h1 className="font-display text-4xl font-semibold">Order Cancelled</h1>
            <p className="text-muted">
              This order was cancelled because its payment did not go through. Nothing was charged.
            </p>
          </>
        ) : (
          <>
            <h1 className="font-display text-4xl font-semibold">Order Confirmed!</h1>
            <p className="text-muted">Thank you for your order. We have received it and will get it on its way.</p>
          </>
        )}
      </header>

      <section aria-labelledby="order-summary-title" className="mt-10 rounded-2xl border border-line bg-white p-6">
        <h2 id="order-summary-title" className="sr-only">
          Order summary
        </h2>
        <dl className="grid gap-5 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <dt className="text-muted">Order number</dt>
            <dd className="mt-1 font-semibold">{order.orderNumber}</dd>
          </div>
          <div>
            <dt className="text-muted">Date</dt>
            <dd className="mt-1 font-medium">
              <time dateTime={order.createdAt}>{order.placedOn}</time>
            </dd>
          </div>
          <div>
            <dt className="text-muted">Total</dt>
            <dd className="mt-1 font-semibold">{formatCents(order.totalCents)}</dd>
          </div>
          <div>
            <dt className="text-muted">Status</dt>
            <dd className="mt-1">
              <span
                className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-medium ${STATUS_BADGE[status] ?? "bg-stone-100"}`}
              >
                {statusLabel(order.status)}
              </span>
            </dd>
          </div>
          <div>
            <dt className="text-muted">Payment status</dt>
            <dd className="mt-1">
              <span
                className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-medium ${paymentBadge(order.paymentStatus)}`}
              >
                {statusLabel(order.paymentStatus)}
              </span>
              {partialRefundText(order.refundedCents, order.totalCents) && (
                <span className="mt-1 block text-xs text-muted">
                  {partialRefundText(order.refundedCents, order.totalCents)}
                </span>
              )}
            </dd>
          </div>
          {order.paymentMethodLabel && (
            <div>
              <dt className="text-muted">Payment method</dt>
              <dd className="mt-1 font-medium">{order.paymentMethodLabel}</dd>
            </div>
          )}
          {order.trackingNumber && (
            <div>
              <dt className="text-muted">Tracking number</dt>
              <dd className="mt-1 font-medium">{order.trackingNumber}</dd>
            </div>
          )}
        </dl>
      </section>

      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <section aria-labelledby="customer-title" className="rounded-2xl border border-line bg-white p-6">
          <h2 id="customer-title" className="text-lg font-semibold">
            Customer Information
          </h2>
          <dl className="mt-4 space-y-2 text-sm">
            <InfoRow label="Name" value={order.customer.name} />
            <InfoRow label="Email" value={order.customer.email} />
            <InfoRow label="Phone" value={order.customer.phone} />
          </dl>
        </section>
        <section aria-labelledby="shipping-title" className="rounded-2xl border border-line bg-white p-6">
          <h2 id="shipping-title" className="text-lg font-semibold">
            Shipping Address
          </h2>
          <address className="mt-4 text-sm not-italic leading-relaxed">
            {order.customer.name}
            <br />
            {address.address}
            {address.apartment && (
              <>
                <br />
                {address.apartment}
              </>
            )}
            <br />
            {address.city}, {address.state} {address.postalCode}
            <br />
            {order.countryName}
          </address>
          <p className="mt-4 text-sm">
            <span className="font-medium">{order.shippingMethodLabel}</span>
            {order.shippingDelivery && <span className="text-muted"> ({order.shippingDelivery})</span>}
          </p>
        </section>
      </div>

      <section aria-labelledby="items-title" className="mt-6 rounded-2xl border border-line bg-white p-6">
        <h2 id="items-title" className="text-lg font-semibold">
          Items
        </h2>
        <ul className="mt-2 divide-y divide-line">
          {order.items.map((item) => (
            <li key={item.id} className="flex items-center gap-4 py-4">
              <img
                alt=""
                width={64}
                height={80}
                loading="lazy"
                className="h-20 w-16 rounded-lg bg-stone-100 object-cover"
                {...responsiveImage(item.imageUrl || FALLBACK_IMAGE, "64px")}
              />
              <div className="flex-1">
                <p className="font-medium">{item.productName}</p>
                <p className="text-sm text-muted">
                  {[item.size && `Size ${item.size}`, item.color, `Qty ${item.quantity}`].filter(Boolean).join(" · ")}
                </p>
              </div>
              <p className="font-medium">{formatCents(item.totalPriceCents)}</p>
            </li>
          ))}
        </ul>
        <dl className="mt-2 space-y-2 border-t border-line pt-4 text-sm">
          <TotalRow label="Subtotal" value={formatCents(order.subtotalCents)} />
          {/* What the order was discounted when placed (its own rows: a later edit of a discount changes nothing). */}
          <OrderDiscountRows discounts={order.discounts} />
          <TotalRow label="Shipping" value={shippingText(order.shippingCents)} />
          <TotalRow label="Tax" value={formatCents(order.taxCents)} />
          <div className="flex justify-between border-t border-line pt-3 text-base font-semibold">
            <dt>Total</dt>
            <dd>{formatCents(order.totalCents)}</dd>
          </div>
        </dl>
      </section>

      <ReturnsSection order={order} />

      {loaderData.createAccount && (
        <CreateAccountPanel offer={loaderData.createAccount} orderNumber={order.orderNumber} answer={actionData} />
      )}
      {loaderData.addToAccount && <AddToAccountPanel token={loaderData.addToAccount.token} />}

      <section aria-labelledby="next-title" className="mt-6 rounded-2xl bg-stone-100 p-6">
        <h2 id="next-title" className="text-lg font-semibold">
          What's Next?
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-sm">
          <li>An e-mail confirmation has been sent to {order.customer.email}.</li>
          <li>You will receive tracking information as soon as your order ships.</li>
          <li>Estimated delivery: 3-5 business days after dispatch.</li>
          <li>
            Questions about your order?{" "}
            <SiteLink
              to="/contact-us"
              className="font-medium text-brand underline underline-offset-2 hover:text-brand-dark"
            >
              Contact our support team
            </SiteLink>
            .
          </li>
        </ul>
      </section>

      <div className="mt-10 flex flex-wrap justify-center gap-3">
        <SiteLink to="/shop" className={primaryButton}>
          Continue Shopping
        </SiteLink>
        <SiteLink to="/orders" className={secondaryButton}>
          View Order History
        </SiteLink>
      </div>
    </div>
  );
}

type ShownOrder = NonNullable<Route.ComponentProps["loaderData"]["order"]>;

/**
 * Returns and exchanges of the order (issue 30): 'Return or exchange' for the account's own delivered
 * order within the window, its returns with their status, and for a guest's order the way to ask us.
 */
function ReturnsSection({ order }: { order: ShownOrder }) {
  const delivered = order.status === "delivered";
  const guest = !order.hasAccount && delivered && !order.isExchange;
  if (!order.returnableUntil && order.returns.length === 0 && !guest && !order.exchangeOf && !order.returnWindowEnded) {
    return null;
  }
  const link = "font-medium text-brand underline underline-offset-2 hover:text-brand-dark";
  return (
    <section aria-labelledby="returns-title" className="mt-6 rounded-2xl border border-line bg-white p-6">
      <h2 id="returns-title" className="text-lg font-semibold">
        Returns &amp; exchanges
      </h2>
      <div className="mt-3 space-y-3 text-sm">
        {order.exchangeOf && (
          <p>
            This order is the exchange of return{" "}
            <SiteLink to={`/returns/${order.exchangeOf.rmaNumber}`} className={link}>
              {order.exchangeOf.rmaNumber}
            </SiteLink>{" "}
            (order {order.exchangeOf.orderNumber}).
          </p>
        )}
        {order.returnableUntil && (
          <div className="flex flex-wrap items-center gap-3">
            <p>You can return or exchange items of this order until {order.returnableUntil}.</p>
            <SiteLink to={`/orders/${order.orderNumber}/return`} className={secondaryButton}>
              Return or exchange
            </SiteLink>
          </div>
        )}
        {!order.returnableUntil && order.viewerIsOwner && order.returnWindowEnded && (
          <p className="text-muted">The return window of this order ended on {order.returnWindowEnded}.</p>
        )}
        {guest && (
          <p>
            This order was placed without an account: to return or exchange items,{" "}
            <SiteLink to="/contact-us" className={link}>
              contact us
            </SiteLink>{" "}
            with your order number.
          </p>
        )}
        <OrderReturnsList returns={order.returns} orderNumber={order.orderNumber} />
      </div>
    </section>
  );
}

function OrderNotFound({ signedIn, noNumber }: { signedIn: boolean; noNumber: boolean }) {
  return (
    <div className="container-page flex min-h-[50vh] flex-col items-center justify-center gap-4 py-16 text-center">
      <PackageSearch className="size-12 text-stone-300" aria-hidden />
      <h1 className="font-display text-3xl font-semibold">Order Not Found</h1>
      <p className="max-w-md text-muted">
        {noNumber ? "No order number provided" : "Order not found or could not be loaded"}. Please check the order
        number
        {signedIn
          ? "; your orders are listed in your order history."
          : ", or sign in with the account that placed the order."}
      </p>
      {!signedIn && (
        <p className="max-w-md text-sm text-muted">
          Ordered without an account?{" "}
          <SiteLink to="/orders/lookup" className="font-medium text-ink underline">
            Get a link to your order by e-mail
          </SiteLink>
          .
        </p>
      )}
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        <SiteLink to="/shop" className={primaryButton}>
          Continue Shopping
        </SiteLink>
        {signedIn && (
          <SiteLink to="/orders" className={secondaryButton}>
            View Order History
          </SiteLink>
        )}
      </div>
    </div>
  );
}

function InfoRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-muted">{label}</dt>
      <dd className="text-right font-medium">{value || "—"}</dd>
    </div>
  );
}

function TotalRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between text-muted">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
