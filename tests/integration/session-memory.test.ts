import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session, user } from "#db/schema/index";
import type { ViewerAnswer } from "~/routes/api.viewer";
import { databaseKind } from "../support/test-database";
import { signUp } from "../support/sessions";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * Sessions read from memory (decision 0018): a signed-in request is answered without the session query,
 * and whatever changes a session or its user in the database — by any path, SQL included — counts as
 * soon as the database's notice arrives (at once on the embedded database; within milliseconds on
 * PostgreSQL, hence the polls).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const db = () => server.services().database.db;
async function viewer(cookie: string): Promise<ViewerAnswer["user"]> {
  const res = await fetch(`${server.url}/api/viewer`, { headers: { cookie } });
  return ((await res.json()) as ViewerAnswer).user;
}
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 3_000, interval: 20 });

describe(`sessions kept in memory (${databaseKind})`, () => {
  it("answers a known session from memory: with the database's notices switched off, a deleted session still counts", async () => {
    const { cookie, id } = await signUp(server, "remembered@example.com");
    expect((await viewer(cookie))?.email).toBe("remembered@example.com");
    await db().execute(sql`alter table "session" disable trigger "session_change_notice"`);
    try {
      await db().delete(session).where(eq(session.userId, id));
      // Nothing told this process: the copy it read stands (which is why the triggers exist).
      expect((await viewer(cookie))?.email).toBe("remembered@example.com");
    } finally {
      await db().execute(sql`alter table "session" enable trigger "session_change_notice"`);
    }
  });

  it("forgets a session revoked in the database (SQL, another process): the old cookie is a guest's", async () => {
    const { cookie, id } = await signUp(server, "revoked@example.com");
    expect((await viewer(cookie))?.email).toBe("revoked@example.com");
    await db().delete(session).where(eq(session.userId, id));
    await poll(() => viewer(cookie)).toBeNull();
    const orders = await fetch(`${server.url}/orders`, { headers: { cookie }, redirect: "manual" });
    expect(orders.status).toBe(302);
    expect(orders.headers.get("location")).toContain("/login");
  });

  it("ends a session signed out through this process at once, before (and without) the database's notice", async () => {
    const { cookie } = await signUp(server, "leaving-here@example.com");
    expect((await viewer(cookie))?.email).toBe("leaving-here@example.com");
    await db().execute(sql`alter table "session" disable trigger "session_change_notice"`);
    try {
      const out = await fetch(`${server.url}/api/auth/sign-out`, {
        method: "POST",
        headers: { cookie, origin: server.url, "content-type": "application/json" },
        body: "{}",
      });
      expect(out.status).toBe(200);
      expect(await viewer(cookie)).toBeNull();
    } finally {
      await db().execute(sql`alter table "session" enable trigger "session_change_notice"`);
    }
  });

  it("forgets a session signed out through the auth library", async () => {
    const { cookie } = await signUp(server, "leaving@example.com");
    expect((await viewer(cookie))?.email).toBe("leaving@example.com");
    await server.services().auth.api.signOut({ headers: new Headers({ cookie }) });
    await poll(() => viewer(cookie)).toBeNull();
  });

  it("shows a user's new name, and a promotion to admin, once the database has them", async () => {
    const { cookie, id } = await signUp(server, "renamed@example.com", "Shopper123", "Old Name");
    expect((await viewer(cookie))?.name).toBe("Old Name");
    await db().update(user).set({ name: "New Name" }).where(eq(user.id, id));
    await poll(async () => (await viewer(cookie))?.name).toBe("New Name");
    await db().update(user).set({ role: "admin" }).where(eq(user.id, id));
    await poll(async () => (await viewer(cookie))?.role).toBe("admin");
    const admin = await fetch(`${server.url}/admin/products`, { headers: { cookie }, redirect: "manual" });
    expect(admin.status).toBe(200);
  });

  it("reads an admin's session afresh on every request: a demotion counts on the next one, with notices off", async () => {
    const { cookie, id } = await signUp(server, "demoted@example.com");
    await db().update(user).set({ role: "admin" }).where(eq(user.id, id));
    await poll(async () => (await viewer(cookie))?.role).toBe("admin");
    await db().execute(sql`alter table "user" disable trigger "session_user_change_notice"`);
    try {
      await db().update(user).set({ role: "customer" }).where(eq(user.id, id));
      const admin = await fetch(`${server.url}/admin/products`, { headers: { cookie }, redirect: "manual" });
      expect(admin.status).toBe(302);
      expect((await viewer(cookie))?.role).toBe("customer");
    } finally {
      await db().execute(sql`alter table "user" enable trigger "session_user_change_notice"`);
    }
  });
});
