import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session, staffInvitations, user } from "#db/schema/index";
import { queryRows } from "~/lib/db/client.server";
import { STAFF_MESSAGES } from "~/modules/staff/staff-invitations";
import { mailText } from "../support/mail-text";
import { cookieHeader, signIn, signUp } from "../support/sessions";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * Staff (issue 32) over HTTP: the owner invites by e-mail (the link through the local SMTP server), the
 * invitee makes an account or joins with theirs, the role decides what opens; role changes, removal
 * (sessions end at once), the last owner kept; invitation links forged, reused, expired and withdrawn
 * refused; nobody but the owner can touch the staff.
 */

const OWNER = { email: "owner@example.com", password: "OwnerPass123" };
let server: TestServer;
let smtp: SmtpSink;
let ownerCookie = "";
const db = () => server.services().database.db;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    SMTP_URL: smtp.url,
    RATE_LIMIT_IP_MULTIPLIER: "50",
  });
  ownerCookie = await signIn(server.url, OWNER.email, OWNER.password);
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

async function post(path: string, cookie: string, fields: Record<string, string>) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, cookie },
    body: new URLSearchParams(fields),
  });
}

async function get(path: string, cookie = "") {
  return fetch(`${server.url}${path}`, { redirect: "manual", headers: { cookie } });
}

/** Invites `email` as `role` and answers the link the mail carries. */
async function invite(email: string, role: string, cookie = ownerCookie): Promise<string> {
  const before = smtp.mails.length;
  const res = await post("/admin/staff", cookie, { intent: "invite", email, role });
  expect(res.status, await res.clone().text()).toBe(200);
  await expect.poll(() => smtp.mails.length).toBeGreaterThan(before);
  const mail = smtp.mails.findLast((m) => m.to.includes(email.toLowerCase()))!;
  expect(mail.subject).toContain("invited to join");
  const link = /https?:\/\/\S+\/staff\/join\?token=\S+/.exec(mailText(mail.raw))?.[0];
  expect(link).toBeTruthy();
  return new URL(link!).pathname + new URL(link!).search;
}

async function join(link: string, name: string, password: string) {
  const token = new URL(link, server.url).searchParams.get("token")!;
  return post("/staff/join", "", { token, name, password, confirmPassword: password });
}

const roleOf = async (email: string) =>
  (await db().select({ role: user.role, staffRole: user.staffRole }).from(user).where(eq(user.email, email)))[0];

describe("staff invitations", () => {
  let fulfilmentCookie = "";

  it("makes an account from the link, signs it in, and the role decides what opens", async () => {
    const link = await invite("Pat.Packer@example.com", "fulfilment");
    const page = await get(link);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("pat.packer@example.com");
    expect(html).toContain("Fulfilment");

    const joined = await join(link, "Pat Packer", "PackPass123");
    expect(joined.status).toBe(302);
    expect(joined.headers.get("location")).toBe("/admin");
    fulfilmentCookie = cookieHeader(joined);
    expect(await roleOf("pat.packer@example.com")).toEqual({ role: "admin", staffRole: "fulfilment" });

    expect((await get("/admin/orders", fulfilmentCookie)).status).toBe(200);
    const products = await get("/admin/products", fulfilmentCookie);
    expect(products.status).toBe(403);
    expect(await products.text()).toContain("Your role (Fulfilment) does not include products.");
    expect((await get("/admin/staff", fulfilmentCookie)).status).toBe(403);
    expect((await get("/admin/customers.data", fulfilmentCookie)).status).toBe(403);
    // The sidebar shows what the role includes, and nothing else.
    const home = await (await get("/admin", fulfilmentCookie)).text();
    expect(home).toContain('href="/admin/orders"');
    expect(home).not.toContain('href="/admin/products"');
    expect(home).not.toContain("Revenue today");
  });

  it("refuses the same link a second time, a forged one, an expired one and a withdrawn one", async () => {
    const link = await invite("second@example.com", "catalogue");
    expect((await join(link, "Second Person", "SecondPass123")).status).toBe(302);
    // Reused.
    const again = await join(link, "Someone Else", "OtherPass123");
    expect(again.status).toBe(400);
    expect(await again.text()).toContain(STAFF_MESSAGES.invalidLink);
    expect((await get(link)).status).toBe(404);

    // Forged: a real invitation's id with another secret, and a token of another shape.
    const fresh = await invite("third@example.com", "manager");
    const token = new URL(fresh, server.url).searchParams.get("token")!;
    const [id] = token.split(".");
    const forged = `${id}.${"A".repeat(43)}`;
    for (const bad of [forged, "nonsense", `${id}`]) {
      const res = await post("/staff/join", "", {
        token: bad,
        name: "Mallory",
        password: "Mallory123",
        confirmPassword: "Mallory123",
      });
      expect(res.status, bad).toBe(400);
    }
    expect(await roleOf("third@example.com")).toBeUndefined();

    // Expired.
    await db()
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.email, "third@example.com"));
    expect((await join(fresh, "Third Person", "ThirdPass123")).status).toBe(400);
    expect(await roleOf("third@example.com")).toBeUndefined();

    // Withdrawn.
    const withdrawn = await invite("fourth@example.com", "manager");
    const [open] = await db()
      .select({ id: staffInvitations.id })
      .from(staffInvitations)
      .where(sql`${staffInvitations.email} = 'fourth@example.com' and ${staffInvitations.revokedAt} is null`);
    expect((await post("/admin/staff", ownerCookie, { intent: "revoke", invitationId: open!.id })).status).toBe(200);
    expect((await join(withdrawn, "Fourth Person", "FourthPass123")).status).toBe(400);
  });

  it("attaches an existing account once it is signed in with the invited address, not another", async () => {
    const shopper = await signUp(server, "regular@example.com", "Regular123", "Regular Shopper");
    const other = await signUp(server, "someone.else@example.com", "Someone123", "Someone");
    const link = await invite("regular@example.com", "catalogue");
    const token = new URL(link, server.url).searchParams.get("token")!;
    // Without a session the page asks to sign in; making a second account with that address is refused.
    expect(await (await get(link)).text()).toContain("Sign in to accept");
    const made = await join(link, "Impostor", "Impostor123");
    expect(made.status).toBe(409);
    // Another account's session cannot take it.
    const wrong = await post("/staff/join", other.cookie, { intent: "accept", token });
    expect(wrong.status).toBe(403);
    expect(await roleOf("someone.else@example.com")).toEqual({ role: "customer", staffRole: null });
    const accepted = await post("/staff/join", shopper.cookie, { intent: "accept", token });
    expect(accepted.status).toBe(302);
    expect(await roleOf("regular@example.com")).toEqual({ role: "admin", staffRole: "catalogue" });
    expect((await get("/admin/products", shopper.cookie)).status).toBe(200);
    expect((await get("/admin/orders", shopper.cookie)).status).toBe(403);
  });

  it("refuses an invitation to someone already on the staff, and bad input, with words", async () => {
    const res = await post("/admin/staff", ownerCookie, { intent: "invite", email: OWNER.email, role: "manager" });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(STAFF_MESSAGES.alreadyStaff);
    const bad = await post("/admin/staff", ownerCookie, { intent: "invite", email: "not-an-email", role: "boss" });
    expect(bad.status).toBe(400);
  });

  it("lets only the owner touch the staff: every other role, a customer and a visitor get 403 and nothing changes", async () => {
    const customer = await signUp(server, "nosy@example.com");
    const count = async () =>
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(staffInvitations)
      )[0]!.n;
    const before = await count();
    for (const cookie of [fulfilmentCookie, customer.cookie, ""]) {
      const res = await post("/admin/staff", cookie, { intent: "invite", email: "x@example.com", role: "owner" });
      expect(res.status).toBe(403);
      expect((await get("/admin/staff.data", cookie)).status).toBe(403);
    }
    expect(await count()).toBe(before);
  });
});

