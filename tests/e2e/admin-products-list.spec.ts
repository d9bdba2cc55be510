import type { APIRequestContext, BrowserContext, Cookie, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { demoProducts } from "../../db/seed/demo-catalog";
import { e2eAdmin } from "../../playwright.config";
import { openHydrated } from "./support/hydration";
import { signInAccount } from "./support/accounts";

/**
 * The product dashboard in the browser (spec §2): bulk actions reaching /shop, a row's featured
 * switch with its toast, the list's state in the URL.
 *
 * The browser suite shares one database. These tests change only products no other browser test
 * looks at: accessories far down the shop's order (no stock, cart or paging test uses them), and an
 * inactive product's featured flag (invisible to shoppers). They put every flag back at the end.
 */

let sessionCookies: Cookie[] | undefined;
async function signIn(page: Page, context: BrowserContext, baseURL: string | undefined) {
  if (sessionCookies) return context.addCookies(sessionCookies);
  await signInAccount(page.request, baseURL ?? "", e2eAdmin);
  sessionCookies = await context.cookies();
}

const bySlug = (slug: string) => {
  const found = demoProducts.find((p) => p.slug === slug);
  if (!found) throw new Error(`no demo product ${slug}`);
  return found;
};
const dadCap = bySlug("washed-cotton-dad-cap");
const marketTote = bySlug("oversized-market-tote");
const corduroyCap = bySlug("corduroy-six-panel-cap");

/** A guest's view of a shop page (no cookies: the guest page cache applies). */
async function guestPage(request: APIRequestContext, path: string): Promise<string> {
  const res = await request.get(path, { headers: { cookie: "" } });
  expect(res.status()).toBe(200);
  return res.text();
}

/** Puts flags back through the write route, whatever the test left behind. */
async function restore(page: Page, baseURL: string | undefined, action: string, q: string) {
  await page.request.post("/admin/products/flags", {
    data: { intent: "bulk", action, target: { filter: { q, category: null, status: "all" } } },
    headers: { origin: baseURL ?? "" },
  });
}

const countLine = (page: Page) => page.getByTestId("product-count");
const combobox = (page: Page, name: string) => page.getByRole("combobox", { name, exact: true });
const row = (page: Page, name: string) => page.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });

/**
 * The header's 'x of y' as it read before, or more of each: tests running alongside add products
 * (never remove them), so an exact count would depend on their timing. The unfiltered list reads 'n of n'.
 */
async function expectCountAgain(page: Page, before: string) {
  const numbers = (text: string) => text.split(" of ").map((n) => Number(n.replace(/,/g, "")));
  const [x0, y0] = numbers(before);
  await expect
    .poll(async () => {
      const [x, y] = numbers(await countLine(page).innerText());
      return x! >= x0! && y! >= y0! && (x0 !== y0 || x === y);
    })
    .toBe(true);
}

