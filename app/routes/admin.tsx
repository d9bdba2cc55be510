import {
  BarChart3,
  BellRing,
  FilePen,
  Home,
  MessageSquare,
  Package,
  Ruler,
  ScrollText,
  Settings,
  ShoppingBag,
  TicketPercent,
  Undo2,
  UserCog,
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
import { can, ROLE_LABELS, ROLE_PERMISSIONS, type Permission } from "~/modules/staff/permissions";
import { services } from "~/services.server";
import type { Route } from "./+types/admin";

const noStore = { "Cache-Control": "private, no-store" };

/** Marks the back office for the root layout: unlocked, its own frame replaces the storefront's. */
export const handle = { backOffice: true };

/**
 * /admin and the pages below it (spec §2, decisions.md §4, issues 26 and 32): a visitor sees 'Admin
 * Access Required' with a sign-in link, a signed-in customer the shared-password prompt, a staff member
 * (or a customer holding the pass, in SHARED_PASSWORD_ROLE) the back office in its own frame, with the
 * sections their role includes. Each page below checks its own permission as well: its loader runs
 * beside this one, and nothing of an area outside the role is read.
 */
async function load({ request }: Route.LoaderArgs) {
  const access = await services().backOffice.who(request);
  if (access.kind !== "staff") return data({ unlocked: false as const, access: access.kind }, { headers: noStore });
  const permissions = ROLE_PERMISSIONS[access.role];
  // Returns waiting for a decision, beside 'Returns': a capped count on returns_status_idx.
  const requested = can(access.role, "returns")
    ? await requestedReturnCount(services().database.db)
    : { n: 0, more: false };
  const name = access.viaPassword ? access.actor.name : access.actor.name || access.actor.email;
  return data(
    {
      unlocked: true as const,
      permissions,
      requested,
      who: `Signed in as ${name} · ${ROLE_LABELS[access.role]}`,
    },
    { headers: noStore },
  );
}
export const loader = pageLoader(load);

/** The password prompt's answer: 'Invalid admin password', or 'Admin access granted' and the pass. */
export async function action({ request }: Route.ActionArgs) {
  const reply = (body: AdminPasswordAnswer, status = 200, headers?: HeadersInit) =>
    data(body, { status, headers: { ...noStore, ...headers } });
  const { adminAccess, backOffice } = services();
  try {
    const access = await backOffice.who(request);
    if (access.kind === "staff") {
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

/** The sections of the back office, each shown to the roles that include it (issue 32). */
function sectionsFor(permissions: readonly Permission[], requested: { n: number; more: boolean }): BackOfficeLink[] {
  const waiting = `${requested.n}${requested.more ? "+" : ""}`;
  const all: (BackOfficeLink & { needs: Permission })[] = [
    { to: "/admin", label: "Home", icon: Home, end: true, needs: "home" },
    { to: "/admin/orders", label: "Orders", icon: ShoppingBag, needs: "orders" },
    { to: "/admin/orders/drafts", label: "Draft orders", icon: FilePen, needs: "draftOrders" },
    {
      to: "/admin/returns",
      label: "Returns",
      icon: Undo2,
      needs: "returns",
      ...(requested.n > 0 ? { badge: { text: waiting, label: `${waiting} requested` } } : {}),
    },
    { to: "/admin/customers", label: "Customers", icon: Users, needs: "customers" },
    { to: "/admin/products", label: "Products", icon: Package, end: true, needs: "products" },
    { to: "/admin/products/waiting", label: "Back in stock", icon: BellRing, needs: "products" },
    { to: "/admin/size-charts", label: "Size charts", icon: Ruler, needs: "sizeCharts" },
    { to: "/admin/discounts", label: "Discounts", icon: TicketPercent, needs: "discounts" },
    { to: "/admin/reviews", label: "Reviews", icon: MessageSquare, needs: "reviews" },
    { to: "/admin/analytics", label: "Analytics", icon: BarChart3, needs: "analytics" },
    { to: "/admin/audit", label: "Audit log", icon: ScrollText, needs: "audit" },
    { to: "/admin/staff", label: "Staff", icon: UserCog, needs: "staff" },
    { to: "/admin/settings", label: "Settings", icon: Settings, needs: "settings" },
  ];
  return all.filter((link) => permissions.includes(link.needs)).map(({ needs: _needs, ...link }) => link);
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
    <BackOfficeShell
      links={sectionsFor(loaderData.permissions, loaderData.requested)}
      home="/admin"
      who={loaderData.who}
    >
      <Outlet />
    </BackOfficeShell>
  );
}
