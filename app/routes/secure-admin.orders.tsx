import { RefreshCw } from "lucide-react";
import { data, isRouteErrorResponse, useNavigate, useSearchParams } from "react-router";
import type { SitePath } from "~/lib/redirects";
import { OrderActions } from "~/components/admin/orders/order-actions";
import type { OrderMoveAnswer } from "~/components/admin/orders/order-move-answer";
import { OrderFacts, OrderItems } from "~/components/admin/orders/order-summary";
import { OrderFilters } from "~/components/admin/orders/order-filters";
import { OrderTable } from "~/components/admin/orders/order-table";
import { TestOrderTool } from "~/components/admin/orders/test-order-tool";
import { StatCards } from "~/components/admin/stat-cards";
import { useRefresh } from "~/components/secure-admin/use-refresh";
import { FormMessage, secondaryButton } from "~/components/ui/field";
import { Pagination } from "~/components/ui/pagination";
import { SidePanel } from "~/components/ui/side-panel";
import { errorAnswer, pageLoader } from "~/lib/http/error-answer.server";
import { readFormBody } from "~/lib/http/read-body.server";
import { formatCents } from "~/lib/money";
import { SECURE_ADMIN_MESSAGES } from "~/modules/accounts/secure-admin-gate.server";
import { orderTotals } from "~/modules/analytics/order-totals.server";
import { adminOrderSearchParams, parseAdminOrderQuery } from "~/modules/orders/admin-order-query";
import { adminOrderDetail, listAdminOrders } from "~/modules/orders/admin-orders.server";
import { applyMoveForm } from "~/modules/orders/order-move-request.server";
import { services } from "~/services.server";
import { consoleGate, consoleNoStore, consoleStaff } from "./secure-admin.server";
import { can } from "~/modules/staff/permissions";
import type { Route } from "./+types/secure-admin.orders";

/**
 * The console's Orders (spec §2): the cards, 'Order Management' with Refresh Orders, the list (search,
 * filters, 20 a page) and an order's details in a panel (`?order=…`) with the same fulfilment moves as
 * /admin — one state machine, one history. 'No orders found' comes with the test-order helper.
 */
async function load({ request, url }: Route.LoaderArgs) {
  const actor = await consoleStaff(request, "orders");
  if (!actor) return data({ report: null }, { headers: consoleNoStore });
  const { database, config } = services();
  const params = url.searchParams;
  const query = parseAdminOrderQuery(params);
  const number = params.get("order")?.slice(0, 40);
  const [totals, list, detail] = await Promise.all([
    orderTotals(database.db),
    listAdminOrders(database.db, query),
    number ? adminOrderDetail(database.db, number) : null,
  ]);
  return data(
    {
      report: {
        // Revenue for roles with analytics only (issue 32: fulfilment sees no revenue).
        totals: can(actor.role, "analytics") ? totals : { ...totals, revenueCents: null },
        list,
        query,
        detail,
        testOrders: config.demoPayments && can(actor.role, "testOrders"),
      },
    },
    { headers: consoleNoStore },
  );
}
export const loader = pageLoader(load);

/** A fulfilment move of the order named by `?order=`. */
export async function action({ request, url }: Route.ActionArgs) {
  const reply = (body: OrderMoveAnswer, status = 200) => data(body, { status, headers: consoleNoStore });
  try {
    const form = await readFormBody(request);
    const gate = await consoleGate(request, form, "orders", SECURE_ADMIN_MESSAGES.ordersForbidden);
    if ("answer" in gate) return gate.answer;
    const number = url.searchParams.get("order") ?? "";
    const moved = await applyMoveForm(services().fulfilment, number, form, gate.actor);
    return reply(moved.answer, moved.status);
  } catch (error) {
    const failure = errorAnswer(error, request, {
      where: "secure-admin-order-move",
      fallback: "Failed to update order",
    });
    return reply(
      { intent: null, ok: false, message: failure.message, errors: failure.fieldErrors ?? {} },
      failure.status,
    );
  }
}

