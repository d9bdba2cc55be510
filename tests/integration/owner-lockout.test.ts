import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * Wrong passwords typed for an account lock that account's password sign-in for 15 minutes, from any
 * address — but not on the devices the account has signed in on before (docs/decisions/0029): the
 * outside test's 11 wrong passwords for the printed admin e-mail from 11 addresses, then the owner gets
 * in from a known device, while the right password from a new device is still refused.
 * TRUST_PROXY=1 lets each request name its client address in X-Forwarded-For.
 */
const OWNER = { email: "owner@example.com", password: "OwnerPass123" };
let server: TestServer;
/** The owner's device: the cookie its first sign-in left. */
let device = "";

const signIn = (password: string, ip: string, cookie = "") =>
  fetch(`${server.url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, "x-forwarded-for": ip, ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams({ email: OWNER.email, password }),
  });

const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="));

beforeAll(async () => {
  server = await startTestServer({
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    RATE_LIMIT_IP_MULTIPLIER: "1",
    TRUST_PROXY: "1",
  });
});
afterAll(async () => {
  await server?.stop();
});

describe("the owner cannot be locked out of sign-in by strangers", () => {
  it("lets the owner in from a known device after 11 wrong passwords from 11 addresses", async () => {
    // The owner signed in on this device before: the sign-in left a known-device cookie.
    const first = await signIn(OWNER.password, "192.0.2.10");
    expect(first.status).toBe(302);
    device = cookiesOf(first).find((pair) => pair.startsWith("abundance.known_device=")) ?? "";
    expect(device, "the known-device cookie").not.toBe("");
    const set = first.headers.getSetCookie().find((c) => c.startsWith("abundance.known_device="))!;
    expect(set).toMatch(/HttpOnly/i);
    expect(set).not.toContain(OWNER.email);
    expect(set).not.toContain(encodeURIComponent(OWNER.email));

    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await signIn(`Wrong-guess-${i}`, `198.51.100.${i + 1}`);
      statuses.push(res.status);
      await res.body?.cancel();
    }
    expect(statuses.slice(0, 10).every((s) => s === 401 || s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);

    // The account is locked for a new device, even with the right password…
    const stranger = await signIn(OWNER.password, "203.0.113.5");
    expect(stranger.status).toBe(429);
    await stranger.body?.cancel();

    // …but the owner's own device gets in.
    const owner = await signIn(OWNER.password, "192.0.2.10", device);
    expect(owner.status).toBe(302);
    expect(cookiesOf(owner).some((pair) => pair.startsWith("abundance.session_token="))).toBe(true);
  });

  it("still limits wrong passwords typed on a known device", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await signIn(`Wrong-again-${i}`, `192.0.2.${30 + i}`, device);
      statuses.push(res.status);
      await res.body?.cancel();
    }
    expect(statuses[10]).toBe(429);
  });

  it("does not take a known-device cookie of another account, or a forged one", async () => {
    await server.services().auth.api.signUpEmail({
      body: { email: "neighbour@example.com", password: "Neighbour123", name: "Neighbour" },
    });
    const neighbour = await fetch(`${server.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, "x-forwarded-for": "203.0.113.50" },
      body: new URLSearchParams({ email: "neighbour@example.com", password: "Neighbour123" }),
    });
    const theirs = cookiesOf(neighbour).find((pair) => pair.startsWith("abundance.known_device="))!;
    expect(theirs).toBeDefined();
    for (let i = 0; i < 11; i++) await (await signIn(`Wrong-third-${i}`, `198.51.100.${100 + i}`)).body?.cancel();
    const forged = "abundance.known_device=eyJhIjoiZm9vIn0%3D.c2lnbmF0dXJl";
    for (const cookie of [theirs, forged]) {
      const res = await signIn(OWNER.password, "203.0.113.6", cookie);
      expect(res.status).toBe(429);
      await res.body?.cancel();
    }
  });
});
