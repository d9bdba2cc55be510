import { eq } from "drizzle-orm";
import { profiles, user } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import type { ProfileInput } from "./profile-forms";

/** What the profile page shows (spec §3 Profile); dates as ISO text so the loader data is plain JSON. */
export interface ProfileView {
  fullName: string;
  email: string;
  phone: string | null;
  address: string | null;
  city: string | null;
  postalCode: string | null;
  country: string | null;
  /** YYYY-MM-DD */
  dateOfBirth: string | null;
  /** When the account was made (ISO). */
  memberSince: string;
  updatedAt: string;
}

type ProfileRow = typeof profiles.$inferSelect;

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export function toProfileView(row: ProfileRow, account: { email: string; createdAt: Date | string }): ProfileView {
  return {
    fullName: row.fullName,
    email: account.email,
    phone: row.phone,
    address: row.address,
    city: row.city,
    postalCode: row.postalCode,
    country: row.country,
    dateOfBirth: row.dateOfBirth,
    memberSince: iso(account.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** The account's e-mail and creation date (for "member since"). */
export async function loadAccount(db: Db, userId: string): Promise<{ email: string; createdAt: Date }> {
  const [row] = await db.select({ email: user.email, createdAt: user.createdAt }).from(user).where(eq(user.id, userId));
  if (!row) throw new Error("account not found");
  return row;
}

/**
 * Saves the profile fields of a user. Every column is named here: e-mail, role, owner and the
 * newsletter choice cannot be set through it, whatever the caller was sent. The account's display
 * name follows the full name, so the header shows the new name too.
 */
export async function updateProfile(db: Db, userId: string, fields: ProfileInput): Promise<ProfileRow> {
  const now = new Date();
  const values = {
    fullName: fields.fullName,
    phone: fields.phone,
    address: fields.address,
    city: fields.city,
    postalCode: fields.postalCode,
    country: fields.country,
    dateOfBirth: fields.dateOfBirth,
    updatedAt: now,
  };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(profiles)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: profiles.userId, set: values })
      .returning();
    await tx.update(user).set({ name: fields.fullName, updatedAt: now }).where(eq(user.id, userId));
    return row!;
  });
}

/** The profile row of a user, created from the account when it is missing (spec §8 message). */
export async function loadOrCreateProfile(db: Db, account: { id: string; name: string }) {
  const [existing] = await db.select().from(profiles).where(eq(profiles.userId, account.id));
  if (existing) return { profile: existing, created: false };
  const [created] = await db
    .insert(profiles)
    .values({ userId: account.id, fullName: account.name || "User" })
    .onConflictDoNothing()
    .returning();
  const profile = created ?? (await db.select().from(profiles).where(eq(profiles.userId, account.id)))[0]!;
  return { profile, created: Boolean(created) };
}
