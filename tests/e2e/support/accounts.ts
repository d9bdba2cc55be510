import { expect, type APIRequestContext } from "@playwright/test";

/**
 * Accounts for browser tests, made the way a browser without JavaScript makes them: a form post to our
 * pages (the auth library's JSON sign-up and sign-in endpoints are closed). Posted from a page's
 * `page.request`, the session cookie lands in that page's browser context.
 */
export async function registerAccount(
  request: APIRequestContext,
  baseURL: string,
  account: { email: string; password: string; name: string },
): Promise<void> {
  const res = await request.post("/register", {
    form: {
      fullName: account.name,
      email: account.email,
      password: account.password,
      confirmPassword: account.password,
      agreeToTerms: "on",
    },
    headers: { origin: baseURL },
    maxRedirects: 0,
  });
  expect(res.status(), await res.text()).toBe(302);
}

export async function signInAccount(
  request: APIRequestContext,
  baseURL: string,
  account: { email: string; password: string },
): Promise<void> {
  const res = await request.post("/login", {
    form: { email: account.email, password: account.password },
    headers: { origin: baseURL },
    maxRedirects: 0,
  });
  expect(res.status(), await res.text()).toBe(302);
}
