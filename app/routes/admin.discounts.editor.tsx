import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { DiscountEditorPage } from "~/components/admin/discounts/discount-editor-page";
import { DiscountLoadFailed } from "~/components/admin/discounts/discount-load-failed";
import { isDocumentRequest, parseForm } from "~/lib/forms";
import { errorAnswer, pageLoader } from "~/lib/http/error-answer.server";
import { readFormBody } from "~/lib/http/read-body.server";
import {
  DISCOUNT_ADMIN_MESSAGES,
  discountCategoryOptions,
  loadDiscountEditor,
} from "~/modules/promotions/discount-admin.server";
import {
  FAILED_MESSAGES,
  isDiscountIntent,
  type DiscountAnswer,
  type DiscountIntent,
} from "~/modules/promotions/discount-admin-api";
import { discountHref, DISCOUNTS_PATH } from "~/modules/promotions/discount-admin-query";
import { BULK_CODE_FIELDS, bulkCodesSchema, codeField } from "~/modules/promotions/discount-codes";
import {
  DISCOUNT_MESSAGES,
  discountFormValues,
  newDiscountFormValues,
  parseDiscountForm,
  readDiscountForm,
} from "~/modules/promotions/discount-form";
import { services } from "~/services.server";
import { BackOfficeErrorBoundary, isRefusal } from "~/components/back-office/back-office-error";
import { requireStaff } from "./back-office.server";
import type { Route } from "./+types/admin.discounts.editor";

export function meta({ data }: Route.MetaArgs) {
  const title = data?.page?.editor?.discount.title ?? "New discount";
  return [{ title: `${title} | Discounts | Admin | Abundance Collection` }, { name: "robots", content: "noindex" }];
}

const noStore = { "Cache-Control": "private, no-store" };

/**
 * `/admin/discounts/:id` (`new` to create), a discount's editor (issue 28): its form, its status, uses and
 * revenue, its codes, its changes. The shop's admin account only, like Settings: a customer holding the
 * shared password is sent to the dashboard, anyone else sees the gate (the layout) and gets nothing.
 */
async function load({ request, params }: Route.LoaderArgs) {
  const { settings, database } = services();
  await requireStaff(request, "discounts");
  const [{ store }, categories] = await Promise.all([settings.read(), discountCategoryOptions(database.db)]);
  const timeZone = store.timeZone;
  if (params.id === "new") {
    return data(
      { page: { editor: null, form: newDiscountFormValues(timeZone), categories, timeZone } },
      { headers: noStore },
    );
  }
  const editor = await loadDiscountEditor(database.db, params.id);
  if (!editor) throw data(DISCOUNT_ADMIN_MESSAGES.notFound, { status: 404, headers: noStore });
  return data(
    { page: { editor, form: discountFormValues(editor.discount, timeZone), categories, timeZone } },
    { headers: noStore },
  );
}
export const loader = pageLoader(load);

/**
 * A write refused because someone else saved meanwhile (409) reloads the page, so the form shows their
 * values, as its message says; other refusals keep the page as it is (the owner's typing with it). A
 * discount just created is opened at its own address (the form goes there): the empty form's page is
 * not loaded again on the way.
 */
