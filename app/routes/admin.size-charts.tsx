import { data, redirect } from "react-router";
import { SizeChartList } from "~/components/admin/size-charts/size-chart-list";
import { SizeChartLoadFailed } from "~/components/admin/size-charts/size-chart-load-failed";
import { pageLoader } from "~/lib/http/error-answer.server";
import { listSizeCharts } from "~/modules/product-admin/size-chart-admin.server";
import { services } from "~/services.server";
import type { Route } from "./+types/admin.size-charts";

export function meta() {
  return [{ title: "Size charts | Admin | Abundance Collection" }, { name: "robots", content: "noindex" }];
}

const noStore = { "Cache-Control": "private, no-store" };

/**
 * `/admin/size-charts`, the owner's size charts (issue 29): each with its measurements, its sizes and
 * how many products use it. The shop's admin account only: a customer holding the shared password is
 * sent to the dashboard, anyone else sees the gate (the layout) and gets nothing of the list.
 */
async function load({ request }: Route.LoaderArgs) {
  const { adminAccess, database } = services();
  const access = await adminAccess.access(request);
  if (access.kind !== "admin") return data({ charts: null }, { headers: noStore });
  if (access.viaPassword) throw redirect("/admin", { headers: noStore });
  return data({ charts: await listSizeCharts(database.db) }, { headers: noStore });
}
export const loader = pageLoader(load);

export default function AdminSizeCharts({ loaderData }: Route.ComponentProps) {
  if (!loaderData.charts) return null;
  return <SizeChartList charts={loaderData.charts} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SizeChartLoadFailed error={error} />;
}
