import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { SizeChartEditor } from "~/components/admin/size-charts/size-chart-editor";
import { SizeChartLoadFailed } from "~/components/admin/size-charts/size-chart-load-failed";
import { isDocumentRequest } from "~/lib/forms";
import { errorAnswer, pageLoader } from "~/lib/http/error-answer.server";
import { readFormBody } from "~/lib/http/read-body.server";
import {
  checkChartForm,
  isSizeChartIntent,
  sizeChartHref,
  SIZE_CHARTS_PATH,
  type SizeChartAnswer,
  type SizeChartIntent,
} from "~/modules/fit/size-chart-form";
import { loadSizeChart, SIZE_CHART_MESSAGES } from "~/modules/product-admin/size-chart-admin.server";
import { services } from "~/services.server";
import { BackOfficeErrorBoundary, isRefusal } from "~/components/back-office/back-office-error";
import { requireStaff } from "./back-office.server";
import type { Route } from "./+types/admin.size-charts.editor";

export function meta({ data }: Route.MetaArgs) {
  const title = data?.page?.chart?.name ?? "New size chart";
  return [{ title: `${title} | Size charts | Admin | Abundance Collection` }, { name: "robots", content: "noindex" }];
}

const noStore = { "Cache-Control": "private, no-store" };

/**
 * `/admin/size-charts/:id` (`new` to create), a size chart's editor (issue 29). The shop's admin
 * account only, like the discounts: a customer holding the shared password is sent to the dashboard,
 * anyone else sees the gate (the layout) and gets nothing.
 */
async function load({ request, params }: Route.LoaderArgs) {
  const { database } = services();
  await requireStaff(request, "sizeCharts");
  if (params.id === "new") return data({ page: { chart: null } }, { headers: noStore });
  const chart = await loadSizeChart(database.db, params.id);
  if (!chart) throw data(SIZE_CHART_MESSAGES.notFound, { status: 404, headers: noStore });
  return data({ page: { chart } }, { headers: noStore });
}
export const loader = pageLoader(load);

/** A save refused as stale (409) reloads the chart, so the form shows the other save, as its message says. */
export function shouldRevalidate({
  actionStatus,
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if ((actionResult as SizeChartAnswer | undefined)?.createdId) return false;
  return actionStatus === 409 ? true : defaultShouldRevalidate;
}

function reply(answer: SizeChartAnswer, status = 200) {
  return data(answer, { status, headers: noStore });
}

/**
 * The editor's writes, a form with an `intent`: `save` (the chart; creates when the id is `new`) and
 * `delete` (with `inUse`, the number of products the page said it would be removed from). The shop's
 * admin only, checked before the body is read: anyone else is sent to / and nothing changes.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const { actor } = await requireStaff(request, "sizeCharts");
  let intent: SizeChartIntent | null = null;
  try {
    if (request.method !== "POST")
      return reply({ ok: false, intent, message: "Method not allowed", problems: [] }, 405);
    const form = await readFormBody(request);
    const asked = form.get("intent");
    if (!isSizeChartIntent(asked)) return reply({ ok: false, intent, message: "Unknown action", problems: [] }, 400);
    intent = asked;
    const { catalogCommands } = services();
    const creating = params.id === "new";
    if (intent === "delete") {
      if (creating) return reply({ ok: false, intent, message: SIZE_CHART_MESSAGES.notFound, problems: [] }, 404);
      const shown = Number(form.get("inUse") ?? "");
      if (!Number.isSafeInteger(shown) || shown < 0) {
        return reply({ ok: false, intent, message: "Say how many products use the chart", problems: [] }, 400);
      }
      const removed = await catalogCommands.deleteSizeChart(actor, params.id, shown);
      if (isDocumentRequest(request)) throw redirect(SIZE_CHARTS_PATH);
      const message = SIZE_CHART_MESSAGES.removedFrom(removed.removedFrom);
      return reply({ ok: true, intent, message, problems: [], deleted: true });
    }
    const check = checkChartForm(form);
    if (!check.ok) {
      return reply(
        { ok: false, intent, message: check.problems[0]!, problems: check.problems, values: check.values },
        400,
      );
    }
    if (creating) {
      const created = await catalogCommands.createSizeChart(actor, check.chart);
      if (isDocumentRequest(request)) throw redirect(sizeChartHref(created.id));
      return reply({ ok: true, intent, message: SIZE_CHART_MESSAGES.created, problems: [], createdId: created.id });
    }
    const saved = await catalogCommands.updateSizeChart(
      actor,
      params.id,
      check.chart,
      String(form.get("version") ?? ""),
    );
    const message = saved.changed ? SIZE_CHART_MESSAGES.saved : SIZE_CHART_MESSAGES.unchanged;
    return reply({ ok: true, intent, message, problems: [] });
  } catch (error) {
    const failure = errorAnswer(error, request, {
      where: "size chart editor",
      fallback: "Could not save the size chart",
    });
    const problems = Object.values(failure.fieldErrors ?? {}).filter((m): m is string => Boolean(m));
    return reply({ ok: false, intent, message: failure.message, problems }, failure.status);
  }
}

export default function AdminSizeChartEditor({ loaderData }: Route.ComponentProps) {
  return <SizeChartEditor chart={loaderData.page.chart} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRefusal(error)) return <BackOfficeErrorBoundary />;
  return <SizeChartLoadFailed error={error} />;
}
