import { data } from "react-router";
import { SizeChartList } from "~/components/admin/size-charts/size-chart-list";
import { SizeChartLoadFailed } from "~/components/admin/size-charts/size-chart-load-failed";
import { pageLoader } from "~/lib/http/error-answer.server";
import { listSizeCharts } from "~/modules/product-admin/size-chart-admin.server";
import { services } from "~/services.server";
import { BackOfficeErrorBoundary, isRefusal } from "~/components/back-office/back-office-error";
import { requireStaff } from "./back-office.server";
import type { Route } from "./+types/admin.size-charts";

export function meta() {
  return [{ title: "Size charts | Admin | Abundance Collection" }, { name: "robots", content: "noindex" }];
}

const noStore = { "Cache-Control": "private, no-store" };

/**
 * `/admin/size-charts`, the owner's size charts (issue 29): each with its measurements, its sizes and
 * how many products use it. Roles with 'sizeCharts' only (issue 32):
 * anyone else gets a 403 and nothing of the list.
 */
async function load({ request }: Route.LoaderArgs) {
  const { database } = services();
  await requireStaff(request, "sizeCharts");
  return data({ charts: await listSizeCharts(database.db) }, { headers: noStore });
}
export const loader = pageLoader(load);

export default function AdminSizeCharts({ loaderData }: Route.ComponentProps) {
  return <SizeChartList charts={loaderData.charts} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRefusal(error)) return <BackOfficeErrorBoundary />;
  return <SizeChartLoadFailed error={error} />;
}
