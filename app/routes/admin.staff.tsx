import { data } from "react-router";
import { BackOfficeErrorBoundary } from "~/components/back-office/back-office-error";
import { StaffPage, type StaffAnswer } from "~/components/back-office/staff/staff-page";
import { errorAnswer, pageLoader } from "~/lib/http/error-answer.server";
import { readFormBody } from "~/lib/http/read-body.server";
import { inviteSchema, roleChangeSchema, STAFF_MESSAGES } from "~/modules/staff/staff-invitations";
import { services } from "~/services.server";
import { requireStaff } from "./back-office.server";
import type { Route } from "./+types/admin.staff";

export function meta() {
  return [{ title: "Staff | Admin | Abundance Collection" }, { name: "robots", content: "noindex" }];
}

const noStore = { "Cache-Control": "private, no-store" };

/** `/admin/staff` (issue 32): members, their roles and open invitations. Roles with 'staff' (the owner). */
async function load({ request }: Route.LoaderArgs) {
  const me = await requireStaff(request, "staff");
  return data({ ...(await services().staff.list()), you: me.actor.id }, { headers: noStore });
}
export const loader = pageLoader(load);

/** Invite, change a role, remove a member, withdraw an invitation: each checked, each audited. */
export async function action({ request }: Route.ActionArgs) {
  const reply = (body: StaffAnswer, status = 200) => data(body, { status, headers: noStore });
  let intent: string | null = null;
  try {
    const { actor } = await requireStaff(request, "staff");
    const form = await readFormBody(request);
    const posted = form.get("intent");
    intent = typeof posted === "string" ? posted.slice(0, 20) : null;
    const { staff } = services();
    if (intent === "invite") {
      const parsed = inviteSchema.safeParse({ email: form.get("email") ?? "", role: form.get("role") ?? "" });
      if (!parsed.success) {
        const errors: StaffAnswer["errors"] = {};
        for (const issue of parsed.error.issues) {
          const field = issue.path[0];
          if ((field === "email" || field === "role") && !errors[field]) errors[field] = issue.message;
        }
        return reply({ intent, ok: false, message: Object.values(errors)[0] ?? "Invalid request", errors }, 400);
      }
      await staff.invite(actor, parsed.data);
      return reply({ intent, ok: true, message: `${STAFF_MESSAGES.invited} to ${parsed.data.email}`, errors: {} });
    }
    if (intent === "remove") {
      const userId = roleChangeSchema.shape.userId.safeParse(form.get("userId") ?? "");
      if (!userId.success) return reply({ intent, ok: false, message: "Invalid request", errors: {} }, 400);
      await staff.remove(actor, userId.data);
      return reply({ intent, ok: true, message: STAFF_MESSAGES.removed, errors: {} });
    }
    if (intent === "change-role") {
      const parsed = roleChangeSchema.safeParse({ userId: form.get("userId") ?? "", role: form.get("role") ?? "" });
      if (!parsed.success) return reply({ intent, ok: false, message: "Invalid request", errors: {} }, 400);
      await staff.changeRole(actor, parsed.data.userId, parsed.data.role);
      return reply({ intent, ok: true, message: STAFF_MESSAGES.roleChanged, errors: {} });
    }
    if (intent === "revoke") {
      const id = form.get("invitationId");
      if (typeof id !== "string" || !/^[0-9a-f-]{36}$/.test(id)) {
        return reply({ intent, ok: false, message: "Invalid request", errors: {} }, 400);
      }
      await staff.revokeInvitation(actor, id);
      return reply({ intent, ok: true, message: STAFF_MESSAGES.revoked, errors: {} });
    }
    return reply({ intent, ok: false, message: "Unknown action", errors: {} }, 400);
  } catch (error) {
    const failure = errorAnswer(error, request, { where: "admin-staff", fallback: "Failed to update the staff" });
    return reply({ intent, ok: false, message: failure.message, errors: {} }, failure.status);
  }
}

export const ErrorBoundary = BackOfficeErrorBoundary;

export default function AdminStaff({ loaderData }: Route.ComponentProps) {
  return <StaffPage {...loaderData} />;
}