test.describe("product dashboard", () => {
  // One after the other: the tests read the counts the others change.
  test.describe.configure({ mode: "serial" });

  test.beforeEach(async ({ page, context, baseURL }) => {
    await signIn(page, context, baseURL);
  });

  test("bulk deactivate: the products vanish from the shop, and Activate brings them back", async ({
    page,
    request,
    baseURL,
  }) => {
    const names = [dadCap.name, marketTote.name];
    const shopBefore = await guestPage(request, "/shop/accessories");
    for (const name of names) expect(shopBefore).toContain(name);
    try {
      await openHydrated(page, "/admin/products");
      await combobox(page, "Category").selectOption({ label: "Accessories" });
      await expect(page).toHaveURL(/\/admin\/products\?category=accessories$/);
      await expect(row(page, dadCap.name)).toBeVisible();

      // With nothing selected, Apply says so.
      await page.getByRole("group", { name: "Bulk actions" }).getByRole("button", { name: "Apply" }).click();
      await expect(page.getByText("Please select products first")).toBeVisible();

      await page.getByRole("checkbox", { name: `Select ${dadCap.name}` }).check();
      // The keyboard works too: Space ticks the focused box.
      await page.getByRole("checkbox", { name: `Select ${marketTote.name}` }).focus();
      await page.keyboard.press("Space");
      const bar = page.getByRole("group", { name: "Bulk actions" });
      await expect(bar.getByRole("status")).toHaveText("2 selected");
      await combobox(page, "Bulk action").selectOption("Deactivate");
      await bar.getByRole("button", { name: "Apply" }).click();
      await expect(page.getByText("Bulk action applied to 2 products")).toBeVisible();
      for (const name of names) {
        await expect(row(page, name).getByRole("list", { name: "Status" })).toContainText("Inactive");
      }
      await expect(bar.getByRole("status")).toHaveText("0 selected");

      const shopAfter = await guestPage(request, "/shop/accessories");
      for (const name of names) expect(shopAfter).not.toContain(name);

      for (const name of names) await page.getByRole("checkbox", { name: `Select ${name}` }).check();
      await combobox(page, "Bulk action").selectOption("Activate");
      await bar.getByRole("button", { name: "Apply" }).click();
      await expect(page.getByText("Bulk action applied to 2 products").last()).toBeVisible();
      for (const name of names) {
        await expect(row(page, name).getByRole("list", { name: "Status" })).toContainText("Active");
      }
      const shopAgain = await guestPage(request, "/shop/accessories");
      for (const name of names) expect(shopAgain).toContain(name);
    } finally {
      for (const name of names) await restore(page, baseURL, "activate", name);
    }
  });

  test("a row's featured switch shows the change at once, with the toast; a refused write rolls it back", async ({
    page,
    baseURL,
  }) => {
    try {
      await openHydrated(page, `/admin/products?q=${encodeURIComponent(corduroyCap.name)}`);
      const featured = page.getByRole("switch", { name: `Featured: ${corduroyCap.name}` });
      const badges = row(page, corduroyCap.name).getByRole("list", { name: "Status" });
      await expect(featured).toHaveAttribute("aria-checked", "false");

      await featured.click();
      await expect(featured).toHaveAttribute("aria-checked", "true");
      await expect(page.getByText("Product featured updated")).toBeVisible();
      await expect(badges).toContainText("Featured");
      await page.reload();
      await expect(featured).toHaveAttribute("aria-checked", "true");

      // The server refuses: the switch goes back and the toast says so.
      await page.waitForSelector("html[data-hydrated='true']", { state: "attached" });
      await page.route("**/admin/products/flags", (route) =>
        route.fulfill({
          status: 500,
          contentType: "application/json",
          body: JSON.stringify({ ok: false, message: "Database error: the change could not be saved" }),
        }),
      );
      await featured.click();
      await expect(page.getByText("Failed to update product featured")).toBeVisible();
      await expect(featured).toHaveAttribute("aria-checked", "true");
      await expect(badges).toContainText("Featured");
      await page.unroute("**/admin/products/flags");

      await featured.click();
      await expect(featured).toHaveAttribute("aria-checked", "false");
      await expect(badges).not.toContainText("Featured");
    } finally {
      await restore(page, baseURL, "unfeature", corduroyCap.name);
    }
  });

  test("search, filters, paging and view live in the URL; Back returns to each; a filter goes back to page 1", async ({
    page,
  }) => {
    await openHydrated(page, "/admin/products");
    const all = await countLine(page).innerText();
    expect(all).toMatch(/^(\d+) of \1$/);

    // 'Loading products...' while a list loads.
    await page.route("**/admin/products.data*", async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await combobox(page, "Status").selectOption("Inactive");
    await expect(page.getByText("Loading products...")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/products\?status=inactive$/);
    await expect(page.getByText("Loading products...")).toBeHidden();
    await page.unroute("**/admin/products.data*");
    const inactive = await countLine(page).innerText();
    expect(inactive).not.toBe(all);
    for (const list of await page.getByRole("list", { name: "Status" }).all())
      await expect(list).toContainText("Inactive");

    await page.getByRole("searchbox", { name: "Search products" }).fill("cap");
    await expect(page).toHaveURL(/\/admin\/products\?q=cap&status=inactive$/);
    await expect(row(page, corduroyCap.name)).toBeVisible();
    await expect(page.getByRole("rowheader")).toHaveCount(1);

    await page.goBack();
    await expect(page).toHaveURL(/\/admin\/products\?status=inactive$/);
    await expect(page.getByRole("searchbox", { name: "Search products" })).toHaveValue("");
    await expectCountAgain(page, inactive);
    await page.goBack();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(combobox(page, "Status")).toHaveValue("all");
    await expectCountAgain(page, all);

    const pages = page.getByRole("navigation", { name: "Product pages" });
    await pages.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(pages.locator('[aria-current="page"]')).toHaveText("2");
    // The view keeps the page; a filter goes back to page 1.
    await page.getByRole("button", { name: "Grid view" }).click();
    await expect(page).toHaveURL(/\?view=grid&page=2$/);
    await expect(page.getByRole("button", { name: "Grid view" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("table")).toHaveCount(0);
    await combobox(page, "Status").selectOption("Active");
    await expect(page).toHaveURL(/\/admin\/products\?status=active&view=grid$/);
    await expect(pages.locator('[aria-current="page"]')).toHaveText("1");

    // Opening the editor keeps the list and its page (the panel itself is another part of the back office).
    await expect(page.getByRole("link", { name: "Add Product" })).toHaveAttribute(
      "href",
      "/admin/products?status=active&view=grid&edit=new",
    );
  });

  test("imports a CSV that Excel saved on Windows (Windows-1252): the preview says so and 'Café' stays 'Café'", async ({
    page,
    baseURL,
  }) => {
    const id = Date.now().toString(36).toUpperCase();
    const csv = `slug,sku,name,price,active,size,stock\ncafe-${id.toLowerCase()},CAFE-${id},Café Crème ${id},20.00,no,M,3\n`;
    // Real Windows-1252 bytes: é is 0xE9, è 0xE8 (UTF-8 would be two bytes each).
    const bytes = Buffer.from([...csv].map((c) => ({ é: 0xe9, è: 0xe8 })[c] ?? c.charCodeAt(0)));
    await openHydrated(page, `${baseURL}/admin/products?q=CAFE-${id}&status=all`);
    await page.getByRole("button", { name: "Import CSV" }).click();
    await page.getByLabel("CSV file").setInputFiles({ name: "products.csv", mimeType: "text/csv", buffer: bytes });
    const panel = page.getByRole("dialog", { name: "Import products from CSV" });
    await expect(panel).toContainText("read as Windows-1252");
    await panel.getByRole("button", { name: "Import 1 product" }).click();
    await expect(page.getByText("Imported 1 product")).toBeVisible();
    await expect(row(page, `Café Crème ${id}`)).toBeVisible();
  });

  test("a visitor who opens /admin/products is sent home", async ({ browser, baseURL }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseURL}/admin/products`);
    await expect(page).toHaveURL(`${baseURL}/`);
    await context.close();
  });
});
