import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import sharp from "sharp";
import { demoProducts } from "../../db/seed/demo-catalog";
import { e2eSharedAdminPassword } from "../../playwright.config";
import { expectNoAxeViolations } from "./support/axe";
import { openHydrated } from "./support/hydration";

/**
 * The console's Products (spec §2 "Secure admin" Products tab and product modal) in the browser: a
 * product made in the modal (its rules, tabs, images, quick-add chips) is found on the storefront; the
 * modal is a keyboard dialog (Escape closes it, focus goes back); the page with the modal open passes axe.
 */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function openProducts(page: Page) {
  await openHydrated(page, "/secure-admin/products");
  await expect(page.getByRole("heading", { name: "Admin Access" })).toBeVisible();
  await page.getByRole("textbox", { name: "Admin Password" }).fill(e2eSharedAdminPassword);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("heading", { name: "Product Management" })).toBeVisible();
}

const tab = (page: Page, name: string) => page.getByRole("tab", { name: new RegExp(`^${name}`) });

test("a product created in the modal is on the storefront", async ({ page }) => {
  test.setTimeout(90_000);
  const name = `Console Tee ${unique()}`;
  await openProducts(page);
  for (const label of ["Total", "Active", "Inactive", "Featured"]) {
    await expect(page.getByText(label, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByText(/^Showing 1 to 20 of \d+ products$/)).toBeVisible();
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();

  await page.getByRole("link", { name: "Create Product" }).click();
  const modal = page.getByRole("dialog", { name: "Create New Product" });
  await expect(modal).toBeVisible();
  await expect(modal.getByText("New product", { exact: true })).toBeVisible();
  const create = modal.getByRole("button", { name: "Create Product" });
  // Save waits for a name and a price.
  await expect(create).toBeDisabled();

  await modal.getByRole("textbox", { name: "Product Name" }).fill(name);
  await tab(page, "Pricing & Inventory").click();
  await modal.getByRole("spinbutton", { name: "Price", exact: true }).fill("0");
  await expect(create).toBeEnabled();
  await create.click();
  // The browser checks first, with the console's messages: the price on this tab (its field focused)…
  await expect(modal.getByText("Valid price is required")).toBeVisible();
  await expect(modal.getByRole("spinbutton", { name: "Price", exact: true })).toBeFocused();
  await expect(tab(page, "Basic Info")).toHaveAccessibleName(/has errors/);
  await modal.getByRole("spinbutton", { name: "Price", exact: true }).fill("40");
  await create.click();
  // …then the category, on Basic Info, which opens.
  await expect(tab(page, "Basic Info")).toHaveAttribute("aria-selected", "true");
  await expect(modal.getByText("Please select a category")).toBeVisible();
  await modal.getByRole("combobox", { name: "Category" }).selectOption({ index: 1 });
  await tab(page, "Pricing & Inventory").click();
  await modal.getByRole("spinbutton", { name: "Compare at Price" }).fill("50");
  await expect(modal.getByText("Discount: 20% off · Customers save $10.00")).toBeVisible();

  // Images: a photo uploaded through the console's own upload (its pass, not an admin's session), then
  // an address; the uploaded one stays the Main image.
  await tab(page, "Images").click();
  const photo = await sharp({ create: { width: 900, height: 1125, channels: 3, background: "#8a5a3c" } })
    .jpeg()
    .toBuffer();
  await modal
    .getByLabel(/Drop photos here or choose images/)
    .setInputFiles({ name: "console-tee.jpg", mimeType: "image/jpeg", buffer: photo });
  await expect(modal.getByText("1 image uploaded.")).toBeVisible();
  await modal.getByRole("textbox", { name: "Image URL" }).fill(demoProducts[0]!.imageUrl);
  await modal.getByRole("button", { name: "Add image" }).click();
  const images = modal.getByRole("list", { name: "Product images" }).getByRole("listitem");
  await expect(images).toHaveCount(2);
  await expect(images.first().getByText("Main")).toBeVisible();
  await expect(modal.getByRole("img", { name: "Main image preview" })).toHaveAttribute(
    "src",
    /^\/media\/[0-9a-f]{64}\/\d+\.webp$/,
  );

  await tab(page, "Variants & Groups").click();
  await expect(modal.getByText("Save the product first to add it to a group.")).toBeVisible();
  await modal.getByRole("group", { name: "Sizes presets" }).getByRole("button", { name: "M", exact: true }).click();
  await modal.getByRole("group", { name: "Colors presets" }).getByRole("button", { name: "Navy" }).click();
  await expect(modal.getByRole("list", { name: "Sizes" }).getByText("M", { exact: true })).toBeVisible();
  // Stock per size and colour (decisions.md §6): the variants table, the inventory its read-only total.
  await tab(page, "Pricing & Inventory").click();
  await expect(modal.getByRole("table", { name: "Variants of the product" }).getByRole("rowheader")).toHaveText([
    "M/Navy",
  ]);
  await modal.getByRole("spinbutton", { name: "Stock of M/Navy" }).fill("7");
  await expect(modal.getByRole("spinbutton", { name: "Inventory" })).toHaveValue("7");

  await tab(page, "SEO & Tags").click();
  await expect(modal.getByText(name, { exact: true })).toBeVisible();

  await create.click();
  await expect(page.getByText("Product created successfully!").first()).toBeVisible();
  await expect(modal).toBeHidden();

  await page.getByRole("searchbox", { name: "Search products" }).fill(name);
  await page.getByRole("button", { name: "Search" }).click();
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row.getByText(/SKU-\d{13}$/)).toBeVisible();
  await expect(page.getByText("Showing 1 to 1 of 1 products")).toBeVisible();
  await row.getByRole("button", { name: `Feature ${name}` }).click();
  await expect(page.getByText("Product featured updated").first()).toBeVisible();
  await expect(row.getByRole("button", { name: `Unfeature ${name}` })).toBeVisible();

  // Edit: a group made for it in Variants & Groups, then a save that goes on from the group's write.
  await row.getByRole("link", { name: `Edit ${name}` }).click();
  const editor = page.getByRole("dialog", { name: "Edit Product" });
  await expect(editor.getByText(/^Last updated: /)).toBeVisible();
  await tab(page, "Variants & Groups").click();
  await editor.getByRole("button", { name: "Create group" }).click();
  await expect(page.getByText("Product group created! You can now add variants.").first()).toBeVisible();
  await expect(editor.getByRole("button", { name: "Leave group" })).toBeVisible();
  await tab(page, "Pricing & Inventory").click();
  await editor.getByRole("spinbutton", { name: "Price", exact: true }).fill("42");
  await editor.getByRole("button", { name: "Update Product" }).click();
  await expect(page.getByText("Product updated successfully!").first()).toBeVisible();
  await expect(editor).toBeHidden();

  const slug = name.toLowerCase().replace(/\s+/g, "-");
  await openHydrated(page, `/product/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("$42.00").first()).toBeVisible();
});

test("the modal by keyboard: Escape closes it; the Products tab passes axe with it open", async ({ page }) => {
  // Two axe scans of a page with twenty rows and the modal's five tabs take a while on a busy machine.
  test.setTimeout(60_000);
  await openProducts(page);
  await page.getByRole("button", { name: "Activate Selected" }).click();
  await expect(page.getByText("Please select products first")).toBeVisible();
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(page.getByText(/^Loaded \d+ products from database$/)).toBeVisible();

  const edit = page.getByRole("link", { name: /^Edit / }).first();
  await edit.focus();
  await page.keyboard.press("Enter");
  const modal = page.getByRole("dialog", { name: "Edit Product" });
  await expect(modal).toBeVisible();
  await expect(modal.getByText(/^Last updated: /)).toBeVisible();
  await expect(modal.getByRole("button", { name: "Update Product" })).toBeVisible();
  await expectNoAxeViolations(page, "the console's products with the product modal open");

  // Focus stays inside: Tab from the last control comes back round to the first.
  for (let i = 0; i < 40; i++) await page.keyboard.press("Tab");
  expect(await modal.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);

  await page.keyboard.press("Escape");
  await expect(modal).toBeHidden();
  await expect(page).not.toHaveURL(/edit=/);
  await expectNoAxeViolations(page, "the console's products");
});

test("opened from its address, the modal is rendered by the server and hydrates without an error", async ({ page }) => {
  await openProducts(page);
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await openHydrated(page, "/secure-admin/products?edit=new");
  await expect(page.getByRole("dialog", { name: "Create New Product" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Create New Product" })).toBeHidden();
  expect(errors).toEqual([]);
});
