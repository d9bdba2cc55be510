import type { Db } from "~/lib/db/client.server";
import { DomainError, isDomainError } from "~/lib/domain-error";
import { errorAnswer } from "~/lib/http/error-answer.server";
import { readJsonBody } from "~/lib/http/read-body.server";
import type { CatalogCommands } from "./catalog-commands.server";
import { groupInfo } from "./editor-writes.server";
import { CONSOLE_PRODUCT_MESSAGES } from "./console-product-rules";
import {
  editorCommandSchema,
  NO_GROUP,
  productIdSchema,
  type EditorLoad,
  type ProductCommandAnswer,
  type ProductCommandFailure,
  type ProductIntent,
} from "./editor-api";
import { lastProductChanges, type Actor } from "./product-audit.server";
import { DUPLICATE_MESSAGES } from "./product-duplicate";
import {
  BULK_FAILED,
  bulkAppliedMessage,
  flagFailedMessage,
  flagUpdatedMessage,
  flagWriteSchema,
} from "./product-flags";
import { listEditorCategories, loadEditorProduct, type SaveTarget } from "./product-save.server";
import { sizeChartOptions } from "./size-chart-admin.server";
import { PRODUCT_SAVE_MESSAGES } from "./save-messages";

/**
 * The back office's product requests, whichever face sends them (/admin's side panel and list, the
 * /secure-admin console's modal and table): one reader of the editor's data, and one handler of the
 * JSON commands — checked with one Zod schema, carried out by one catalogue command
 * (`catalog-commands.server.ts`, which announces the change), answered in one shape. The routes only
 * decide who may ask (and who the audit names), then hand the request here.
 */

export interface ProductRequestDeps {
  db: Db;
  catalogCommands: CatalogCommands;
}

export interface ProductRequestAnswer<T> {
  status: number;
  body: T;
}

/** `?id=` of an editor request: "new", a product id (lowercase), or null when it is neither. */
export function editorTargetOf(url: URL): string | null {
  const id = url.searchParams.get("id") ?? "";
  if (id === "new") return id;
  return productIdSchema.safeParse(id).data ?? null;
}

/** The editor's data for "new" or a product id: the product, the categories, its last changes and its group. */
export async function loadProductEditor(
  db: Db,
  request: Request,
  target: string | null,
): Promise<ProductRequestAnswer<EditorLoad>> {
  if (!target) return { status: 404, body: { ok: false, target: "", message: PRODUCT_SAVE_MESSAGES.notFound } };
  try {
    const [categories, sizeCharts] = await Promise.all([listEditorCategories(db), sizeChartOptions(db)]);
    if (target === "new") {
      return {
        status: 200,
        body: { ok: true, target, product: null, categories, sizeCharts, changes: [], group: NO_GROUP },
      };
    }
    const product = await loadEditorProduct(db, target);
    if (!product) return { status: 404, body: { ok: false, target, message: PRODUCT_SAVE_MESSAGES.notFound } };
    const [changes, group] = await Promise.all([lastProductChanges(db, target), groupInfo(db, target)]);
    return { status: 200, body: { ok: true, target, product, categories, sizeCharts, changes, group } };
  } catch (error) {
    const { status, message } = errorAnswer(error, request, {
      where: "product editor",
      fallback: "Failed to load product",
    });
    return { status, body: { ok: false, target, message } };
  }
}

/** The failure message of a command whose error carries none of its own. */
const FALLBACK: Record<ProductIntent, string> = {
  save: PRODUCT_SAVE_MESSAGES.failed,
  duplicate: DUPLICATE_MESSAGES.failed,
  toggle: BULK_FAILED,
  bulk: BULK_FAILED,
  "group-create": CONSOLE_PRODUCT_MESSAGES.groupFailed,
  "group-join": CONSOLE_PRODUCT_MESSAGES.groupFailed,
  "group-leave": CONSOLE_PRODUCT_MESSAGES.groupFailed,
};

const GROUP_DONE = {
  "group-create": CONSOLE_PRODUCT_MESSAGES.groupCreated,
  "group-join": CONSOLE_PRODUCT_MESSAGES.groupJoined,
  "group-leave": CONSOLE_PRODUCT_MESSAGES.groupLeft,
} as const;

const intentOf = (body: unknown): ProductIntent | null => {
  const intent = body && typeof body === "object" && "intent" in body ? body.intent : undefined;
  return typeof intent === "string" && intent in FALLBACK ? (intent as ProductIntent) : null;
};

