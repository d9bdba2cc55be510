import { data } from "react-router";
import { AnalyticsReport } from "~/components/back-office/analytics-report";
import { pageLoader } from "~/lib/http/error-answer.server";
import { analyticsReport } from "~/modules/analytics/analytics-report.server";
import { services } from "~/services.server";
import { accessOnlyAction, consoleNoStore, consoleStaff } from "./secure-admin.server";
import type { Route } from "./+types/secure-admin.analytics";

/** The console's Analytics tab: the back office's analytics page (components/back-office/analytics-report.tsx). */
async function load({ request, url }: Route.LoaderArgs) {
  if (!(await consoleStaff(request, "analytics"))) return data({ report: null }, { headers: consoleNoStore });
  const { store } = await services().settings.read();
  const report = await analyticsReport(services().database.db, url.searchParams, { timeZone: store.timeZone });
  return data({ report }, { headers: consoleNoStore });
}
export const loader = pageLoader(load);

/** Login and Logout, posted to this page. */
export const action = accessOnlyAction;

export default function ConsoleAnalytics({ loaderData }: Route.ComponentProps) {
  return loaderData.report ? <AnalyticsReport report={loaderData.report} /> : null;
}
