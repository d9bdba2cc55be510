import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { openHydrated } from "./support/hydration";

/**
 * One card per style (decisions.md §6, docs/decisions/0024-one-card-per-style.md): the demo's Essential
 * Fleece Hoodie is a group of three colours — Navy (the main product), Black (sold out) and Gray.
 */

const HOODIE = "Essential Fleece Hoodie";
const results = (page: Page) => page.getByRole("region", { name: "Products" });
/** The hoodie's card, whichever colour it shows. */
const hoodieCard = (page: Page) =>
  results(page)
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: new RegExp(`^${HOODIE} - `) }) });
const swatches = (page: Page) => hoodieCard(page).getByRole("list", { name: /^Colours of / });
const title = (page: Page) => hoodieCard(page).getByRole("heading");
const image = (page: Page) => hoodieCard(page).getByRole("img").first();

test.describe("one card per style", () => {
  test("a group is one card; hovering a swatch shows its colour, clicking it opens that colour", async ({ page }) => {
    await openHydrated(page, "/shop/men");
    await expect(hoodieCard(page)).toHaveCount(1);
    await expect(title(page)).toHaveText(`${HOODIE} - Navy`);
    await expect(swatches(page).getByRole("link")).toHaveCount(3);
    await expect(swatches(page).getByRole("link", { name: "Black, sold out" })).toBeVisible();
    // Black is sold out, the style is not.
    await expect(hoodieCard(page)).not.toContainText("Out of Stock");

    await swatches(page).getByRole("link", { name: "Gray", exact: true }).hover();
    await expect(title(page)).toHaveText(`${HOODIE} - Gray`);
    await expect(image(page)).toHaveAttribute("src", /hoodie-gray/);
    await expect(title(page).getByRole("link")).toHaveAttribute("href", "/product/essential-fleece-hoodie-gray");

    await swatches(page).getByRole("link", { name: "Gray", exact: true }).click();
    await expect(page).toHaveURL(/\/product\/essential-fleece-hoodie-gray$/);
    await expect(page.getByRole("heading", { level: 1, name: `${HOODIE} - Gray` })).toBeVisible();
  });

  test("keyboard: focusing a swatch shows its colour, Enter opens it", async ({ page }) => {
    await openHydrated(page, "/shop/men");
    const gray = swatches(page).getByRole("link", { name: "Gray", exact: true });
    await swatches(page).getByRole("link", { name: "Navy", exact: true }).focus();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(gray).toBeFocused();
    await expect(title(page)).toHaveText(`${HOODIE} - Gray`);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/product\/essential-fleece-hoodie-gray$/);
  });

  test("@mobile a tap on a swatch shows its colour on the card; a second tap opens it", async ({ page }) => {
    await openHydrated(page, "/shop/men");
    await hoodieCard(page).scrollIntoViewIfNeeded();
    await expect(hoodieCard(page)).toHaveCount(1);
    const gray = swatches(page).getByRole("link", { name: "Gray", exact: true });
    await gray.tap();
    await expect(page).toHaveURL(/\/shop\/men$/);
    await expect(title(page)).toHaveText(`${HOODIE} - Gray`);
    await expect(image(page)).toHaveAttribute("src", /hoodie-gray/);
    await expect(gray).toHaveAttribute("aria-current", "true");
    await gray.tap();
    await expect(page).toHaveURL(/\/product\/essential-fleece-hoodie-gray$/);
  });

  test("a colour filter shows that colour; sizes and 'Hide sold out' leave out what cannot be bought", async ({
    page,
  }) => {
    await openHydrated(page, "/shop/men?color=Black");
    await expect(hoodieCard(page)).toHaveCount(1);
    await expect(title(page)).toHaveText(`${HOODIE} - Black`);
    await expect(image(page)).toHaveAttribute("src", /hoodie-black/);

    // Its Black is sold out in every size: a size filter leaves the style out.
    await page.getByRole("group", { name: "Size" }).getByText("M", { exact: true }).click();
    await expect(page).toHaveURL(/\/shop\/men\?size=M&color=Black$/);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(hoodieCard(page)).toHaveCount(0);
    await page.getByRole("link", { name: "Remove filter Size: M" }).click();
    await expect(page).toHaveURL(/\/shop\/men\?color=Black$/);
    await expect(hoodieCard(page)).toHaveCount(1);

    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    // A click, not check(): the box follows the URL, so it shows ticked once the navigation lands, a
    // moment after check() looks (which failed once in CI under load).
    await page.getByRole("checkbox", { name: /Hide sold out/ }).click();
    await expect(page).toHaveURL(/\/shop\/men\?color=Black&stock=1$/);
    await expect(page.getByRole("checkbox", { name: /Hide sold out/ })).toBeChecked();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(hoodieCard(page)).toHaveCount(0);
    const chips = page.getByRole("list", { name: "Active filters" });
    await expect(chips).toContainText("Hide sold out");
    await chips.getByRole("link", { name: "Remove filter Hide sold out" }).click();
    await expect(page).toHaveURL(/\/shop\/men\?color=Black$/);
    await expect(page.getByRole("checkbox", { name: /Hide sold out/ })).not.toBeChecked();
    await expect(hoodieCard(page)).toHaveCount(1);
  });

  test("@mobile one card per style with swatches on a phone, and the filters", async ({ page }) => {
    await openHydrated(page, "/shop/men?color=Gray");
    await expect(hoodieCard(page)).toHaveCount(1);
    await expect(title(page)).toHaveText(`${HOODIE} - Gray`);
    await page.getByRole("button", { name: /Filters/ }).tap();
    await page.getByRole("checkbox", { name: /Hide sold out/ }).tap();
    await expect(page).toHaveURL(/\/shop\/men\?color=Gray&stock=1$/);
    await expect(hoodieCard(page)).toHaveCount(1);
  });
});
