import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { registerAccount } from "./support/accounts";
import { openHydrated } from "./support/hydration";

/**
 * Signed-in shoppers get the catalogue's shared cached page (issue 15), and their header is still right
 * on first paint: the viewer hint (a cookie the page writes once it knows who is signed in) is read by
 * the head script before the body paints. Here `/api/viewer` is held back, so what shows is the first
 * paint's doing alone; once it answers, the account menu opens on the shopper's own details.
 */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const header = (page: Page) => page.getByRole("banner");
const nameShown = (page: Page) =>
  page
    .locator(".viewer-name")
    .first()
    .evaluate((el) => getComputedStyle(el, "::before").content);

test.use({ viewport: { width: 1280, height: 800 } });

test("a signed-in shopper's header is right on the shared cached page before the page asks who they are", async ({
  page,
  baseURL,
}) => {
  const account = { email: `cached-${unique()}@example.com`, password: "Shopper123", name: "Zoë Cache" };
  await registerAccount(page.request, baseURL!, account);
  // A personal page knows the shopper: it writes the hint.
  await openHydrated(page, "/profile");
  await expect(header(page).getByRole("button", { name: "Account menu" })).toBeVisible();
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === "abundance_viewer")?.value)
    .toBe(`customer:${encodeURIComponent(account.name)}`);

  // The shared page, served from the cache, while /api/viewer does not answer.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/viewer", async (route) => {
    await held;
    await route.continue();
  });
  const shared = await page.goto("/shop");
  // The document is the shared one, rendered for a guest: nothing of this shopper's in it.
  expect(shared!.headers()["cache-control"]).toMatch(/^public/);
  const html = await shared!.text();
  expect(html).not.toContain(account.email);
  expect(html).not.toContain(account.name);
  await expect(header(page).getByRole("button", { name: "Account menu" })).toBeVisible();
  await expect(header(page).getByRole("link", { name: "Sign In" })).toBeHidden();
  await expect(header(page).getByRole("button", { name: "Search products" })).toBeVisible();
  expect(await nameShown(page)).toBe(`"${account.name}"`);

  // Once the page knows the viewer, the real menu.
  release();
  await page.waitForSelector("html[data-hydrated='true']", { state: "attached" });
  await header(page).getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByRole("menu").getByText(account.email)).toBeVisible();
  await expect(header(page).getByText(account.name)).toBeVisible();
  await page.unroute("**/api/viewer");

  // Signed out: the hint goes with the session; the same cached page paints Sign In.
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(header(page).getByRole("link", { name: "Sign In" })).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === "abundance_viewer")).toBeUndefined();
  await page.route("**/api/viewer", (route) => route.abort());
  await page.goto("/shop");
  await expect(header(page).getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(header(page).getByRole("button", { name: "Account menu" })).toBeHidden();
});

test("a guest gets the same cached page with Sign In, and no account menu", async ({ page }) => {
  await openHydrated(page, "/shop");
  await expect(header(page).getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(header(page).getByRole("button", { name: "Account menu" })).toBeHidden();
});
