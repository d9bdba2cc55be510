import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/lib/db/client.server";
import { startServerProcess, type ServerProcess } from "../support/server-process";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { signUp } from "../support/sessions";
import { databaseKind, prepareDatabaseLocation, type DatabaseLocation } from "../support/test-database";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * The shared admin password (SECURE_ADMIN_PASSWORD, typed at /secure-admin and /admin) has a shop-wide
 * cap besides the per-address one: the outside test's 100 wrong guesses from 10 addresses (10 each, all
 * within the per-address limit) trip it, after which every attempt — the right password too, from any
 * address, at either gate — answers 429 until the lock ends; the owner is told by e-mail once per trip,
 * and a second trip locks for longer. TRUST_PROXY=1 lets each request name its address in X-Forwarded-For.
 */
const PASSWORD = "Shared-Secret-2026";
const OWNER = "owner@example.com";
/** The lock's row in rate_limit (shared-password-cap.server.ts). */
const LOCK_KEY = "app:shared-password:lock";
let server: TestServer;
let smtp: SmtpSink;

const db = () => server.services().database.db;

const consoleLogin = (password: string, ip: string) =>
  fetch(`${server.url}/secure-admin/dashboard`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, "x-forwarded-for": ip },
    body: new URLSearchParams({ intent: "login", password }),
  });

const adminGrant = (password: string, ip: string, cookie: string) =>
  fetch(`${server.url}/admin`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, "x-forwarded-for": ip, cookie },
    body: new URLSearchParams({ intent: "admin-password", password }),
  });

const alerts = () => smtp.mails.filter((m) => m.to.includes(OWNER) && /shared admin password/i.test(m.subject));

async function waitFor(check: () => boolean, what: string, ms = 10_000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function lockRow() {
  const [row] = await queryRows<{ count: number; last_request: string | number }>(
    db(),
    sql`select count, last_request from rate_limit where key = ${LOCK_KEY}`,
  );
  return row ? { trips: Number(row.count), until: Number(row.last_request) } : null;
}

/** 100 wrong guesses, 10 from each of 10 addresses, 10 at a time: the statuses. */
async function hundredWrongGuesses(prefix: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let round = 0; round < 10; round++) {
    const batch = await Promise.all(
      Array.from({ length: 10 }, (_, a) => consoleLogin(`wrong-${round}-${a}`, `${prefix}.${a + 1}`)),
    );
    for (const res of batch) {
      statuses.push(res.status);
      await res.body?.cancel();
    }
  }
  return statuses;
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({
    SECURE_ADMIN_PASSWORD: PASSWORD,
    ADMIN_EMAIL: OWNER,
    ADMIN_PASSWORD: "OwnerPass123",
    RATE_LIMIT_IP_MULTIPLIER: "1",
    TRUST_PROXY: "1",
    SMTP_URL: smtp.url,
  });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

describe("the shared admin password's shop-wide cap", () => {
  it("trips on 100 wrong guesses from 10 addresses: then even the right password answers 429, at both gates", async () => {
    const statuses = await hundredWrongGuesses("10.1.0");
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(30);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(70);

    const right = await consoleLogin(PASSWORD, "10.1.99.1");
    expect(right.status).toBe(429);
    expect(await right.text()).toContain("Too many attempts");
    expect(right.headers.getSetCookie().some((c) => c.startsWith("abundance.secure_admin="))).toBe(false);

    // /admin's prompt takes the same password: the same cap.
    const customer = await signUp(server, "cap-customer@example.com");
    const granted = await adminGrant(PASSWORD, "10.1.99.2", customer.cookie);
    expect(granted.status).toBe(429);
    expect(granted.headers.getSetCookie().some((c) => c.startsWith("abundance.admin_grant="))).toBe(false);
  });

  it("tells the owner by e-mail, once for the trip", async () => {
    await waitFor(() => alerts().length > 0, "the owner's alert");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(alerts()).toHaveLength(1);
    const mail = alerts()[0]!;
    expect(mail.raw).toContain("SECURE_ADMIN_PASSWORD");
    expect(mail.raw).not.toContain(PASSWORD);
  });

  it("locks longer at the next trip, and tells the owner again", async () => {
    const first = (await lockRow())!;
    expect(first.trips).toBe(1);
    const firstLength = first.until - Date.now();
    expect(firstLength).toBeGreaterThan(0);
    // The lock's time is up (moved into the past rather than waited for).
    await db().execute(sql`update rate_limit set last_request = ${Date.now() - 1000} where key = ${LOCK_KEY}`);
    const right = await consoleLogin(PASSWORD, "10.2.99.1");
    expect(right.status).toBe(200);
    await right.body?.cancel();

    const statuses = await hundredWrongGuesses("10.2.0");
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(70);
    const second = (await lockRow())!;
    expect(second.trips).toBe(2);
    expect(second.until - Date.now()).toBeGreaterThan(firstLength * 1.5);
    await waitFor(() => alerts().length === 2, "the second alert");
  });
});

describe.skipIf(databaseKind !== "postgres")("the cap across two processes on one PostgreSQL", () => {
  let location: DatabaseLocation;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    location = await prepareDatabaseLocation();
    const env = (name: string) => ({
      DATABASE_URL: location.databaseUrl!,
      DATA_DIR: `${location.dataDir}/${name}`,
      AUTH_SECRET: "two-processes-secret-0123456789abcdef",
      SECURE_ADMIN_PASSWORD: PASSWORD,
      SEED_DEMO_CATALOG: "false",
      RATE_LIMIT_IP_MULTIPLIER: "1",
      TRUST_PROXY: "1",
    });
    [a, b] = await Promise.all([startServerProcess(env("a")), startServerProcess(env("b"))]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await location?.cleanup();
  });

  const login = (base: string, password: string, ip: string) =>
    fetch(`${base}/secure-admin/dashboard`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: base, "x-forwarded-for": ip },
      body: new URLSearchParams({ intent: "login", password }),
    });

  it("counts the wrong guesses of both together: 12 on each lock the password on both", async () => {
    for (let i = 0; i < 12; i++) {
      for (const server of [a, b]) await (await login(server.url, `wrong-${i}`, `10.3.${i}.1`)).body?.cancel();
    }
    for (const server of [a, b]) {
      const right = await login(server.url, PASSWORD, "10.3.99.1");
      expect(right.status).toBe(429);
      await right.body?.cancel();
    }
  });
});
