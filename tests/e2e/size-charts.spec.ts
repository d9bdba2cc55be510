import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { demoProducts } from "../../db/seed/demo-catalog";
import { e2eAdmin } from "../../playwright.config";
import { signInAccount } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { openHydrated } from "./support/hydration";

/**
 * Size charts in the browser (issue 29): the owner makes a chart by pasting a table from a spreadsheet
 * and gives it to a product in the product editor with its fit; a shopper opens 'Size guide' on that
 * product — a dialog with the chart, switched to inches (remembered on the next open and on
 * /size-guide), closed by Escape with focus back on the button — on a desktop and on a phone. axe finds
 * no serious violation on the dialog and on /size-guide. Each test makes its own chart and product.
 */

// Two pages, a chart, a product and axe twice: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PASTED = "Size\tChest\tLength\nS\t91\t70\nM\t96\t72\nL\t102\t74\n";

/** A product with sizes S, M and L made through the editor's own route, with `values` over them. */
async function createProduct(request: APIRequestContext, baseURL: string, values: Record<string, unknown> = {}) {
  const n = unique();
  const opened = (await (await request.get("/admin/products/editor?id=new")).json()) as {
    categories: { id: string; isActive: boolean }[];
  };
  const res = await request.post("/admin/products/editor", {
    headers: { origin: baseURL },
    data: {
      intent: "save",
      target: "new",
      version: null,
      values: {
        name: `Fit Test Tee ${n}`,
        slug: `fit-test-tee-${n}`,
        price: "30.00",
        compareAtPrice: "",
        sku: `FIT-${n}`,
        inventory: "9",
        isActive: true,
        sizes: ["S", "M", "L"],
        colors: [],
        images: [demoProducts[0]!.imageUrl],
        categoryId: opened.categories.find((c) => c.isActive)!.id,
        ...values,
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { product: { id: string; slug: string } }).product;
}

/** The shopper's side: the product page's size guide, in inches, closed by Escape. */
async function shopperOpensSizeGuide(page: Page, slug: string, chartName: string) {
  await openHydrated(page, `/product/${slug}`);
  await expect(page.getByTestId("fit-note")).toHaveText("Relaxed fit, size down for a close fit");
  const button = page.getByRole("button", { name: "Size guide" });
  await button.click();
  const dialog = page.getByRole("dialog", { name: "Size guide" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute("aria-modal", "true");
  await expect(dialog.getByText(chartName, { exact: true })).toBeVisible();
  const table = dialog.getByTestId("size-chart-table");
  await expect(table.getByRole("columnheader", { name: "Chest (cm)" })).toBeVisible();
  await expect(table.getByRole("row", { name: /^M/ }).getByRole("cell").first()).toHaveText("96");
  await expect(dialog.getByTestId("model-line")).toHaveText("Model is 185 cm and wears M");
  // The garment's own chest for M differs from the chart, and says so.
  await expect(dialog.getByText("This product's own measurements")).toBeVisible();
  await expect(dialog.getByText("(differs from the chart)")).toHaveCount(1);
  await expect(dialog.getByRole("heading", { name: "How to measure" })).toBeVisible();

  await dialog.getByRole("button", { name: "inches" }).click();
  await expect(dialog.getByRole("button", { name: "inches" })).toHaveAttribute("aria-pressed", "true");
  await expect(table.getByRole("columnheader", { name: "Chest (in)" })).toBeVisible();
  await expect(table.getByRole("row", { name: /^M/ }).getByRole("cell").first()).toHaveText("37.8");
  await expect(dialog.getByTestId("model-line")).toHaveText("Model is 72.8 in and wears M");
  await expectNoAxeViolations(page, "the size guide dialog");

  // Tab stays inside the dialog.
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();

  // The unit is remembered: the next open (by the keyboard this time) shows inches, and so does /size-guide.
  await button.press("Enter");
  await expect(
    page.getByRole("dialog", { name: "Size guide" }).getByRole("button", { name: "inches" }),
  ).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("dialog", { name: "Size guide" }).getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("dialog", { name: "Size guide" })).toBeHidden();
  await expect(button).toBeFocused();
}

async function sizeGuidePageShows(page: Page, chartName: string) {
  await openHydrated(page, "/size-guide");
  const section = page.getByRole("region", { name: chartName });
  await expect(section).toBeVisible();
  await expect(section).toHaveAttribute("id", /^size-chart-/);
  await expect(section.getByRole("columnheader", { name: "Chest (in)" })).toBeVisible();
  await expect(page.getByRole("button", { name: "inches" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "cm", exact: true }).click();
  await expect(section.getByRole("columnheader", { name: "Chest (cm)" })).toBeVisible();
  await expectNoAxeViolations(page, "/size-guide");
}

test("the owner pastes a chart and gives it to a product; a shopper reads it in inches and closes it with Escape", async ({
  page,
  browser,
  baseURL,
}) => {
  const base = baseURL ?? "";
  await signInAccount(page.request, base, e2eAdmin);
  const chartName = `Browser tees ${unique()}`;
  const product = await createProduct(page.request, base);

  // The sidebar leads to the size charts; a new chart is pasted from a spreadsheet.
  await openHydrated(page, "/admin");
  await page.getByRole("link", { name: "Size charts", exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Size charts" })).toBeVisible();
  await page.getByRole("link", { name: "Create size chart" }).click();
  await expect(page).toHaveURL(/\/admin\/size-charts\/new$/);
  await page.waitForSelector("html[data-hydrated='true']", { state: "attached" });
  await page.getByLabel("Name").fill(chartName);
  await page.getByLabel("Paste from a spreadsheet").fill(PASTED);
  await page.getByRole("button", { name: "Fill the table" }).click();
  await expect(page.getByLabel("M Chest (cm)")).toHaveValue("96");
  await expect(page.getByLabel("Column 2 measurement")).toHaveValue("length");
  await expect(page.getByLabel("Size, row 3")).toHaveValue("L");
  await page.getByRole("button", { name: "Create chart" }).click();
  await expect(page.getByText("Size chart created")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/size-charts\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: chartName })).toBeVisible();

  // The product editor picks the chart and says how the product fits.
  await openHydrated(page, `/admin/products?edit=${product.id}`);
  const editor = page.getByRole("dialog", { name: "Edit Product" });
  await editor.getByRole("tab", { name: /^Variants/ }).click();
  await editor.getByLabel("Size chart").selectOption({ label: chartName });
  await editor.getByLabel("Fit note").fill("Relaxed fit, size down for a close fit");
  await editor.getByLabel("Model's height (cm)").fill("185");
  await editor.getByLabel("Model's size").selectOption("M");
  await editor.getByLabel("M Chest (cm)").fill("99");
  await editor.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Product updated successfully")).toBeVisible();

  // Without JavaScript, 'Size guide' is a link to the chart on /size-guide.
  const html = await (await page.request.get(`/product/${product.slug}`)).text();
  expect(html).toMatch(/href="\/size-guide#size-chart-browser-tees-[a-z0-9]+"/);

  // A shopper, in a browser of their own.
  const context = await browser.newContext();
  const shopper = await context.newPage();
  await shopperOpensSizeGuide(shopper, product.slug, chartName);
  await sizeGuidePageShows(shopper, chartName);
  await context.close();
});

test("a shopper on a phone opens the size guide, switches to inches and closes it with Escape @mobile", async ({
  page,
  baseURL,
}) => {
  const base = baseURL ?? "";
  await signInAccount(page.request, base, e2eAdmin);
  const chartName = `Phone tees ${unique()}`;
  const made = await page.request.post("/admin/size-charts/new", {
    headers: { origin: base },
    form: { intent: "save", name: chartName, howToMeasure: "", paste: PASTED },
  });
  expect(made.status()).toBeLessThan(400);
  const list = await (await page.request.get("/admin/size-charts")).text();
  const id = new RegExp(`href="/admin/size-charts/([0-9a-f-]{36})"[^>]*>${chartName}<`).exec(list)?.[1];
  expect(id).toBeTruthy();
  const product = await createProduct(page.request, base, {
    sizeChartId: id,
    fitNote: "Relaxed fit, size down for a close fit",
    modelHeightCm: "185",
    modelSize: "M",
    garmentMeasurements: { M: { chest: "99" } },
  });
  // The shopper is signed out, on this phone.
  await page.context().clearCookies();
  await shopperOpensSizeGuide(page, product.slug, chartName);
});
