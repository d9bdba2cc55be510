import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/lib/db/client.server";
import { ADMIN_ACCESS_MESSAGES } from "~/modules/accounts/admin-grant";
import { AUDIT_PAGE_SIZE, parseAuditQuery, SHARED_PASSWORD_ACTOR } from "~/modules/audit/audit-query";
import { listAudit, recordAudit, type AuditActor, type AuditPage } from "~/modules/audit/audit.server";
import { cookieHeader, signIn, signUp } from "../support/sessions";
import { databaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";
import { asRead } from "../support/html";

/**
 * The audit trail (issue 32) on the real database: recordAudit's one statement for thousands of entries,
 * written with the caller's transaction or not at all; the table refuses UPDATE, DELETE and TRUNCATE;
 * the search's filters and keyset pages; and /admin/audit over HTTP for an owner, the shared password
 * (manager), a fulfilment member (403), a customer and a visitor (nothing).
 */

const OWNER = { email: "owner.audit@example.com", password: "OwnerPass123" };
const SHARED_PASSWORD = "SharedPass123!";
const TZ = "America/New_York";

let server: TestServer;
let ownerCookie = "";
let customerCookie = "";
let fulfilmentCookie = "";
let passHolderCookie = "";
const db = () => server.services().database.db;

const ada: AuditActor = { kind: "member", id: "audit-ada", email: "ada@example.com", name: "Ada Lovelace" };
const shared: AuditActor = {
  kind: "shared-password",
  id: "audit-holder",
  email: "holder@example.com",
  name: "Shared password",
  sessionId: "sess-1234567890abcdef",
};

const count = async (where = sql`true`) =>
  (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from audit_log where ${where}`))[0]!.n;

const list = (params: Record<string, string>) =>
  listAudit(db(), parseAuditQuery(new URLSearchParams(params)), { timeZone: TZ });

async function allPages(params: Record<string, string>): Promise<AuditPage["rows"]> {
  const rows: AuditPage["rows"] = [];
  let before = "";
  for (let i = 0; i < 1000; i++) {
    const page = await list(before ? { ...params, before } : params);
    rows.push(...page.rows);
    if (!page.next) break;
    before = `${page.next.at}_${page.next.id}`;
  }
  return rows;
}

beforeAll(async () => {
  server = await startTestServer({
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    SECURE_ADMIN_PASSWORD: SHARED_PASSWORD,
  });
  ownerCookie = await signIn(server.url, OWNER.email, OWNER.password);
  customerCookie = (await signUp(server, "audit.shopper@example.com")).cookie;
  const packer = await signUp(server, "audit.packer@example.com", "PackerPass123", "Pat Packer");
  await db().execute(sql`update "user" set role = 'admin', staff_role = 'fulfilment' where id = ${packer.id}`);
  fulfilmentCookie = await signIn(server.url, "audit.packer@example.com", "PackerPass123");
  const holder = await signUp(server, "audit.holder@example.com");
  const grant = await fetch(`${server.url}/admin`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, cookie: holder.cookie },
    body: new URLSearchParams({ intent: "admin-password", password: SHARED_PASSWORD }),
  });
  expect(await grant.text()).toContain(ADMIN_ACCESS_MESSAGES.granted);
  passHolderCookie = `${holder.cookie}; ${cookieHeader(grant)}`;
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describe(`recordAudit (${databaseKind})`, () => {
  it("writes one row per entry with who, what and the changed fields, in one statement for 5,000", async () => {
    const entries = Array.from({ length: 5_000 }, (_, i) => ({
      action: "product.bulk",
      objectType: "product" as const,
      objectId: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      objectName: `Bulk Tee ${i}`,
      changes: { active: [true, false] as [unknown, unknown] },
    }));
    const statements: string[] = [];
    await db().transaction(async (tx) => {
      const spy = tx as unknown as { execute: (q: unknown) => Promise<unknown> };
      const execute = spy.execute.bind(tx);
      spy.execute = (q) => {
        statements.push("insert");
        return execute(q);
      };
      await recordAudit(tx, ada, entries);
      // (The driver's own COMMIT may go through execute too: count recordAudit's statements only.)
      spy.execute = execute;
    });
    expect(statements).toHaveLength(1);
    expect(await count(sql`action = 'product.bulk'`)).toBe(5_000);
    const [row] = await queryRows<Record<string, unknown>>(
      db(),
      sql`select actor_kind, actor_id, actor_email, actor_name, actor_session, object_type, object_name, changes
            from audit_log where object_id = ${entries[17]!.objectId}`,
    );
    expect(row).toEqual({
      actor_kind: "member",
      actor_id: "audit-ada",
      actor_email: "ada@example.com",
      actor_name: "Ada Lovelace",
      actor_session: null,
      object_type: "product",
      object_name: "Bulk Tee 17",
      changes: { active: [true, false] },
    });
    // Nothing to record: no statement at all.
    await recordAudit(db(), ada, []);
  });

  it("records the shared password with its session, and lands with the caller's transaction or not at all", async () => {
    await recordAudit(db(), shared, [{ action: "order.ship", objectType: "order", objectId: "ORD-AUDIT-1" }]);
    const [row] = await queryRows<{ actor_kind: string; actor_session: string; changes: unknown }>(
      db(),
      sql`select actor_kind, actor_session, changes from audit_log where object_id = 'ORD-AUDIT-1'`,
    );
    expect(row).toEqual({ actor_kind: "shared-password", actor_session: "sess-1234567890abcdef", changes: {} });
    await expect(
      db().transaction(async (tx) => {
        await recordAudit(tx, ada, [{ action: "order.cancel", objectType: "order", objectId: "ORD-AUDIT-ROLLED" }]);
        throw new Error("the write failed after its record");
      }),
    ).rejects.toThrow("the write failed");
    expect(await count(sql`object_id = 'ORD-AUDIT-ROLLED'`)).toBe(0);
  });

  it("refuses UPDATE, DELETE and TRUNCATE: entries cannot be edited or deleted", async () => {
    const before = await count();
    await expect(db().execute(sql`update audit_log set actor_name = 'Someone else'`)).rejects.toThrow();
    await expect(db().execute(sql`delete from audit_log where object_id = 'ORD-AUDIT-1'`)).rejects.toThrow();
    await expect(db().execute(sql`truncate audit_log`)).rejects.toThrow();
    expect(await count()).toBe(before);
    expect(await count(sql`actor_name = 'Someone else'`)).toBe(0);
    // A shared-password entry without its session, or an unknown kind of actor, is refused too.
    await expect(
      db().execute(
        sql`insert into audit_log (actor_kind, actor_id, actor_email, actor_name, action, object_type, object_id)
            values ('shared-password', 'x', 'x@example.com', 'Shared password', 'order.ship', 'order', 'ORD-X')`,
      ),
    ).rejects.toThrow();
  });
});

describe(`the audit search (${databaseKind})`, () => {
  it("filters by person, the shared password, object kind, id, name prefix and days, newest first", async () => {
    await recordAudit(db(), ada, [
      { action: "discount.create", objectType: "discount", objectId: "disc-1", objectName: "Winter 20%" },
      { action: "product.update", objectType: "product", objectId: "prod-wrap", objectName: "Wrap Midi Dress" },
    ]);
    const byAda = await allPages({ actor: "audit-ada" });
    expect(byAda.length).toBe(5_002);
    expect(byAda.every((r) => r.actorId === "audit-ada")).toBe(true);
    const byShared = await list({ actor: SHARED_PASSWORD_ACTOR });
    expect(byShared.rows.map((r) => r.objectId)).toEqual(["ORD-AUDIT-1"]);
    expect(byShared.rows[0]).toMatchObject({ actorKind: "shared-password", actorSession: "sess-1234567890abcdef" });
    expect((await list({ type: "discount" })).rows.map((r) => r.objectName)).toEqual(["Winter 20%"]);
    expect((await list({ object: "prod-wrap" })).rows.map((r) => r.action)).toEqual(["product.update"]);
    expect((await list({ object: "wrap mi" })).rows.map((r) => r.objectId)).toEqual(["prod-wrap"]);
    expect((await list({ type: "order", object: "wrap" })).rows).toEqual([]);
    // LIKE's own characters are plain text.
    expect((await list({ object: "%" })).rows).toEqual([]);
    // Newest first: the two latest entries lead the unfiltered log.
    const newest = await list({});
    expect(newest.rows.slice(0, 2).map((r) => r.objectId)).toEqual(["prod-wrap", "disc-1"]);
    // Days on the shop's clock: today has them all, a day long past none.
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: TZ }).format(new Date());
    expect((await list({ from: today, to: today, object: "prod-wrap" })).rows).toHaveLength(1);
    expect((await list({ from: "2020-01-01", to: "2020-01-31" })).rows).toEqual([]);
    expect((await list({ to: "2020-01-31", object: "prod-wrap" })).rows).toEqual([]);
  });

  it("pages with a keyset: every entry once, none skipped, even 5,000 written in the same instant", async () => {
    const all = await allPages({ type: "product" });
    expect(all.length).toBe(5_001);
    expect(new Set(all.map((r) => r.id)).size).toBe(5_001);
    const first = await list({ type: "product" });
    expect(first.rows).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.next).toEqual({ at: first.rows.at(-1)!.at, id: first.rows.at(-1)!.id });
    for (let i = 1; i < all.length; i++) {
      const [a, b] = [all[i - 1]!, all[i]!];
      expect(a.at > b.at || (a.at === b.at && a.id > b.id), `${i}`).toBe(true);
    }
  });
});

describe(`/admin/audit over HTTP (${databaseKind})`, () => {
  const get = (path: string, cookie?: string) =>
    fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });

  it("shows the owner who, what, when and each field's before → after, and searches", async () => {
    const res = await get("/admin/audit?object=wrap", ownerCookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Audit log");
    expect(html).toContain("Ada Lovelace");
    expect(html).toContain("Updated product");
    expect(html).toContain("Wrap Midi Dress");
    const bulk = asRead(await (await get("/admin/audit?type=product&object=Bulk%20Tee%2017", ownerCookie)).text());
    expect(bulk).toContain("Bulk Tee 17");
    expect(bulk).toMatch(/active<\/span>: <span>true<\/span>.*→.*<span>false<\/span>/s);
    const shared = await (await get(`/admin/audit?actor=${SHARED_PASSWORD_ACTOR}`, ownerCookie)).text();
    expect(shared).toContain("Shared password");
    expect(shared).toContain("session sess-123");
    expect(shared).toContain("ORD-AUDIT-1");
    // A page's "Older" link carries the keyset.
    const paged = await (await get("/admin/audit?type=product", ownerCookie)).text();
    expect(paged).toMatch(/href="\/admin\/audit\?type=product&amp;before=[^"]+_\d+"/);
  });

  it("lets the shared password (manager) read it, refuses a fulfilment member, a customer and a visitor", async () => {
    const holder = await get("/admin/audit?object=wrap", passHolderCookie);
    expect(holder.status).toBe(200);
    expect(await holder.text()).toContain("Wrap Midi Dress");
    for (const [who, cookie] of Object.entries({
      fulfilment: fulfilmentCookie,
      customer: customerCookie,
      visitor: undefined,
    })) {
      for (const path of ["/admin/audit?object=wrap", "/admin/audit.data?object=wrap"]) {
        const res = await get(path, cookie);
        const text = await res.text();
        expect(text, `${who} ${path}`).not.toContain("Wrap Midi Dress");
        expect(text, `${who} ${path}`).not.toContain("Ada Lovelace");
        if (who === "fulfilment") expect(res.status, path).toBe(403);
      }
    }
    const refused = await (await get("/admin/audit", fulfilmentCookie)).text();
    expect(refused).toContain("Your role (Fulfilment) does not include the audit log.");
  });
});
