import type { Page, Route } from "@playwright/test";
import { expect, test } from "./support/test";
import { demoProducts } from "../../db/seed/demo-catalog";

// Issue 33 (decision 0045): a storefront page's modules start once its first screen is shown — the first
// paint presented and the first screen's images in — or at once when the shopper touches or types.

const product = demoProducts.find((p) => p.isActive && p.inventory > 0)!;

/** Holds the page's first-screen images until `release` is called; records when scripts are asked for. */
async function holdImages(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/images\/.*\.(webp|svg)$/, async (route) => {
    if (released) return route.continue();
    held.push(route);
  });
  const scripts: { url: string; at: number }[] = [];
  page.on("request", (request) => {
    if (/\/assets\/.+\.js$/.test(new URL(request.url()).pathname)) scripts.push({ url: request.url(), at: Date.now() });
  });
  return {
    scripts,
    async release() {
      released = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

const hydrated = (page: Page) => page.locator("html[data-hydrated='true']");

test("a product page's scripts wait for its first screen's images, then hydrate the page", async ({ page }) => {
  const images = await holdImages(page);
  await page.goto(`/product/${product.slug}`, { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
  // The page is on screen, its main image still on its way: no script has been asked for.
  await page.waitForTimeout(700);
  expect(images.scripts).toEqual([]);
  await expect(hydrated(page)).toHaveCount(0);

  await images.release();
  await expect(hydrated(page)).toHaveCount(1);
  expect(images.scripts.length).toBeGreaterThan(10);
  // The page works: the cart panel opens.
  await page.getByRole("button", { name: /Open cart/ }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
});

test("a key pressed before the images are in starts the scripts at once", async ({ page }) => {
  const images = await holdImages(page);
  await page.goto("/shop", { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForTimeout(300);
  expect(images.scripts).toEqual([]);

  const pressed = Date.now();
  await page.keyboard.press("Tab");
  await expect(hydrated(page)).toHaveCount(1);
  // Well before the starter's own deadline (3 s), and with the images still held.
  expect(images.scripts[0]!.at - pressed).toBeLessThan(1500);
  await images.release();
});