describe("roles and removal", () => {
  it("changes a role at once, keeps at least one owner, and removing a member ends their sessions", async () => {
    const link = await invite("mia.manager@example.com", "manager");
    const joined = await join(link, "Mia Manager", "MiaPass1234");
    const miaCookie = cookieHeader(joined);
    const [mia] = await db().select({ id: user.id }).from(user).where(eq(user.email, "mia.manager@example.com"));
    expect((await get("/admin/analytics", miaCookie)).status).toBe(200);

    // Promoted to owner; then the first owner steps down; the last owner cannot.
    expect(
      (await post("/admin/staff", ownerCookie, { intent: "change-role", userId: mia!.id, role: "owner" })).status,
    ).toBe(200);
    expect((await get("/admin/staff", miaCookie)).status).toBe(200);
    const [first] = await db().select({ id: user.id }).from(user).where(eq(user.email, OWNER.email));
    expect(
      (await post("/admin/staff", miaCookie, { intent: "change-role", userId: first!.id, role: "manager" })).status,
    ).toBe(200);
    const last = await post("/admin/staff", miaCookie, { intent: "change-role", userId: mia!.id, role: "manager" });
    expect(last.status).toBe(409);
    expect(await last.text()).toContain(STAFF_MESSAGES.lastOwner);
    const removeLast = await post("/admin/staff", miaCookie, { intent: "remove", userId: mia!.id });
    expect(removeLast.status).toBe(409);
    expect(await roleOf("mia.manager@example.com")).toEqual({ role: "admin", staffRole: "owner" });
    // The first owner, a manager now, cannot open Staff; Mia restores them.
    expect((await get("/admin/staff", ownerCookie)).status).toBe(403);
    expect(
      (await post("/admin/staff", miaCookie, { intent: "change-role", userId: first!.id, role: "owner" })).status,
    ).toBe(200);

    // Removed: a customer again, every session gone, the back office closed on the very next request.
    const second = await signIn(server.url, "mia.manager@example.com", "MiaPass1234");
    expect((await post("/admin/staff", ownerCookie, { intent: "remove", userId: mia!.id })).status).toBe(200);
    expect(await roleOf("mia.manager@example.com")).toEqual({ role: "customer", staffRole: null });
    // Each staff change is in the audit trail, with who made it and the role before and after.
    const trail = await queryRows<{ action: string; actor_name: string; changes: unknown }>(
      db(),
      sql`select action, actor_name, changes from audit_log where object_type = 'staff' and object_id = ${mia!.id}
          order by created_at`,
    );
    // (The refused demotion and removal of the last owner wrote nothing.)
    expect(trail.map((row) => row.action)).toEqual(["staff.join", "staff.change-role", "staff.remove"]);
    expect(trail.at(-1)!.changes).toEqual({ role: ["owner", null] });
    expect(await db().select().from(session).where(eq(session.userId, mia!.id))).toHaveLength(0);
    for (const cookie of [miaCookie, second]) {
      expect((await get("/admin/orders", cookie)).status).toBe(403);
      const viewer = await (await get("/api/viewer", cookie)).json();
      expect(viewer.user ?? null).toBeNull();
    }
  });
});
