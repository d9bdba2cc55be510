import { expect, test } from "./support/test";
import { demoProducts, type DemoProduct } from "../../db/seed/demo-catalog";
import { e2eAdmin } from "../../playwright.config";
import { registerAccount, signInAccount } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { buyWithDemoPayment } from "./support/checkout";
import { openHydrated } from "./support/hydration";

/**
 * An order's timeline (issue 32): the admin adds an internal note with the keyboard, sees it on top of the
 * order's events, and a refused note keeps its text; the same form works without JavaScript.
 */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

// A product no other browser test counts stock on: plenty in stock, several sizes.
const product = demoProducts
  .filter((p) => p.isActive && p.group === null && p.inventory >= 15 && p.sizes.length > 1)
  .reverse()[5] as DemoProduct;

test("the admin adds an internal note to an order's timeline, with the keyboard and without JavaScript", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const email = `timeline-${unique()}@example.com`;
  await registerAccount(page.request, baseURL!, { email, password: "Wardrobe2024", name: "Tia Lane" });
  const orderNumber = await buyWithDemoPayment(page, product, email);

  const context = await browser.newContext({ baseURL });
  const admin = await context.newPage();
  await signInAccount(admin.request, baseURL!, e2eAdmin);
  await openHydrated(admin, `/admin/orders/${orderNumber}`);
  const timeline = admin.getByRole("region", { name: "Timeline" });
  await expect(timeline.getByTestId("timeline-entry").last()).toContainText("Placed");

  // An empty note: refused, told why.
  await timeline.getByLabel(/Internal note/).focus();
  await admin.keyboard.type("   ");
  await admin.keyboard.press("Tab");
  await admin.keyboard.press("Enter");
  await expect(timeline.getByRole("alert")).toHaveText("Write a note.");

  await timeline.getByLabel(/Internal note/).fill("Gift: no invoice in the parcel.");
  await timeline.getByRole("button", { name: "Add note" }).press("Enter");
  await expect(timeline.getByTestId("timeline-entry").first()).toContainText("Gift: no invoice in the parcel.");
  await expect(timeline.getByLabel(/Internal note/)).toHaveValue("");
  await expectNoAxeViolations(admin, "/admin/orders/:orderNumber timeline");

  // Without JavaScript: a plain form post.
  const plain = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const noJs = await plain.newPage();
  await signInAccount(noJs.request, baseURL!, e2eAdmin);
  await noJs.goto(`/admin/orders/${orderNumber}`);
  await noJs.getByLabel(/Internal note/).fill("Called the customer.");
  await noJs.getByRole("button", { name: "Add note" }).click();
  await noJs.goto(`/admin/orders/${orderNumber}`);
  await expect(noJs.getByTestId("timeline-entry").first()).toContainText("Called the customer.");

  // The customer's order list never shows it.
  await page.goto("/orders");
  await expect(page.getByRole("main")).toContainText(orderNumber);
  await expect(page.getByRole("main")).not.toContainText("Gift: no invoice");
  await plain.close();
  await context.close();
});
