import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { profiles, user } from "#db/schema/index";
import { startFakeOAuthProvider, type FakeOAuthProvider } from "../support/fake-oauth-provider";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * The auth library's own HTTP endpoints (/api/auth/*) next to our pages: only what the browser needs
 * is reachable, and what is reachable goes through the same limits and field rules as our pages.
 * TRUST_PROXY=1 lets each request name its client address in X-Forwarded-For, as behind a proxy.
 */
const ADMIN = { email: "owner@example.com", password: "OwnerPass123" };
const SESSION_COOKIE = "abundance.session_token";

let server: TestServer;
let google: FakeOAuthProvider;
const db = () => server.services().database.db;

beforeAll(async () => {
  google = await startFakeOAuthProvider({ clientId: "google-test-client", clientSecret: "google-test-secret" });
  server = await startTestServer({
    SEED_DEMO_CATALOG: "false",
    TRUST_PROXY: "1",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    GOOGLE_OAUTH_BASE: google.url,
  });
  google.redirectUri = `${server.url}/api/auth/callback/google`;
});
afterAll(async () => {
  await server?.stop();
  await google?.stop();
});
// Every test starts with fresh abuse counters (they are kept in the database).
beforeEach(async () => {
  await db().execute(sql`delete from rate_limit`);
});

let addresses = 0;
/** A client address no earlier request used. */
const freshIp = () => {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
};

interface From {
  ip?: string;
  cookie?: string;
}

function headersOf({ ip = freshIp(), cookie }: From, extra: Record<string, string>) {
  return { origin: server.url, "x-forwarded-for": ip, ...(cookie ? { cookie } : {}), ...extra };
}

const postJson = (path: string, body: unknown, from: From = {}) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: headersOf(from, { "content-type": "application/json" }),
    body: JSON.stringify(body),
    redirect: "manual",
  });

const postForm = (path: string, fields: Record<string, string>, from: From = {}) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: headersOf(from, { "content-type": "application/x-www-form-urlencoded" }),
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });

