import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consolePass, cookieHeader, signIn } from "../support/sessions";
import { prepareDatabaseLocation, type DatabaseLocation } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * A new SECURE_ADMIN_PASSWORD ends every pass made with the old one: the console's pass (/secure-admin)
 * and /admin's grant, both signed with keys from AUTH_SECRET, are refused once the server runs with
 * another shared password — same AUTH_SECRET, same database — while the account's session lives on.
 */
const AUTH_SECRET = "a-test-auth-secret-of-at-least-32-characters";
const OLD = "Old-Shared-Password-1";
const NEW = "New-Shared-Password-2";
const CUSTOMER = { email: "pass-holder@example.com", password: "Shopper123" };

let location: DatabaseLocation;
let server: TestServer | undefined;

const start = (password: string) => startTestServer({ AUTH_SECRET, SECURE_ADMIN_PASSWORD: password }, { location });

const html = async (path: string, cookie: string) =>
  (await fetch(`${server!.url}${path}`, { redirect: "manual", headers: { cookie } })).text();

async function adminGrant(sessionCookie: string, password: string): Promise<string> {
  const res = await fetch(`${server!.url}/admin`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server!.url, cookie: sessionCookie },
    body: new URLSearchParams({ intent: "admin-password", password }),
  });
  expect(res.status).toBe(200);
  return cookieHeader(res);
}

beforeAll(async () => {
  location = await prepareDatabaseLocation();
});
afterAll(async () => {
  await server?.stop();
  await location?.cleanup();
});

describe("changing SECURE_ADMIN_PASSWORD", () => {
  it("ends every console pass and /admin grant made with the old password", async () => {
    server = await start(OLD);
    await server.services().auth.api.signUpEmail({
      body: { email: CUSTOMER.email, password: CUSTOMER.password, name: "Holder" },
    });
    const session = await signIn(server.url, CUSTOMER.email, CUSTOMER.password);
    const grant = await adminGrant(session, OLD);
    const pass = await consolePass(server.url, OLD);
    expect(await html("/admin", `${session}; ${grant}`)).toContain("Revenue today");
    expect(await html("/secure-admin/dashboard", pass)).toContain("Total Products");
    await server.stop();
    server = undefined;

    server = await start(NEW);
    // The session itself is still good: the account is signed in and asked for the password again.
    const asked = await html("/admin", `${session}; ${grant}`);
    expect(asked).toContain("Admin Password");
    expect(asked).not.toContain("Revenue today");
    const console = await html("/secure-admin/dashboard", pass);
    expect(console).toContain("Admin Access");
    expect(console).not.toContain("Total Products");

    // The new password works, the old one does not.
    const fresh = await adminGrant(session, NEW);
    expect(await html("/admin", `${session}; ${fresh}`)).toContain("Revenue today");
    expect(await html("/secure-admin/dashboard", await consolePass(server.url, NEW))).toContain("Total Products");
    await expect(consolePass(server.url, OLD)).rejects.toThrow(/401/);
  });
});
