import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS } from "./tests/support/chromium-flags";
import { FAKE_PAYPAL_CLIENT_ID, FAKE_PAYPAL_CLIENT_SECRET } from "./tests/support/fake-paypal";
import { FAKE_TWILIO_ACCOUNT_SID, FAKE_TWILIO_AUTH_TOKEN, FAKE_TWILIO_FROM } from "./tests/support/fake-twilio";

/** Browser tests drive Debian's Chromium against the production build on a fresh embedded database. */
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = path.join(os.tmpdir(), `abundance-e2e-${port}`);
export const e2eAdmin = { email: "admin@example.com", password: "E2eAdminPass1" };
/** The shared admin password (SECURE_ADMIN_PASSWORD): a customer who types it gets into /admin. */
export const e2eSharedAdminPassword = "E2eSharedAdmin7";
/** The fake PayPal the e2e server talks to (tests/support/fake-paypal.ts; tests use its /__test__ routes). */
const fakePayPalPort = port + 1000;
export const fakePayPalUrl = `http://127.0.0.1:${fakePayPalPort}`;
/** The fake Twilio the e2e server sends WhatsApp messages to (tests/support/fake-twilio.ts; tests use its /__test__ routes). */
const fakeTwilioPort = port + 1001;
export const fakeTwilioUrl = `http://127.0.0.1:${fakeTwilioPort}`;
/** ADMIN_WHATSAPP_TO of the e2e server: the shop owner's WhatsApp number. */
export const e2eOwnerWhatsApp = "+14155550100";
/** The SMTP sink the e2e server mails to (tests/support/smtp-sink.ts); tests read the mails over HTTP. */
const smtpSinkPort = port + 1002;
const smtpSinkHttpPort = port + 1003;
export const smtpSinkHttpUrl = `http://127.0.0.1:${smtpSinkHttpPort}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  // 45 s: the tests that run axe over a whole page took 30–32 s on a busy 2-core machine with Chromium 156.
  timeout: 45_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined }, grepInvert: /@mobile/ },
    { name: "mobile", use: { ...devices["Pixel 7"], channel: undefined }, grep: /@mobile/ },
  ],
  webServer: [
    {
      command: "node --import tsx tests/support/fake-paypal-server.ts",
      url: `${fakePayPalUrl}/__test__/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { FAKE_PAYPAL_PORT: String(fakePayPalPort) },
    },
    {
      command: "node --import tsx tests/support/fake-twilio-server.ts",
      url: `${fakeTwilioUrl}/__test__/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { FAKE_TWILIO_PORT: String(fakeTwilioPort) },
    },
    {
      command: "node --import tsx tests/support/smtp-sink-server.ts",
      url: `${smtpSinkHttpUrl}/__test__/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { SMTP_SINK_PORT: String(smtpSinkPort), SMTP_SINK_HTTP_PORT: String(smtpSinkHttpPort) },
    },
    {
      command: `rm -rf "${dataDir}" && node server.js`,
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: baseURL,
        DATA_DIR: dataDir,
        ADMIN_EMAIL: e2eAdmin.email,
        ADMIN_PASSWORD: e2eAdmin.password,
        SECURE_ADMIN_PASSWORD: e2eSharedAdminPassword,
        PAGE_CACHE_SECONDS: "5",
        // The auth library's per-IP rate limits would throttle a suite that signs in from one address.
        NODE_ENV: "test",
        // Every test comes from 127.0.0.1: the per-account limits stay, the per-IP ones are raised.
        RATE_LIMIT_IP_MULTIPLIER: "100",
        // Likewise the unpaid orders per address (every shopper of the suite is one address); the per-account
        // limits and the share of a variant's stock stay (tests/integration/stock-holds.test.ts tests them all).
        UNPAID_ORDERS_PER_ADDRESS: "1000",
        // The suite keeps the machine busy: messages go out at once rather than after the rush.
        NOTIFICATION_YIELD_SECONDS: "0",
        // Back in stock (issue 31): a round every 2 s, so a restock's mail arrives within the test's wait.
        RESTOCK_ROUND_SECONDS: "2",
        // PayPal against the fake. tests/e2e/paypal.spec.ts serves the browser a fake SDK; elsewhere the real
        // SDK does not load for the fake client id, so checkout shows 'PayPal temporarily unavailable'.
        PAYPAL_CLIENT_ID: FAKE_PAYPAL_CLIENT_ID,
        PAYPAL_CLIENT_SECRET: FAKE_PAYPAL_CLIENT_SECRET,
        PAYPAL_API_BASE: fakePayPalUrl,
        // WhatsApp through the fake Twilio; its status callbacks come back to PUBLIC_URL.
        TWILIO_ACCOUNT_SID: FAKE_TWILIO_ACCOUNT_SID,
        TWILIO_AUTH_TOKEN: FAKE_TWILIO_AUTH_TOKEN,
        TWILIO_WHATSAPP_FROM: FAKE_TWILIO_FROM,
        ADMIN_WHATSAPP_TO: e2eOwnerWhatsApp,
        TWILIO_API_BASE: fakeTwilioUrl,
        // Mail (order e-mails, password resets) goes to the SMTP sink, not to DATA_DIR/outbox.
        SMTP_URL: `smtp://127.0.0.1:${smtpSinkPort}`,
        // Cart reminders (issue 31) 3 s after a shopper who ticked the box leaves checkout, looked for every second:
        // only tests/e2e/checkout-recovery.spec.ts's shopper agrees to them.
        ABANDONED_CHECKOUT_MINUTES: "0.05",
        ABANDONED_CHECKOUT_SCAN_SECONDS: "1",
      },
    },
  ],
});
