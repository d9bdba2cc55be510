import { eq, sql } from "drizzle-orm";
import { profiles, user } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import { readFitProfile } from "./fit-profile";
import type { FitProfile } from "./fit-types";

/**
 * A signed-in shopper's measurements for 'Find my size' (issue 29), kept on their profile
 * (`profiles.fit_profile`) only when they ask for it, and removed when they ask. Always by the session's
 * user id: no request names whose profile it is.
 */

/** The stored profile, or null (none, or a stored value that no longer keeps the rules). */
export async function loadFitProfile(db: Db, userId: string): Promise<FitProfile | null> {
  const [row] = await db.select({ fitProfile: profiles.fitProfile }).from(profiles).where(eq(profiles.userId, userId));
  return readFitProfile(row?.fitProfile ?? null);
}

/**
 * Keeps a profile (already validated). An account without a profile row gets one, named as the account
 * is (as the profile page does).
 */
export async function saveFitProfile(db: Db, userId: string, profile: FitProfile): Promise<FitProfile> {
  const fitProfile: FitProfile = {
    heightCm: profile.heightCm,
    weightKg: profile.weightKg,
    chestCm: profile.chestCm,
    waistCm: profile.waistCm,
    preference: profile.preference,
  };
  const now = new Date();
  await db
    .insert(profiles)
    .values({
      userId,
      fullName: sql`coalesce(nullif((select ${user.name} from ${user} where ${user.id} = ${userId}), ''), 'User')`,
      fitProfile,
    })
    .onConflictDoUpdate({ target: profiles.userId, set: { fitProfile, updatedAt: now } });
  return fitProfile;
}

/** Forgets the profile's measurements (nothing else of the profile changes). */
export async function removeFitProfile(db: Db, userId: string): Promise<void> {
  await db.update(profiles).set({ fitProfile: null, updatedAt: new Date() }).where(eq(profiles.userId, userId));
}
