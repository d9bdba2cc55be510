import path from "node:path";
import { eq } from "drizzle-orm";
import { UNSAFE_decodeViaTurboStream as decodeTurboStream, UNSAFE_SingleFetchRedirectSymbol } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, user } from "#db/schema/index";
import { OutboxMailer } from "~/modules/notifications/mailer.server";
import { databaseKind } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const request = (urlPath: string, init?: RequestInit) =>
  fetch(`${server.url}${urlPath}`, { redirect: "manual", ...init });
const db = () => server.services().database.db;
const outbox = () => new OutboxMailer(path.join(server.services().config.dataDir, "outbox"), "test@example.com");

/** Mail is sent after the answer (so that known and unknown addresses answer alike): wait for it. */
async function mailsOnceThere(count: number) {
  const until = Date.now() + 5_000;
  for (;;) {
    const mails = await outbox().list();
    if (mails.length >= count || Date.now() > until) return mails;
    await new Promise((r) => setTimeout(r, 25));
  }
}

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => !/=$/.test(c))
    .join("; ");

/** An account made in the server's process (the auth library's JSON sign-up is closed), signed in. */
async function signUp(email: string, password: string, name: string): Promise<{ cookie: string; id: string }> {
  const { headers, response } = await server.services().auth.api.signUpEmail({
    body: { email, password, name },
    returnHeaders: true,
  });
  const cookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
  expect(cookie).toContain("abundance.session_token=");
  return { cookie, id: response.user.id };
}

/** Signs in through /login as a browser does: 302 with the session cookie, or 401. */
async function signIn(email: string, password: string): Promise<Response> {
  return request("/login", {
    method: "POST",
    headers: { origin: server.url },
    body: new URLSearchParams({ email, password }),
  });
}

