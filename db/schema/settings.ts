import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * The owner's shop settings (app/modules/settings): one row per section the owner has saved, its value
 * as JSON (validated by the section's schema on the way in and on the way out), and a version that each
 * save must name, so two people editing one section cannot overwrite each other unseen. A section
 * without a row is its default.
 */
export const shopSettings = pgTable(
  "shop_settings",
  {
    section: text().primaryKey(),
    value: jsonb().notNull(),
    version: integer().notNull().default(1),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "shop_settings_section_check",
      sql`${t.section} in ('store', 'pages', 'shipping', 'notifications', 'reviews', 'returns', 'recovery')`,
    ),
  ],
);

/** The settings' audit trail: who changed which fields of a section, and from what to what. */
export const settingsChanges = pgTable(
  "settings_changes",
  {
    id: uuid().primaryKey().defaultRandom(),
    section: text().notNull(),
    actorId: text().references(() => user.id, { onDelete: "set null" }),
    /** The e-mail at the time, kept if the account goes. */
    actorLabel: text().notNull(),
    /** `{ "rates.standard": [999, 1099] }`: each changed field, as a path into the section. */
    changes: jsonb().$type<Record<string, [unknown, unknown]>>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("settings_changes_section_created_idx").on(t.section, t.createdAt.desc())],
);
