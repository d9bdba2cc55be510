import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { demoProducts, type DemoProduct } from "../../db/seed/demo-catalog";
import { e2eSharedAdminPassword } from "../../playwright.config";
import { registerAccount } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { buyWithDemoPayment } from "./support/checkout";
import { openHydrated } from "./support/hydration";

/**
 * The /secure-admin console in the browser: the gate (wrong and right password, Logout), the password
 * in no script or page the browser loads, an order a shopper places found in Orders with its details,
 * and the Analytics page's figures with their table view.
 */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

// A product no other browser test counts stock on (see admin-notifications.spec.ts for the others).
const product = demoProducts
  .filter((p) => p.isActive && p.group === null && p.inventory >= 15 && p.sizes.length > 1)
  .reverse()[5] as DemoProduct;

/** Opens the console and logs in with the shared password. */
async function logIn(page: Page, password = e2eSharedAdminPassword) {
  await openHydrated(page, "/secure-admin");
  await expect(page.getByRole("heading", { name: "Admin Access" })).toBeVisible();
  await page.getByRole("textbox", { name: "Admin Password" }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

test("the gate: a wrong password is refused, the right one opens the console, Logout closes it", async ({ page }) => {
  const bodies: string[] = [];
  page.on("response", async (response) => {
    const type = response.headers()["content-type"] ?? "";
    if (/javascript|html|json/.test(type)) bodies.push(await response.text().catch(() => ""));
  });
  await logIn(page, "not-the-password");
  await expect(page.getByText("Invalid password", { exact: true }).first()).toBeVisible();
  await page.getByRole("textbox", { name: "Admin Password" }).fill(`  ${e2eSharedAdminPassword}  `);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  for (const label of ["Total Products", "Active Products", "Featured Products", "Avg Price"]) {
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  }
  await expectNoAxeViolations(page, "the console's dashboard");
  // The password reached the server in the form; it never comes back in anything the browser loads.
  expect(bodies.length).toBeGreaterThan(0);
  expect(bodies.some((b) => b.includes(e2eSharedAdminPassword))).toBe(false);
  const storage = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }) + document.cookie);
  expect(storage).not.toContain(e2eSharedAdminPassword);

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("heading", { name: "Admin Access" })).toBeVisible();
  await openHydrated(page, "/secure-admin/analytics");
  await expect(page.getByRole("heading", { name: "Admin Access" })).toBeVisible();
  await expect(page.getByText("Total Revenue")).toHaveCount(0);
});

test("an order a shopper places appears in Orders, with its details and the fulfilment moves", async ({
  page,
  browser,
  baseURL,
}) => {
  // Two browsers, an order placed and moved three times: ~23 s alone, more beside the suite's other servers.
  test.setTimeout(60_000);
  const email = `console-${unique()}@example.com`;
  await registerAccount(page.request, baseURL!, { email, password: "Wardrobe2024", name: "Cora Console" });
  const orderNumber = await buyWithDemoPayment(page, product, email);

  const admin = await (await browser.newContext({ baseURL })).newPage();
  await logIn(admin);
  await admin.getByRole("link", { name: "Orders", exact: true }).click();
  await expect(admin.getByRole("heading", { name: "Order Management" })).toBeVisible();
  for (const label of ["Total Orders", "Total Revenue", "Pending Orders", "Paid Orders"]) {
    await expect(admin.getByText(label, { exact: true })).toBeVisible();
  }
  await admin.getByLabel("Search orders").fill(orderNumber);
  await admin.getByLabel("Search orders").press("Enter");
  // The search is in the URL before Details is opened: a click during the search's navigation would cancel it.
  await expect(admin).toHaveURL(new RegExp(`q=${orderNumber}`));
  await admin.getByRole("link", { name: `Details of ${orderNumber}` }).click();
  const details = admin.getByRole("dialog", { name: `Order ${orderNumber}` });
  await expect(details).toBeVisible();
  await expect(details.getByText(email)).toBeVisible();
  await expect(
    details.getByText("Admin WhatsApp notifications are sent automatically on successful payments."),
  ).toBeVisible();
  await expect(details.getByRole("columnheader", { name: "Size/Color" })).toBeVisible();
  // The same moves as /admin: ship it.
  await details.getByLabel("Tracking number").fill("1Z999AA10123456784");
  await details.getByLabel("Carrier").selectOption("UPS");
  await details.getByRole("button", { name: "Mark as shipped" }).click();
  const shippedToast = admin
    .locator("[data-sonner-toast]")
    .filter({ hasText: `Order ${orderNumber} marked as shipped` });
  await expect(shippedToast).toBeVisible();
  await expect(details.getByRole("button", { name: "Mark as delivered" })).toBeVisible();
  await expect(shippedToast).toHaveCount(1);
  await admin.keyboard.press("Escape");
  await expect(details).toBeHidden();
  // Refresh Orders reloads the list and says what it found (the search above matched this one order).
  await admin.getByRole("button", { name: "Refresh Orders" }).click();
  await expect(admin.getByText("Loaded 1 orders successfully")).toBeVisible();
  await admin.context().close();
});

test("Analytics: the four figures, charts with their tables, a date range in the URL", async ({ page }) => {
  await logIn(page);
  await page.getByRole("link", { name: "Analytics", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Sales Analytics" })).toBeVisible();
  for (const label of ["Total Orders", "Total Revenue", "Avg Order Value", "Unique Customers"]) {
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  }
  await page.getByRole("link", { name: "Last 7 days" }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
  const revenue = page.getByRole("region", { name: "Revenue per day" });
  await revenue.getByText("Show the figures as a table").click();
  await expect(revenue.getByRole("table", { name: "Revenue and orders per day" }).getByRole("row")).toHaveCount(8);
  await expectNoAxeViolations(page, "the console's analytics");
});
