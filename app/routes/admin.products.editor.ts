import { data } from "react-router";
import { DomainError, isDomainError } from "~/lib/domain-error";
import { errorAnswer } from "~/lib/http/error-answer.server";
import { readJsonBody } from "~/lib/http/read-body.server";
import { isUuid } from "~/lib/ids";
import {
  duplicateRequestSchema,
  saveRequestSchema,
  type EditorLoad,
  type SaveAnswer,
} from "~/modules/product-admin/editor-api";
import { DUPLICATE_MESSAGES } from "~/modules/product-admin/product-duplicate";
import { lastProductChanges } from "~/modules/product-admin/product-audit.server";
import { listEditorCategories, loadEditorProduct, type SaveTarget } from "~/modules/product-admin/product-save.server";
import { PRODUCT_SAVE_MESSAGES } from "~/modules/product-admin/save-messages";
import { services } from "~/services.server";
import type { Route } from "./+types/admin.products.editor";

/**
 * `/admin/products/editor`: the product editor's resource route (the side panel of /admin/products).
 * GET `?id=<id>|new` opens a product; POST `?id=<id>|new` with `{ values, version }` saves it. Admins
 * only: anyone else is sent to / before anything is read. The product's id is the URL's, never the body's.
 */
const noStore = { "Cache-Control": "private, no-store" };

/** The URL's target: "new", a product id (lowercase), or null when it is neither. */
function targetOf(url: URL): string | null {
  const id = url.searchParams.get("id") ?? "";
  if (id === "new") return id;
  return isUuid(id) ? id.toLowerCase() : null;
}

export async function loader({ request, url }: Route.LoaderArgs) {
  await services().sessions.requireAdmin(request);
  const reply = (body: EditorLoad, status = 200) => data(body, { status, headers: noStore });
  const target = targetOf(url);
  if (!target) return reply({ ok: false, target: "", message: PRODUCT_SAVE_MESSAGES.notFound }, 404);
  const db = services().database.db;
  try {
    const categories = await listEditorCategories(db);
    if (target === "new") return reply({ ok: true, target, product: null, categories, changes: [] });
    const product = await loadEditorProduct(db, target);
    if (!product) return reply({ ok: false, target, message: PRODUCT_SAVE_MESSAGES.notFound }, 404);
    return reply({ ok: true, target, product, categories, changes: await lastProductChanges(db, target) });
  } catch (error) {
    const { status, message } = errorAnswer(error, request, {
      where: "product editor",
      fallback: "Failed to load product",
    });
    return reply({ ok: false, target, message }, status);
  }
}

export async function action({ request, url }: Route.ActionArgs) {
  const admin = await services().sessions.requireAdmin(request);
  const reply = (body: SaveAnswer, status: number) => data(body, { status, headers: noStore });
  if (request.method !== "POST") return reply({ ok: false, message: "Method not allowed" }, 405);
  const { database, catalogCommands } = services();
  const target = targetOf(url);
  try {
    if (!target) throw new DomainError("not-found", PRODUCT_SAVE_MESSAGES.notFound);
    const body = await readJsonBody(request);
    if (duplicateRequestSchema.safeParse(body).success) {
      if (target === "new") throw new DomainError("invalid", `${DUPLICATE_MESSAGES.failed}: save the product first`);
      const copy = await catalogCommands.duplicate({ id: admin.id, email: admin.email }, target);
      return reply(
        {
          ok: true,
          created: true,
          message: DUPLICATE_MESSAGES.duplicated(copy.values.name),
          product: copy,
          changes: await lastProductChanges(database.db, copy.id),
        },
        201,
      );
    }
    const parsed = saveRequestSchema.safeParse(body);
    const version = parsed.success ? parsed.data.version : null;
    if (!parsed.success || (target !== "new" && !version)) {
      throw new DomainError("invalid", `${PRODUCT_SAVE_MESSAGES.failed}: invalid save request`);
    }
    const saveTarget: SaveTarget =
      target === "new" ? { kind: "create" } : { kind: "update", id: target, version: version! };
    // The storefront shows the change at once: the command empties the page and read caches.
    const saved = await catalogCommands.save({ id: admin.id, email: admin.email }, saveTarget, parsed.data.values);
    return reply(
      {
        ok: true,
        created: saved.created,
        message: saved.created ? PRODUCT_SAVE_MESSAGES.created : PRODUCT_SAVE_MESSAGES.updated,
        product: saved.product,
        changes: await lastProductChanges(database.db, saved.product.id),
      },
      saved.created ? 201 : 200,
    );
  } catch (error) {
    const { status, message, fieldErrors } = errorAnswer(error, request, {
      where: "product editor",
      fallback: PRODUCT_SAVE_MESSAGES.failed,
    });
    const answer: Extract<SaveAnswer, { ok: false }> = {
      ok: false,
      message,
      ...(fieldErrors ? { errors: { ...fieldErrors } } : {}),
    };
    // A stale form: the product as it is now, for the panel to show.
    if (target && target !== "new" && (isDomainError(error, "STALE") || isDomainError(error, "STOCK_MOVED"))) {
      try {
        const current = await loadEditorProduct(database.db, target);
        if (current) Object.assign(answer, { current, changes: await lastProductChanges(database.db, target) });
      } catch (reading) {
        errorAnswer(reading, request, { where: "product editor" });
      }
    }
    return reply(answer, status);
  }
}
