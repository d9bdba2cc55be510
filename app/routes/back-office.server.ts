import { redirect } from "react-router";
import type { Permission } from "~/modules/staff/permissions";
import type { Staff } from "~/modules/staff/back-office.server";
import { services } from "~/services.server";

const noStore = { "Cache-Control": "private, no-store" };

/**
 * The first line of every back-office loader and action (issue 32): the staff member (or shared
 * password) asking, when their role includes `permission` (modules/staff/permissions.ts). Anyone else —
 * a visitor, a customer, a role without it — gets a 403 with the refusal's words, thrown before anything
 * is read or changed: a page shows it in its error boundary inside the back office's frame (or the
 * layout's gate for someone outside the staff), a fetcher or an API client gets the status and the text.
 */
export async function requireStaff(
  request: Request,
  permission: Permission,
  options: { outsidersTo?: "/" | "/admin" } = {},
): Promise<Staff> {
  // One look at who is asking: the verdict says whether a refusal is for an outsider or for a role.
  const verdict = await services().backOffice.check(request, permission);
  if (verdict.ok) return verdict.staff;
  // Spec §2's /admin/products: 'other users go to /' (a role without the area still gets the 403); an
  // order's or a return's page sends them to /admin's gate.
  if (verdict.outsider && options.outsidersTo) throw redirect(options.outsidersTo, { headers: noStore });
  // A Response, not `data()`: the actions' and uploads' catch blocks pass Responses on untouched.
  throw new Response(verdict.message, {
    status: 403,
    headers: { ...noStore, "Content-Type": "text/plain; charset=utf-8" },
  });
}
