import { and, desc, eq, sql } from "drizzle-orm";
import { settingsChanges as settingsChangesTable, shopSettings } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import { DomainError } from "~/lib/domain-error";
import type { EventBus } from "~/lib/events.server";
import type { ReadCache } from "~/lib/read-cache.server";
import { DEFAULT_SETTINGS } from "./settings-defaults";
import { settingsChanges } from "./settings-changes";
import { recordAudit, type AuditActor } from "~/modules/audit/audit.server";
import {
  SECTION_NAMES,
  SECTION_SCHEMAS,
  SETTINGS_SECTIONS,
  type SectionValue,
  type SettingsSection,
  type ShopSettings,
} from "./settings-schema";
import { log } from "~/lib/log.server";

/** Who saves: a staff member or the shared password (the staff module's StaffActor), for the audit trail. */
export type SettingsActor = AuditActor;

export const SETTINGS_MESSAGES = {
  saved: (section: SettingsSection) => `${SECTION_NAMES[section]} settings saved`,
  unchanged: "Nothing to save: no field changed",
  invalid: "Please correct the highlighted fields",
  stale: "Someone else saved these settings meanwhile; their values are shown now. Make your change again.",
} as const;

/** A section as the Settings page edits it: its values and the version a save must name. */
export interface EditableSection<S extends SettingsSection = SettingsSection> {
  value: SectionValue<S>;
  /** 0 while the section is its default (never saved). */
  version: number;
}

export interface SettingsChange {
  section: SettingsSection;
  actor: string;
  changes: Record<string, [unknown, unknown]>;
  createdAt: Date;
}

export interface ShopSettingsService {
  /** Every section, cached until a save (in any process) announces `catalog.changed`. */
  read(): Promise<ShopSettings>;
  /** Every section with its version, uncached: what the Settings page opens with. */
  editable(): Promise<{ [S in SettingsSection]: EditableSection<S> }>;
  /**
   * Validates `value` with the section's schema and saves it if `version` is still the stored one,
   * auditing what changed; then announces the change, which empties every cache of the settings and
   * the storefront's pages. Throws a DomainError: `invalid` (with field errors) or `conflict`.
   */
  save<S extends SettingsSection>(
    actor: SettingsActor,
    section: S,
    value: unknown,
    version: number,
  ): Promise<{ changed: boolean; version: number; value: SectionValue<S> }>;
  /** The last changes, newest first (of one section, or of all). */
  history(section?: SettingsSection, limit?: number): Promise<SettingsChange[]>;
}

/** Field errors as `{ "rates.standard": "Standard rate cannot be negative" }`, the first per field. */
export function fieldErrorsOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "form";
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * A stored section read back: valid, it is used; not valid (a field the schema has since gained or
 * tightened), the default fills what is missing, or the whole default stands if that is still not valid.
 */
function storedSection<S extends SettingsSection>(
  section: S,
  stored: unknown,
  defaults: ShopSettings,
): SectionValue<S> {
  const schema = SECTION_SCHEMAS[section];
  const direct = schema.safeParse(stored);
  if (direct.success) return direct.data as SectionValue<S>;
  const merged = schema.safeParse({ ...defaults[section], ...(stored as object) });
  if (merged.success) return merged.data as SectionValue<S>;
  log.warn(`[settings] the stored ${section} settings are not valid; their defaults are used`);
  return defaults[section];
}

export function createShopSettings(deps: {
  db: Db;
  events: EventBus;
  cache: ReadCache;
  /** Sections whose default comes from the server's configuration (the return window: RETURN_WINDOW_DAYS). */
  defaults?: Partial<ShopSettings>;
}): ShopSettingsService {
  const { db, events, cache } = deps;
  const defaults: ShopSettings = { ...DEFAULT_SETTINGS, ...deps.defaults };
  // Emptied by any catalogue change, which a settings save announces (and which reaches every process).
  events.on("catalog.changed", () => cache.clear());

  async function rows() {
    return db
      .select({ section: shopSettings.section, value: shopSettings.value, version: shopSettings.version })
      .from(shopSettings);
  }

  async function editable() {
    const stored = new Map((await rows()).map((row) => [row.section, row]));
    const out = {} as { [S in SettingsSection]: EditableSection<S> };
    for (const section of SETTINGS_SECTIONS) {
      const row = stored.get(section);
      (out as Record<SettingsSection, EditableSection>)[section] = row
        ? { value: storedSection(section, row.value, defaults), version: row.version }
        : { value: defaults[section], version: 0 };
    }
    return out;
  }

  return {
    read: () =>
      cache.get("settings", async () => {
        const all = await editable();
        return {
          store: all.store.value,
          pages: all.pages.value,
          shipping: all.shipping.value,
          notifications: all.notifications.value,
          reviews: all.reviews.value,
          returns: all.returns.value,
          recovery: all.recovery.value,
        };
      }),

    editable,

    async save(actor, section, value, version) {
      const parsed = SECTION_SCHEMAS[section].safeParse(value);
      if (!parsed.success) {
        throw new DomainError("invalid", SETTINGS_MESSAGES.invalid, {
          fieldErrors: fieldErrorsOf(parsed.error.issues),
        });
      }
      const next = parsed.data as SectionValue<typeof section>;
      const result = await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ value: shopSettings.value, version: shopSettings.version })
          .from(shopSettings)
          .where(eq(shopSettings.section, section))
          .for("update");
        const currentVersion = row?.version ?? 0;
        if (currentVersion !== version) {
          throw new DomainError("conflict", SETTINGS_MESSAGES.stale, { reason: "STALE_SETTINGS" });
        }
        const before = row ? storedSection(section, row.value, defaults) : defaults[section];
        const changes = settingsChanges(before, next);
        if (Object.keys(changes).length === 0) return { changed: false, version: currentVersion, value: before };
        if (row) {
          await tx
            .update(shopSettings)
            .set({ value: next, version: sql`${shopSettings.version} + 1`, updatedAt: new Date() })
            .where(and(eq(shopSettings.section, section), eq(shopSettings.version, version)));
        } else {
          // Two first saves at once: the second finds the row and is told the settings moved on.
          const inserted = await tx
            .insert(shopSettings)
            .values({ section, value: next, version: 1 })
            .onConflictDoNothing()
            .returning({ section: shopSettings.section });
          if (inserted.length === 0) {
            throw new DomainError("conflict", SETTINGS_MESSAGES.stale, { reason: "STALE_SETTINGS" });
          }
        }
        await tx.insert(settingsChangesTable).values({ section, actorId: actor.id, actorLabel: actor.email, changes });
        await recordAudit(tx, actor, [
          {
            action: "settings.update",
            objectType: "settings",
            objectId: section,
            objectName: `Settings: ${section}`,
            changes,
          },
        ]);
        return { changed: true, version: currentVersion + 1, value: next };
      });
      if (result.changed) await events.emit("catalog.changed", { reason: `settings: ${section}` });
      return result as { changed: boolean; version: number; value: SectionValue<typeof section> };
    },

    async history(section, limit = 20) {
      const list = await db
        .select({
          section: settingsChangesTable.section,
          actor: settingsChangesTable.actorLabel,
          changes: settingsChangesTable.changes,
          createdAt: settingsChangesTable.createdAt,
        })
        .from(settingsChangesTable)
        .where(section ? eq(settingsChangesTable.section, section) : undefined)
        .orderBy(desc(settingsChangesTable.createdAt))
        .limit(limit);
      return list as SettingsChange[];
    },
  };
}
