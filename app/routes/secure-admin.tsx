import { useEffect } from "react";
import { data, Outlet, useFetcher } from "react-router";
import { toast } from "sonner";
import {
  AdminAccessForm,
  CONSOLE_ACCESS_FETCHER,
  type ConsoleAccessAnswer,
} from "~/components/secure-admin/admin-access-form";
import { ConsoleHeader } from "~/components/secure-admin/console-nav";
import { pageLoader } from "~/lib/http/error-answer.server";
import { consoleEntry, consoleNoStore } from "./secure-admin.server";
import type { Route } from "./+types/secure-admin";

export function meta() {
  return [{ title: "Admin Dashboard | Abundance Collection" }, { name: "robots", content: "noindex" }];
}

/**
 * /secure-admin (spec §2): the shared-password console. Without a pass, 'Admin Access'; with one, or
 * signed in as the shop's admin, 'Admin Dashboard' with the sections (each a child route that checks
 * access itself), and Logout for a pass. Login and
 * Logout post to the open page (consoleAccessAction), inside the pass cookie's path.
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
    <div className="container-page py-12">
      <ConsoleHeader asAdmin={loaderData.asAdmin} />
      <div className="mt-8">
        <Outlet />
      </div>
    </div>
  );
}
