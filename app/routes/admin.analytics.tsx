import { data, redirect } from "react-router";
import { AnalyticsReport } from "~/components/back-office/analytics-report";
import { pageLoader } from "~/lib/http/error-answer.server";
import { analyticsReport } from "~/modules/analytics/analytics-report.server";
import { services } from "~/services.server";
import type { Route } from "./+types/admin.analytics";

export function meta() {
  return [{ title: "Analytics | Admin | Abundance Collection" }, { name: "robots", content: "noindex" }];
}

/** The back office's Analytics: the console's Analytics page, for the shop's admin account. */
async function load({ request, url }: Route.LoaderArgs) {
  const access = await services().adminAccess.access(request);
  if (access.kind !== "admin") return data({ report: null }, { headers: { "Cache-Control": "private, no-store" } });
  if (access.viaPassword) throw redirect("/admin");
  const { store } = await services().settings.read();
  const report = await analyticsReport(services().database.db, url.searchParams, { timeZone: store.timeZone });
  return data({ report }, { headers: { "Cache-Control": "private, no-store" } });
}
export const loader = pageLoader(load);

export default function AdminAnalytics({ loaderData }: Route.ComponentProps) {
  if (!loaderData.report) return null;
  return (
    <div className="container-page py-10">
      <h1 className="sr-only">Analytics</h1>
      <AnalyticsReport report={loaderData.report} />
    </div>
  );
}