/**
 * A product command (the request's JSON body) carried out as `actor`: a save, a duplicate, a flag toggle, a bulk
 * action, or a group write of the editor. The one place that checks what a face sent and words what it
 * answers; a refusal changes nothing.
 */
export async function productCommand(
  deps: ProductRequestDeps,
  actor: Actor,
  request: Request,
): Promise<ProductRequestAnswer<ProductCommandAnswer>> {
  const { db, catalogCommands } = deps;
  let intent: ProductIntent | null = null;
  const refused = (status: number, message: string, extra: Partial<ProductCommandFailure> = {}) => ({
    status,
    body: { ok: false as const, intent, message, errors: {}, ...extra },
  });
  let fallback: string = PRODUCT_SAVE_MESSAGES.failed;
  let stale: string | null = null;
  try {
    const body = await readJsonBody(request);
    intent = intentOf(body);
    if (intent === null) return refused(400, "Unknown action");
    fallback = FALLBACK[intent];

    if (intent === "toggle" || intent === "bulk") {
      const parsed = flagWriteSchema.safeParse(body);
      if (!parsed.success) {
        const percent = parsed.error.issues.find((issue) => issue.path[0] === "percent");
        return refused(400, percent ? percent.message : "Invalid request");
      }
      const write = parsed.data;
      if (write.intent === "toggle") {
        fallback = flagFailedMessage(write.flag);
        await catalogCommands.setFlag(actor, write);
        const { id, flag, value } = write;
        return {
          status: 200,
          body: { ok: true, intent: "toggle", id, flag, value, message: flagUpdatedMessage(flag) },
        };
      }
      const { changed } = await catalogCommands.bulk(actor, write.action, write.target, write.percent);
      return { status: 200, body: { ok: true, intent: "bulk", changed, message: bulkAppliedMessage(changed) } };
    }

    const parsed = editorCommandSchema.safeParse(body);
    if (!parsed.success) {
      return refused(
        400,
        intent === "save" ? `${PRODUCT_SAVE_MESSAGES.failed}: invalid save request` : "Invalid request",
      );
    }
    const command = parsed.data;

    if (command.intent === "save") {
      const { target, version } = command;
      if (target !== "new" && !version) {
        throw new DomainError("invalid", `${PRODUCT_SAVE_MESSAGES.failed}: invalid save request`);
      }
      stale = target === "new" ? null : target;
      const saveTarget: SaveTarget =
        target === "new" ? { kind: "create" } : { kind: "update", id: target, version: version! };
      const saved = await catalogCommands.save(actor, saveTarget, command.values);
      return {
        status: saved.created ? 201 : 200,
        body: {
          ok: true,
          intent: "save",
          created: saved.created,
          message: saved.created ? PRODUCT_SAVE_MESSAGES.created : PRODUCT_SAVE_MESSAGES.updated,
          product: saved.product,
          changes: await lastProductChanges(db, saved.product.id),
        },
      };
    }

    if (command.intent === "duplicate") {
      const copy = await catalogCommands.duplicate(actor, command.productId);
      return {
        status: 201,
        body: {
          ok: true,
          intent: "duplicate",
          created: true,
          message: DUPLICATE_MESSAGES.duplicated(copy.values.name),
          product: copy,
          changes: await lastProductChanges(db, copy.id),
        },
      };
    }

    const { productId } = command;
    if (command.intent === "group-create") {
      await catalogCommands.createEditorGroup(actor, { productId, productName: command.name });
    } else if (command.intent === "group-join") {
      await catalogCommands.joinGroup(actor, { productId, groupId: command.groupId, variantType: command.variantType });
    } else {
      await catalogCommands.leaveGroup(actor, { productId });
    }
    const product = await loadEditorProduct(db, productId);
    if (!product) throw new DomainError("not-found", PRODUCT_SAVE_MESSAGES.notFound);
    return {
      status: 200,
      body: {
        ok: true,
        intent: command.intent,
        message: GROUP_DONE[command.intent],
        product,
        group: await groupInfo(db, productId),
      },
    };
  } catch (error) {
    const failure = errorAnswer(error, request, { where: "product-request", fallback });
    const answer = refused(failure.status, failure.message, { errors: { ...(failure.fieldErrors ?? {}) } });
    // A stale form: the product as it is now, for the form to show.
    if (stale && (isDomainError(error, "STALE") || isDomainError(error, "STOCK_MOVED"))) {
      try {
        const current = await loadEditorProduct(db, stale);
        if (current) Object.assign(answer.body, { current, changes: await lastProductChanges(db, stale) });
      } catch (reading) {
        errorAnswer(reading, request, { where: "product-request" });
      }
    }
    return answer;
  }
}
