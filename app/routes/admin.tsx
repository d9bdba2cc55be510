import {
  BarChart3,
  BellRing,
  Home,
  MessageSquare,
  Package,
  Ruler,
  Settings,
  ShoppingBag,
  TicketPercent,
  Undo2,
  Users,
} from "lucide-react";
import { useEffect } from "react";
import { data, Outlet, redirect, useActionData } from "react-router";
import { toast } from "sonner";
import { BackOfficeShell, type BackOfficeLink } from "~/components/back-office/back-office-shell";
import {
  AdminPasswordPrompt,
  AdminSignInRequired,
  type AdminPasswordAnswer,
} from "~/components/admin/orders/admin-gate";
import { isDocumentRequest } from "~/lib/forms";
import { errorAnswer, pageLoader } from "~/lib/http/error-answer.server";
import { readFormBody } from "~/lib/http/read-body.server";
import { ADMIN_ACCESS_MESSAGES } from "~/modules/accounts/admin-grant";
import { requestedReturnCount } from "~/modules/returns/admin-returns.server";
import { services } from "~/services.server";
import type { Route } from "./+types/admin";

const noStore = { "Cache-Control": "private, no-store" };

/** Marks the back office for the root layout: unlocked, its own frame replaces the storefront's. */
export const handle = { backOffice: true };

/**
 * /admin and the pages below it (spec §2, decisions.md §4, issue 26): a visitor sees 'Admin Access
 * Required' with a sign-in link, a signed-in customer the shared-password prompt, an admin (or a customer
 * holding the pass) the back office in its own frame. Each page below checks access itself as well: its
 * loader runs beside this one, and nothing of the shop's orders or products is read for anyone else.
 */
async function load({ request }: Route.LoaderArgs) {
  const access = await services().adminAccess.access(request);
  if (access.kind !== "admin") return data({ unlocked: false as const, access: access.kind }, { headers: noStore });
  // The shop's owner (and staff to come) have an admin account; a customer with the shared password
  // opens the orders, not the catalogue or the settings.
  const owner = !access.viaPassword;
  // Returns waiting for a decision, beside 'Returns': a capped count on returns_status_idx.
  const requested = await requestedReturnCount(services().database.db);
  return data(
    { unlocked: true as const, owner, requested, who: `Signed in as ${access.actor.name || access.actor.email}` },
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

/** The sections of the back office, as they land (issue 26: Customers, Discounts, Returns, Reviews, Staff to come). */
function sectionsFor(owner: boolean, requested: { n: number; more: boolean }): BackOfficeLink[] {
  const waiting = `${requested.n}${requested.more ? "+" : ""}`;
  return [
    { to: "/admin", label: "Home", icon: Home, end: true },
    { to: "/admin/orders", label: "Orders", icon: ShoppingBag },
    {
      to: "/admin/returns",
      label: "Returns",
      icon: Undo2,
      ...(requested.n > 0 ? { badge: { text: waiting, label: `${waiting} requested` } } : {}),
    },
    ...(owner
      ? [
          { to: "/admin/customers", label: "Customers", icon: Users },
          { to: "/admin/products", label: "Products", icon: Package, end: true },
          { to: "/admin/products/waiting", label: "Back in stock", icon: BellRing },
          { to: "/admin/size-charts", label: "Size charts", icon: Ruler },
          { to: "/admin/discounts", label: "Discounts", icon: TicketPercent },
          { to: "/admin/reviews", label: "Reviews", icon: MessageSquare },
          { to: "/admin/analytics", label: "Analytics", icon: BarChart3 },
          { to: "/admin/settings", label: "Settings", icon: Settings },
        ]
      : []),
  ];
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const answer = useActionData() as AdminPasswordAnswer | undefined;
  useEffect(() => {
    if (answer?.ok) toast.success(answer.message, { id: "admin-access-granted" });
  }, [answer]);

  if (!loaderData.unlocked) {
    return loaderData.access === "visitor" ? <AdminSignInRequired /> : <AdminPasswordPrompt />;
  }
  return (
    <BackOfficeShell links={sectionsFor(loaderData.owner, loaderData.requested)} home="/admin" who={loaderData.who}>
      <Outlet />
    </BackOfficeShell>
  );
}