const ORDER_TOAST = {
  loaded: (n: number) => `Loaded ${n.toLocaleString("en-US")} orders successfully`,
  failed: (message: string) => `Failed to load orders: ${message}`,
  detailsFailed: "Failed to load order details",
} as const;

/** The section failed to load: 'Error loading orders', with the reason the server gave. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const reason = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : null;
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-800">
      <p className="font-semibold">Error loading orders</p>
      <p className="mt-1 text-sm">{reason ?? "Failed to load orders"}</p>
    </div>
  );
}

export default function ConsoleOrders({ loaderData }: Route.ComponentProps) {
  const { report } = loaderData;
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  // Refresh Orders says what it found (spec §8), once the reloaded page is in.
  const { refresh, busy } = useRefresh({
    loaded: ORDER_TOAST.loaded(report?.list.total ?? 0),
    failed: ORDER_TOAST.failed,
  });
  if (!report) return null;
  const { totals, list, query, detail, testOrders } = report;
  const missing = searchParams.get("order") !== null && detail === null;
  const withParams = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(searchParams);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    const text = next.toString();
    return `/secure-admin/orders${text ? `?${text}` : ""}`;
  };
  const pageHref = (page: number): SitePath => {
    const params = adminOrderSearchParams({ ...query, page });
    return `/secure-admin/orders${params.size ? `?${params}` : ""}`;
  };
  return (
    <>
      <StatCards
        gridClassName="grid-cols-2 lg:grid-cols-4"
        cards={[
          { label: "Total Orders", value: totals.orders.toLocaleString("en-US") },
          ...(totals.revenueCents === null
            ? []
            : [{ label: "Total Revenue", value: formatCents(totals.revenueCents) }]),
          { label: "Pending Orders", value: totals.pending.toLocaleString("en-US") },
          { label: "Paid Orders", value: totals.paid.toLocaleString("en-US") },
        ]}
      />
      <section aria-labelledby="order-management-heading" className="mt-10">
        <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
          <h2 id="order-management-heading" className="font-display text-2xl font-semibold">
            Order Management
          </h2>
          <button type="button" className={`${secondaryButton} h-10`} onClick={() => void refresh()} disabled={busy}>
            <RefreshCw className={`size-4 ${busy ? "animate-spin" : ""}`} aria-hidden />
            Refresh Orders
          </button>
        </div>
        <div className="mb-4">
          <OrderFilters query={query} action="/secure-admin/orders" />
        </div>
        <OrderTable rows={list.rows} detailsHref={(n) => withParams({ order: n })} />
        {list.rows.length === 0 && testOrders && (
          <div className="mt-6">
            <TestOrderTool endpoint="/secure-admin/test-orders" />
          </div>
        )}
        <Pagination page={list.page} pageCount={list.pageCount} hrefFor={pageHref} label="Order pages" />
      </section>
      {missing && (
        <div className="mt-6">
          <FormMessage kind="error">{ORDER_TOAST.detailsFailed}</FormMessage>
        </div>
      )}
      <SidePanel
        open={detail !== null}
        title={detail ? `Order ${detail.orderNumber}` : "Order"}
        width="max-w-4xl"
        onRequestClose={() => navigate(withParams({ order: null }), { preventScrollReset: true })}
      >
        {detail && (
          <div className="flex flex-col gap-6">
            <OrderFacts order={detail} />
            <OrderItems order={detail} />
            <p className="rounded-xl bg-stone-50 px-4 py-3 text-sm text-muted">
              Admin WhatsApp notifications are sent automatically on successful payments.
            </p>
            <OrderActions
              key={`${detail.status}-${detail.paymentStatus}`}
              order={detail}
              action={`/secure-admin/orders?order=${encodeURIComponent(detail.orderNumber)}`}
            />
          </div>
        )}
      </SidePanel>
    </>
  );
}
