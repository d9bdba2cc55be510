import { data } from "react-router";
import { DomainError } from "~/lib/domain-error";
import { errorAnswer } from "~/lib/http/error-answer.server";
import { readBytesBody } from "~/lib/http/read-body.server";
import { decodeCsvBytes } from "~/modules/product-admin/csv-text";
import { adminProductConditions } from "~/modules/product-admin/admin-product-list.server";
import { parseAdminProductQuery } from "~/modules/product-admin/admin-product-query";
import { CSV_MESSAGES, type CsvAnswer, type ImportPlan } from "~/modules/product-admin/product-csv";
import { exportProductsCsv, previewProductImport } from "~/modules/product-admin/product-csv.server";
import { services } from "~/services.server";
import { requireStaff } from "./back-office.server";
import type { Route } from "./+types/admin.products.csv";

/**
 * `/admin/products/csv`: the product CSV, one row per variant (admins only; anyone else is sent to /
 * before anything is read).
 * - GET `?q=&category=&status=`: the products the list's filter matches, with their variants, as a CSV download.
 * - POST `?intent=preview` with the CSV file as the body: the plan (what would be created and changed,
 *   or every problem by row); nothing is written.
 * - POST `?intent=import&token=<the preview's token>`: all rows in one transaction, or none.
 */
const noStore = { "Cache-Control": "private, no-store" };

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireStaff(request, "products", { outsidersTo: "/" });
  // The products the list's search and filters match (all of them without any).
  const filter = parseAdminProductQuery(url.searchParams);
  const csv = await exportProductsCsv(services().database.db, adminProductConditions(filter));
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      ...noStore,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="products-${day}.csv"`,
    },
  });
}

const plural = (n: number, one: string) => `${n.toLocaleString("en-US")} ${one}${n === 1 ? "" : "s"}`;

/** The preview's one line: what the file would do, or how many problems stop it. */
function previewMessage(plan: ImportPlan): string {
  if (plan.problemCount > 0) {
    return `${plural(plan.problemCount, "problem")} to fix before the file can be imported`;
  }
  return `${plural(plan.create, "new product")}, ${plural(plan.update, "change")}, ${plural(plan.unchanged, "product")} unchanged; ${plural(plan.variants, "variant")} with ${plan.stock.toLocaleString("en-US")} in stock`;
}

export async function action({ request, url }: Route.ActionArgs) {
  const { actor: admin } = await requireStaff(request, "products", { outsidersTo: "/" });
  const reply = (body: CsvAnswer, status = 200) => data(body, { status, headers: noStore });
  const intent = url.searchParams.get("intent") ?? "";
  const { database, catalogCommands } = services();
  try {
    if (request.method !== "POST") throw new DomainError("invalid", "Method not allowed");
    if (intent !== "preview" && intent !== "import") throw new DomainError("invalid", "Unknown CSV action");
    const { text, encoding } = decodeCsvBytes(await readBytesBody(request));
    if (intent === "preview") {
      const plan = await previewProductImport(database.db, text);
      // Said with the plan, so the owner checks the accented letters before importing.
      const notice = encoding === "windows-1252" ? `. ${CSV_MESSAGES.readAsWindows1252}` : "";
      return reply({ ok: true, intent, plan, message: previewMessage(plan) + notice });
    }
    const token = url.searchParams.get("token") ?? "";
    const result = await catalogCommands.importProducts(admin, text, token);
    if (!result.written) return reply({ ok: false, intent, message: CSV_MESSAGES.hasErrors, plan: result.plan }, 400);
    const { create, update } = result.plan;
    return reply({ ok: true, intent, plan: result.plan, message: `Imported ${plural(create + update, "product")}` });
  } catch (error) {
    const { status, message } = errorAnswer(error, request, {
      where: "product csv",
      fallback: "Failed to import products",
    });
    return reply({ ok: false, intent, message }, status);
  }
}
