import { ChevronLeft, Printer } from "lucide-react";
import { data, href, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { PaymentBadge, StatusBadge, TestBadge } from "~/components/admin/orders/order-badges";
import { OrderActions } from "~/components/admin/orders/order-actions";
import type { OrderMoveAnswer } from "~/components/admin/orders/order-move-answer";
import { NotificationsPanel, type NotificationsPanelData } from "~/components/admin/orders/notifications-panel";
import { OrderFacts, OrderItems } from "~/components/admin/orders/order-summary";
import { ExchangeOrigin, OrderReturns } from "~/components/admin/orders/order-returns";
import { formatOrderDate } from "~/components/admin/orders/order-table";
import { useShop } from "~/components/use-root-data";
import { errorAnswer, pageLoader } from "~/lib/http/error-answer.server";
import { shopNameFromMatches } from "~/lib/seo";
import { readFormBody } from "~/lib/http/read-body.server";
import { adminOrderDetail, orderIdOf } from "~/modules/orders/admin-orders.server";
import { NOTE_INTENT, noteFormSchema } from "~/modules/orders/order-timeline";
import { addOrderNote, orderTimeline } from "~/modules/orders/order-timeline.server";
import { OrderTimeline } from "~/components/admin/orders/order-timeline";
import { parseForm } from "~/lib/forms";
import { orderReturnsPanel } from "~/modules/returns/admin-returns.server";
import { applyMoveForm } from "~/modules/orders/order-move-request.server";
import { NOTIFY_INTENTS } from "~/modules/notifications/notification-forms";
import { notificationFormRequest } from "~/modules/notifications/notification-requests.server";
import { customerE164 } from "~/modules/notifications/phone-numbers";
import { can } from "~/modules/staff/permissions";
import { services } from "~/services.server";
import { requireStaff } from "./back-office.server";
import { BackOfficeErrorBoundary } from "~/components/back-office/back-office-error";
import type { Route } from "./+types/admin.orders.order";
import { log } from "~/lib/log.server";

export function meta({ params, matches }: Route.MetaArgs) {
  return [
    { title: `Order ${params.orderNumber} | Admin | ${shopNameFromMatches(matches)}` },
    { name: "robots", content: "noindex" },
  ];
}

const noStore = { "Cache-Control": "private, no-store" };

/** Order numbers are short: anything longer is not one (and is not looked up). */
const orderNumberOf = (params: { orderNumber?: string }) => (params.orderNumber ?? "").slice(0, 40);

/**
 * /admin/orders/:orderNumber: one order in full for the admin (or a customer holding the admin pass), with
 * the fulfilment moves it allows now. Anyone else is sent to /admin (sign-in link or password prompt)
 * before anything is read.
 */
async function load({ request, params }: Route.LoaderArgs) {
  const { database, notifications, returns } = services();
  const staff = await requireStaff(request, "orders", { outsidersTo: "/admin" });
  const order = await adminOrderDetail(database.db, orderNumberOf(params));
  // Its returns, refunds and exchange links (issue 30).
  const returnsPanel = order ? await orderReturnsPanel(database.db, returns, order.id) : null;
  // Its timeline with staff's internal notes (issue 32): never on the customer's pages.
  const timeline = order ? await orderTimeline(database.db, order) : [];
  // The messages panel for roles with notifications (every role with orders has them today: permissions.ts).
  const panel: NotificationsPanelData | null =
    order && can(staff.role, "notifications")
      ? {
          // The order stands without its messages: a failed read shows 'Failed to fetch notifications' in the panel.
          notifications: await notifications.list(order.id).catch((error: unknown) => {
            log.warn({ err: error }, `[admin-order] notifications of ${order.orderNumber} could not be read`);
            return null;
          }),
          whatsappConfigured: notifications.whatsappConfigured,
          ownerWhatsAppConfigured: notifications.ownerWhatsAppConfigured,
          mailGoesToOutbox: notifications.mailGoesToOutbox,
          // A fresh one-time key per page: the same Send posted twice writes one message.
          requestKey: crypto.randomUUID(),
        }
      : null;
  return data({ order, panel, returnsPanel, timeline }, { status: order ? 200 : 404, headers: noStore });
}
export const loader = pageLoader(load);

/**
 * A move (ship, deliver, cancel, refund): checked with the form's schema, then applied by the state
 * machine. Or a message from the notifications panel (a custom WhatsApp, a resend, an order e-mail).
 */
export async function action({ request, params }: Route.ActionArgs) {
  const reply = (body: OrderMoveAnswer & { body?: string }, status = 200) => data(body, { status, headers: noStore });
  const { database, fulfilment, notifications } = services();
  let intent: string | null = null;
  try {
    const access = await requireStaff(request, "orders");
    const form = await readFormBody(request);
    const posted = form.get("intent");
    intent = typeof posted === "string" ? posted.slice(0, 20) : null;
    if (intent === NOTIFY_INTENTS.whatsapp || intent === NOTIFY_INTENTS.email) {
      await requireStaff(request, "notifications");
      // The same handler as the console's WhatsApp tab, for this page's order.
      const { status, body } = await notificationFormRequest(
        { db: database.db, notifications },
        request,
        form,
        orderNumberOf(params),
        access.actor,
      );
      return reply(body, status);
    }
    if (intent === NOTE_INTENT) {
      // An internal note: 1 to 2,000 characters; a refusal sends the typed text back to the form.
      const raw = form.get("body");
      const typed = typeof raw === "string" ? raw.slice(0, 10_000) : "";
      const parsed = parseForm(noteFormSchema, form, ["body"]);
      if (!parsed.ok) {
        const message = parsed.errors.body ?? "Invalid note";
        return reply({ intent, ok: false, message, errors: parsed.errors, body: typed }, 400);
      }
      const orderId = await orderIdOf(database.db, orderNumberOf(params));
      if (!orderId) return reply({ intent, ok: false, message: "Order not found", errors: {}, body: typed }, 404);
      await addOrderNote(database.db, orderId, access.actor, parsed.data.body);
      return reply({ intent, ok: true, message: "Note added", errors: {} });
    }
    const moved = await applyMoveForm(fulfilment, orderNumberOf(params), form, access.actor);
    return reply(moved.answer, moved.status);
  } catch (error) {
    const failure = errorAnswer(error, request, { where: "admin-order-move", fallback: "Failed to update order" });
    return reply({ intent, ok: false, message: failure.message, errors: failure.fieldErrors ?? {} }, failure.status);
  }
}

/**
 * A notification request changes the list even when it fails (the failed message is recorded, with its
 * Resend), and React Router skips reloading after an error answer: reload after every one.
 */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get("intent");
  if (intent === NOTIFY_INTENTS.whatsapp || intent === NOTIFY_INTENTS.email) return true;
  return defaultShouldRevalidate;
}

