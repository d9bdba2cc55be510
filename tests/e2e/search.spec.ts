import type { BrowserContext, Cookie, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { demoProducts } from "../../db/seed/demo-catalog";
import { e2eAdmin } from "../../playwright.config";
import { signInAccount } from "./support/accounts";
import { openHydrated } from "./support/hydration";

/**
 * Signs in through /login; the session cookie lands in the browser context. The sign-in
 * endpoint is rate-limited, so each worker signs in once and reuses the session cookie.
 */
let sessionCookies: Cookie[] | undefined;
async function signIn(page: Page, context: BrowserContext, baseURL: string | undefined) {
  if (sessionCookies) return context.addCookies(sessionCookies);
  await signInAccount(page.request, baseURL ?? "", e2eAdmin);
  sessionCookies = await context.cookies();
}

/** Waits until React has hydrated the search input, so typing reaches its handlers. */
async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const input = document.querySelector("main input[type=search]");
    return Boolean(input && Object.keys(input).some((key) => key.startsWith("__reactFiber")));
  });
}

/** Every client-side data request of the search page. */
function recordSearchData(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/search.data") seen.push(url.search);
  });
  return seen;
}

const searchBox = (page: Page) => page.getByRole("main").getByRole("searchbox", { name: "Search products" });

test("a signed-out visitor is sent to /login with the search as redirect", async ({ page }) => {
  const response = await page.goto("/search?q=hoodie");
  const chain: string[] = [];
  for (let request = response?.request() ?? null; request; request = request.redirectedFrom()) {
    chain.unshift(new URL(request.url()).pathname + new URL(request.url()).search);
  }
  expect(chain[0]).toBe("/search?q=hoodie");
  expect(chain[1]).toBe("/login?redirect=%2Fsearch%3Fq%3Dhoodie");
  await expect(page.getByRole("heading", { name: "Start your search" })).toHaveCount(0);
});

