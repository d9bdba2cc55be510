import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig, publicConfig } from "~/lib/config/config.server";
import { ConfigError, parseEnv } from "~/lib/config/env.server";

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "abundance-config-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("configuration (decisions.md §2)", () => {
  it("applies the documented defaults", () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.host).toBe("0.0.0.0");
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.admin.email).toBe("admin@example.com");
    expect(config.seedDemoCatalog).toBe(true);
    expect(config.demoPayments).toBe(true);
    expect(config.guestSearch).toBe(false);
    expect(config.guestCheckout).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, GUEST_CHECKOUT: "true" }).guestCheckout).toBe(true);
    expect(config.paypal).toBeUndefined();
    expect(config.twilio).toBeUndefined();
    expect(publicConfig(config)).toEqual({
      publicUrl: "http://localhost:3000",
      guestSearch: false,
      guestCheckout: false,
      requireEmailVerification: false,
      demoPayments: true,
      paypalClientId: null,
      socialProviders: { google: false, facebook: false },
      maxQuantityPerProduct: 10,
      whatsapp: false,
    });
    // Back in stock (issue 31): 3 shoppers per unit back, the rest an hour later, a round a minute.
    expect(config.restock).toEqual({ factor: 3, waveMs: 60 * 60_000, roundMs: 60_000 });
    expect(() => loadConfig({ DATA_DIR: dataDir, RESTOCK_NOTIFY_FACTOR: "0" })).toThrow();
    expect(config.orderLimits).toEqual({
      maxQuantityPerProduct: 10,
      unpaidOrdersPerAccount: 2,
      unpaidOrderHoldMinutes: 15,
      unpaidOrdersPerAddress: 10,
      holdSharePercent: 50,
      holdCooldownMinutes: 60,
    });
  });

  it("reads the order limits: per-product cap, unpaid orders per account, and the unpaid order's hold", () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      MAX_QTY_PER_PRODUCT: "5",
      UNPAID_ORDERS_PER_ACCOUNT: "1",
      UNPAID_ORDER_HOLD_MINUTES: "30",
      UNPAID_ORDERS_PER_ADDRESS: "4",
      UNPAID_HOLD_SHARE_PERCENT: "100",
      UNPAID_HOLD_COOLDOWN_MINUTES: "0",
    });
    expect(config.orderLimits).toEqual({
      maxQuantityPerProduct: 5,
      unpaidOrdersPerAccount: 1,
      unpaidOrderHoldMinutes: 30,
      unpaidOrdersPerAddress: 4,
      holdSharePercent: 100,
      holdCooldownMinutes: 0,
    });
    expect(() => loadConfig({ DATA_DIR: tempDir(), UNPAID_HOLD_SHARE_PERCENT: "0" })).toThrow(
      /UNPAID_HOLD_SHARE_PERCENT/,
    );
    expect(publicConfig(config).maxQuantityPerProduct).toBe(5);
  });

  it("bounds memory: 32 MB of pages, 32 MB per read cache, the embedded database's buffers as set", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).cacheBytes).toEqual({ pages: 32 * 2 ** 20, reads: 32 * 2 ** 20 });
    expect(loadConfig({ DATA_DIR: tempDir(), PAGE_CACHE_MB: "16", READ_CACHE_MB: "8" }).cacheBytes).toEqual({
      pages: 16 * 2 ** 20,
      reads: 8 * 2 ** 20,
    });
    expect(() => loadConfig({ DATA_DIR: tempDir(), PAGE_CACHE_MB: "0" })).toThrow(/PAGE_CACHE_MB/);
    // The embedded database's buffers: its own default unless set.
    expect(loadConfig({ DATA_DIR: tempDir() }).pgliteSharedBuffersMb).toBeUndefined();
    expect(loadConfig({ DATA_DIR: tempDir(), PGLITE_SHARED_BUFFERS_MB: "128" }).pgliteSharedBuffersMb).toBe(128);
  });

  it("runs one process per core on PostgreSQL, one on the embedded database, and refuses more there", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).webConcurrency).toBe(1);
    const postgres = { DATA_DIR: tempDir(), DATABASE_URL: "postgres://shop@db/shop" };
    expect(loadConfig(postgres).webConcurrency).toBe(os.availableParallelism());
    expect(loadConfig({ ...postgres, WEB_CONCURRENCY: "3" }).webConcurrency).toBe(3);
    expect(() => loadConfig({ DATA_DIR: tempDir(), WEB_CONCURRENCY: "2" })).toThrow(
      /WEB_CONCURRENCY: above 1 needs DATABASE_URL/,
    );
    expect(() => loadConfig({ ...postgres, WEB_CONCURRENCY: "0" })).toThrow(ConfigError);
  });

  it("schedules backups of the embedded database only, into DATA_DIR/backups unless told", () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).backups).toEqual({
      everyMs: undefined,
      keep: 7,
      dir: path.join(dataDir, "backups"),
      bucket: undefined,
    });
    expect(
      loadConfig({ DATA_DIR: dataDir, BACKUP_EVERY_HOURS: "1.5", BACKUP_KEEP: "3", BACKUP_DIR: "/srv/backups" })
        .backups,
    ).toEqual({ everyMs: 5_400_000, keep: 3, dir: "/srv/backups", bucket: undefined });
    const photos = { S3_BUCKET: "shop-photos", S3_ENDPOINT: "http://minio.internal:9000" };
    expect(
      loadConfig({ DATA_DIR: dataDir, ...photos, BACKUP_EVERY_HOURS: "24", BACKUP_DIR: "s3://shop-backups/nightly/" })
        .backups.bucket,
    ).toEqual({ bucket: "shop-backups", prefix: "nightly/" });
    expect(() => loadConfig({ DATA_DIR: dataDir, BACKUP_DIR: "s3://shop-backups" })).toThrow(/BACKUP_DIR: .*S3_/);
    expect(() => loadConfig({ DATA_DIR: dataDir, ...photos, BACKUP_DIR: "s3://x" })).toThrow(
      /BACKUP_DIR: must be a folder or s3:\/\/bucket\/folder/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, BACKUP_EVERY_HOURS: "0" })).toThrow(/BACKUP_EVERY_HOURS/);
    expect(() => loadConfig({ DATA_DIR: dataDir, BACKUP_KEEP: "0" })).toThrow(/BACKUP_KEEP/);
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, DATABASE_URL: "postgres://shop@db/shop", BACKUP_EVERY_HOURS: "24" }),
    ).toThrow(/BACKUP_EVERY_HOURS: .*pg_dump/);
  });

  it("respects PORT in the public URL", () => {
    expect(loadConfig({ DATA_DIR: tempDir(), PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
  });

  it("generates secrets once into DATA_DIR and keeps them across starts", () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.admin.password).toMatch(/[A-Z]/);
    expect(first.admin.password).toMatch(/[a-z]/);
    expect(first.admin.password).toMatch(/\d/);
    expect(second.admin.password).toBe(first.admin.password);
    expect(second.secureAdminPassword).toBe(first.secureAdminPassword);
    expect(first.admin.passwordGenerated).toBe(true);
    const stored = JSON.parse(readFileSync(path.join(dataDir, "secrets.json"), "utf8"));
    expect(stored.authSecret).toBe(first.authSecret);
  });

  it("uses the given secrets and does not print them as generated", () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      AUTH_SECRET: "x".repeat(40),
      ADMIN_PASSWORD: "Sup3rSecret",
      SECURE_ADMIN_PASSWORD: "shared-pass",
    });
    expect(config.admin.password).toBe("Sup3rSecret");
    expect(config.admin.passwordGenerated).toBe(false);
    expect(config.secureAdminPasswordGenerated).toBe(false);
  });

  it("requires AUTH_SECRET and SECURE_ADMIN_PASSWORD in production and turns demo payments off", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/AUTH_SECRET: is required when NODE_ENV=production/);
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/SECURE_ADMIN_PASSWORD/);
    const config = loadConfig({
      NODE_ENV: "production",
      DATA_DIR: tempDir(),
      AUTH_SECRET: "y".repeat(40),
      SECURE_ADMIN_PASSWORD: "shared-pass",
    });
    expect(config.demoPayments).toBe(false);
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ GUEST_SEARCH: "maybe" }, "GUEST_SEARCH"],
    [{ ADMIN_EMAIL: "not-an-email" }, "ADMIN_EMAIL"],
    [{ PUBLIC_URL: "shop.example" }, "PUBLIC_URL"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ AUTH_SECRET: "short" }, "AUTH_SECRET"],
    [{ MAX_QTY_PER_PRODUCT: "0" }, "MAX_QTY_PER_PRODUCT"],
    [{ MAX_QTY_PER_PRODUCT: "2.5" }, "MAX_QTY_PER_PRODUCT"],
    [{ UNPAID_ORDERS_PER_ACCOUNT: "none" }, "UNPAID_ORDERS_PER_ACCOUNT"],
    [{ UNPAID_ORDER_HOLD_MINUTES: "0" }, "UNPAID_ORDER_HOLD_MINUTES"],
  ])("names the variable of a bad value (%j)", (env, name) => {
    expect(() => parseEnv(env)).toThrow(ConfigError);
    expect(() => parseEnv(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });

  it("configures PayPal and Twilio only when their credentials are complete", () => {
    const partial = loadConfig({ DATA_DIR: tempDir(), PAYPAL_CLIENT_ID: "id" });
    expect(partial.paypal).toBeUndefined();
    const full = loadConfig({
      DATA_DIR: tempDir(),
      PAYPAL_CLIENT_ID: "id",
      PAYPAL_CLIENT_SECRET: "secret",
      TWILIO_ACCOUNT_SID: "AC1",
      TWILIO_AUTH_TOKEN: "tok",
      TWILIO_WHATSAPP_FROM: "+15550001111",
    });
    expect(full.paypal).toEqual({
      clientId: "id",
      clientSecret: "secret",
      apiBase: "https://api-m.sandbox.paypal.com",
    });
    expect(full.twilio?.apiBase).toBe("https://api.twilio.com");
  });
});
