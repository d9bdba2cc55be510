import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "#db/schema/index";
import { claimDataDir } from "~/lib/backup/control-socket.server";
import { openDatabase } from "~/lib/db/client.server";
import { createTestDatabase, databaseKind } from "../support/test-database";
import { signIn, signUp } from "../support/sessions";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
let customerCookie = "";
let adminCookie = "";

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAIL: "boss@example.com", ADMIN_PASSWORD: "BossPass123" });
  customerCookie = (await signUp(server, "shopper@example.com")).cookie;
  adminCookie = await signIn(server.url, "boss@example.com", "BossPass123");
});
afterAll(async () => {
  await server?.stop();
});

const get = (path: string, cookie?: string) =>
  fetch(`${server.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });

describe(`admin pages are for admins only (${databaseKind})`, () => {
  it("/admin/products: guests and customers go to /, admins see the page", async () => {
    const guest = await get("/admin/products");
    expect(guest.status).toBe(302);
    expect(guest.headers.get("location")).toBe("/");
    const customer = await get("/admin/products", customerCookie);
    expect(customer.status).toBe(302);
    expect(customer.headers.get("location")).toBe("/");
    const admin = await get("/admin/products", adminCookie);
    expect(admin.status).toBe(200);
    expect(admin.headers.get("cache-control")).toBe("private, no-store");
  });

  it("/admin: a guest sees 'Admin Access Required', a customer the password prompt, an admin the dashboard (decisions.md §4)", async () => {
    const guest = await get("/admin");
    expect(guest.status).toBe(200);
    const guestPage = await guest.text();
    expect(guestPage).toContain("Admin Access Required");
    expect(guestPage).not.toContain("Orders today");
    const customer = await get("/admin", customerCookie);
    expect(customer.status).toBe(200);
    const customerPage = await customer.text();
    expect(customerPage).toContain("Admin Password");
    expect(customerPage).not.toContain("Orders today");
    const admin = await get("/admin", adminCookie);
    expect(admin.status).toBe(200);
    expect(admin.headers.get("cache-control")).toBe("private, no-store");
    expect(await admin.text()).toContain("Orders today");
  });

  it("gives a customer no admin data through the loader's data URL either", async () => {
    const admin = await (await get("/admin.data", adminCookie)).text();
    expect(admin).toContain("lowStockProducts");
    for (const cookie of [customerCookie, undefined]) {
      const res = await get("/admin.data", cookie);
      const body = await res.text();
      expect(body).not.toContain("lowStockProducts");
      expect(body).not.toContain("revenueCents");
      const products = await (await get("/admin/products.data", cookie)).text();
      expect(products).not.toContain("sku");
    }
  });

  it("follows the role in the database: a demoted admin loses access on the next request, a promoted one once the notice arrives", async () => {
    const db = server.services().database.db;
    await db.update(user).set({ role: "customer" }).where(eq(user.email, "boss@example.com"));
    expect((await get("/admin/products", adminCookie)).status).toBe(302);
    expect(await (await get("/admin", adminCookie)).text()).not.toContain("Orders today");
    await db.update(user).set({ role: "admin" }).where(eq(user.email, "boss@example.com"));
    // A promotion counts once the database's notice has reached this process (decision 0018): the
    // customer's session read a moment ago may still be the kept copy for those milliseconds.
    await expect.poll(async () => (await get("/admin/products", adminCookie)).status).toBe(200);
    expect(await (await get("/admin", adminCookie)).text()).toContain("Orders today");
  });
});

describe("npm run user:promote", () => {
  it("makes an existing account an admin, and says so when there is none", async () => {
    const t = await createTestDatabase();
    try {
      await t.database.db.insert(user).values({ id: "u-promote", name: "Pat", email: "pat@example.com" });
      await t.database.close();
      const run = promisify(execFile);
      const env = { ...process.env, NODE_ENV: "development", ...t.env };
      const ok = await run(process.execPath, ["--import", "tsx", "scripts/user-promote.ts", "Pat@Example.com"], {
        env,
      });
      expect(ok.stdout).toContain("pat@example.com is now an admin.");
      const missing = await run(
        process.execPath,
        ["--import", "tsx", "scripts/user-promote.ts", "nobody@example.com"],
        { env },
      ).catch((e: { code: number; stderr: string }) => e);
      expect((missing as { code: number }).code).toBe(1);
      if (!t.databaseUrl) {
        // The embedded database held by another process (a server): refused with a message, nothing opened.
        const held = await claimDataDir(t.dataDir, "a server is running");
        try {
          const refused = await run(
            process.execPath,
            ["--import", "tsx", "scripts/user-promote.ts", "pat@example.com"],
            { env },
          ).catch((e: { code: number; stderr: string }) => e);
          expect(refused).toMatchObject({ code: 1, stderr: expect.stringMatching(/is in use by another process/) });
        } finally {
          await held.close();
        }
      }
      const reopened = await openDatabase({ databaseUrl: t.databaseUrl, dataDir: t.dataDir });
      const [row] = await reopened.db.select().from(user).where(eq(user.email, "pat@example.com"));
      expect(row?.role).toBe("admin");
      await reopened.close();
    } finally {
      await t.cleanup();
    }
  });
});