test.describe("signed in", () => {
  test.beforeEach(async ({ page, context, baseURL }) => {
    await signIn(page, context, baseURL);
  });

  test("shows 'Start your search' without a query", async ({ page }) => {
    await page.goto("/search");
    await expect(page).toHaveTitle("Search | Abundance Collection");
    await expect(page.getByRole("heading", { name: "Start your search" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("search")).toBeVisible();
    await expect(page.getByRole("main").getByRole("button", { name: "Search", exact: true })).toBeVisible();
  });

  test("searches as you type, once, 300 ms after typing stops, replacing the history entry", async ({ page }) => {
    // The page's clock is ours: how fast a loaded machine delivers keystrokes cannot split the typing.
    await page.clock.install();
    await page.goto("/");
    await page.goto("/search");
    await waitForHydration(page);
    const dataRequests = recordSearchData(page);

    await page.clock.pauseAt(Date.now() + 60_000);
    await searchBox(page).pressSequentially("hoodie");
    await page.clock.runFor(299);
    expect(dataRequests).toEqual([]);
    await expect(page).toHaveURL("/search");
    await page.clock.runFor(1);
    await page.clock.resume();
    await expect(page).toHaveURL("/search?q=hoodie");
    await expect(page.getByRole("main").getByText(/\d+ results? for “hoodie”/)).toBeVisible();
    expect(dataRequests).toEqual(["?q=hoodie"]);
    await expect(page).toHaveTitle('"hoodie" – Search | Abundance Collection');

    // Keystrokes replace the entry: Back leaves the search page instead of stepping through "h", "ho", …
    await page.goBack();
    await expect(page).toHaveURL("/");
  });

  test("blank text does not search and the query is trimmed", async ({ page }) => {
    await page.goto("/search");
    await waitForHydration(page);
    const dataRequests = recordSearchData(page);
    await searchBox(page).fill("    ");
    await page.waitForTimeout(600);
    await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForTimeout(300);
    expect(dataRequests).toEqual([]);
    await expect(page).toHaveURL("/search");

    await searchBox(page).fill("  linen shirt  ");
    await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL("/search?q=linen%20shirt");
  });

  test("shows a spinner while a search is loading", async ({ page }) => {
    await page.goto("/search");
    await waitForHydration(page);
    await page.route("**/search.data*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      await route.continue();
    });
    await searchBox(page).fill("shirt");
    await expect(page.getByRole("status", { name: "Searching…" })).toBeVisible();
    await expect(page).toHaveURL("/search?q=shirt");
    await expect(page.getByRole("status", { name: "Searching…" })).toHaveCount(0);
  });

  test("results are cards linking to /product/{slug}", async ({ page }) => {
    await page.goto("/search?q=hoodie");
    const results = page.getByRole("region", { name: "Search results" });
    const cards = results.getByRole("article");
    expect(await cards.count()).toBeGreaterThan(0);
    for (const card of await cards.all()) {
      await expect(card.getByRole("heading").getByRole("link")).toHaveAttribute("href", /^\/product\/[a-z0-9-]+$/);
      // A style of several colours: each swatch links to its colour's product.
      for (const swatch of await card
        .getByRole("list", { name: /^Colours of / })
        .getByRole("link")
        .all())
        await expect(swatch).toHaveAttribute("href", /^\/product\/[a-z0-9-]+$/);
    }
    const first = cards.first().getByRole("heading").getByRole("link");
    const href = await first.getAttribute("href");
    await first.click();
    await expect(page).toHaveURL(href!);
  });

  test("'No results found' offers Clear Filters, which keeps only the query", async ({ page }) => {
    await page.goto("/search?q=zzzzqqq&category=men&stock=1");
    await expect(page.getByRole("heading", { name: "No results found" })).toBeVisible();
    await page.getByRole("link", { name: "Clear Filters" }).click();
    await expect(page).toHaveURL("/search?q=zzzzqqq");
    await expect(page.getByRole("heading", { name: "No results found" })).toBeVisible();
  });

  test("filters go to the URL, reset the page, and Clear All goes back to just the query", async ({ page }) => {
    await page.goto("/search?q=cotton&page=2");
    await waitForHydration(page);
    const toggle = page.getByRole("button", { name: /^Filters/ });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");

    await page.getByLabel("Category").selectOption({ label: "Women" });
    await expect(page).toHaveURL("/search?q=cotton&category=women");
    await page.getByRole("checkbox", { name: "In Stock Only" }).check();
    await expect(page).toHaveURL("/search?q=cotton&category=women&stock=1");
    await expect(page.getByLabel("Min price")).toHaveValue("0");
    await expect(page.getByLabel("Max price")).toHaveValue("1000");
    await page.getByLabel("Max price").fill("60");
    await expect(page).toHaveURL("/search?q=cotton&category=women&max=60&stock=1");
    // The cards are read once the results of that URL are in (not while the last filter's load runs).
    await expect(page.getByRole("status", { name: "Searching…" })).toHaveCount(0);
    for (const card of await page.getByRole("region", { name: "Search results" }).getByRole("article").all()) {
      await expect(card.getByText("Women", { exact: true })).toBeVisible();
    }

    await page.getByRole("button", { name: "Clear All" }).click();
    await expect(page).toHaveURL("/search?q=cotton");
    await expect(page.getByLabel("Max price")).toHaveValue("1000");
    await expect(page.getByLabel("Category")).toHaveValue("");
  });

  test("paginates with Previous, page numbers and Next", async ({ page }) => {
    await page.goto("/search?q=cotton");
    const pages = page.getByRole("navigation", { name: "Search results pages" });
    await expect(pages).toBeVisible();
    await expect(page.getByRole("region", { name: "Search results" }).getByRole("article")).toHaveCount(12);
    await pages.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL("/search?q=cotton&page=2");
    await expect(pages.locator("[aria-current=page]")).toHaveText("2");
    await pages.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL("/search?q=cotton");
  });

  test("Add to Cart asks for a size and adds it; it is disabled when out of stock", async ({ page, baseURL }) => {
    // The signed-in tests share one account: its cart starts empty here (a retry finds the first try's line).
    const cleared = await page.request.post("/api/cart", { data: { intent: "clear" }, headers: { origin: baseURL! } });
    expect(cleared.ok()).toBe(true);
    // 'Out of Stock' when the whole style is sold out (a product without colour variants here).
    const soldOut = demoProducts.find((p) => p.isActive && p.inventory === 0 && p.group === null)!;
    await page.goto(`/search?q=${encodeURIComponent(soldOut.name)}`);
    await waitForHydration(page);
    const card = page.getByRole("article", { name: soldOut.name });
    const button = card.getByRole("button", { name: "Out of Stock" });
    await expect(button).toBeVisible();
    await expect(button).toBeDisabled();

    // One colour sold out while the others sell: that colour cannot be added, the style is not 'Out of Stock'.
    const soldOutColour = demoProducts.find((p) => p.isActive && p.inventory === 0 && p.group !== null)!;
    await page.goto(`/search?q=${encodeURIComponent(soldOutColour.name)}`);
    await waitForHydration(page);
    const colourCard = page.getByRole("article", { name: soldOutColour.name });
    await expect(colourCard.getByRole("button", { name: "Sold out in this colour" })).toBeDisabled();
    await expect(colourCard.getByRole("button", { name: "Out of Stock" })).toHaveCount(0);

    const inStock = demoProducts.find(
      (p) => p.isActive && p.inventory > 0 && p.sizes.length > 0 && p.colors.length > 0,
    )!;
    await page.goto(`/search?q=${encodeURIComponent(inStock.name)}`);
    await waitForHydration(page);
    // The quick add asks for a size (tests/e2e/variants.spec.ts has the dialog's details).
    await page.getByRole("button", { name: `Add ${inStock.name} to cart` }).click();
    const dialog = page.getByRole("dialog", { name: "Choose a size" });
    const size = dialog.getByRole("group", { name: "Sizes" }).locator("button:not([disabled])").first();
    await expect(size).toBeVisible();
    const chosen = (await size.innerText()).trim();
    await size.click();
    await expect(page.getByText(`${inStock.name} added to cart!`)).toBeVisible();
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    await page.getByRole("button", { name: /^Open cart/ }).click();
    await expect(page.getByText(new RegExp(`Size ${chosen} · `))).toBeVisible();
  });

  test("the header search trims and URL-encodes, and ignores blank text", async ({ page }) => {
    await openHydrated(page, "/");
    const header = page.getByRole("banner");
    await header.getByRole("button", { name: "Search products" }).click();
    const box = header.getByRole("search").getByRole("searchbox");
    await box.fill("   ");
    await box.press("Enter");
    await page.waitForTimeout(300);
    await expect(page).toHaveURL("/");

    await box.fill("  linen shirt ");
    await box.press("Enter");
    await expect(page).toHaveURL("/search?q=linen%20shirt");
    await expect(searchBox(page)).toHaveValue("linen shirt");
    await expect(page.getByRole("main").getByText(/\d+ results? for “linen shirt”/)).toBeVisible();
  });
});
