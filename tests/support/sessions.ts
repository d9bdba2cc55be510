/** Accounts and session cookies for HTTP tests, through the auth library's own endpoints. */

/** The cookies a response sets, as a Cookie header for the next request. */
export function cookieHeader(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function post(baseUrl: string, path: string, body: unknown): Promise<Response> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return res;
}

/** Registers a customer and answers their session cookie and id. */
export async function signUp(baseUrl: string, email: string, password = "Shopper123", name = "Shopper") {
  const res = await post(baseUrl, "/api/auth/sign-up/email", { email, password, name });
  const body = (await res.json()) as { user: { id: string } };
  return { cookie: cookieHeader(res), id: body.user.id };
}

/** Signs an existing account in and answers its session cookie. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  return cookieHeader(await post(baseUrl, "/api/auth/sign-in/email", { email, password }));
}
