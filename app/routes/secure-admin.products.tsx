import { data } from "react-router";
import { ConsoleProductsPage } from "~/components/secure-admin/products/console-products-page";
import { errorAnswer, pageLoader } from "~/lib/http/error-answer.server";
import { readFormBody } from "~/lib/http/read-body.server";
import { isUuid } from "~/lib/ids";
import { adminProductStats, listAdminProducts } from "~/modules/product-admin/admin-product-list.server";
import {
  activatedMessage,
  adminQueryOf,
  CONSOLE_PRODUCT_MESSAGES as M,
  isConsoleProductIntent,
  parseConsoleProductQuery,
  type ConsoleProductAnswer,
  type ConsoleProductIntent,
} from "~/modules/product-admin/console-product-rules";
import { consoleSavedProduct, loadConsoleEditor } from "~/modules/product-admin/console-products.server";
import { saveRequestSchema } from "~/modules/product-admin/editor-api";
import { parseProductIds } from "~/modules/product-admin/group-rules";
import {
  BULK_FAILED,
  flagFailedMessage,
  flagUpdatedMessage,
  flagWriteSchema,
} from "~/modules/product-admin/product-flags";
import { DUPLICATE_MESSAGES } from "~/modules/product-admin/product-duplicate";
import type { SaveTarget } from "~/modules/product-admin/product-save.server";
import { services } from "~/services.server";
import { consoleGate, consoleActor, consoleNoStore, hasConsolePass } from "./secure-admin.server";
import type { Route } from "./+types/secure-admin.products";

/**
 * The console's Products (spec §2 "Secure admin" Products tab and product modal). The URL holds the
 * list (`?q=&status=&page=`, 20 a page) and the modal (`?edit=<id>|new`). It reuses the product
 * dashboard's service: the list and statistics of /admin/products, its flag writes (toggle, bulk
 * activate), the one product save (version check, audit) and the product groups, acting as
 * `consoleActor()`. Every read and write asks for the console pass first.
 */
async function load({ request, url }: Route.LoaderArgs) {
  if (!(await hasConsolePass(request))) return data({ page: null }, { headers: consoleNoStore });
  const db = services().database.db;
  const params = url.searchParams;
  const query = parseConsoleProductQuery(params);
  const edit = params.get("edit");
  const target = edit === null ? null : edit === "new" ? "new" : isUuid(edit) ? edit.toLowerCase() : "";
  const stats = await adminProductStats(db);
  const list = await listAdminProducts(db, adminQueryOf(query));
  const editor = target ? await loadConsoleEditor(db, target) : null;
  return data(
    { page: { stats, list, query: { ...query, page: list.page }, edit: target, editor } },
    { headers: consoleNoStore },
  );
}
export const loader = pageLoader(load);

