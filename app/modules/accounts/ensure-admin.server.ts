import { and, eq } from "drizzle-orm";
import { account, profiles, user } from "#db/schema/index";
import type { Db } from "~/lib/db/client.server";
import type { Auth } from "./auth.server";

/**
 * Creates the admin account of ADMIN_EMAIL / ADMIN_PASSWORD, or brings an existing one up to date
 * (password and role), so the printed credentials always work.
 */
export async function ensureAdminAccount(auth: Auth, db: Db, admin: { email: string; password: string }) {
  const ctx = await auth.$context;
  // Hashing is deliberately slow (scrypt): done only when a password is actually written.
  const hash = () => ctx.password.hash(admin.password);
  const existing = await db.query.user.findFirst({ where: eq(user.email, admin.email) });

  if (!existing) {
    const created = await ctx.internalAdapter.createUser(
      {
        email: admin.email,
        name: "Store Admin",
        emailVerified: true,
      },
      { method: "admin" },
    );
    await ctx.internalAdapter.linkAccount({
      userId: created.id,
      providerId: "credential",
      accountId: created.id,
      password: await hash(),
    });
    await db.update(user).set({ role: "admin", staffRole: "owner" }).where(eq(user.id, created.id));
    await db.insert(profiles).values({ userId: created.id, fullName: "Store Admin" }).onConflictDoNothing();
    return { created: true };
  }

  // ADMIN_EMAIL is the shop's first owner, and stays one: the account that always gets in (issue 32).
  await db
    .update(user)
    .set({ role: "admin", staffRole: "owner", updatedAt: new Date() })
    .where(eq(user.id, existing.id));
  const credential = await db.query.account.findFirst({
    where: and(eq(account.userId, existing.id), eq(account.providerId, "credential")),
  });
  const passwordMatches = credential?.password
    ? await ctx.password.verify({ hash: credential.password, password: admin.password })
    : false;
  if (!credential) {
    await ctx.internalAdapter.linkAccount({
      userId: existing.id,
      providerId: "credential",
      accountId: existing.id,
      password: await hash(),
    });
  } else if (!passwordMatches) {
    await db
      .update(account)
      .set({ password: await hash(), updatedAt: new Date() })
      .where(eq(account.id, credential.id));
  }
  await db.insert(profiles).values({ userId: existing.id, fullName: existing.name }).onConflictDoNothing();
  return { created: false };
}
