import { expect, test } from "./support/test";
import { e2eAdmin } from "../../playwright.config";
import { signInAccount } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { openHydrated } from "./support/hydration";

/**
 * The owner schedules a sale on /admin/discounts/sales (issue 28): the editor checks the form in the
 * browser with the server's messages, the category and product pickers, times on the shop's clock; the
 * sale is listed as scheduled, then deleted (it is set a year ahead, so no price of the shared demo
 * catalogue changes while other tests run).
 */
test("the owner creates a scheduled sale from the editor, sees it listed, and deletes it", async ({
  page,
  baseURL,
}) => {
  test.slow();
  await signInAccount(page.request, baseURL ?? "", e2eAdmin);
  await openHydrated(page, "/admin/discounts/sales");
  await expect(page.getByRole("heading", { name: "Scheduled sales", level: 1 })).toBeVisible();

  await page.getByRole("link", { name: "New sale" }).click();
  const panel = page.getByRole("dialog", { name: "New scheduled sale" });
  await expect(panel).toBeVisible();
  await expect(panel.getByLabel("Title")).toBeFocused();

  // Checked in the browser first: each field says what is wrong, and nothing is sent.
  await panel.getByLabel("Percentage off").fill("99");
  await panel.getByRole("button", { name: "Schedule sale" }).click();
  await expect(panel.getByText("Enter a title for the sale")).toBeVisible();
  await expect(panel.getByText("Enter a whole percentage from 1 to 95")).toBeVisible();
  await expect(panel.getByText("Choose at least one category or product")).toBeVisible();
  await expect(panel.getByLabel("Title")).toBeFocused();

  await panel.getByLabel("Title").fill("E2E Accessories Week");
  await panel.getByLabel("Percentage off").fill("15");
  await panel.getByRole("checkbox", { name: "Accessories" }).check();
  // The product picker searches the catalogue; the choice is kept as a chip.
  await panel.getByLabel("Search products to add").fill("hoodie");
  const found = panel.getByRole("list", { name: "Products found" });
  // The results of this search, not the first page shown before it.
  await expect(found.getByRole("listitem").first()).toContainText(/hoodie/i);
  const productName = ((await found.getByRole("listitem").first().locator(".font-medium").textContent()) ?? "").trim();
  await found.getByRole("checkbox").first().check();
  await expect(panel.getByRole("list", { name: "Chosen products" }).getByText(productName)).toBeVisible();
  await expectNoAxeViolations(page, "the sale editor, open");

  const year = new Date().getFullYear() + 1;
  await panel.getByLabel("Starts").fill(`${year}-06-01T09:00`);
  await panel.getByLabel("Ends").fill(`${year}-05-31T09:00`);
  await panel.getByRole("button", { name: "Schedule sale" }).click();
  await expect(panel.getByText("The end must be after the start")).toBeVisible();
  await panel.getByLabel("Ends").fill(`${year}-06-08T23:59`);
  await panel.getByRole("button", { name: "Schedule sale" }).click();

  await expect(page.getByText("Sale scheduled")).toBeVisible();
  await expect(panel).toBeHidden();
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "E2E Accessories Week" }) });
  await expect(row).toBeVisible();
  await expect(row.getByText("Scheduled", { exact: true })).toBeVisible();
  await expect(row.getByText("15%")).toBeVisible();
  await expect(row.getByText(/Accessories · 1 product chosen/)).toBeVisible();
  await expect(row.getByText(new RegExp(`Jun 1, ${year}, 9:00 AM`))).toBeVisible();
  await expectNoAxeViolations(page, "the list of sales");

  // Its editor opens again with what was saved; Escape closes it.
  await row.getByRole("link", { name: /Edit/ }).click();
  const editor = page.getByRole("dialog", { name: "Edit scheduled sale" });
  await expect(editor.getByLabel("Title")).toHaveValue("E2E Accessories Week");
  await expect(editor.getByRole("checkbox", { name: "Accessories" })).toBeChecked();
  await expect(editor.getByRole("list", { name: "Chosen products" }).getByText(productName)).toBeVisible();
  await expect(editor.getByLabel("Starts")).toHaveValue(`${year}-06-01T09:00`);
  await page.keyboard.press("Escape");
  await expect(editor).toBeHidden();

  // Deleting asks first; the safe answer has focus.
  await row.getByRole("button", { name: /Delete/ }).click();
  const confirm = page.getByRole("alertdialog", { name: 'Delete "E2E Accessories Week"?' });
  await expect(confirm.getByRole("button", { name: "Keep sale" })).toBeFocused();
  await confirm.getByRole("button", { name: "Delete sale" }).click();
  await expect(page.getByText("Sale deleted")).toBeVisible();
  await expect(page.getByRole("rowheader", { name: "E2E Accessories Week" })).toHaveCount(0);
});