const hasSession = (res: Response) =>
  res.headers.getSetCookie().some((line) => line.startsWith(`${SESSION_COOKIE}=`) && !/^[^=]+=;/.test(line));

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((line) => line.split(";", 1)[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");

async function createAccount(email: string, password: string, name = "Test Shopper") {
  const { response } = await server.services().auth.api.signUpEmail({
    body: { email, password, name },
    returnHeaders: true,
  });
  return response.user.id;
}

async function signInCookie(email: string, password: string) {
  const res = await postForm("/login", { email, password });
  expect(res.status).toBe(302);
  return cookieOf(res);
}

describe("the auth library's endpoints", () => {
  it.each([
    ["POST", "/sign-in/email"],
    ["POST", "/sign-up/email"],
    ["POST", "/request-password-reset"],
    ["POST", "/reset-password"],
    ["POST", "/change-password"],
    ["POST", "/change-email"],
    ["POST", "/update-user"],
    ["POST", "/delete-user"],
    ["POST", "/send-verification-email"],
    ["POST", "/verify-password"],
    ["POST", "/revoke-sessions"],
    ["POST", "/revoke-other-sessions"],
    ["POST", "/link-social"],
    ["POST", "/unlink-account"],
    ["POST", "/refresh-token"],
    ["POST", "/get-access-token"],
    ["POST", "/update-session"],
    ["GET", "/get-session"],
    ["GET", "/list-sessions"],
    ["GET", "/list-accounts"],
    ["GET", "/account-info"],
    ["GET", "/delete-user/callback"],
    ["GET", "/ok"],
    ["GET", "/error"],
    ["POST", "//sign-in/email"],
    ["POST", "/sign-in/email/"],
    ["POST", "/callback/..%2Fsign-in%2Femail"],
    ["POST", "/sign-out/../sign-in/email"],
    ["GET", "/sign-in/social"],
  ])("answers 404 to %s /api/auth%s (not used by our pages)", async (method, path) => {
    const cookie = await signInCookie(ADMIN.email, ADMIN.password);
    const res = await fetch(`${server.url}/api/auth${path}`, {
      method,
      headers: headersOf({ cookie }, method === "POST" ? { "content-type": "application/json" } : {}),
      ...(method === "POST" ? { body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }) } : {}),
      redirect: "manual",
    });
    expect(res.status).toBe(404);
    expect(hasSession(res)).toBe(false);
  });

  it("lets 30 wrong passwords from 30 addresses at /api/auth/sign-in/email get nowhere, nor the right one after", async () => {
    await createAccount("target@example.com", "TargetPass123");
    for (let i = 1; i <= 30; i++) {
      const res = await postJson("/api/auth/sign-in/email", { email: "target@example.com", password: `Wrong${i}Pass` });
      expect(res.status, `attempt ${i}`).not.toBe(200);
      expect(hasSession(res)).toBe(false);
    }
    const right = await postJson("/api/auth/sign-in/email", { email: "target@example.com", password: "TargetPass123" });
    expect(right.status).not.toBe(200);
    expect(hasSession(right)).toBe(false);
  });

  it("locks an account at /login after 10 wrong passwords whatever address they come from", async () => {
    await createAccount("spread@example.com", "SpreadPass123");
    for (let i = 1; i <= 10; i++) {
      const res = await postForm("/login", { email: "spread@example.com", password: `Wrong${i}Pass` });
      expect(res.status, `attempt ${i}`).toBe(401);
    }
    const right = await postForm("/login", { email: "spread@example.com", password: "SpreadPass123" });
    expect(right.status).toBe(429);
    expect(hasSession(right)).toBe(false);
  });

  it("sends no more reset mails through /api/auth/request-password-reset than /forgot-password allows (3 an hour)", async () => {
    await createAccount("reset.me@example.com", "ResetPass123");
    const send = vi.spyOn(server.services().mailer, "send");
    try {
      for (let i = 0; i < 15; i++) {
        await postJson("/api/auth/request-password-reset", {
          email: "reset.me@example.com",
          redirectTo: "/reset-password",
        });
      }
      for (let i = 0; i < 5; i++) await postForm("/forgot-password", { email: "reset.me@example.com" });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const mails = send.mock.calls.filter(([mail]) => mail.to === "reset.me@example.com");
      expect(mails).toHaveLength(3);
    } finally {
      send.mockRestore();
    }
  });

  it("refuses a name outside the profile's rules at /api/auth/update-user; /profile keeps its rules", async () => {
    const id = await createAccount("long.name@example.com", "LongName123", "Lena Long");
    const cookie = await signInCookie("long.name@example.com", "LongName123");
    // As long as fits under the 64 KB body limit.
    const res = await postJson("/api/auth/update-user", { name: "N".repeat(60_000) }, { cookie });
    expect(res.status).toBeGreaterThanOrEqual(400);
    const [row] = await db().select().from(user).where(eq(user.id, id));
    expect(row?.name).toBe("Lena Long");
    const home = await (await fetch(`${server.url}/`, { headers: { cookie } })).text();
    expect(home.includes("N".repeat(101))).toBe(false);

    const tooLong = await postForm(
      "/profile",
      { intent: "update-profile", fullName: "P".repeat(101), country: "" },
      { cookie },
    );
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain("Full name must be at most 100 characters");
    const fine = await postForm(
      "/profile",
      { intent: "update-profile", fullName: "Lena Short", country: "" },
      { cookie },
    );
    expect(fine.status).toBe(200);
    const [after] = await db().select().from(user).where(eq(user.id, id));
    expect(after?.name).toBe("Lena Short");
  });

  it("refuses the same name through the server API (one set of rules wherever the row is written)", async () => {
    const id = await createAccount("server.api@example.com", "ServerApi123", "Sam Server");
    const cookie = await signInCookie("server.api@example.com", "ServerApi123");
    await expect(
      server.services().auth.api.updateUser({ body: { name: "S".repeat(200_000) }, headers: new Headers({ cookie }) }),
    ).rejects.toThrow();
    await expect(
      server.services().auth.api.updateUser({ body: { name: "   " }, headers: new Headers({ cookie }) }),
    ).rejects.toThrow();
    const [row] = await db().select().from(user).where(eq(user.id, id));
    expect(row?.name).toBe("Sam Server");
  });

  it.each<[string, Record<string, string>]>([
    ["a weak password", { password: "weakpassword", name: "Wendy Weak" }],
    ["a one-letter name", { password: "Strong12345", name: "W" }],
    ["a 5,000-character name", { password: "Strong12345", name: "W".repeat(5_000) }],
  ])("makes no account at /api/auth/sign-up/email with %s", async (_, fields) => {
    const email = `bypass-${Math.random().toString(36).slice(2)}@example.com`;
    const res = await postJson("/api/auth/sign-up/email", { email, ...fields });
    expect(res.status).not.toBe(200);
    expect(hasSession(res)).toBe(false);
    expect(await db().select().from(user).where(eq(user.email, email))).toHaveLength(0);
  });

  it("counts wrong current passwords on /profile against the account's lock, whatever the address", async () => {
    await createAccount("changer@example.com", "Original123", "Carl Changer");
    const cookie = await signInCookie("changer@example.com", "Original123");
    const change = (currentPassword: string) =>
      postForm(
        "/profile",
        { intent: "change-password", currentPassword, newPassword: "Changed1234", confirmPassword: "Changed1234" },
        { cookie },
      );
    for (let i = 1; i <= 10; i++) expect((await change(`Wrong${i}Guess`)).status, `attempt ${i}`).toBe(400);
    const right = await change("Original123");
    expect(right.status).toBe(429);
    // Sign-in is locked as well: the same ten wrong passwords.
    expect((await postForm("/login", { email: "changer@example.com", password: "Original123" })).status).toBe(429);
    // The password did not change.
    await db().execute(sql`delete from rate_limit`);
    expect((await postForm("/login", { email: "changer@example.com", password: "Original123" })).status).toBe(302);
  });

  describe("social sign-in (the open endpoints)", () => {
    const start = (ip: string) =>
      postJson(
        "/api/auth/sign-in/social",
        { provider: "google", callbackURL: "/", errorCallbackURL: "/login?error=oauth", disableRedirect: true },
        { ip },
      );

    async function signInWithGoogle() {
      const begun = await start(freshIp());
      expect(begun.status).toBe(200);
      const { url } = (await begun.json()) as { url: string };
      const authorized = await fetch(url, { redirect: "manual" });
      const callback = new URL(authorized.headers.get("location")!);
      expect(callback.pathname).toBe("/api/auth/callback/google");
      return fetch(callback, { headers: { cookie: cookieOf(begun) }, redirect: "manual" });
    }

    it("limits how often one address starts a social sign-in, like /login (21st → 429)", async () => {
      const ip = freshIp();
      const statuses: number[] = [];
      for (let i = 1; i <= 21; i++) statuses.push((await start(ip)).status);
      expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
      expect(statuses[20]).toBe(429);
      expect((await start(freshIp())).status).toBe(200);
    });

    it("cuts a provider's 200,000-character name to the profile's 100 at sign-up", async () => {
      google.user = { sub: "google-long", email: "long.social@example.com", name: `${"G".repeat(200_000)}` };
      const done = await signInWithGoogle();
      expect(done.status).toBe(302);
      expect(done.headers.get("location")).toBe("/");
      expect(hasSession(done)).toBe(true);
      const [row] = await db().select().from(user).where(eq(user.email, "long.social@example.com"));
      // Lengths, not the strings: a failure should not print 200,000 characters.
      expect(row?.name.length).toBe(100);
      expect(row?.name).toMatch(/^G+$/);
      const cookie = cookieOf(done);
      const home = await (await fetch(`${server.url}/`, { headers: { cookie } })).text();
      expect(home.includes("G".repeat(101))).toBe(false);
      expect(home.length).toBeLessThan(100_000);
      // The profile made from the account keeps the same name.
      expect((await fetch(`${server.url}/profile`, { headers: { cookie } })).status).toBe(200);
      const [profile] = await db().select().from(profiles).where(eq(profiles.userId, row!.id));
      expect(profile?.fullName.length).toBe(100);
    });

    it("names an account after its e-mail when the provider sends a blank name", async () => {
      google.user = { sub: "google-blank", email: "blank.social@example.com", name: "   " };
      const done = await signInWithGoogle();
      expect(hasSession(done)).toBe(true);
      const [row] = await db().select().from(user).where(eq(user.email, "blank.social@example.com"));
      expect(row?.name).toBe("blank.social");
    });
  });
});
