import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { openHydrated } from "./support/hydration";

/** The storefront's links (components/ui/site-link.tsx) navigate inside the app, like React Router's <Link>. */

/** Marks the loaded document; the mark survives only navigations that do not load a new one. */
const markDocument = (page: Page) => page.evaluate(() => document.documentElement.setAttribute("data-test-mark", "1"));
const sameDocument = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute("data-test-mark"));

test("a click on a link shows the page without loading a new document; Back returns", async ({ page }) => {
  await openHydrated(page, "/shop");
  await markDocument(page);

  const card = page.getByRole("region", { name: "Products" }).getByRole("article").first();
  const name = await card.getByRole("heading").innerText();
  await card.getByRole("link", { name }).click();
  await expect(page).toHaveURL(/\/product\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);

  await page.goBack();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole("heading", { level: 1, name: "Shop All" })).toBeVisible();

  await page.getByRole("navigation", { name: "Help" }).getByRole("link", { name: "FAQ" }).click();
  await expect(page).toHaveURL(/\/faq$/);
  expect(await sameDocument(page)).toBe(true);
});

test("a click with a modifier key is the browser's: a new tab opens and this page stays", async ({ page, context }) => {
  await openHydrated(page, "/shop");
  await markDocument(page);

  const opened = context.waitForEvent("page");
  await page
    .getByRole("navigation", { name: "Help" })
    .getByRole("link", { name: "Returns" })
    .click({ modifiers: ["ControlOrMeta"] });
  const tab = await opened;
  await expect(tab).toHaveURL(/\/returns$/);
  await expect(page).toHaveURL(/\/shop$/);
  expect(await sameDocument(page)).toBe(true);
});
