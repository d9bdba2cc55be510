import { expect, test } from "./support/test";
import { demoProducts, type DemoProduct } from "../../db/seed/demo-catalog";
import { e2eAdmin } from "../../playwright.config";
import { registerAccount, signInAccount } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { buyWithDemoPayment } from "./support/checkout";
import { openHydrated } from "./support/hydration";

/**
 * The shopper's side of returns (issue 30): a customer whose order was delivered asks, by labels and the
 * keyboard, to exchange the M they bought for an L; lands on the return's page, which says 'Requested'
 * and shows the printable instructions; then cancels it through the confirm dialog (Escape keeps it).
 */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

// A product no other browser test buys: plenty of stock in each size.
const product = demoProducts.find((p) => p.slug === "performance-training-tank") as DemoProduct;

test("a shopper asks to exchange an M for an L by the keyboard, sees it requested, and cancels it", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = `returner-${unique()}@example.com`;
  await registerAccount(page.request, baseURL!, { email, password: "Wardrobe2024", name: "Noor Haddad" });
  const orderNumber = await buyWithDemoPayment(page, product, email, { size: "M" });

  // The owner ships and delivers the order.
  const context = await browser.newContext({ baseURL });
  const admin = await context.newPage();
  await signInAccount(admin.request, baseURL!, e2eAdmin);
  await openHydrated(admin, `/admin/orders/${orderNumber}`);
  await admin.getByLabel("Tracking number").fill("1Z 999 AA1 0123 4568");
  await admin.getByLabel("Carrier").selectOption("UPS");
  await admin.getByRole("button", { name: "Mark as shipped" }).click();
  await expect(admin.getByRole("button", { name: "Mark as delivered" })).toBeVisible();
  await admin.getByRole("button", { name: "Mark as delivered" }).click();
  await expect(admin.getByText(`Order ${orderNumber} marked as delivered`).first()).toBeVisible();
  await context.close();

  // My Orders offers the return on the delivered order.
  await openHydrated(page, "/orders");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: orderNumber }) });
  await card.getByRole("link", { name: "Return or exchange" }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${orderNumber}/return$`));
  await page.waitForSelector("html[data-hydrated='true']", { state: "attached" });
  await expect(page.getByRole("heading", { level: 1, name: "Return or exchange" })).toBeVisible();
  await expectNoAxeViolations(page, "return request form");

  // Sent with nothing chosen: the message, tied to the checkbox, and nothing posted.
  await page.getByRole("button", { name: "Send return request" }).click();
  await expect(page.getByText("Choose at least one item to return")).toBeVisible();
  const line = page.getByRole("group", { name: new RegExp(product.name) });
  const choose = line.getByRole("checkbox", { name: "Return this item" });
  await expect(choose).toBeFocused();
  await expect(choose).toHaveAttribute("aria-describedby", /error/);

  // By the keyboard: tick the line, pick a reason, choose Exchange, pick L.
  await choose.press("Space");
  await expect(choose).toBeChecked();
  await line.getByLabel("Reason").focus();
  await line.getByLabel("Reason").selectOption({ label: "Too small" });
  await line.getByRole("radio", { name: "Exchange for another size or colour" }).focus();
  await page.keyboard.press("Space");
  await expect(line.getByRole("radio", { name: "Exchange for another size or colour" })).toBeChecked();
  const wanted = line.getByLabel("Size or colour wanted");
  // The product's other sizes and colours: L in the colour bought is the size up.
  const option = wanted.getByRole("option", { name: "L", exact: true });
  await expect(option).toBeEnabled();
  await wanted.selectOption({ label: "L" });
  await page.getByRole("button", { name: "Send return request" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/returns\/RMA-\d+-1$/);

  // The return's page: Requested, the exchange, the instructions with the RMA number and the address.
  const rma = page.url().split("/").pop()!;
  await page.waitForSelector("html[data-hydrated='true']", { state: "attached" });
  await expect(page.getByRole("heading", { level: 1, name: `Return ${rma}` })).toBeVisible();
  await expect(page.getByRole("list", { name: "Return progress" }).getByText("Requested")).toBeVisible();
  await expect(page.getByText("Exchange for L")).toBeVisible();
  const instructions = page.getByRole("region", { name: "Return instructions" });
  await expect(instructions).toContainText(rma);
  await expect(instructions.locator("address")).toContainText("Portland, OR 97204");
  await expect(instructions.getByRole("button", { name: "Print instructions" })).toBeVisible();
  await expectNoAxeViolations(page, "return page");

  // Cancel: a dialog first; Escape keeps the return, then it is cancelled for real.
  await page.getByRole("button", { name: "Cancel return", exact: true }).click();
  const dialog = page.getByRole("alertdialog", { name: "Cancel this return?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Keep return" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Cancel return", exact: true }).click();
  await dialog.getByRole("button", { name: "Yes, cancel return" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Return ${rma} cancelled` })).toBeVisible();
  await expect(page.getByRole("list", { name: "Return progress" }).getByText("Cancelled")).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel return", exact: true })).toHaveCount(0);

  // My Orders lists the return with its status.
  await openHydrated(page, "/orders");
  const returnsList = card.getByRole("list", { name: `Returns of ${orderNumber}` });
  await expect(returnsList.getByRole("link", { name: rma })).toBeVisible();
  await expect(returnsList).toContainText("Cancelled");
});
