/**
 * Accounts and session cookies for HTTP tests. The auth library's JSON sign-up and sign-in endpoints are
 * closed (modules/accounts/auth-endpoints.server.ts): accounts are made in the server's process, sign-ins
 * go through /login like a browser's.
 */
import type { TestServer } from "./test-server";

/** The cookies a response sets, as a Cookie header for the next request. */
export function cookieHeader(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Registers a customer (through the auth library in the server's process) and answers their session cookie and id. */
export async function signUp(server: TestServer, email: string, password = "Shopper123", name = "Shopper") {
  const { headers, response } = await server.services().auth.api.signUpEmail({
    body: { email, password, name },
    returnHeaders: true,
  });
  const cookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { cookie, id: response.user.id };
}

/** Signs an existing account in through /login and answers its session cookie. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/login`, {
    method: "POST",
    headers: { origin: baseUrl },
    body: new URLSearchParams({ email, password }),
    redirect: "manual",
  });
  if (res.status !== 302) throw new Error(`/login answered ${res.status}`);
  return cookieHeader(res);
}

/**
 * Registers a customer through /register, for a server in another process (no services() to call),
 * and answers their session cookie. /register allows 10 sign-ups per IP an hour: a test that makes more
 * starts its server with RATE_LIMIT_IP_MULTIPLIER.
 */
export async function registerOverHttp(
  baseUrl: string,
  email: string,
  password = "Shopper123",
): Promise<{ cookie: string }> {
  const res = await fetch(`${baseUrl}/register`, {
    method: "POST",
    headers: { origin: baseUrl },
    body: new URLSearchParams({
      fullName: "Shopper",
      email,
      password,
      confirmPassword: password,
      agreeToTerms: "on",
    }),
    redirect: "manual",
  });
  if (res.status !== 302) throw new Error(`/register answered ${res.status}`);
  return { cookie: cookieHeader(res) };
}

/** The console's pass (/secure-admin's Login with the shared password): its cookie, as `name=value`. */
export async function consolePass(baseUrl: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/secure-admin/dashboard`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: baseUrl },
    body: new URLSearchParams({ intent: "login", password }),
  });
  if (res.status !== 200) throw new Error(`console login failed: ${res.status}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("abundance.secure_admin="));
  if (!cookie) throw new Error("console login set no pass");
  return cookie.split(";")[0]!;
}
