import { expect, test } from "./support/test";
import { e2eAdmin } from "../../playwright.config";
import { registerAccount, signInAccount } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { openHydrated } from "./support/hydration";

/**
 * Customers in the back office (issue 32): two shoppers register; the owner finds one in the list by a
 * word of their name (typed and sent with the keyboard), opens their page and sees their contact
 * details. axe finds nothing on either page.
 */
test("the owner finds a new customer by name and opens their page", async ({ page, browser, baseURL }) => {
  const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const shopper = { name: `Quilla Custo${unique}`, email: `custo-${unique}@example.com`, password: "Shopper123!" };
  // Two more, so the list axe reads has rows next to each other (their links' target size).
  for (const account of [shopper, { ...shopper, name: `Rue Neigh${unique}`, email: `neigh-${unique}@example.com` }]) {
    const context = await browser.newContext({ baseURL });
    await registerAccount((await context.newPage()).request, baseURL!, account);
    await context.close();
  }

  await signInAccount(page.request, baseURL!, e2eAdmin);
  await openHydrated(page, "/admin/customers");
  await expect(page.getByRole("heading", { name: "Customers", level: 1 })).toBeVisible();
  await expectNoAxeViolations(page, "/admin/customers");
  const search = page.getByLabel("Search");
  await search.fill(`custo${unique}`);
  await search.press("Enter");
  const row = page.getByTestId("customer-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(shopper.email);
  await row.getByRole("link", { name: shopper.name }).click();
  await expect(page.getByRole("heading", { name: shopper.name, level: 1 })).toBeVisible();
  await expect(page.getByText(shopper.email)).toBeVisible();
  await expect(page.getByTestId("orders-count")).toHaveText("0");
  await expectNoAxeViolations(page, "a customer's page");
});