export const ErrorBoundary = BackOfficeErrorBoundary;

export default function AdminOrderPage({ loaderData }: Route.ComponentProps) {
  const { order, panel, returnsPanel, timeline } = loaderData;
  const { timeZone } = useShop();
  return (
    <div className="container-page py-10">
      <Link to="/admin" className="inline-flex items-center gap-1 text-sm text-muted hover:text-ink">
        <ChevronLeft className="size-4" aria-hidden />
        Admin Dashboard
      </Link>
      {!order ? (
        <div className="mt-10 rounded-2xl border border-line bg-white p-8 text-center">
          <h1 className="font-display text-2xl font-semibold">Order not found or could not be loaded</h1>
          <Link to="/admin" className="mt-4 inline-block underline">
            Back to the orders
          </Link>
        </div>
      ) : (
        <>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <h1 className="font-display text-3xl font-semibold">Order {order.orderNumber}</h1>
            <StatusBadge status={order.status} />
            <PaymentBadge status={order.paymentStatus} />
            {order.isTest && <TestBadge />}
          </div>
          {returnsPanel?.exchangeFor && <ExchangeOrigin origin={returnsPanel.exchangeFor} />}
          <div className="mt-1 flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted">{`Placed ${formatOrderDate(order.createdAt, timeZone)}`}</p>
            <Link
              to={`/admin/orders/${order.orderNumber}/packing-slip`}
              className="inline-flex items-center gap-2 text-sm font-medium text-ink underline underline-offset-2"
            >
              <Printer className="size-4" aria-hidden />
              Packing slip
            </Link>
          </div>
          <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
            <div className="flex min-w-0 flex-col gap-6">
              <OrderFacts order={order} />
              <OrderItems order={order} />
              {returnsPanel && <OrderReturns panel={returnsPanel} />}
              <OrderTimeline orderNumber={order.orderNumber} entries={timeline} />
            </div>
            <div className="flex flex-col gap-6">
              <OrderActions key={`${order.status}-${order.paymentStatus}`} order={order} />
              {panel && (
                <NotificationsPanel
                  action={href("/admin/orders/:orderNumber", { orderNumber: order.orderNumber })}
                  order={{
                    orderNumber: order.orderNumber,
                    defaultPhone:
                      customerE164(order.customer.phone, order.shippingAddress.country) ?? order.customer.phone ?? "",
                  }}
                  {...panel}
                />
              )}
            </div>
          </div>
        </>
      )}
    </div>
  );
}
