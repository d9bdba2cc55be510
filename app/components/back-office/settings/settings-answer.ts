import type { SettingsSection } from "~/modules/settings/settings-schema";

/** What /admin/settings answers a save: the message, and the field errors by field path. */
export interface SettingsAnswer {
  ok: boolean;
  section: SettingsSection | null;
  message: string;
  errors: Partial<Record<string, string>>;
}
