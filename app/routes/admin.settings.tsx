import { data } from "react-router";
import { SettingsPage } from "~/components/back-office/settings/settings-page";
import type { SettingsAnswer } from "~/components/back-office/settings/settings-answer";
import { errorAnswer, pageLoader } from "~/lib/http/error-answer.server";
import { readFormBody } from "~/lib/http/read-body.server";
import { sectionValueOf } from "~/modules/settings/settings-form";
import { isSettingsSection } from "~/modules/settings/settings-schema";
import { SETTINGS_MESSAGES } from "~/modules/settings/settings.server";
import { services } from "~/services.server";
import { requireStaff } from "./back-office.server";
import { BackOfficeErrorBoundary } from "~/components/back-office/back-office-error";
import type { Route } from "./+types/admin.settings";

export function meta() {
  return [{ title: "Settings | Admin | Abundance Collection" }, { name: "robots", content: "noindex" }];
}

const noStore = { "Cache-Control": "private, no-store" };

/**
 * /admin/settings, the owner's shop settings (issue 26): Store, Pages, Shipping and tax, Notifications,
 * each a form of its own. The shop's admin account only: a customer holding the shared password is sent
 * to the dashboard, anyone else sees the gate (the layout) and gets nothing of the settings.
 */
async function load({ request }: Route.LoaderArgs) {
  const { settings, notifications } = services();
  await requireStaff(request, "settings");
  const [sections, history] = await Promise.all([settings.editable(), settings.history(undefined, 15)]);
  return data(
    {
      page: {
        sections,
        history,
        channels: {
          whatsappConfigured: notifications.whatsappConfigured,
          ownerWhatsAppConfigured: notifications.ownerWhatsAppConfigured,
          mailGoesToOutbox: notifications.mailGoesToOutbox,
        },
      },
    },
    { headers: noStore },
  );
}
export const loader = pageLoader(load);

/**
 * Saves one section: `section`, `version` (what the form was opened with) and the section's fields. The
 * shop's admin only (anyone else goes to /, nothing read); the values are checked by the section's schema.
 */
export async function action({ request }: Route.ActionArgs) {
  const { actor: user } = await requireStaff(request, "settings", { outsidersTo: "/" });
  let section: SettingsAnswer["section"] = null;
  try {
    const form = await readFormBody(request);
    const asked = form.get("section");
    if (!isSettingsSection(asked)) {
      return data({ ok: false, section, message: "Unknown settings section", errors: {} } satisfies SettingsAnswer, {
        status: 400,
        headers: noStore,
      });
    }
    section = asked;
    const version = Number(form.get("version"));
    if (!Number.isInteger(version) || version < 0) {
      return data({ ok: false, section, message: "Invalid request", errors: {} } satisfies SettingsAnswer, {
        status: 400,
        headers: noStore,
      });
    }
    const saved = await services().settings.save(user, section, sectionValueOf(section, form), version);
    const message = saved.changed ? SETTINGS_MESSAGES.saved(section) : SETTINGS_MESSAGES.unchanged;
    return data({ ok: true, section, message, errors: {} } satisfies SettingsAnswer, { headers: noStore });
  } catch (error) {
    const failure = errorAnswer(error, request, { where: "settings save", fallback: "Failed to save the settings" });
    return data(
      {
        ok: false,
        section,
        message: failure.message,
        errors: { ...(failure.fieldErrors ?? {}) },
      } satisfies SettingsAnswer,
      { status: failure.status, headers: noStore },
    );
  }
}

export const ErrorBoundary = BackOfficeErrorBoundary;

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  return <SettingsPage {...loaderData.page} />;
}
