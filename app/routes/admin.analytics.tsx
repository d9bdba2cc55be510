import { data } from "react-router";
import { BackOfficeErrorBoundary } from "~/components/back-office/back-office-error";
import { AnalyticsReport } from "~/components/back-office/analytics-report";
import { pageLoader } from "~/lib/http/error-answer.server";
import { analyticsReport } from "~/modules/analytics/analytics-report.server";
import { services } from "~/services.server";
import { requireStaff } from "./back-office.server";
import type { Route } from "./+types/admin.analytics";

export function meta() {
  return [{ title: "Analytics | Admin | Abundance Collection" }, { name: "robots", content: "noindex" }];
}

/** The back office's Analytics: the console's Analytics page, for roles with 'analytics'. */
async function load({ request, url }: Route.LoaderArgs) {
  await requireStaff(request, "analytics");
  const { store } = await services().settings.read();
  const report = await analyticsReport(services().database.db, url.searchParams, { timeZone: store.timeZone });
  return data({ report }, { headers: { "Cache-Control": "private, no-store" } });
}
export const loader = pageLoader(load);

export const ErrorBoundary = BackOfficeErrorBoundary;

export default function AdminAnalytics({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page py-10">
      <h1 className="sr-only">Analytics</h1>
      <AnalyticsReport report={loaderData.report} />
    </div>
  );
}
