import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { demoProducts, type DemoProduct } from "../../db/seed/demo-catalog";
import { e2eAdmin } from "../../playwright.config";
import { registerAccount, signInAccount } from "./support/accounts";
import { buyWithDemoPayment } from "./support/checkout";
import { openHydrated } from "./support/hydration";
import { mailsTo } from "./support/mail";

/**
 * A size exchange end to end (issue 30): a shopper asks to exchange the M they bought for an L; the owner
 * approves it, marks the parcel received (restocked) and ships the exchange, which becomes a new order
 * that goes out with tracking; at each step the shopper's return page says where it is, and an e-mail
 * tells them.
 */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

// A product no other browser test buys or returns.
const product = demoProducts.find((p) => p.slug === "mens-classic-pique-polo-green") as DemoProduct;

/** The owner ships an order with tracking (on its page). */
async function ship(admin: Page, orderNumber: string, tracking: string) {
  await openHydrated(admin, `/admin/orders/${orderNumber}`);
  await admin.getByLabel("Tracking number").fill(tracking);
  await admin.getByLabel("Carrier").selectOption("UPS");
  await admin.getByRole("button", { name: "Mark as shipped" }).click();
  await expect(admin.getByText(`Order ${orderNumber} marked as shipped`).first()).toBeVisible();
}

/** The shopper's return page, reloaded: `step` is done. */
async function shopperSees(page: Page, rma: string, step: string) {
  await openHydrated(page, `/returns/${rma}`);
  await expect(
    page.getByRole("list", { name: "Return progress" }).getByRole("listitem").filter({ hasText: step }),
  ).toHaveText(`${step} (done)`);
}

test("a shopper exchanges an M for an L; the owner approves, receives and ships it; the shopper sees each step", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name === "mobile", "one run of the whole flow is enough");
  test.setTimeout(180_000);
  const email = `exchanger-${unique()}@example.com`;
  await registerAccount(page.request, baseURL!, { email, password: "Wardrobe2024", name: "Ines Alvarez" });
  const orderNumber = await buyWithDemoPayment(page, product, email, { size: "M" });

  const context = await browser.newContext({ baseURL });
  const admin = await context.newPage();
  await signInAccount(admin.request, baseURL!, e2eAdmin);
  await ship(admin, orderNumber, "1Z 999 AA1 0123 4570");
  await admin.getByRole("button", { name: "Mark as delivered" }).click();
  await expect(admin.getByText(`Order ${orderNumber} marked as delivered`).first()).toBeVisible();

  // The shopper asks for an L instead of the M.
  await openHydrated(page, `/orders/${orderNumber}/return`);
  const line = page.getByRole("group", { name: new RegExp(product.name) });
  await line.getByRole("checkbox", { name: "Return this item" }).check();
  await line.getByLabel("Reason").selectOption({ label: "Too small" });
  await line.getByRole("radio", { name: "Exchange for another size or colour" }).check();
  await line.getByLabel("Size or colour wanted").selectOption({ label: "L" });
  await page.getByRole("button", { name: "Send return request" }).click();
  await expect(page).toHaveURL(/\/returns\/RMA-\d+-1$/);
  const rma = page.url().split("/").pop()!;
  await shopperSees(page, rma, "Requested");

  // The owner finds it in the returns list and approves it.
  await openHydrated(admin, "/admin/returns");
  await admin.getByRole("link", { name: rma }).click();
  await expect(admin.getByRole("heading", { level: 1, name: new RegExp(rma) })).toBeVisible();
  await admin.waitForSelector("html[data-hydrated='true']", { state: "attached" });
  await admin.getByRole("button", { name: "Approve return" }).click();
  await expect(admin.getByText(`Return ${rma} approved`).first()).toBeVisible();
  await shopperSees(page, rma, "Approved");

  // The parcel arrives: the M goes back on sale.
  const receive = admin.getByRole("form", { name: "Mark as received" });
  await expect(receive.getByRole("radio", { name: "Restock" })).toBeChecked();
  await receive.getByRole("button", { name: "Mark as received" }).click();
  await expect(admin.getByText(`Return ${rma} marked as received`).first()).toBeVisible();
  await shopperSees(page, rma, "Received");

  // The exchange ships: a new order, free, fulfilled with tracking like any other.
  await admin.getByRole("button", { name: "Ship exchange" }).click();
  await expect(admin.getByText(`Exchange of return ${rma} created`).first()).toBeVisible();
  const exchangeLink = admin
    .locator("dt", { hasText: /^Exchange order$/ })
    .locator("xpath=following-sibling::dd[1]")
    .getByRole("link");
  await expect(exchangeLink).toBeVisible();
  const exchangeNumber = (await exchangeLink.textContent())!.trim();
  expect(exchangeNumber).not.toBe(orderNumber);
  await ship(admin, exchangeNumber, "1Z 999 AA1 0123 4571");
  await expect(admin.getByText(`Exchange for ${orderNumber}`)).toBeVisible();
  await context.close();

  // The shopper's return page: completed, with the exchange order on its way.
  await shopperSees(page, rma, "Exchange shipped");
  await expect(page.getByText("Exchange for L")).toBeVisible();
  await expect(page.getByText(exchangeNumber)).toBeVisible();
  await expect(page.getByRole("link", { name: /1Z 999 AA1 0123 4571/ })).toBeVisible();

  // And an e-mail at each step.
  await expect
    .poll(async () => (await mailsTo(email)).map((m) => m.subject).filter((s) => s.includes(rma)), { timeout: 20_000 })
    .toEqual([
      `Return requested: ${rma}`,
      `Your return ${rma} is approved`,
      `We received your return ${rma}`,
      `Your exchange for ${rma} ships soon`,
    ]);
});
