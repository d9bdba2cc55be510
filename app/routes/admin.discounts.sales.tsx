import { data } from "react-router";
import { SalesPage } from "~/components/admin/scheduled-sales/sales-page";
import { isUuid } from "~/lib/ids";
import { errorAnswer, pageLoader } from "~/lib/http/error-answer.server";
import { readFormBody } from "~/lib/http/read-body.server";
import { readFields } from "~/lib/forms";
import {
  isSaleIntent,
  MOVE_END_FIELDS,
  SALE_FIELDS,
  SALE_MESSAGES,
  type SaleAnswer,
  type SaleIntent,
} from "~/modules/promotions/scheduled-sale-rules";
import { getSale, listSales, saleCategories, saleProductsByIds } from "~/modules/promotions/scheduled-sales.server";
import { services } from "~/services.server";
import { requireStaff } from "./back-office.server";
import { BackOfficeErrorBoundary } from "~/components/back-office/back-office-error";
import type { Route } from "./+types/admin.discounts.sales";

export function meta() {
  return [{ title: "Scheduled sales | Admin | Abundance Collection" }, { name: "robots", content: "noindex" }];
}

const noStore = { "Cache-Control": "private, no-store" };

/**
 * /admin/discounts/sales, the scheduled sales (issue 28): the list, and the editor in a panel opened by
 * the URL (`?edit=new`, `?edit=<id>`). The shop's admin account only, as the catalogue: a customer
 * holding the shared password is sent to the dashboard, anyone else sees the gate (the layout) and gets
 * nothing of the sales. Product search for the editor: `/admin/discounts/sales/products`.
 */
async function load({ request, url }: Route.LoaderArgs) {
  const { settings, database } = services();
  await requireStaff(request, "discounts");
  const pageNumber = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  const edit = url.searchParams.get("edit");
  const db = database.db;
  const [list, categories, shop] = await Promise.all([
    listSales(db, Number.isFinite(pageNumber) ? pageNumber : 1),
    saleCategories(db),
    settings.read(),
  ]);
  const sale = edit && isUuid(edit) ? await getSale(db, edit) : null;
  const editing =
    edit === "new"
      ? { kind: "new" as const }
      : sale
        ? {
            kind: "sale" as const,
            sale: {
              id: sale.id,
              title: sale.title,
              percentOff: sale.percentOff,
              categoryIds: sale.categoryIds,
              startsAt: sale.startsAt.toISOString(),
              endsAt: sale.endsAt.toISOString(),
              state: sale.state as "scheduled" | "running" | "ended",
              isEnabled: sale.isEnabled,
            },
            products: await saleProductsByIds(db, sale.productIds),
          }
        : null;
  return data(
    { page: { list, categories, timeZone: shop.store.timeZone, editing, now: new Date().toISOString() } },
    { headers: noStore },
  );
}
export const loader = pageLoader(load);

function reply(answer: SaleAnswer, status = 200) {
  return data(answer, { status, headers: noStore });
}

/**
 * The page's writes (form posts): `intent` = create | update | move-end | end-now | disable | enable |
 * delete, with `id` for all but create, and the form's fields. The shop's admin only: anyone else is
 * sent to / before the body is read, and nothing changes. Each write is checked again by the module
 * (a started sale is not edited, an ended one not ended twice).
 */
export async function action({ request }: Route.ActionArgs) {
  const { actor } = await requireStaff(request, "discounts", { outsidersTo: "/" });
  let intent: SaleIntent | null = null;
  try {
    if (request.method !== "POST") return reply({ ok: false, intent, message: "Method not allowed", errors: {} }, 405);
    const form = await readFormBody(request);
    const asked = form.get("intent");
    if (!isSaleIntent(asked))
      return reply({ ok: false, intent, message: SALE_MESSAGES.unknownIntent, errors: {} }, 400);
    intent = asked;
    const id = form.get("id");
    if (intent !== "create" && !isUuid(id))
      return reply({ ok: false, intent, message: SALE_MESSAGES.notFound, errors: {} }, 404);
    const saleId = id as string;
    const { scheduledSales, settings } = services();
    const timeZone = (await settings.read()).store.timeZone;

    let message: string;
    switch (intent) {
      case "create":
        await scheduledSales.create(actor, { values: readFields(form, SALE_FIELDS), timeZone });
        message = SALE_MESSAGES.created;
        break;
      case "update":
        await scheduledSales.update(actor, saleId, { values: readFields(form, SALE_FIELDS), timeZone });
        message = SALE_MESSAGES.updated;
        break;
      case "move-end":
        await scheduledSales.moveEnd(actor, saleId, { values: readFields(form, MOVE_END_FIELDS), timeZone });
        message = SALE_MESSAGES.endMoved;
        break;
      case "end-now":
        await scheduledSales.endNow(actor, saleId);
        message = SALE_MESSAGES.endedNow;
        break;
      case "disable":
        message = (await scheduledSales.disable(actor, saleId)).wasRunning
          ? SALE_MESSAGES.disabledRunning
          : SALE_MESSAGES.disabled;
        break;
      case "enable":
        await scheduledSales.enable(actor, saleId);
        message = SALE_MESSAGES.enabled;
        break;
      case "delete":
        message = (await scheduledSales.remove(actor, saleId)).wasRunning
          ? SALE_MESSAGES.deletedRunning
          : SALE_MESSAGES.deleted;
        break;
    }
    return reply({ ok: true, intent, message, errors: {} });
  } catch (error) {
    const failure = errorAnswer(error, request, { where: "scheduled sales", fallback: SALE_MESSAGES.saveFailed });
    return reply(
      { ok: false, intent, message: failure.message, errors: { ...(failure.fieldErrors ?? {}) } },
      failure.status,
    );
  }
}

export const ErrorBoundary = BackOfficeErrorBoundary;

export default function AdminScheduledSales({ loaderData }: Route.ComponentProps) {
  return <SalesPage {...loaderData.page} />;
}
