import { openHydrated } from "./support/hydration";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";

/** The shop page: filters, sorts, paging and view live in the URL. */

const results = (page: Page) => page.getByRole("region", { name: "Products" });
const countLine = (page: Page) => page.getByRole("status").filter({ hasText: /^Showing|^No products/ });
const cardNames = (page: Page) => results(page).getByRole("article").getByRole("heading").allInnerTexts();

/** The prices of the shown products, in dollars. */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await results(page)
    .getByRole("article")
    .evaluateAll((articles) => articles.map((a) => a.querySelector("p > span")?.textContent ?? ""));
  return texts.map((t) => Number(t.replace(/[^0-9.]/g, "")));
}

/** Waits until no shop navigation is loading (the results are those of the URL). */
async function settled(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

function choose(page: Page, group: "Size" | "Colour", option: string) {
  return page.getByRole("group", { name: group }).getByText(option, { exact: true }).click();
}

function radio(page: Page, group: "Size" | "Colour", option: string) {
  return page.getByRole("group", { name: group }).getByRole("radio", { name: option, exact: true });
}

test.describe("shop page", () => {
  test("filters by size and colour through the UI; the URL keeps them across a reload", async ({ page }) => {
    await page.goto("/shop/men");
    await expect(page.getByRole("heading", { level: 1, name: "Men" })).toBeVisible();
    await expect(countLine(page)).toHaveText(/^Showing 1–12 of \d+ products$/);
    const unfiltered = await countLine(page).innerText();

    await choose(page, "Size", "XXL");
    await expect(page).toHaveURL(/\/shop\/men\?size=XXL$/);
    await expect(radio(page, "Size", "XXL")).toBeChecked();
    await expect(countLine(page)).not.toHaveText(unfiltered);
    const sizeOnly = await countLine(page).innerText();
    const sizeOnlyNames = await cardNames(page);

    await choose(page, "Colour", "Black");
    await expect(page).toHaveURL(/\/shop\/men\?size=XXL&color=Black$/);
    await expect(radio(page, "Colour", "Black")).toBeChecked();
    await expect(countLine(page)).not.toHaveText(sizeOnly);
    expect(await cardNames(page)).not.toEqual(sizeOnlyNames);
    await expect(page.getByRole("list", { name: "Active filters" })).toContainText("Size: XXL");
    await expect(page.getByRole("list", { name: "Active filters" })).toContainText("Colour: Black");
    const filtered = await countLine(page).innerText();
    const names = await cardNames(page);

    await page.reload();
    await expect(radio(page, "Size", "XXL")).toBeChecked();
    await expect(radio(page, "Colour", "Black")).toBeChecked();
    await expect(countLine(page)).toHaveText(filtered);
    expect(await cardNames(page)).toEqual(names);
  });

  test("Back returns to the previous filter", async ({ page }) => {
    await openHydrated(page, "/shop/women");
    const all = await countLine(page).innerText();
    await choose(page, "Size", "XS");
    await expect(page).toHaveURL(/\?size=XS$/);
    await settled(page);
    await expect(countLine(page)).not.toHaveText(all);
    const xs = await countLine(page).innerText();
    await choose(page, "Colour", "White");
    await expect(page).toHaveURL(/\?size=XS&color=White$/);
    await settled(page);

    await page.goBack();
    await expect(page).toHaveURL(/\/shop\/women\?size=XS$/);
    await expect(radio(page, "Colour", "All")).toBeChecked();
    await expect(countLine(page)).toHaveText(xs);
    await page.goBack();
    await expect(page).toHaveURL(/\/shop\/women$/);
    await expect(radio(page, "Size", "All")).toBeChecked();
    await expect(countLine(page)).toHaveText(all);
  });

  test("fetches a page ahead while the pointer rests on its link, and stops when it leaves", async ({ page }) => {
    await openHydrated(page, "/shop/shop-all");
    const pages = page.getByRole("navigation", { name: "Product pages" });
    const prefetchLinks = page.locator('link[rel="prefetch"][href*="page=2"]');
    await expect(prefetchLinks).toHaveCount(0);
    const fetched = page.waitForRequest((request) => /\.data\?.*page=2/.test(request.url()));
    await pages.getByRole("link", { name: "Page 2" }).hover();
    await fetched;
    await expect(prefetchLinks).toHaveCount(1);
    await page.getByRole("heading", { level: 1 }).hover();
    await expect(prefetchLinks).toHaveCount(0);
  });

  test("pages through the page links; Back returns to the previous page", async ({ page }) => {
    await page.goto("/shop/shop-all");
    const pages = page.getByRole("navigation", { name: "Product pages" });
    const first = await cardNames(page);
    expect(first).toHaveLength(12);

    await pages.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/\/shop\/shop-all\?page=2$/);
    await expect(countLine(page)).toHaveText(/^Showing 13–24 of \d+ products$/);
    await expect(pages.locator('[aria-current="page"]')).toHaveText("2");
    const second = await cardNames(page);
    expect(second.some((name) => first.includes(name))).toBe(false);

    await pages.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\?page=3$/);
    await expect(countLine(page)).toHaveText(/^Showing 25–36 of/);

    await page.goBack();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(countLine(page)).toHaveText(/^Showing 13–24 of/);
    expect(await cardNames(page)).toEqual(second);
    await page.goBack();
    await expect(page).toHaveURL(/\/shop\/shop-all$/);
    await expect(countLine(page)).toHaveText(/^Showing 1–12 of/);
    expect(await cardNames(page)).toEqual(first);
  });

  test("sort price-low shows ascending prices, and a new sort goes back to page 1", async ({ page }) => {
    await openHydrated(page, "/shop/shop-all?page=2");
    await page.getByLabel("Sort by").selectOption("price-low");
    await expect(page).toHaveURL(/\/shop\/shop-all\?sort=price-low$/);
    await expect(countLine(page)).toHaveText(/^Showing 1–12 of/);
    const prices = await cardPrices(page);
    expect(prices).toHaveLength(12);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    await page.getByRole("navigation", { name: "Product pages" }).getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/\?sort=price-low&page=2$/);
    await expect(countLine(page)).toHaveText(/^Showing 13–24 of/);
    const next = await cardPrices(page);
    expect(next).toEqual([...next].sort((a, b) => a - b));
    expect(next[0]).toBeGreaterThanOrEqual(prices.at(-1)!);

    await page.getByLabel("Sort by").selectOption("price-high");
    await expect(page).toHaveURL(/\?sort=price-high$/);
    await expect(countLine(page)).toHaveText(/^Showing 1–12 of/);
    const high = await cardPrices(page);
    expect(high).toEqual([...high].sort((a, b) => b - a));
  });

  test("filters by price: a typed maximum, applied with Enter", async ({ page }) => {
    await openHydrated(page, "/shop/shop-all");
    await page.getByLabel("Max price", { exact: true }).fill("40");
    await page.getByLabel("Max price", { exact: true }).press("Enter");
    await expect(page).toHaveURL(/\?max=40$/);
    await expect(page.getByRole("list", { name: "Active filters" })).toContainText("Price: Up to $40");
    await settled(page);
    const prices = await cardPrices(page);
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) expect(price).toBeLessThanOrEqual(40);

    await page.getByLabel("Min price", { exact: true }).fill("30");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\?min=30&max=40$/);
    await settled(page);
    for (const price of await cardPrices(page)) expect(price).toBeGreaterThanOrEqual(30);
  });

  test("toggles the list view and back to the grid", async ({ page }) => {
    await page.goto("/shop/men?page=2");
    await expect(page.getByRole("button", { name: "Grid view" })).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("button", { name: "List view" }).click();
    await expect(page).toHaveURL(/\/shop\/men\?view=list&page=2$/);
    await expect(page.getByRole("button", { name: "List view" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("button", { name: "Grid view" })).toHaveAttribute("aria-pressed", "false");
    const rows = results(page).getByRole("article");
    await expect(rows.first().getByRole("link", { name: /^View / })).toBeVisible();
    expect(
      await results(page)
        .getByRole("link", { name: /^View / })
        .count(),
    ).toBe(await rows.count());

    // Filtering keeps the view.
    await choose(page, "Size", "M");
    await expect(page).toHaveURL(/\?size=M&view=list$/);

    await page.getByRole("button", { name: "Grid view" }).click();
    await expect(page).toHaveURL(/\/shop\/men\?size=M$/);
    await expect(results(page).getByRole("link", { name: /^View / })).toHaveCount(0);
  });

  test("Clear Filters: from the panel (sort kept) and from the empty state", async ({ page }) => {
    await page.goto("/shop/men?size=M&color=Black&sort=price-high");
    await page
      .getByRole("complementary", { name: "Filter products" })
      .getByRole("link", { name: "Clear Filters" })
      .click();
    await expect(page).toHaveURL(/\/shop\/men\?sort=price-high$/);
    await expect(radio(page, "Size", "All")).toBeChecked();

    await page.goto("/shop/men?size=XS&color=Red&min=450");
    await expect(page.getByText("No products found matching your criteria.")).toBeVisible();
    await results(page).getByRole("link", { name: "Clear Filters" }).click();
    await expect(page).toHaveURL(/\/shop\/men$/);
    await expect(countLine(page)).toHaveText(/^Showing 1–12 of/);
  });

  test("an unknown category shows the heading Shop and the empty state", async ({ page }) => {
    const response = await page.goto("/shop/no-such-collection");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Shop" })).toBeVisible();
    await expect(page.getByText("No products available at the moment.")).toBeVisible();
  });

  test("a failed load shows 'Failed to load products: …'; Try Again recovers", async ({ page }) => {
    await openHydrated(page, "/shop/men");
    const shopData = /\/shop\/women\.data\?.*_routes=routes%2Fshop/;
    await page.route(shopData, (route) => route.fulfill({ status: 500, body: "Database unavailable" }));
    await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Women" }).click();
    await expect(page.getByRole("alert")).toContainText("Failed to load products: Database unavailable");

    await page.unroute(shopData);
    await page.getByRole("button", { name: "Try Again" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Women" })).toBeVisible();
    await expect(countLine(page)).toHaveText(/^Showing 1–12 of/);
  });

  test("a network failure is retried twice (after 2 s and 4 s), then reported", async ({ page }) => {
    test.setTimeout(45_000);
    await page.goto("/shop/men");
    const shopData = /\/shop\/women\.data\?.*_routes=routes%2Fshop/;
    const attempts: number[] = [];
    await page.route(shopData, (route) => {
      attempts.push(Date.now());
      return route.abort("internetdisconnected");
    });
    await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Women" }).click();
    await expect(page.getByRole("alert")).toContainText(
      "Failed to load products: Network error. Please check your connection.",
      { timeout: 15_000 },
    );
    expect(attempts).toHaveLength(3);
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(1_900);
    expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(3_900);
  });
});

test.describe("shop page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filter form's Apply and the view toggle still work", async ({ page }) => {
    await page.goto("/shop/men");
    await expect(countLine(page)).toHaveText(/^Showing 1–12 of/);
    await choose(page, "Size", "XXL");
    await page.getByRole("form", { name: "Filters" }).getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/size=XXL/);
    await expect(radio(page, "Size", "XXL")).toBeChecked();
    await expect(page.getByRole("list", { name: "Active filters" })).toContainText("Size: XXL");

    await page.getByRole("button", { name: "List view" }).click();
    await expect(page).toHaveURL(/size=XXL.*view=list|view=list.*size=XXL/);
    await expect(page.getByRole("button", { name: "List view" })).toHaveAttribute("aria-pressed", "true");
  });
});

test("@mobile the Filters button opens the filter panel", async ({ page }) => {
  await page.goto("/shop/women");
  const toggle = page.getByRole("button", { name: "Filters", exact: true });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("group", { name: "Size" })).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await choose(page, "Size", "S");
  await expect(page).toHaveURL(/\/shop\/women\?size=S$/);
  await expect(radio(page, "Size", "S")).toBeChecked();
  await toggle.click();
  await expect(page.getByRole("group", { name: "Size" })).toBeHidden();
});