export function shouldRevalidate({
  actionStatus,
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if ((actionResult as DiscountAnswer | undefined)?.createdId) return false;
  return actionStatus === 409 ? true : defaultShouldRevalidate;
}

function reply(answer: DiscountAnswer, status = 200) {
  return data(answer, { status, headers: noStore });
}

/** A refused form: 400, the first message as the toast and each field's own beside it. */
function refused(intent: DiscountIntent, errors: Partial<Record<string, string>>) {
  const message = intent === "save" ? DISCOUNT_MESSAGES.invalid : (Object.values(errors).find(Boolean) ?? "");
  return reply({ ok: false, intent, message: message || FAILED_MESSAGES[intent], errors }, 400);
}

/**
 * Every write of the editor, a form with an `intent`: `save` (the form; creates when the id is `new`),
 * `enable`, `disable`, `delete`, `add-code` (code), `generate-codes` (count, prefix, singleUse),
 * `remove-code` (codeId). The shop's admin only, checked before the body is read: anyone else is sent
 * to / and nothing changes. The commands audit and announce the change (discount-admin.server.ts).
 */
export async function action({ request, params }: Route.ActionArgs) {
  const { actor } = await requireStaff(request, "discounts");
  let intent: DiscountIntent | null = null;
  try {
    if (request.method !== "POST") {
      return reply({ ok: false, intent, message: "Method not allowed", errors: {} }, 405);
    }
    const form = await readFormBody(request);
    const asked = form.get("intent");
    if (!isDiscountIntent(asked)) return reply({ ok: false, intent, message: "Unknown action", errors: {} }, 400);
    intent = asked;
    const { discountCommands, settings } = services();
    const id = params.id;
    const creating = id === "new";
    if (creating && intent !== "save") {
      return reply({ ok: false, intent, message: DISCOUNT_ADMIN_MESSAGES.notFound, errors: {} }, 404);
    }

    if (intent === "save") {
      const timeZone = (await settings.read()).store.timeZone;
      const values = readDiscountForm(form);
      if (creating) {
        const parsed = parseDiscountForm(values, { timeZone });
        if (!parsed.ok) return refused(intent, parsed.errors);
        const created = await discountCommands.create(actor, parsed.data);
        if (isDocumentRequest(request)) throw redirect(discountHref(created.id));
        return reply({ ok: true, intent, message: DISCOUNT_ADMIN_MESSAGES.created, errors: {}, createdId: created.id });
      }
      const method = form.get("storedMethod") === "automatic" ? "automatic" : "code";
      const parsed = parseDiscountForm(values, { timeZone, method });
      if (!parsed.ok) return refused(intent, parsed.errors);
      // The stored method is the database's: the form's hidden copy only picks the fields to check.
      const saved = await discountCommands.update(actor, id, parsed.data, String(form.get("version") ?? ""));
      const message = saved.changed ? DISCOUNT_ADMIN_MESSAGES.saved : DISCOUNT_ADMIN_MESSAGES.unchanged;
      return reply({ ok: true, intent, message, errors: {} });
    }
    if (intent === "enable" || intent === "disable") {
      const enabled = intent === "enable";
      const result = await discountCommands.setEnabled(actor, id, enabled);
      const message = result.changed
        ? DISCOUNT_ADMIN_MESSAGES[enabled ? "enabled" : "disabled"]
        : DISCOUNT_ADMIN_MESSAGES[enabled ? "alreadyEnabled" : "alreadyDisabled"];
      return reply({ ok: true, intent, message, errors: {} });
    }
    if (intent === "delete") {
      await discountCommands.remove(actor, id);
      if (isDocumentRequest(request)) throw redirect(DISCOUNTS_PATH);
      return reply({ ok: true, intent, message: DISCOUNT_ADMIN_MESSAGES.deleted, errors: {}, deleted: true });
    }
    if (intent === "add-code") {
      const parsed = codeField.safeParse(form.get("code") ?? "");
      if (!parsed.success) return refused(intent, { code: parsed.error.issues[0]!.message });
      const added = await discountCommands.addCode(actor, id, parsed.data);
      return reply({ ok: true, intent, message: DISCOUNT_ADMIN_MESSAGES.codeAdded(added.code), errors: {} });
    }
    if (intent === "generate-codes") {
      const parsed = parseForm(bulkCodesSchema, form, BULK_CODE_FIELDS);
      if (!parsed.ok) return refused(intent, parsed.errors);
      const made = await discountCommands.generateCodes(actor, id, parsed.data);
      return reply({
        ok: true,
        intent,
        message: DISCOUNT_ADMIN_MESSAGES.codesGenerated(made.codes.length),
        errors: {},
      });
    }
    const removed = await discountCommands.removeCode(actor, id, String(form.get("codeId") ?? ""));
    return reply({ ok: true, intent, message: DISCOUNT_ADMIN_MESSAGES.codeRemoved(removed.code), errors: {} });
  } catch (error) {
    const failure = errorAnswer(error, request, {
      where: "discount editor",
      fallback: intent ? FAILED_MESSAGES[intent] : FAILED_MESSAGES.save,
    });
    return reply(
      { ok: false, intent, message: failure.message, errors: { ...(failure.fieldErrors ?? {}) } },
      failure.status,
    );
  }
}

export default function AdminDiscountEditor({ loaderData }: Route.ComponentProps) {
  return <DiscountEditorPage {...loaderData.page} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRefusal(error)) return <BackOfficeErrorBoundary />;
  return <DiscountLoadFailed error={error} />;
}
