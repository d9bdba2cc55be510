import { expect, test } from "./support/test";
import { demoProducts, type DemoProduct } from "../../db/seed/demo-catalog";
import { e2eAdmin } from "../../playwright.config";
import { registerAccount, signInAccount } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { buyWithDemoPayment } from "./support/checkout";
import { openHydrated } from "./support/hydration";

/**
 * Reviews from people who bought (issue 29): a customer whose order was delivered writes a review with
 * a fit answer from My Orders; the owner hides it with a reason, publishes it again and replies. Axe
 * finds no serious violation on the form, the thank-you page and the moderation page.
 */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

// A product no other browser test counts stock on: plenty in stock, several sizes.
const product = demoProducts
  .filter((p) => p.isActive && p.group === null && p.inventory >= 15 && p.sizes.length > 1)
  .reverse()[5] as DemoProduct;

test("a customer reviews a delivered item from My Orders; the owner hides it with a reason and replies", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = `reviewer-${unique()}@example.com`;
  const title = `Soft and warm ${unique()}`;
  await registerAccount(page.request, baseURL!, { email, password: "Wardrobe2024", name: "Rosa Delgado" });
  const orderNumber = await buyWithDemoPayment(page, product, email);

  // The owner ships and delivers the order.
  const context = await browser.newContext({ baseURL });
  const admin = await context.newPage();
  await signInAccount(admin.request, baseURL!, e2eAdmin);
  await openHydrated(admin, `/admin/orders/${orderNumber}`);
  await admin.getByLabel("Tracking number").fill("1Z 999 AA1 0123 4567");
  await admin.getByLabel("Carrier").selectOption("UPS");
  await admin.getByRole("button", { name: "Mark as shipped" }).click();
  await expect(admin.getByRole("button", { name: "Mark as delivered" })).toBeVisible();
  await admin.getByRole("button", { name: "Mark as delivered" }).click();
  await expect(admin.getByText(`Order ${orderNumber} marked as delivered`).first()).toBeVisible();

  // My Orders offers a review of the delivered line.
  await openHydrated(page, "/orders");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: orderNumber }) });
  await card.getByRole("link", { name: `Write a review of ${product.name}` }).click();
  await expect(page).toHaveURL(/\/reviews\/new\?line=/);
  await page.waitForSelector("html[data-hydrated='true']", { state: "attached" });
  await expect(page.getByText(/^Size bought: /)).toBeVisible();
  await expectNoAxeViolations(page, "/reviews/new");

  // Sent empty: the messages, focus on the first field to fix.
  await page.getByRole("button", { name: "Publish review" }).click();
  await expect(page.getByText("Choose a rating from 1 to 5 stars")).toBeVisible();
  await expect(page.getByText("Tell us how it fit: Runs small, True to size or Runs large")).toBeVisible();

  // The stars are a radio group: by the keyboard, as a screen-reader user would.
  await page.getByRole("radio", { name: "4 stars" }).focus();
  await page.keyboard.press("Space");
  await expect(page.getByRole("radio", { name: "4 stars" })).toBeChecked();
  await page
    .getByRole("group", { name: /How did it fit\?/ })
    .getByRole("radio", { name: "Runs small" })
    .check();
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Your review").fill("Lovely fabric, but order a size up: it runs small.");
  await expect(page.getByText("50 / 4000 characters (at least 10)")).toBeVisible();
  await page.getByRole("button", { name: "Publish review" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thanks — your review is published" })).toBeVisible();
  await expectNoAxeViolations(page, "review thanks");

  // My Orders now offers to edit it.
  await openHydrated(page, "/orders");
  await expect(card.getByRole("link", { name: `Edit your review of ${product.name}` })).toBeVisible();

  // The owner finds it under Reviews, hides it with a reason, then publishes it and replies.
  await openHydrated(admin, "/admin");
  await admin.getByRole("link", { name: "Reviews", exact: true }).first().click();
  await expect(admin).toHaveURL(/\/admin\/reviews$/);
  await expect(admin.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
  const row = admin.getByTestId("review-row").filter({ hasText: title });
  await expect(row).toContainText("Runs small");
  await expect(row).toContainText("Verified buyer");
  await expectNoAxeViolations(admin, "/admin/reviews");
  await row.getByLabel("Why hide it? (only you see this)").fill("Mentions a delivery problem, not the product");
  await row.getByRole("button", { name: "Hide" }).click();
  await expect(row).toContainText("Hidden: Mentions a delivery problem, not the product");
  await row.getByLabel("Reply publicly").fill("Thank you, Rosa — we have passed this on to our carrier.");
  await row.getByRole("button", { name: "Publish reply" }).click();
  await expect(row).toContainText("Reply published");
  await expect(row).toContainText("we have passed this on to our carrier");
  await row.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(row).toContainText("Review published");
  await expect(row.getByText("Published", { exact: true })).toBeVisible();
  await context.close();
});
