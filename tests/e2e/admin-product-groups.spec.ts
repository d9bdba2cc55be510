import type { BrowserContext, Cookie, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { demoProducts } from "../../db/seed/demo-catalog";
import { e2eAdmin } from "../../playwright.config";
import { openHydrated } from "./support/hydration";
import { signInAccount } from "./support/accounts";

/**
 * The groups panel of /admin/products (spec §2 'Product Groups & Variants', §4, §5, §8): an admin makes
 * a group from the checklist, the storefront's colour swatches follow at once, then the group is taken
 * apart again (remove from group, delete group) so the demo catalogue is as it was for other tests.
 */

/** Signs in through the auth API once per worker (the endpoint is rate-limited) and reuses the cookie. */
let sessionCookies: Cookie[] | undefined;
async function signInAsAdmin(page: Page, context: BrowserContext, baseURL: string | undefined) {
  if (sessionCookies) return context.addCookies(sessionCookies);
  await signInAccount(page.request, baseURL ?? "", e2eAdmin);
  sessionCookies = await context.cookies();
}

/**
 * Opens the panel as the owner does: the dashboard's 'Groups & Variants' button when the page has it,
 * else the URL it leads to (`?panel=groups` is how the panel opens either way).
 */
async function openGroupsPanel(page: Page) {
  await openHydrated(page, "/admin/products");
  const button = page
    .getByRole("button", { name: "Groups & Variants" })
    .or(page.getByRole("link", { name: "Groups & Variants" }));
  if ((await button.count()) > 0) await button.first().click();
  else await openHydrated(page, "/admin/products?panel=groups");
  const panel = page.getByRole("dialog", { name: "Product Groups & Variants" });
  await expect(panel).toBeVisible();
  await expect(panel.getByText(/\d+ groups? · \d+ variants?/)).toBeVisible();
  return panel;
}

/** Three active, ungrouped, well-stocked demo products from the end of the catalogue (other tests take theirs from the start). */
const [first, second, third] = demoProducts
  .filter((p) => p.isActive && p.group === null && p.inventory >= 10)
  .slice(-3)
  .reverse();

test.describe("admin: product groups panel", () => {
  test.beforeEach(async ({ page, context, baseURL }) => {
    await signInAsAdmin(page, context, baseURL);
  });

  test("creates a group from the checklist, the product page shows its swatches, then remove and delete", async ({
    page,
    browser,
  }) => {
    // A long walk through the panel and the storefront.
    test.slow();
    const panel = await openGroupsPanel(page);
    await panel.getByRole("button", { name: "Create New Group" }).click();
    const form = panel.getByRole("form", { name: "Create New Group" });
    await expect(form.getByLabel("Group name")).toBeFocused();

    // Checked in the browser first, with the spec's message.
    await form.getByRole("button", { name: "Create Group" }).click();
    await expect(form.getByText("Please enter a group name and select at least 2 products")).toBeVisible();
    await expect(form.getByLabel("Group name")).toBeFocused();

    await form.getByLabel("Group name").fill("E2E Autumn family");
    await form.getByLabel("Description").fill("Made by the browser test");
    const search = form.getByRole("searchbox", { name: "Search ungrouped products" });
    for (const [i, product] of [first!, second!, third!].entries()) {
      await search.fill(product.sku);
      const box = form.getByRole("checkbox", { name: product.name });
      await expect(box).toHaveCount(1);
      await box.check();
      await expect(form.getByText(`${i + 1} selected`)).toBeVisible();
    }
    // The choice survives a new search.
    await search.fill("");
    await expect(form.getByRole("list", { name: "Selected products" }).getByRole("listitem")).toHaveCount(3);
    await form.getByRole("button", { name: "Create Group" }).click();
    await expect(page.getByText("Product group created successfully")).toBeVisible();
    await expect(form).toBeHidden();

    const toggle = panel.getByRole("button", { name: /^E2E Autumn family \d+ variants$/ });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toContainText("3 variants");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const variants = panel.getByRole("list", { name: "Variants of E2E Autumn family" });
    await expect(variants.getByRole("listitem")).toHaveCount(3);
    await expect(variants.getByText(`SKU ${second!.sku}`)).toBeVisible();

    // A guest (no cookies, the cached page) sees the new swatches on a member's page at once.
    const guest = await browser.newContext();
    try {
      const shopper = await guest.newPage();
      await openHydrated(shopper, `/product/${first!.slug}`);
      const swatches = shopper.getByRole("list", { name: "Colors" });
      // A swatch links to the colour's page, with the chosen size when that colour has it in stock.
      const swatchTo = (slug: string) =>
        swatches.locator(`a[href="/product/${slug}"], a[href^="/product/${slug}?size="]`);
      await expect(swatchTo(second!.slug)).toBeVisible();
      await expect(swatchTo(third!.slug)).toBeVisible();
      await swatchTo(second!.slug).click();
      await expect(shopper).toHaveURL(new RegExp(`/product/${second!.slug}(\\?size=[^&]+)?$`));
      await expect(shopper.getByRole("heading", { level: 1, name: second!.name })).toBeVisible();
    } finally {
      await guest.close();
    }

    await panel.getByRole("button", { name: `Remove ${third!.name} from group` }).click();
    await expect(page.getByText("Product removed from group")).toBeVisible();
    await expect(page.getByText("Product removed from group")).toHaveCount(1);
    await expect(variants.getByRole("listitem")).toHaveCount(2);
    await expect(toggle).toContainText("2 variants");
    await expect(toggle).toBeFocused();

    page.once("dialog", (dialog) => void dialog.accept());
    await panel.getByRole("button", { name: "Delete group E2E Autumn family" }).click();
    // Announced by the panel, which stays while the deleted group's row goes in the same commit: always, once.
    await expect(page.getByText("Product group deleted successfully")).toBeVisible();
    await expect(page.getByText("Product group deleted successfully")).toHaveCount(1);
    await expect(panel.getByText("E2E Autumn family")).toHaveCount(0);

    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/products$/);
  });

  test("works from the keyboard: rows expand with aria-expanded, Escape closes and keeps the other parameters", async ({
    page,
  }) => {
    await openHydrated(page, "/admin/products?q=a&panel=groups");
    const panel = page.getByRole("dialog", { name: "Product Groups & Variants" });
    await expect(panel).toBeVisible();
    const first = panel.getByRole("region", { name: "Groups" }).getByRole("button", { expanded: false }).first();
    const controls = await first.getAttribute("aria-controls");
    const toggle = panel.locator(`button[aria-controls="${controls}"]`);
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const list = panel.locator(`[id="${controls}"]`);
    await expect(list).toBeVisible();
    await expect(list.getByRole("button", { name: /^Remove .+ from group$/ }).first()).toBeVisible();
    await page.keyboard.press("Space");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(list).toBeHidden();

    // The create form opens from the keyboard too, its name field focused.
    const create = panel.getByRole("button", { name: "Create New Group" });
    await create.focus();
    await page.keyboard.press("Enter");
    await expect(create).toHaveAttribute("aria-expanded", "true");
    await expect(panel.getByLabel("Group name")).toBeFocused();
    await expect(panel.getByRole("checkbox").first()).toBeVisible();

    // Every control in the panel has a name.
    for (const control of await panel.locator("button:visible, input:visible, textarea:visible").all()) {
      const name = await control.evaluate(
        (el) =>
          el.getAttribute("aria-label") ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? "",
      );
      expect(name.trim(), await control.evaluate((el) => el.outerHTML.slice(0, 80))).not.toBe("");
    }

    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/products\?q=a$/);
  });
});
