import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerOverHttp, signIn } from "../support/sessions";
import { startServerProcess, type ServerProcess } from "../support/server-process";
import { prepareDatabaseLocation, type DatabaseLocation } from "../support/test-database";

/**
 * The store opened at another address than PUBLIC_URL (here PUBLIC_URL says localhost:3000, the browser
 * is at 127.0.0.1:<port>): every write of the page's own origin is taken — the shop's forms and the auth
 * library's sign-out alike, by one rule — so sign-out ends the session on the server; a write from
 * another site is refused by both, and the session stays. The server runs as `node server.js` with
 * NODE_ENV=production, as a shop does (the auth library's own origin check is on whatever NODE_ENV says).
 */
const CUSTOMER = { email: "leaving@example.com", password: "Shopper123" };
let location: DatabaseLocation;
let server: ServerProcess;

const signOut = (cookie: string, origin: string) =>
  fetch(`${server.url}/api/auth/sign-out`, {
    method: "POST",
    redirect: "manual",
    headers: { origin, cookie, "content-type": "application/json" },
    body: "{}",
  });

/** Whether the cookie still opens the account's order history (a signed-out visitor is sent to /login). */
async function signedIn(cookie: string): Promise<boolean> {
  const res = await fetch(`${server.url}/orders`, { redirect: "manual", headers: { cookie } });
  await res.body?.cancel();
  return res.status === 200;
}

beforeAll(async () => {
  location = await prepareDatabaseLocation();
  server = await startServerProcess({
    ...location.env,
    NODE_ENV: "production",
    PUBLIC_URL: "http://localhost:3000",
    AUTH_SECRET: "a-test-auth-secret-of-at-least-32-characters",
    SECURE_ADMIN_PASSWORD: "Shared-Secret-2026",
    SEED_DEMO_CATALOG: "false",
  });
  await registerOverHttp(server.url, CUSTOMER.email, CUSTOMER.password);
});
afterAll(async () => {
  await server?.stop();
  await location?.cleanup();
});

describe("sign-out from the page's own origin when it is not PUBLIC_URL's", () => {
  it("refuses a sign-out posted from another site: 403, and the session stays", async () => {
    const cookie = await signIn(server.url, CUSTOMER.email, CUSTOMER.password);
    const res = await signOut(cookie, "https://evil.example");
    expect(res.status).toBe(403);
    expect(await signedIn(cookie)).toBe(true);
  });

  it("ends the session on the server (200), so the cookie opens nothing any more", async () => {
    const cookie = await signIn(server.url, CUSTOMER.email, CUSTOMER.password);
    expect(await signedIn(cookie)).toBe(true);
    const res = await signOut(cookie, server.url);
    expect(res.status).toBe(200);
    expect(await signedIn(cookie)).toBe(false);
  });

  it("takes PUBLIC_URL's origin too", async () => {
    const cookie = await signIn(server.url, CUSTOMER.email, CUSTOMER.password);
    const res = await signOut(cookie, "http://localhost:3000");
    expect(res.status).toBe(200);
    expect(await signedIn(cookie)).toBe(false);
  });
});
