import { LogOut } from "lucide-react";
import { useEffect } from "react";
import { data, Outlet, useFetcher, useLocation } from "react-router";
import { toast } from "sonner";
import { BackOfficeShell } from "~/components/back-office/back-office-shell";
import {
  AdminAccessForm,
  CONSOLE_ACCESS_FETCHER,
  type ConsoleAccessAnswer,
} from "~/components/secure-admin/admin-access-form";
import { CONSOLE_TABS } from "~/components/secure-admin/console-nav";
import { pageLoader } from "~/lib/http/error-answer.server";
import { consoleEntry, consoleNoStore } from "./secure-admin.server";
import type { Route } from "./+types/secure-admin";

export function meta() {
  return [{ title: "Admin Dashboard | Abundance Collection" }, { name: "robots", content: "noindex" }];
}

/** Marks the back office for the root layout: unlocked, its own frame replaces the storefront's. */
export const handle = { backOffice: true };

/**
 * /secure-admin (spec §2): the shared-password console, the back office's second face. Without a pass,
 * 'Admin Access'; with one, or signed in as the shop's admin, 'Admin Dashboard' in the back office's
 * frame with the spec's five sections (each a child route that checks access itself), and Logout for a
 * pass. Login and Logout post to the open page (consoleAccessAction), inside the pass cookie's path.
 */
async function load({ request }: Route.LoaderArgs) {
  const entry = await consoleEntry(request);
  return data({ unlocked: entry !== null, asAdmin: entry === "admin" }, { headers: consoleNoStore });
}
export const loader = pageLoader(load);

export default function SecureAdmin({ loaderData }: Route.ComponentProps) {
  const answer = useFetcher<ConsoleAccessAnswer>({ key: CONSOLE_ACCESS_FETCHER }).data;
  useEffect(() => {
    if (answer?.ok) toast.success(answer.message, { id: "secure-admin-access" });
  }, [answer]);
  if (!loaderData.unlocked) return <AdminAccessForm />;
  return (
    <BackOfficeShell
      links={CONSOLE_TABS}
      home="/secure-admin/dashboard"
      who={loaderData.asAdmin ? "Signed in as the shop's admin" : "Signed in with the admin password"}
      footer={loaderData.asAdmin ? undefined : <LogoutButton />}
    >
      <div className="container-page py-10">
        <h1 className="font-display text-4xl font-semibold">Admin Dashboard</h1>
        <div className="mt-8">
          <Outlet />
        </div>
      </div>
    </BackOfficeShell>
  );
}

/** Ends the console's pass (the admin's own session is not the console's to end). */
function LogoutButton() {
  const { pathname } = useLocation();
  const fetcher = useFetcher<ConsoleAccessAnswer>({ key: CONSOLE_ACCESS_FETCHER });
  return (
    <fetcher.Form method="post" action={pathname}>
      <input type="hidden" name="intent" value="logout" />
      <button type="submit" className="inline-flex items-center gap-2 font-medium text-ink hover:underline">
        <LogOut className="size-4" aria-hidden />
        Logout
      </button>
    </fetcher.Form>
  );
}
