import { Download, Package } from "lucide-react";
import { useEffect } from "react";
import { data, Link, redirect, useActionData } from "react-router";
import { toast } from "sonner";
import {
  AdminPasswordPrompt,
  AdminSignInRequired,
  type AdminPasswordAnswer,
} from "~/components/admin/orders/admin-gate";
import type { SitePath } from "~/lib/redirects";
import { OrderFilters } from "~/components/admin/orders/order-filters";
import { OrderStats } from "~/components/admin/orders/order-stats";
import { OrderTable } from "~/components/admin/orders/order-table";
import { TestOrderTool } from "~/components/admin/orders/test-order-tool";
import { secondaryButton } from "~/components/ui/field";
import { Pagination } from "~/components/ui/pagination";
import { isDocumentRequest } from "~/lib/forms";
import { errorAnswer, pageLoader } from "~/lib/http/error-answer.server";
import { readFormBody } from "~/lib/http/read-body.server";
import { ADMIN_ACCESS_MESSAGES } from "~/modules/accounts/admin-grant";
import { adminOrderSearchParams, parseAdminOrderQuery } from "~/modules/orders/admin-order-query";
import { listAdminOrders } from "~/modules/orders/admin-orders.server";
import { services } from "~/services.server";
import type { Route } from "./+types/admin";

export function meta() {
  return [{ title: "Admin Dashboard | Abundance Collection" }, { name: "robots", content: "noindex" }];
}

const noStore = { "Cache-Control": "private, no-store" };

/**
 * /admin (spec §2, decisions.md §4): a visitor sees 'Admin Access Required' with a sign-in link, a
 * signed-in customer the shared-password prompt, an admin (or a customer holding the pass) the
 * dashboard: figures, the order list with its search and filters in the URL, the test-order tool.
 * Nothing of the orders is read for anyone else.
 */
async function load({ request, url }: Route.LoaderArgs) {
  const { adminAccess, database, config } = services();
  const access = await adminAccess.access(request);
  if (access.kind !== "admin") return data({ access: access.kind, dashboard: null }, { headers: noStore });
  const query = parseAdminOrderQuery(url.searchParams);
  const [stats, list] = await Promise.all([services().orderStats.read(), listAdminOrders(database.db, query)]);
  return data(
    {
      access: access.kind,
      dashboard: { adminName: access.actor.name, query, stats, list, testOrders: config.demoPayments },
    },
    { headers: noStore },
  );
}
export const loader = pageLoader(load);

/** The password prompt's answer: 'Invalid admin password', or 'Admin access granted' and the pass. */
export async function action({ request }: Route.ActionArgs) {
  const reply = (body: AdminPasswordAnswer, status = 200, headers?: HeadersInit) =>
    data(body, { status, headers: { ...noStore, ...headers } });
  const { adminAccess } = services();
  try {
    const access = await adminAccess.access(request);
    if (access.kind === "admin") {
      return reply({ intent: "admin-password", ok: true, message: ADMIN_ACCESS_MESSAGES.granted, errors: {} });
    }
    if (access.kind === "visitor") {
      return reply({ intent: "admin-password", ok: false, message: ADMIN_ACCESS_MESSAGES.required, errors: {} }, 401);
    }
    const form = await readFormBody(request);
    if (form.get("intent") !== "admin-password") {
      return reply({ intent: "admin-password", ok: false, message: ADMIN_ACCESS_MESSAGES.forbidden, errors: {} }, 403);
    }
    const setCookie = await adminAccess.grant(request, form.get("password"));
    // Posted without JavaScript the page would be rendered from this request, still without the pass.
    if (isDocumentRequest(request)) throw redirect("/admin", { headers: { "Set-Cookie": setCookie } });
    return reply({ intent: "admin-password", ok: true, message: ADMIN_ACCESS_MESSAGES.granted, errors: {} }, 200, {
      "Set-Cookie": setCookie,
    });
  } catch (error) {
    const failure = errorAnswer(error, request, { where: "admin-password" });
    return reply(
      { intent: "admin-password", ok: false, message: failure.message, errors: failure.fieldErrors ?? {} },
      failure.status,
    );
  }
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const answer = useActionData() as AdminPasswordAnswer | undefined;
  useEffect(() => {
    if (answer?.ok) toast.success(answer.message, { id: "admin-access-granted" });
  }, [answer]);

  if (loaderData.access === "visitor") return <AdminSignInRequired />;
  if (!loaderData.dashboard) return <AdminPasswordPrompt />;
  const { adminName, query, stats, list, testOrders } = loaderData.dashboard;
  const exportHref = `/admin/orders/export${withQuery(adminOrderSearchParams({ ...query, page: 1 }))}`;
  const hrefFor = (page: number): SitePath => `/admin${withQuery(adminOrderSearchParams({ ...query, page }))}`;

  return (
    <div className="container-page py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-4xl font-semibold">Admin Dashboard</h1>
          <p className="mt-2 text-muted">Welcome back, {adminName}.</p>
        </div>
        <Link
          to="/admin/products"
          className="inline-flex items-center gap-2 rounded-full bg-ink px-5 py-2.5 text-sm font-medium text-white hover:bg-black"
        >
          <Package className="size-4" aria-hidden />
          Manage Products
        </Link>
      </div>
      <OrderStats stats={stats} />
      <p className="mt-3 text-sm">
        <Link
          to="/admin/products?stock=low"
          className="font-medium text-brand underline underline-offset-2 hover:text-brand-dark"
          data-testid="low-stock-link"
        >
          {stats.lowStockProducts.toLocaleString("en-US")} low-stock{" "}
          {stats.lowStockProducts === 1 ? "variant" : "variants"} (a size in a colour): see which
        </Link>
      </p>
      {testOrders && <TestOrderTool />}
      <section aria-labelledby="orders-heading" className="mt-10">
        <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
          <h2 id="orders-heading" className="font-display text-2xl font-semibold">
            Orders
          </h2>
          <div className="flex items-center gap-4">
            <p className="text-sm text-muted" data-testid="order-count">
              {list.total.toLocaleString("en-US")}
              {list.more ? "+" : ""} {list.total === 1 && !list.more ? "order" : "orders"}
            </p>
            <a href={exportHref} download className={`${secondaryButton} h-10`}>
              <Download className="size-4" aria-hidden />
              Export CSV
            </a>
          </div>
        </div>
        <div className="mb-4">
          <OrderFilters query={query} />
        </div>
        <OrderTable rows={list.rows} />
        <Pagination page={list.page} pageCount={list.pageCount} hrefFor={hrefFor} label="Order pages" />
      </section>
    </div>
  );
}

function withQuery(params: URLSearchParams): string {
  const text = params.toString();
  return text ? `?${text}` : "";
}