export function meta() {
  return [{ title: "Products | Admin Dashboard | Abundance Collection" }, { name: "robots", content: "noindex" }];
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

function parseJson(value: string): unknown {
  if (value === "") return null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

/** The failure message of an intent when the error has none of its own. */
const FALLBACKS: Record<ConsoleProductIntent, string> = {
  toggle: M.groupFailed,
  "bulk-activate": M.bulkFailed,
  save: M.saveFailed,
  "group-create": M.groupFailed,
  "group-join": M.groupFailed,
  "group-leave": M.groupFailed,
  duplicate: DUPLICATE_MESSAGES.failed,
};

/**
 * Login and Logout (the console's gate), then — with a pass only, else 401 and nothing read — a flag
 * toggle, the bulk activation, the modal's save, its Duplicate, and the modal's group writes (create, join, leave).
 */
export async function action({ request }: Route.ActionArgs) {
  const reply = (body: ConsoleProductAnswer, status = 200) => data(body, { status, headers: consoleNoStore });
  let intent: ConsoleProductIntent | null = null;
  let fallback: string = M.saveFailed;
  try {
    const form = await readFormBody(request);
    const refused = await consoleGate(request, form);
    if (refused) return refused;
    const asked = form.get("intent");
    if (!isConsoleProductIntent(asked)) return reply({ intent, ok: false, message: "Unknown action", errors: {} }, 400);
    intent = asked;
    fallback = FALLBACKS[intent];
    const { catalogCommands } = services();
    const actor = await consoleActor();
    const invalid = (message = "Invalid request") => reply({ intent, ok: false, message, errors: {} }, 400);

    if (intent === "toggle") {
      const parsed = flagWriteSchema.safeParse({
        intent: "toggle",
        id: text(form, "id").toLowerCase(),
        flag: text(form, "flag"),
        value: text(form, "value") === "true",
      });
      if (!parsed.success || parsed.data.intent !== "toggle") return invalid();
      const write = parsed.data;
      fallback = flagFailedMessage(write.flag);
      await catalogCommands.setFlag(actor, write);
      return reply({
        intent,
        ok: true,
        message: flagUpdatedMessage(write.flag),
        errors: {},
        toggled: { id: write.id, flag: write.flag, value: write.value },
      });
    }

    if (intent === "bulk-activate") {
      const parsed = flagWriteSchema.safeParse({
        intent: "bulk",
        action: "activate",
        target: { ids: parseProductIds(text(form, "ids")) },
      });
      if (!parsed.success || parsed.data.intent !== "bulk") return invalid(BULK_FAILED);
      const { changed } = await catalogCommands.bulk(actor, parsed.data.action, parsed.data.target);
      return reply({ intent, ok: true, message: activatedMessage(changed), errors: {}, changed });
    }

    if (intent === "save") {
      const targetText = text(form, "target").toLowerCase();
      const parsed = saveRequestSchema.safeParse({
        values: parseJson(text(form, "values")),
        version: parseJson(text(form, "version")),
      });
      const version = parsed.success ? parsed.data.version : null;
      if (!parsed.success || (targetText !== "new" && !(isUuid(targetText) && version))) {
        return invalid(`${M.saveFailed}: invalid save request`);
      }
      const target: SaveTarget =
        targetText === "new" ? { kind: "create" } : { kind: "update", id: targetText, version: version! };
      const saved = await catalogCommands.saveFromConsole(actor, target, parsed.data.values);
      return reply(
        {
          intent,
          ok: true,
          message: saved.created ? M.created : M.updated,
          errors: {},
          created: saved.created,
          product: consoleSavedProduct(saved.product),
        },
        saved.created ? 201 : 200,
      );
    }

    const productId = text(form, "productId").toLowerCase();
    if (!isUuid(productId)) return invalid();
    if (intent === "duplicate") {
      const copy = await catalogCommands.duplicate(actor, productId);
      return reply(
        {
          intent,
          ok: true,
          message: DUPLICATE_MESSAGES.duplicated(copy.values.name),
          errors: {},
          created: true,
          product: consoleSavedProduct(copy),
        },
        201,
      );
    }
    const product =
      intent === "group-create"
        ? await catalogCommands.createConsoleGroup(actor, { productId, productName: text(form, "name") })
        : intent === "group-join"
          ? await catalogCommands.joinConsoleGroup(actor, {
              productId,
              groupId: text(form, "groupId").trim().slice(0, 200),
              variantType: text(form, "variantType"),
            })
          : await catalogCommands.leaveConsoleGroup(actor, { productId });
    const message = intent === "group-create" ? M.groupCreated : intent === "group-join" ? M.groupJoined : M.groupLeft;
    return reply({ intent, ok: true, message, errors: {}, product });
  } catch (error) {
    const failure = errorAnswer(error, request, { where: "secure-admin-products", fallback });
    return reply(
      { intent, ok: false, message: failure.message, errors: { ...(failure.fieldErrors ?? {}) } },
      failure.status,
    );
  }
}

export default function ConsoleProducts({ loaderData }: Route.ComponentProps) {
  if (!loaderData.page) return null;
  return <ConsoleProductsPage {...loaderData.page} />;
}
