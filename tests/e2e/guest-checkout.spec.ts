import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser } from "@playwright/test";
import { expect, test } from "./support/test";
import { demoProducts, type DemoProduct } from "../../db/seed/demo-catalog";
import { startServerProcess, type ServerProcess } from "../support/server-process";
import { expectNoAxeViolations } from "./support/axe";
import { openHydrated } from "./support/hydration";

/**
 * Guest checkout (issue 31): on a shop with GUEST_CHECKOUT=true — a server of its own, since the suite's
 * shared server keeps the spec's default (guests sent to sign in, which checkout.spec.ts walks through) —
 * a visitor fills a cart, checks out as a guest (the e-mail asked first), pays by demo payment, creates an
 * account from the confirmation page with the e-mail filled in, and finds the order under /orders.
 */
let server: ServerProcess;
let dataDir: string;
test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 1280, height: 900 } });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(os.tmpdir(), "abundance-e2e-guest-"));
  server = await startServerProcess({
    DATA_DIR: dataDir,
    GUEST_CHECKOUT: "true",
    ADMIN_EMAIL: "admin@example.com",
    ADMIN_PASSWORD: "E2eAdminPass1",
    LOG_LEVEL: "warn",
    RATE_LIMIT_IP_MULTIPLIER: "100",
    NOTIFICATIONS: "false",
    DEMO_PAYMENTS: "true",
  });
});
test.afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const product = demoProducts.filter((p) => p.isActive && p.group === null && p.inventory >= 15).at(-1) as DemoProduct;

async function shopper(browser: Browser) {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  return { context, page: await context.newPage() };
}

test("a guest buys with the demo payment, creates an account from the confirmation page and finds the order", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { context, page } = await shopper(browser);
  const email = `guest-${Date.now().toString(36)}@example.com`;

  await openHydrated(page, `/product/${product.slug}`);
  if (product.sizes.length > 0) {
    await page.getByRole("radiogroup", { name: "Size" }).getByRole("radio", { disabled: false }).first().click();
  }
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(`${product.name} added to cart!`, { exact: true }).last()).toBeVisible();
  await page.getByRole("button", { name: /Open cart/ }).click();
  await page.getByRole("dialog").getByRole("link", { name: "Checkout" }).click();

  // Not sent to sign in: step 1 asks the guest for the e-mail first.
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText("Checking out as a guest.")).toBeVisible();
  const fields = page.getByRole("group", { name: "Contact information" }).getByRole("textbox");
  await expect(fields.first()).toHaveAccessibleName("Email");
  await expectNoAxeViolations(page, "guest checkout, step 1");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("First name").fill("Gia");
  await page.getByLabel("Last name").fill("Guest");
  await page.getByLabel("Phone").fill("+1 503 555 0177");
  await page.getByRole("button", { name: "Continue to Shipping" }).click();
  await page.getByLabel("Address", { exact: true }).fill("7 Fir Lane");
  await page.getByLabel("City").fill("Salem");
  await page.getByLabel("State / Province").fill("OR");
  await page.getByLabel("Postal code").fill("97301");
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/order-confirmation\/ORD-\d{8}$/, { timeout: 15_000 });
  const orderNumber = page.url().split("/").pop()!;
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  // The cart was the browser's: it is empty now.
  await expect(page.getByTestId("cart-count")).toHaveCount(0);

  // Delayed account creation: the e-mail is the order's, filled in.
  const offer = page.getByRole("region", { name: "Create an account" });
  await expect(offer.getByLabel("Email")).toHaveValue(email);
  await expect(offer.getByLabel("Full name")).toHaveValue("Gia Guest");
  await expectNoAxeViolations(page, "guest order confirmation with its account offer");
  await offer.getByRole("textbox", { name: "Password", exact: true }).fill("Wardrobe2024");
  await offer.getByRole("textbox", { name: "Confirm password" }).fill("Wardrobe2024");
  await offer.getByRole("checkbox", { name: /terms and conditions/ }).check();
  await offer.getByRole("button", { name: "Create Account" }).click();

  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByText(orderNumber).first()).toBeVisible();
  await expectNoAxeViolations(page, "the new account's orders");
  await context.close();
});

test("the order lookup answers with the same page for any e-mail", async ({ browser }) => {
  const { context, page } = await shopper(browser);
  await openHydrated(page, "/orders/lookup");
  await expect(page.getByRole("heading", { name: "Find your order" })).toBeVisible();
  await expectNoAxeViolations(page, "order lookup");
  await page.getByLabel("Email").fill("nobody-ordered@example.com");
  await page.getByRole("button", { name: "E-mail me my order links" }).click();
  await expect(page.getByRole("status")).toContainText("If we have orders placed without an account");
  await context.close();
});
