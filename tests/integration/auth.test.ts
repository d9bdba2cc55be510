import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { account, profiles, user } from "#db/schema/index";
import { startFakeOAuthProvider, type FakeOAuthProvider } from "../support/fake-oauth-provider";
import { startTestServer, type TestServer } from "../support/test-server";

const ADMIN = { email: "owner@example.com", password: "OwnerPass123" };
const TOO_MANY = "Too many attempts. Please wait a few minutes and try again.";
const SESSION_COOKIE = "abundance.session_token";

/** A React Router form post, as a browser without JavaScript sends it. */
function postForm(base: string, path: string, fields: Record<string, string>, cookie?: string) {
  return fetch(`${base}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { origin: base, ...(cookie ? { cookie } : {}) },
    redirect: "manual",
  });
}

/** Set-Cookie lines of a response by cookie name. */
function setCookies(res: Response): Map<string, string> {
  return new Map(res.headers.getSetCookie().map((line) => [line.slice(0, line.indexOf("=")), line]));
}

/** A Cookie header from the cookies a response set (expired ones left out). */
function cookieHeader(res: Response, previous = ""): string {
  const jar = new Map(
    previous
      .split(/;\s*/)
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair] as const),
  );
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(";", 1)[0]!;
    const name = pair.slice(0, pair.indexOf("="));
    if (/max-age=0\b/i.test(line) || pair.endsWith("=")) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

/** The text of the form-level alert of an auth page. */
function alertText(html: string): string | undefined {
  return /<div role="alert"[^>]*>[\s\S]*?<p>([^<]*)<\/p>/.exec(html)?.[1];
}

const decodeHtml = (text: string) =>
  text.replaceAll("&#x27;", "'").replaceAll("&#39;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

const validRegistration = (email: string): Record<string, string> => ({
  fullName: "Ada Lovelace",
  email,
  password: "Analytical1",
  confirmPassword: "Analytical1",
  phone: "+44 20 7946 0958",
  dateOfBirth: "1990-12-10",
  address: "12 St James's Square",
  city: "London",
  postalCode: "SW1Y 4JH",
  country: "UK",
  subscribeNewsletter: "on",
  agreeToTerms: "on",
});

describe("sign-in, registration and social sign-in", () => {
  let server: TestServer;
  let google: FakeOAuthProvider;
  let facebook: FakeOAuthProvider;
  const url = (path: string) => `${server.url}${path}`;
  const db = () => server.services().database.db;

  beforeAll(async () => {
    google = await startFakeOAuthProvider({ clientId: "google-test-client", clientSecret: "google-test-secret" });
    facebook = await startFakeOAuthProvider({
      clientId: "fb-test-client",
      clientSecret: "fb-test-secret",
      shape: "facebook",
    });
    server = await startTestServer({
      SEED_DEMO_CATALOG: "false",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_OAUTH_BASE: google.url,
      FACEBOOK_CLIENT_ID: facebook.clientId,
      FACEBOOK_CLIENT_SECRET: facebook.clientSecret,
      FACEBOOK_OAUTH_BASE: facebook.url,
    });
    google.redirectUri = url("/api/auth/callback/google");
    facebook.redirectUri = url("/api/auth/callback/facebook");
  });
  afterAll(async () => {
    await server?.stop();
    await google?.stop();
    await facebook?.stop();
  });
  // Every test starts with fresh abuse counters (they are kept in the database).
  beforeEach(async () => {
    await db().execute(sql`delete from rate_limit`);
  });

  async function createUser(email: string, password: string, name = "Test Shopper") {
    await server.services().auth.api.signUpEmail({ body: { email, password, name } });
  }

  describe("the pages", () => {
    it("renders the sign-in page with its fields, links and social buttons", async () => {
      const res = await fetch(url("/login?redirect=%2Fshop%2Fmen"));
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toMatch(/<h1[^>]*>Sign In<\/h1>/);
      expect(html).toContain('<label for="login-email"');
      expect(html).toContain('<label for="login-password"');
      expect(html).toContain('aria-label="Show password"');
      expect(html).toContain("Remember me");
      expect(html).toContain('href="/forgot-password"');
      expect(html).toContain('href="/register?redirect=%2Fshop%2Fmen"');
      expect(html).toContain("Continue with Google");
      expect(html).toContain("Continue with Facebook");
    });

    it("renders the registration page at step 1 with both steps' fields", async () => {
      const html = await (await fetch(url("/register?redirect=%2Fcheckout"))).text();
      expect(html).toMatch(/<h1[^>]*>Create Account<\/h1>/);
      expect(html).toContain("Account Info");
      expect(html).toContain("Personal Details");
      for (const name of [
        "fullName",
        "email",
        "password",
        "confirmPassword",
        "phone",
        "dateOfBirth",
        "address",
        "city",
        "postalCode",
        "country",
        "subscribeNewsletter",
        "agreeToTerms",
      ]) {
        expect(html).toContain(`name="${name}"`);
      }
      for (const code of ["US", "CA", "UK", "AU", "DE", "FR", "IT", "ES", "NL", "SE", "NO", "DK", "other"]) {
        expect(html).toContain(`<option value="${code}">`);
      }
      expect(html).toContain('href="/terms"');
      expect(html).toContain('href="/privacy"');
      expect(html).toContain('href="/login?redirect=%2Fcheckout"');
    });
  });

  describe("sign-in", () => {
    it("sets the session cookie and goes to the redirect target", async () => {
      const res = await postForm(server.url, "/login?redirect=%2Fshop%2Fmen%3Fpage%3D2", {
        email: ADMIN.email,
        password: ADMIN.password,
      });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/shop/men?page=2");
      const session = setCookies(res).get(SESSION_COOKIE);
      expect(session).toBeTruthy();
      expect(session).toMatch(/HttpOnly/i);
      expect(session).toMatch(/SameSite=Lax/i);

      const home = await (await fetch(url("/"), { headers: { cookie: cookieHeader(res) } })).text();
      expect(home).toContain('aria-label="Account menu"');
    });

    it("treats the e-mail case-insensitively and goes home without a redirect", async () => {
      const res = await postForm(server.url, "/login", { email: "  Owner@Example.COM ", password: ADMIN.password });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
    });

    it.each([
      "//evil.example",
      "https://evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "/.//evil.example",
      "/a/..//evil.example",
    ])("never leaves the site: redirect=%s goes to /", async (target) => {
      const res = await postForm(server.url, `/login?redirect=${encodeURIComponent(target)}`, {
        email: ADMIN.email,
        password: ADMIN.password,
      });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
    });

    it("sends a signed-in visitor on from /login and /register", async () => {
      const signIn = await postForm(server.url, "/login", { email: ADMIN.email, password: ADMIN.password });
      const cookie = cookieHeader(signIn);
      for (const page of ["/login", "/register"]) {
        const res = await fetch(url(`${page}?redirect=%2Fshop`), { headers: { cookie }, redirect: "manual" });
        expect(res.status, page).toBe(302);
        expect(res.headers.get("location")).toBe("/shop");
        const evil = await fetch(url(`${page}?redirect=%2F%2Fevil.example`), {
          headers: { cookie },
          redirect: "manual",
        });
        expect(evil.headers.get("location")).toBe("/");
      }
    });

    it("answers an unknown address and a wrong password alike", async () => {
      await createUser("known@example.com", "KnownPass123");
      const unknown = await postForm(server.url, "/login", { email: "nobody@example.com", password: "Whatever123" });
      const wrong = await postForm(server.url, "/login", { email: "known@example.com", password: "WrongPass123" });
      expect(unknown.status).toBe(wrong.status);
      expect(unknown.status).toBe(401);
      const [a, b] = [alertText(await unknown.text()), alertText(await wrong.text())];
      expect(a).toBeTruthy();
      expect(a).toBe(b);
      expect(setCookies(unknown).has(SESSION_COOKIE)).toBe(false);
      expect(setCookies(wrong).has(SESSION_COOKIE)).toBe(false);
    });

    it("validates on the server with the spec's messages", async () => {
      const empty = await postForm(server.url, "/login", { email: "", password: "" });
      expect(empty.status).toBe(400);
      const emptyHtml = await empty.text();
      expect(emptyHtml).toContain("Email is required");
      expect(emptyHtml).toContain("Password is required");
      expect(emptyHtml).toMatch(/id="login-email"[^>]*aria-invalid="true"[^>]*aria-describedby="login-email-error"/);

      const bad = await postForm(server.url, "/login", { email: "not-an-email", password: "12345" });
      expect(bad.status).toBe(400);
      const badHtml = await bad.text();
      expect(badHtml).toContain("Invalid email address");
      expect(badHtml).toContain("Password must be at least 6 characters");
      // The typed address is kept.
      expect(badHtml).toContain('value="not-an-email"');
    });

    it("keeps an unchecked Remember me to the browser session, a checked one for 30 days", async () => {
      const once = await postForm(server.url, "/login", { email: ADMIN.email, password: ADMIN.password });
      const sessionOnly = setCookies(once).get(SESSION_COOKIE)!;
      expect(sessionOnly).toBeTruthy();
      expect(sessionOnly).not.toMatch(/max-age/i);
      expect(sessionOnly).not.toMatch(/expires/i);

      const remembered = await postForm(server.url, "/login", {
        email: ADMIN.email,
        password: ADMIN.password,
        rememberMe: "on",
      });
      const persistent = setCookies(remembered).get(SESSION_COOKIE)!;
      const maxAge = Number(/max-age=(\d+)/i.exec(persistent)?.[1]);
      expect(maxAge).toBeGreaterThan(29 * 24 * 3600);
      expect(maxAge).toBeLessThanOrEqual(30 * 24 * 3600);
    });

    it("limits rapid sign-in attempts from one client (21st → 429)", async () => {
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 1; i <= 21; i++) {
        last = await postForm(server.url, "/login", { email: `stranger${i}@example.com`, password: "Whatever123" });
        statuses.push(last.status);
      }
      expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
      expect(statuses[20]).toBe(429);
      expect(decodeHtml(alertText(await last!.text()) ?? "")).toBe(TOO_MANY);
    });

    it("locks an account after 10 failed attempts, even for the right password", async () => {
      await createUser("target@example.com", "TargetPass123");
      const statuses: number[] = [];
      for (let i = 1; i <= 10; i++) {
        statuses.push(
          (await postForm(server.url, "/login", { email: "target@example.com", password: `Wrong${i}Pass` })).status,
        );
      }
      expect(statuses.every((s) => s === 401)).toBe(true);
      // The per-IP counter is emptied, as if the next attempts came from elsewhere: the account's own limit holds.
      await db().execute(sql`delete from rate_limit where key like 'app:sign-in:ip:%'`);
      const eleventh = await postForm(server.url, "/login", { email: "target@example.com", password: "TargetPass123" });
      expect(eleventh.status).toBe(429);
      expect(decodeHtml(alertText(await eleventh.text()) ?? "")).toBe(TOO_MANY);
      expect(setCookies(eleventh).has(SESSION_COOKIE)).toBe(false);
      // Other accounts are not affected.
      const other = await postForm(server.url, "/login", { email: ADMIN.email, password: ADMIN.password });
      expect(other.status).toBe(302);
    });
  });

  describe("registration", () => {
    it("creates a customer (whatever role is posted) with a profile holding the registration details", async () => {
      const res = await postForm(server.url, "/register?redirect=%2Fshop", {
        ...validRegistration("Ada@Example.com"),
        role: "admin",
      });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/shop");
      expect(setCookies(res).has(SESSION_COOKIE)).toBe(true);

      const [row] = await db().select().from(user).where(eq(user.email, "ada@example.com"));
      expect(row?.role).toBe("customer");
      expect(row?.name).toBe("Ada Lovelace");
      const [profile] = await db().select().from(profiles).where(eq(profiles.userId, row!.id));
      expect(profile).toMatchObject({
        fullName: "Ada Lovelace",
        phone: "+44 20 7946 0958",
        dateOfBirth: "1990-12-10",
        address: "12 St James's Square",
        city: "London",
        postalCode: "SW1Y 4JH",
        country: "UK",
        subscribeNewsletter: true,
      });

      const home = await (await fetch(url("/"), { headers: { cookie: cookieHeader(res) } })).text();
      expect(home).toContain('aria-label="Account menu"');
    });

    it("stores blank optional details as empty and an unticked newsletter as false", async () => {
      const res = await postForm(server.url, "/register", {
        fullName: "Grace Hopper",
        email: "grace@example.com",
        password: "Cobol1959x",
        confirmPassword: "Cobol1959x",
        agreeToTerms: "on",
      });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
      const [row] = await db().select().from(user).where(eq(user.email, "grace@example.com"));
      const [profile] = await db().select().from(profiles).where(eq(profiles.userId, row!.id));
      expect(profile).toMatchObject({ phone: null, dateOfBirth: null, country: null, subscribeNewsletter: false });
    });

    it("says when the e-mail already has an account", async () => {
      await createUser("taken@example.com", "TakenPass123");
      const res = await postForm(server.url, "/register", validRegistration("taken@example.com"));
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(decodeHtml(alertText(await res.text()) ?? "")).toBe(
        "An account with this email already exists. Please sign in instead.",
      );
      expect(setCookies(res).has(SESSION_COOKIE)).toBe(false);
    });

    it.each<[Record<string, string>, string]>([
      [
        { password: "weakpassword", confirmPassword: "weakpassword" },
        "Password must contain uppercase, lowercase, and number",
      ],
      [{ password: "Sh0rt", confirmPassword: "Sh0rt" }, "Password must be at least 8 characters"],
      [{ confirmPassword: "Different1" }, "Passwords do not match"],
      [{ confirmPassword: "" }, "Please confirm your password"],
      [{ fullName: "A" }, "Full name must be at least 2 characters"],
      [{ email: "" }, "Email is required"],
      [{ email: "ada@nowhere" }, "Invalid email address"],
      [{ agreeToTerms: "" }, "You must agree to the terms and conditions"],
      [{ country: "XX" }, "Please choose a country from the list"],
    ])("refuses %j with 400 and creates nothing", async (change, message) => {
      const email = `invalid-${Math.random().toString(36).slice(2)}@example.com`;
      const fields = { ...validRegistration(email), ...change };
      const res = await postForm(server.url, "/register", fields);
      expect(res.status).toBe(400);
      expect(decodeHtml(await res.text())).toContain(message);
      const rows = await db()
        .select()
        .from(user)
        .where(eq(user.email, (fields.email || email).toLowerCase()));
      expect(rows).toHaveLength(0);
      expect(setCookies(res).has(SESSION_COOKIE)).toBe(false);
    });
  });

  describe("social sign-in (against local fake providers)", () => {
    /** Starts the flow the way the page's button does; returns the provider URL and the cookies set. */
    async function begin(callbackURL = "/shop", provider: "google" | "facebook" = "google") {
      const fake = provider === "google" ? google : facebook;
      const res = await fetch(url("/api/auth/sign-in/social"), {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url },
        body: JSON.stringify({
          provider,
          callbackURL,
          newUserCallbackURL: callbackURL,
          errorCallbackURL: `/login?error=oauth&provider=${provider}`,
          disableRedirect: true,
        }),
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { url: string };
      expect(body.url.startsWith(`${fake.url}/authorize?`)).toBe(true);
      return { authorizeUrl: new URL(body.url), cookie: cookieHeader(res) };
    }

    async function authorize(authorizeUrl: URL) {
      const res = await fetch(authorizeUrl, { redirect: "manual" });
      expect(res.status).toBe(302);
      return new URL(res.headers.get("location")!);
    }

    it("signs a new shopper in as a customer and lands on the callback URL", async () => {
      google.user = {
        sub: "google-123",
        email: "Social.Shopper@example.com",
        name: "Social Shopper",
        picture: "https://images.example/s.png",
      };
      const { authorizeUrl, cookie } = await begin("/shop");
      expect(authorizeUrl.searchParams.get("code_challenge_method")).toBe("S256");
      const callback = await authorize(authorizeUrl);
      expect(callback.pathname).toBe("/api/auth/callback/google");
      expect(callback.searchParams.get("state")).toBe(authorizeUrl.searchParams.get("state"));

      const done = await fetch(callback, { headers: { cookie }, redirect: "manual" });
      expect(done.status).toBe(302);
      expect(done.headers.get("location")).toBe("/shop");
      expect(setCookies(done).has(SESSION_COOKIE)).toBe(true);
      // The provider saw a token exchange with a matching PKCE verifier.
      expect(google.requests.some((r) => r.path === "/token" && r.status === 200)).toBe(true);

      const [row] = await db().select().from(user).where(eq(user.email, "social.shopper@example.com"));
      expect(row?.role).toBe("customer");
      expect(row?.name).toBe("Social Shopper");
      const [linked] = await db().select().from(account).where(eq(account.userId, row!.id));
      expect(linked).toMatchObject({ providerId: "google", accountId: "google-123" });

      const home = await (await fetch(url("/"), { headers: { cookie: cookieHeader(done) } })).text();
      expect(home).toContain('aria-label="Account menu"');
    });

    it("signs a new shopper in with Facebook too", async () => {
      facebook.user = {
        sub: "fb-987",
        email: "fb.fan@example.com",
        name: "Facebook Fan",
        picture: "https://images.example/f.png",
      };
      const { authorizeUrl, cookie } = await begin("/shop/women", "facebook");
      const callback = await authorize(authorizeUrl);
      expect(callback.pathname).toBe("/api/auth/callback/facebook");
      const done = await fetch(callback, { headers: { cookie }, redirect: "manual" });
      expect(done.headers.get("location")).toBe("/shop/women");
      expect(setCookies(done).has(SESSION_COOKIE)).toBe(true);
      const [row] = await db().select().from(user).where(eq(user.email, "fb.fan@example.com"));
      // Facebook sends the picture as { data: { url } }: the account keeps the URL.
      expect(row).toMatchObject({ role: "customer", name: "Facebook Fan", image: "https://images.example/f.png" });
      const [linked] = await db().select().from(account).where(eq(account.userId, row!.id));
      expect(linked).toMatchObject({ providerId: "facebook", accountId: "fb-987" });
    });

    it("does not take over an existing, unverified password account with the same e-mail", async () => {
      const expected = vi.mocked(console.error).getMockImplementation();
      vi.mocked(console.error).mockImplementation((...args: unknown[]) => {
        if (/\[Better Auth\].*account_not_linked/i.test(String(args[0]))) return;
        expected?.(...args);
      });
      await createUser("squatted@example.com", "Squatted123", "Original Owner");
      facebook.user = { sub: "fb-555", email: "squatted@example.com", name: "Someone Else" };
      const { authorizeUrl, cookie } = await begin("/shop", "facebook");
      const done = await fetch(await authorize(authorizeUrl), { headers: { cookie }, redirect: "manual" });
      const location = new URL(done.headers.get("location")!, server.url);
      expect(location.pathname).toBe("/login");
      expect(location.searchParams.getAll("error")).toContain("account_not_linked");
      expect(setCookies(done).has(SESSION_COOKIE)).toBe(false);
    });

    it("refuses a tampered state: no session, sent to an error page", async () => {
      const expected = vi.mocked(console.error).getMockImplementation();
      // The auth library logs the refused state; that is the expected outcome here.
      vi.mocked(console.error).mockImplementation((...args: unknown[]) => {
        if (/\[Better Auth\].*state/i.test(String(args[0]))) return;
        expected?.(...args);
      });
      const { authorizeUrl, cookie } = await begin("/shop");
      const callback = await authorize(authorizeUrl);
      callback.searchParams.set("state", `${callback.searchParams.get("state")}x`);
      const done = await fetch(callback, { headers: { cookie }, redirect: "manual" });
      expect(done.status).toBe(302);
      expect(done.headers.get("location")).toMatch(/[?&]error=/);
      expect(done.headers.get("location")).not.toBe("/shop");
      expect(setCookies(done).has(SESSION_COOKIE)).toBe(false);
    });

    it("refuses a callback without the browser's state cookie (login CSRF)", async () => {
      const expected = vi.mocked(console.error).getMockImplementation();
      vi.mocked(console.error).mockImplementation((...args: unknown[]) => {
        if (/\[Better Auth\].*state/i.test(String(args[0]))) return;
        expected?.(...args);
      });
      const { authorizeUrl } = await begin("/shop");
      const callback = await authorize(authorizeUrl);
      const done = await fetch(callback, { redirect: "manual" });
      expect(done.status).toBe(302);
      expect(done.headers.get("location")).toMatch(/[?&]error=/);
      expect(setCookies(done).has(SESSION_COOKIE)).toBe(false);
    });

    it("sends the shopper back to the page's error URL when the provider refuses", async () => {
      google.nextError = "access_denied";
      const { authorizeUrl, cookie } = await begin("/shop");
      const callback = await authorize(authorizeUrl);
      const done = await fetch(callback, { headers: { cookie }, redirect: "manual" });
      expect(done.status).toBe(302);
      const location = new URL(done.headers.get("location")!, server.url);
      expect(location.pathname).toBe("/login");
      expect(location.searchParams.getAll("error")).toContain("oauth");
      expect(location.searchParams.get("provider")).toBe("google");
      expect(setCookies(done).has(SESSION_COOKIE)).toBe(false);
    });
  });
});

describe("registration with e-mail verification required", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ SEED_DEMO_CATALOG: "false", REQUIRE_EMAIL_VERIFICATION: "true" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("creates the account without a session and sends the shopper to sign in with a notice", async () => {
    const res = await postForm(
      server.url,
      "/register?redirect=%2Fcheckout",
      validRegistration("verify.me@example.com"),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?registered=1&redirect=%2Fcheckout");
    expect(setCookies(res).has(SESSION_COOKIE)).toBe(false);
    const [row] = await server
      .services()
      .database.db.select()
      .from(user)
      .where(eq(user.email, "verify.me@example.com"));
    expect(row?.emailVerified).toBe(false);

    const login = await (await fetch(`${server.url}/login?registered=1&redirect=%2Fcheckout`)).text();
    expect(login).toContain("Registration successful! Please check your email to verify your account.");
  });
});
