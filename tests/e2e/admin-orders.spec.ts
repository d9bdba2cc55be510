import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { demoProducts, type DemoProduct } from "../../db/seed/demo-catalog";
import { e2eAdmin, e2eSharedAdminPassword } from "../../playwright.config";
import { registerAccount, signInAccount } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { buyWithDemoPayment } from "./support/checkout";
import { openHydrated } from "./support/hydration";

/**
 * The orders back office in the browser (issue 12): a shopper buys with the demo payment, the admin finds
 * the order on /admin, ships it with a tracking number (the shopper sees 'In Transit' and the number),
 * marks it delivered, and the shopper's Reorder fills the cart again. And a customer who knows the shared
 * admin password gets into /admin.
 */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

// A product no other browser test counts stock on: plenty in stock, several sizes, near the end of the list.
const product = demoProducts
  .filter((p) => p.isActive && p.group === null && p.inventory >= 15 && p.sizes.length > 1)
  .reverse()[3] as DemoProduct;

async function adminPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInAccount(page.request, baseURL, e2eAdmin);
  return page;
}

test("a shopper's order: the admin ships it, the shopper sees it in transit, then delivered and reordered", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const email = `admin-orders-${unique()}@example.com`;
  await registerAccount(page.request, baseURL!, { email, password: "Wardrobe2024", name: "Rosa Delgado" });
  const orderNumber = await buyWithDemoPayment(page, product, email);

  // The admin finds the order by the shopper's e-mail.
  const admin = await adminPage(browser, baseURL!);
  await openHydrated(admin, "/admin");
  await expect(admin.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await admin.getByLabel("Search orders").fill(email);
  await admin.getByRole("search", { name: "Orders" }).getByRole("button", { name: "Search" }).click();
  await expect(admin).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(email).replace(/\./g, "\\.")}$`));
  const rows = admin.getByTestId("order-row");
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("Rosa Delgado");
  await expect(rows).toContainText("Processing");
  await expect(rows).toContainText("Paid");
  await expectNoAxeViolations(admin, "/admin");
  await rows.getByRole("link", { name: orderNumber }).click();

  // The order's page: ship with a tracking number.
  await expect(admin).toHaveURL(`/admin/orders/${orderNumber}`);
  await expect(admin.getByRole("heading", { name: `Order ${orderNumber}` })).toBeVisible();
  await expect(admin.getByRole("main")).toContainText(product.name);
  await expect(admin.getByRole("main")).toContainText("+1 503 555 0199");
  await expect(admin.getByRole("button", { name: "Mark as delivered" })).toHaveCount(0);
  await expectNoAxeViolations(admin, "/admin/orders/:orderNumber");
  await admin.getByRole("button", { name: "Mark as shipped" }).click();
  await expect(admin.getByText("Tracking number is required")).toBeVisible();
  await expect(admin.getByLabel("Tracking number")).toBeFocused();
  await admin.getByLabel("Tracking number").fill("1Z 999 AA1 0123 4567");
  await admin.getByLabel("Carrier").selectOption("UPS");
  await admin.getByRole("button", { name: "Mark as shipped" }).click();
  const shippedToast = admin
    .locator("[data-sonner-toast]")
    .filter({ hasText: `Order ${orderNumber} marked as shipped` });
  await expect(shippedToast).toBeVisible();
  await expect(admin.getByRole("button", { name: "Mark as delivered" })).toBeVisible();
  // Once, though the actions were drawn again for the order's new status.
  await expect(shippedToast).toHaveCount(1);
  await expect(admin.getByRole("main")).toContainText("1Z 999 AA1 0123 4567");

  // The shopper sees it on the way.
  await openHydrated(page, "/orders");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: orderNumber }) });
  await expect(card).toContainText("In Transit (tracking 1Z 999 AA1 0123 4567)");
  await expect(card).toContainText("Shipped");

  // Delivered.
  await admin.getByRole("button", { name: "Mark as delivered" }).click();
  await expect(admin.getByText(`Order ${orderNumber} marked as delivered`).first()).toBeVisible();
  await expect(admin.getByText("No further action is possible for this order.")).toBeVisible();

  // The shopper orders the same again.
  await openHydrated(page, "/orders");
  await expect(card).toContainText("Delivered");
  await card.getByRole("button", { name: "Reorder" }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  // Reorder opens the cart with the order's items in it.
  const cart = page.getByRole("dialog", { name: "Shopping Cart" });
  await expect(cart.getByRole("list", { name: "Cart items" })).toContainText(product.name);
  await admin.context().close();
});

test("the cancel dialog asks first, keeps focus inside and closes on Escape", async ({ page, browser, baseURL }) => {
  test.setTimeout(60_000);
  const email = `admin-cancel-${unique()}@example.com`;
  await registerAccount(page.request, baseURL!, { email, password: "Wardrobe2024", name: "Cal Cancel" });
  const orderNumber = await buyWithDemoPayment(page, product, email);
  const admin = await adminPage(browser, baseURL!);
  await openHydrated(admin, `/admin/orders/${orderNumber}`);
  await admin.getByRole("link", { name: "Cancel order" }).click();
  const dialog = admin.getByRole("alertdialog", { name: "Cancel this order?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("its items go back into stock");
  await expect(dialog).toContainText("The payment will be refunded.");
  await expect(dialog.getByRole("button", { name: "Keep order" })).toBeFocused();
  await admin.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(admin.getByRole("link", { name: "Cancel order" })).toBeVisible();
  await admin.getByRole("link", { name: "Cancel order" }).click();
  await dialog.getByRole("button", { name: "Cancel order" }).click();
  await expect(admin.getByText(`Order ${orderNumber} cancelled`).first()).toBeVisible();
  await expect(admin.getByRole("main")).toContainText("Refunded");
  await admin.context().close();
});

test("a customer who types the shared admin password gets into /admin", async ({ page, baseURL }) => {
  const email = `shared-pass-${unique()}@example.com`;
  await openHydrated(page, "/admin");
  await expect(page.getByRole("heading", { name: "Admin Access Required" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Sign in", exact: true })).toHaveAttribute(
    "href",
    "/login?redirect=%2Fadmin",
  );

  await registerAccount(page.request, baseURL!, { email, password: "Wardrobe2024", name: "Sam Shared" });
  await openHydrated(page, "/admin");
  await expect(page.getByRole("heading", { name: "Admin Access Required" })).toBeVisible();
  await page.getByRole("textbox", { name: "Admin Password" }).fill("wrong-password");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Invalid admin password" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toHaveCount(0);

  await page.getByRole("textbox", { name: "Admin Password" }).fill(e2eSharedAdminPassword);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Admin access granted").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByText("Orders today")).toBeVisible();
  // Still there after a reload: the pass is a cookie of this session.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
});

test("the test-order tool: one operation at a time, and a late answer times out", async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const admin = await adminPage(browser, baseURL!);
  // The server's answer is held back past the browser's 15 s limit.
  await admin.route("**/admin/test-orders", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 16_500));
    await route.abort().catch(() => undefined);
  });
  await openHydrated(admin, "/admin");
  const create = admin.getByRole("button", { name: "Create test order" });
  await create.click();
  const running = admin.getByRole("button", { name: "Creating..." });
  await expect(running).toHaveAttribute("aria-disabled", "true");
  // aria-disabled, which Playwright honours: the click a person makes anyway is forced.
  await admin.getByRole("button", { name: "Mark latest pending order paid and processing" }).click({ force: true });
  await expect(admin.getByText("Please wait for current operation to complete").first()).toBeVisible();
  await expect(admin.getByText("Order creation timed out. Please try again.").first()).toBeVisible({ timeout: 20_000 });
  await expect(create).toHaveAttribute("aria-disabled", "false");

  // Answered in time: the order is made and listed.
  await admin.unroute("**/admin/test-orders");
  await create.click();
  const made = admin.getByText(/^Test order TEST-\d{8} created$/).first();
  await expect(made).toBeVisible();
  const orderNumber = /TEST-\d{8}/.exec((await made.textContent()) ?? "")![0];
  await expect(admin.getByTestId("order-row").filter({ hasText: orderNumber })).toContainText("Test");
  await admin.context().close();
});