/** A form POST as the browser's fetcher sends it (`/route.data`), decoded. */
async function post(urlPath: string, fields: Record<string, string>, cookie?: string) {
  const res = await request(urlPath, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: server.url,
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
  return res;
}

async function decode(res: Response): Promise<unknown> {
  const { value } = await decodeTurboStream(res.body!, globalThis);
  return value;
}

/** The loader data of one route from a `.data` answer. */
async function loaderData(urlPath: string, cookie: string, routeId = "routes/profile") {
  const res = await request(`${urlPath}.data`, { headers: { cookie } });
  expect(res.status).toBe(200);
  const value = (await decode(res)) as Record<string, { data?: unknown }>;
  return value[routeId]?.data as Record<string, unknown>;
}

async function actionData(res: Response) {
  const value = (await decode(res)) as { data?: unknown };
  return value.data as { intent: string; ok: boolean; message: string | null; errors: Record<string, string> };
}

describe(`profile and password pages on ${databaseKind}`, () => {
  it("sends signed-out visitors of /profile to the login page", async () => {
    const res = await request("/profile");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?redirect=%2Fprofile");
  });

  it("answers the profile data URL with a redirect, not data, without a session", async () => {
    const res = await request("/profile.data");
    const text = await res.clone().text();
    expect(text).not.toContain("fullName");
    expect(text).not.toContain("memberSince");
    const value = (await decode(res)) as Record<symbol | string, unknown>;
    const redirect = value[UNSAFE_SingleFetchRedirectSymbol as unknown as symbol] as { redirect: string } | undefined;
    expect(redirect?.redirect).toBe("/login?redirect=%2Fprofile");
  });

  it("shows a signed-in user's profile", async () => {
    const { cookie } = await signUp("viewer@example.com", "ViewerPass1", "Vera Viewer");
    const res = await request("/profile", { headers: { cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Vera Viewer");
    expect(html).toContain("viewer@example.com");
    expect(html).toContain("Member since");
  });

  it("creates a missing profile row from the account and says so", async () => {
    const { cookie, id } = await signUp("fresh@example.com", "FreshPass12", "Fred Fresh");
    await db().delete(profiles).where(eq(profiles.userId, id));
    const first = await loaderData("/profile", cookie);
    expect(first.created).toBe(true);
    expect(first.profile).toMatchObject({ fullName: "Fred Fresh", email: "fresh@example.com" });
    const [row] = await db().select().from(profiles).where(eq(profiles.userId, id));
    expect(row?.fullName).toBe("Fred Fresh");
    const second = await loaderData("/profile", cookie);
    expect(second.created).toBe(false);
  });

  it("updates the listed fields only, never e-mail, role or owner", async () => {
    const { cookie, id } = await signUp("editor@example.com", "EditorPass1", "Edith Editor");
    const other = await signUp("bystander@example.com", "Bystander12", "Bob Bystander");
    await loaderData("/profile", other.cookie);
    const res = await post(
      "/profile.data",
      {
        intent: "update-profile",
        fullName: "Edith Updated",
        phone: "+44 20 7946 0958",
        address: "1 Main Street",
        city: "London",
        postalCode: "N1 9GU",
        country: "UK",
        dateOfBirth: "1990-05-17",
        email: "hijack@example.com",
        role: "admin",
        userId: other.id,
      },
      cookie,
    );
    expect(res.status).toBe(200);
    expect(await actionData(res)).toMatchObject({ ok: true, message: "Profile updated successfully" });

    const [row] = await db().select().from(profiles).where(eq(profiles.userId, id));
    expect(row).toMatchObject({
      fullName: "Edith Updated",
      phone: "+44 20 7946 0958",
      city: "London",
      country: "UK",
      dateOfBirth: "1990-05-17",
    });
    const [account] = await db().select().from(user).where(eq(user.id, id));
    expect(account).toMatchObject({ email: "editor@example.com", role: "customer", name: "Edith Updated" });
    const [bystander] = await db().select().from(profiles).where(eq(profiles.userId, other.id));
    expect(bystander?.fullName).toBe("Bob Bystander");

    const view = await loaderData("/profile", cookie);
    expect(view.profile).toMatchObject({
      fullName: "Edith Updated",
      phone: "+44 20 7946 0958",
      email: "editor@example.com",
    });
  });

  it("refuses an invalid profile with the field's message and changes nothing", async () => {
    const { cookie, id } = await signUp("blank@example.com", "BlankPass12", "Blanche");
    await loaderData("/profile", cookie);
    const res = await post(
      "/profile.data",
      { intent: "update-profile", fullName: "  ", dateOfBirth: "2999-01-01" },
      cookie,
    );
    expect(res.status).toBe(400);
    const body = await actionData(res);
    expect(body.errors).toEqual({
      fullName: "Full name is required",
      dateOfBirth: "Date of birth cannot be in the future",
    });
    const [row] = await db().select().from(profiles).where(eq(profiles.userId, id));
    expect(row?.fullName).toBe("Blanche");
  });

  it("answers a form with a NUL character 400 with a clear message, not a database error", async () => {
    const { cookie, id } = await signUp("nul@example.com", "NulPass123", "Nula");
    // URLSearchParams sends "\0" as %00: intent=update-profile&fullName=A%00b.
    const profile = await post("/profile", { intent: "update-profile", fullName: "A\0b" }, cookie);
    expect(profile.status).toBe(400);
    expect(await profile.text()).toContain("Invalid characters in request");
    const profileData = await post("/profile.data", { intent: "update-profile", fullName: "A\0b" }, cookie);
    expect(profileData.status).toBe(400);
    expect((await actionData(profileData)).message).toBe("Invalid characters in request");
    const [row] = await db().select().from(profiles).where(eq(profiles.userId, id));
    expect(row?.fullName).toBe("Nula");

    const forgot = await post("/forgot-password", { email: "a\0@b.co" });
    expect(forgot.status).toBe(400);
    expect(await forgot.text()).toContain("Invalid characters in request");
  });

  it("does not let a signed-out visitor post to the profile", async () => {
    const res = await post("/profile", { intent: "update-profile", fullName: "Nobody" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?redirect=%2Fprofile");
  });

  it("answers forgot-password alike for known and unknown addresses, mailing only the known one", async () => {
    await signUp("forgetful@example.com", "Forgetful1", "Fiona Forgetful");
    const before = (await outbox().list()).length;
    const known = await post("/forgot-password.data", { email: "forgetful@example.com" });
    const knownBody = Buffer.from(await known.arrayBuffer());
    const afterKnown = await mailsOnceThere(before + 1);
    expect(afterKnown.length).toBe(before + 1);
    expect(afterKnown[0]?.to).toBe("forgetful@example.com");

    const unknown = await post("/forgot-password.data", { email: "nobody-here@example.com" });
    const unknownBody = Buffer.from(await unknown.arrayBuffer());
    expect(unknown.status).toBe(known.status);
    expect(unknown.status).toBe(200);
    expect(unknownBody.equals(knownBody)).toBe(true);
    expect((await outbox().list()).length).toBe(before + 1);
    expect((await outbox().list()).some((m) => m.to === "nobody-here@example.com")).toBe(false);

    // The page itself says the same sentence either way.
    const page = await post("/forgot-password", { email: "nobody-here@example.com" });
    expect(await page.text()).toContain(
      "If an account exists for that e-mail, we have sent a link to reset your password.",
    );
  });

  it("resets the password once through the mailed link and ends old sessions", async () => {
    const email = "resetter@example.com";
    const { cookie: oldCookie } = await signUp(email, "OldPassword1", "Rita Resetter");
    expect((await request("/profile", { headers: { cookie: oldCookie } })).status).toBe(200);

    const before = (await outbox().list()).length;
    await post("/forgot-password.data", { email });
    const mail = (await mailsOnceThere(before + 1)).find((m) => m.to === email);
    const link = /https?:\/\/\S+/.exec(mail?.text ?? "")?.[0];
    expect(link).toBeTruthy();

    // The auth library checks the token and sends the visitor to our page with it.
    const hop = await fetch(link!, { redirect: "manual" });
    expect(hop.status).toBe(302);
    const pageUrl = new URL(hop.headers.get("location")!, server.url);
    expect(pageUrl.pathname).toBe("/reset-password");
    const token = pageUrl.searchParams.get("token")!;
    expect(token.length).toBeGreaterThanOrEqual(22);
    const page = await request(`${pageUrl.pathname}${pageUrl.search}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Choose a new password");

    const fields = { token, newPassword: "NewPassword2", confirmPassword: "NewPassword2" };
    const first = await post(`/reset-password?token=${token}`, fields);
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("/login?reset=1");

    const again = await post("/reset-password.data", fields);
    expect(again.status).toBe(400);
    const body = (await decode(again)) as { data: { status: string; message: string } };
    expect(body.data).toEqual({
      status: "error",
      message: "This reset link is invalid or has expired. Please ask for a new one.",
    });

    expect((await signIn(email, "NewPassword2")).status).toBe(302);
    expect((await signIn(email, "OldPassword1")).status).toBe(401);
    const old = await request("/profile", { headers: { cookie: oldCookie } });
    expect(old.status).toBe(302);
    expect(old.headers.get("location")).toBe("/login?redirect=%2Fprofile");
  });

  it("shows a way back to forgot-password when the reset page has no valid token", async () => {
    const missing = await (await request("/reset-password")).text();
    expect(missing).toContain('href="/forgot-password"');
    const invalid = await (await request("/reset-password?error=INVALID_TOKEN")).text();
    expect(invalid).toContain("This reset link is invalid or has expired.");
    const bogus = await post("/reset-password.data", {
      token: "not-a-token",
      newPassword: "Whatever12",
      confirmPassword: "Whatever12",
    });
    expect(bogus.status).toBe(400);
  });

  it("refuses a password change with a wrong current password", async () => {
    const email = "changer@example.com";
    const { cookie } = await signUp(email, "Original12", "Carl Changer");
    const res = await post(
      "/profile.data",
      {
        intent: "change-password",
        currentPassword: "WrongGuess1",
        newPassword: "Changed123",
        confirmPassword: "Changed123",
      },
      cookie,
    );
    expect(res.status).toBe(400);
    const body = await actionData(res);
    expect(body.ok).toBe(false);
    expect(body.errors.currentPassword).toBeTruthy();
    expect((await signIn(email, "Original12")).status).toBe(302);
    expect((await signIn(email, "Changed123")).status).toBe(401);
  });

  it("changes the password with the current one and ends the other sessions", async () => {
    const email = "mover@example.com";
    const { cookie } = await signUp(email, "Original12", "Mo Mover");
    const elsewhere = cookieOf(await signIn(email, "Original12"));
    const res = await post(
      "/profile.data",
      {
        intent: "change-password",
        currentPassword: "Original12",
        newPassword: "Changed123",
        confirmPassword: "Changed123",
      },
      cookie,
    );
    expect(res.status).toBe(200);
    expect(await actionData(res)).toMatchObject({ ok: true, message: "Password changed" });
    const fresh = cookieOf(res);
    expect(fresh).toContain("abundance.session_token=");
    expect((await request("/profile", { headers: { cookie: fresh } })).status).toBe(200);
    expect((await request("/profile", { headers: { cookie: elsewhere } })).status).toBe(302);
    expect((await signIn(email, "Changed123")).status).toBe(302);
    expect((await signIn(email, "Original12")).status).toBe(401);
  });

  describe("without JavaScript (the forms post the page itself)", () => {
    /** A form post as the browser itself sends it (a navigation, not a fetch of the page's scripts). */
    const post = (urlPath: string, fields: Record<string, string>, cookie?: string) =>
      request(urlPath, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: server.url,
          "sec-fetch-dest": "document",
          "sec-fetch-mode": "navigate",
          ...(cookie ? { cookie } : {}),
        },
        body: new URLSearchParams(fields).toString(),
      });
    /** The opening tag of the input named `name` in a page. */
    const inputNamed = (html: string, name: string) =>
      new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? "";

    it("opens the profile in edit mode, answers a refused save with its messages and a good one with the new details", async () => {
      const { cookie, id } = await signUp("noscript@example.com", "NoScript12", "Nora Noscript");
      await loaderData("/profile", cookie);

      const edit = await (await request("/profile?edit=1", { headers: { cookie } })).text();
      const form = /<form[^>]*aria-label="Edit profile"[^>]*>/.exec(edit)?.[0] ?? "";
      expect(form).toContain('method="post"');
      expect(form).toContain('action="/profile"');
      expect(inputNamed(edit, "fullName")).toContain('value="Nora Noscript"');

      const refused = await post(
        "/profile",
        { intent: "update-profile", fullName: " ", city: "Lisbon", dateOfBirth: "2999-01-01" },
        cookie,
      );
      expect(refused.status).toBe(400);
      const html = await refused.text();
      expect(html).toContain('aria-label="Edit profile"');
      expect(html).toContain("Full name is required");
      expect(html).toContain("Date of birth cannot be in the future");
      // What was typed is kept, and the first field to fix has focus.
      expect(inputNamed(html, "city")).toContain('value="Lisbon"');
      expect(inputNamed(html, "fullName")).toContain('aria-invalid="true"');
      expect(inputNamed(html, "fullName")).toContain("autofocus");
      expect(inputNamed(html, "dateOfBirth")).not.toContain("autofocus");
      const [unchanged] = await db().select().from(profiles).where(eq(profiles.userId, id));
      expect(unchanged?.fullName).toBe("Nora Noscript");

      const saved = await post(
        "/profile",
        { intent: "update-profile", fullName: "Nora Saved", city: "Lisbon" },
        cookie,
      );
      expect(saved.status).toBe(200);
      const savedHtml = await saved.text();
      expect(savedHtml).toContain("Profile updated successfully");
      expect(savedHtml).toContain("Nora Saved");
      expect(savedHtml).not.toContain('aria-label="Edit profile"');
      const [row] = await db().select().from(profiles).where(eq(profiles.userId, id));
      expect(row).toMatchObject({ fullName: "Nora Saved", city: "Lisbon" });
    });

    it("changes the password, or says what is wrong at each field", async () => {
      const email = "noscript-password@example.com";
      const { cookie } = await signUp(email, "NoScript12", "Pat Noscript");
      const refused = await post(
        "/profile",
        { intent: "change-password", currentPassword: "", newPassword: "short", confirmPassword: "other" },
        cookie,
      );
      expect(refused.status).toBe(400);
      const html = await refused.text();
      expect(html).toContain("Current password is required");
      expect(html).toContain("Password must be at least 8 characters");
      expect(html).toContain("Passwords do not match");
      expect(inputNamed(html, "currentPassword")).toContain("autofocus");

      const changed = await post(
        "/profile",
        {
          intent: "change-password",
          currentPassword: "NoScript12",
          newPassword: "Changed123",
          confirmPassword: "Changed123",
        },
        cookie,
      );
      // The old session has ended: the browser goes on to the page with its new one.
      expect(changed.status).toBe(302);
      expect(changed.headers.get("location")).toBe("/profile?password=changed");
      const fresh = cookieOf(changed);
      expect(fresh).toContain("abundance.session_token=");
      expect((await request("/profile", { headers: { cookie } })).status).toBe(302);
      const page = await request("/profile?password=changed", { headers: { cookie: fresh } });
      expect(page.status).toBe(200);
      const changedHtml = await page.text();
      expect(changedHtml).toContain("Password changed");
      expect(changedHtml).toContain("Other devices have been signed out.");
      expect((await signIn(email, "Changed123")).status).toBe(302);
    });

    it("answers the forgot- and reset-password forms with the field's message", async () => {
      const forgot = await post("/forgot-password", { email: "not-an-address" });
      expect(forgot.status).toBe(400);
      const forgotHtml = await forgot.text();
      expect(forgotHtml).toContain("Invalid email address");
      expect(inputNamed(forgotHtml, "email")).toContain('aria-invalid="true"');

      const reset = await post("/reset-password?token=some-token", {
        token: "some-token",
        newPassword: "alllowercase1",
        confirmPassword: "",
      });
      expect(reset.status).toBe(400);
      const resetHtml = await reset.text();
      expect(resetHtml).toContain("Password must contain uppercase, lowercase, and number");
      expect(resetHtml).toContain("Passwords do not match");
      expect(inputNamed(resetHtml, "newPassword")).toContain("autofocus");
    });
  });
});
