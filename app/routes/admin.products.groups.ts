import { data } from "react-router";
import { parseForm } from "~/lib/forms";
import { errorAnswer } from "~/lib/http/error-answer.server";
import { readFormBody } from "~/lib/http/read-body.server";
import { services } from "~/services.server";
import {
  CREATE_GROUP_FIELDS,
  createGroupSchema,
  DELETE_GROUP_FIELDS,
  deleteGroupSchema,
  FAILED_TOAST,
  GROUP_MESSAGES,
  isGroupIntent,
  REMOVE_MEMBER_FIELDS,
  removeMemberSchema,
  type GroupActionAnswer,
  type GroupIntent,
  type GroupsAnswer,
} from "~/modules/product-admin/group-rules";
import { listGroups, listUngrouped } from "~/modules/product-admin/product-groups.server";
import { requireStaff } from "./back-office.server";
import type { Route } from "./+types/admin.products.groups";

/**
 * `/admin/products/groups`, the groups panel's resource route (spec §2 'Product Groups & Variants').
 * Admins only: anyone else is sent to / before anything is read.
 *
 * - GET `?part=groups&page=n`: a page of groups with their variants and the totals;
 *   `?part=ungrouped&q=…`: the create form's checklist (ungrouped products, searched, limited);
 *   no `part`: both.
 * - POST (form) `intent=create` (name, description, productIds: ids joined by commas, the first the
 *   base product), `intent=remove-member` (groupId, productId), `intent=delete` (groupId).
 *
 * Every write empties the catalogue caches at once, so the product pages' colour swatches follow.
 * Answers are never stored (the server marks every non-catalogue answer `private, no-store`).
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  await requireStaff(request, "products");
  const part = url.searchParams.get("part");
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  try {
    const db = services().database.db;
    const answer: GroupsAnswer = {
      ok: true,
      ...(part !== "ungrouped" ? { groups: await listGroups(db, { page: Number.isFinite(page) ? page : 1 }) } : {}),
      ...(part !== "groups" ? { ungrouped: await listUngrouped(db, { q }) } : {}),
    };
    return data(answer);
  } catch (error) {
    const { status, message } = errorAnswer(error, request, {
      where: "product-groups",
      fallback: GROUP_MESSAGES.loadFailed,
    });
    return data({ ok: false, message } satisfies GroupsAnswer, { status });
  }
}

function reply(answer: GroupActionAnswer, status = 200) {
  return data(answer, { status });
}

export async function action({ request }: Route.ActionArgs) {
  const { actor } = await requireStaff(request, "products");
  let intent: GroupIntent | null = null;
  try {
    if (request.method !== "POST") return reply({ ok: false, intent, message: "Method not allowed", errors: {} }, 405);
    const form = await readFormBody(request);
    const asked = form.get("intent");
    if (!isGroupIntent(asked))
      return reply({ ok: false, intent, message: GROUP_MESSAGES.unknownIntent, errors: {} }, 400);
    intent = asked;
    const { catalogCommands } = services();

    if (intent === "create") {
      const parsed = parseForm(createGroupSchema, form, CREATE_GROUP_FIELDS);
      if (!parsed.ok) return refused(intent, parsed.errors);
      const group = await catalogCommands.createGroup(actor, parsed.data);
      return reply({ ok: true, intent, message: GROUP_MESSAGES.created, groupId: group.id });
    }
    if (intent === "remove-member") {
      const parsed = parseForm(removeMemberSchema, form, REMOVE_MEMBER_FIELDS);
      if (!parsed.ok) return refused(intent, parsed.errors);
      const result = await catalogCommands.removeFromGroup(actor, parsed.data);
      return reply({
        ok: true,
        intent,
        message: GROUP_MESSAGES.removed,
        groupId: parsed.data.groupId,
        dissolved: result.dissolved,
      });
    }
    const parsed = parseForm(deleteGroupSchema, form, DELETE_GROUP_FIELDS);
    if (!parsed.ok) return refused(intent, parsed.errors);
    await catalogCommands.deleteGroup(actor, parsed.data.groupId);
    return reply({ ok: true, intent, message: GROUP_MESSAGES.deleted, groupId: parsed.data.groupId });
  } catch (error) {
    const { status, message, fieldErrors } = errorAnswer(error, request, {
      where: "product-groups",
      fallback: intent ? FAILED_TOAST[intent] : GROUP_MESSAGES.createFailed,
    });
    return reply({ ok: false, intent, message, errors: fieldErrors ?? {} }, status);
  }
}

/** A refused form: 400 with the first message as the answer's message and each field's own. */
function refused(intent: GroupIntent, errors: Partial<Record<string, string>>) {
  const message = Object.values(errors).find(Boolean) ?? FAILED_TOAST[intent];
  return reply({ ok: false, intent, message, errors }, 400);
}
