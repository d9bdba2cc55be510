import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { demoProducts } from "../../db/seed/demo-catalog";
import { e2eAdmin, e2eSharedAdminPassword } from "../../playwright.config";
import { SALE_PERCENT_MESSAGE } from "../../app/modules/product-admin/product-flags";
import { signInAccount } from "./support/accounts";
import { openHydrated } from "./support/hydration";

/**
 * The back office's variants (issue 25, decisions.md §6) as the owner uses them: the variants table of
 * the product editor (/admin/products) and of the console modal (/secure-admin), 'Set stock for all',
 * Duplicate, the low-stock view and the dashboard's figure linking to it, and bulk Mark as Sale with a
 * percentage and Remove from Sale — each seen where the shopper sees it, at once (every one of these
 * writes publishes the catalogue change that empties the page cache). The table on a phone fits.
 */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

interface Created {
  id: string;
  slug: string;
  values: { name: string; sku: string };
}

/** A product of its own (S, M, L in Black, 4 units each), made through the editor's route. */
async function createProduct(request: APIRequestContext, baseURL: string | undefined, name = "Variant Tee") {
  const n = unique();
  // In a category: the console's modal asks for one before it saves.
  const opened = (await (await request.get("/admin/products/editor?id=new")).json()) as {
    categories: { id: string; isActive: boolean }[];
  };
  const categoryId = opened.categories.find((c) => c.isActive)!.id;
  const res = await request.post("/admin/products/editor", {
    headers: { origin: baseURL ?? "" },
    data: {
      intent: "save",
      target: "new",
      version: null,
      values: {
        name: `${name} ${n}`,
        slug: `variant-tee-${n}`,
        price: "30.00",
        compareAtPrice: "",
        categoryId,
        sku: `VAR-${n}`.toUpperCase(),
        // Read-only in the editor: the variants' total, sent as the form has it.
        inventory: "12",
        isActive: true,
        isNew: true,
        sizes: ["S", "M", "L"],
        colors: ["Black"],
        images: [demoProducts[0]!.imageUrl],
        variants: ["S", "M", "L"].map((size) => ({
          size,
          color: "Black",
          sku: "",
          stock: "4",
          barcode: "",
          price: "",
        })),
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { product: Created }).product;
}

const editorPanel = (page: Page) => page.getByRole("dialog", { name: "Edit Product" });
const tab = (scope: Page | Locator, name: string) => scope.getByRole("tab", { name: new RegExp(`^${name}`) });
const stockOf = (scope: Locator, variant: string) => scope.getByRole("spinbutton", { name: `Stock of ${variant}` });
const skuOf = (scope: Locator, variant: string) => scope.getByRole("textbox", { name: `SKU of ${variant}` });
/** The table's read-only total ('Inventory (all variants)'). */
const totalOf = (scope: Locator) => scope.locator('[data-testid$="-inventory-total"]');
const sizeRadio = (page: Page, name: string) =>
  page.getByRole("radiogroup", { name: "Size" }).getByRole("radio", { name, exact: true });

async function signInAsAdmin(page: Page, baseURL: string | undefined) {
  await signInAccount(page.request, baseURL ?? "", e2eAdmin);
}

/** The product page as a visitor sees it (a fresh context: the guest page cache is what it reads). */
async function asVisitor<T>(page: Page, path: string, check: (visitor: Page) => Promise<T>): Promise<T> {
  const context = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const visitor = await context.newPage();
  try {
    await openHydrated(visitor, path);
    return await check(visitor);
  } finally {
    await context.close();
  }
}

/** S sold out (struck through, named '{size}, unavailable'), M at 'Only 3 left!'. */
async function expectSOutMThree(visitor: Page) {
  const s = sizeRadio(visitor, "S, unavailable");
  await expect(s).toHaveAttribute("aria-disabled", "true");
  await expect(s.locator(".line-through")).toHaveText("S");
  await sizeRadio(visitor, "M").click();
  await expect(sizeRadio(visitor, "M")).toHaveAttribute("aria-checked", "true");
  await expect(visitor.getByText("Only 3 left!", { exact: true })).toBeVisible();
}

test("the owner edits the variants table and the product page shows it at once", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page, baseURL);
  const product = await createProduct(page.request, baseURL);
  await openHydrated(page, `/admin/products?edit=${product.id}`);
  const editor = editorPanel(page);
  await expect(editor.getByLabel("Product Name")).toHaveValue(product.values.name);
  await tab(page, "Inventory").click();
  const table = editor.getByRole("table", { name: "Variants of the product" });
  await expect(table.getByRole("rowheader")).toHaveText(["S/Black", "M/Black", "L/Black"]);
  await expect(totalOf(editor)).toHaveText("12");

  // 'Set stock for all', then one size at a time.
  await editor.getByLabel("Set stock for all").fill("6");
  await editor.getByRole("button", { name: "Apply to all" }).click();
  for (const variant of ["S/Black", "M/Black", "L/Black"]) await expect(stockOf(editor, variant)).toHaveValue("6");
  await expect(totalOf(editor)).toHaveText("18");
  await stockOf(editor, "S/Black").fill("0");
  await stockOf(editor, "M/Black").fill("3");
  const newSku = `${product.values.sku}-LARGE-BLK`;
  await skuOf(editor, "L/Black").fill(newSku);
  await expect(totalOf(editor)).toHaveText("9");
  await expect(editor.getByRole("spinbutton", { name: /^Inventory/ })).toHaveValue("9");
  // A visitor's view of the page just before the save: the guest page cache (PAGE_CACHE_SECONDS) now
  // holds it with every size in stock.
  await asVisitor(page, `/product/${product.slug}`, async (visitor) => {
    await expect(sizeRadio(visitor, "S")).toBeEnabled();
    await expect(sizeRadio(visitor, "S")).toHaveAttribute("aria-checked", "true");
  });
  await editor.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Product updated successfully")).toBeVisible();
  await expect(editor).toBeHidden();

  // At once: the catalogue change emptied the page the visitor had cached.
  await asVisitor(page, `/product/${product.slug}`, expectSOutMThree);

  // The editor opens what was saved.
  await openHydrated(page, `/admin/products?edit=${product.id}`);
  await tab(page, "Inventory").click();
  await expect(stockOf(editorPanel(page), "S/Black")).toHaveValue("0");
  await expect(stockOf(editorPanel(page), "M/Black")).toHaveValue("3");
  await expect(stockOf(editorPanel(page), "L/Black")).toHaveValue("6");
  await expect(skuOf(editorPanel(page), "L/Black")).toHaveValue(newSku);
});

test("Duplicate opens an inactive 'Copy of …' in the editor", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page, baseURL);
  const product = await createProduct(page.request, baseURL, "Duplicate Me Tee");
  await openHydrated(page, `/admin/products?edit=${product.id}`);
  const editor = editorPanel(page);
  await expect(editor.getByLabel("Product Name")).toHaveValue(product.values.name);
  // Duplicate copies the product as saved: it waits while there are unsaved changes.
  await editor.getByLabel("Product Name").fill(`${product.values.name} edited`);
  await expect(editor.getByRole("button", { name: "Duplicate" })).toBeDisabled();
  await editor.getByLabel("Product Name").fill(product.values.name);
  await editor.getByRole("button", { name: "Duplicate" }).click();
  const copyName = `Copy of ${product.values.name}`;
  await expect(
    page.getByText(`Duplicated as '${copyName}' (inactive): review it and activate it when ready`),
  ).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(`edit=${product.id}`));
  await expect(editor.getByLabel("Product Name")).toHaveValue(copyName);
  await expect(editor.getByLabel("Active")).not.toBeChecked();
  await tab(page, "Inventory").click();
  await expect(skuOf(editor, "S/Black")).toHaveValue(`${product.values.sku}-COPY-S-BLACK`);
  for (const variant of ["S/Black", "M/Black", "L/Black"]) await expect(stockOf(editor, variant)).toHaveValue("0");
  // Inactive: not on the storefront.
  const copySlug = `copy-of-${product.values.name.toLowerCase().replace(/ /g, "-")}`;
  const res = await page.request.get(`/product/${copySlug}`);
  expect(res.status()).toBe(404);
});

test("the low-stock view lists a variant set to 1, and the dashboard's figure links there", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page, baseURL);
  const product = await createProduct(page.request, baseURL, "Lowstock Tee");
  await openHydrated(page, `/admin/products?edit=${product.id}`);
  await tab(page, "Inventory").click();
  await editorPanel(page).getByLabel("Set stock for all").fill("20");
  await editorPanel(page).getByRole("button", { name: "Apply to all" }).click();
  await stockOf(editorPanel(page), "M/Black").fill("1");
  await editorPanel(page).getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Product updated successfully")).toBeVisible();

  await openHydrated(page, "/admin");
  const link = page.getByTestId("low-stock-link");
  const figure = Number((await link.textContent())!.match(/^[\d,]+/)![0].replace(/,/g, ""));
  expect(figure).toBeGreaterThan(0);
  await link.click();
  await expect(page).toHaveURL(/\/admin\/products\?stock=low$/);
  // The view counts the same variants (strictly so in tests/integration/admin-products.test.ts; here other
  // tests running alongside add and sell products between the two reads, so only its form is checked).
  await expect(page.getByTestId("low-stock-caption")).toHaveText(/^[\d,]+ variants? with 5 or fewer in stock$/);
  // Narrowed to the product: its one low variant, linking to the editor.
  await openHydrated(page, `/admin/products?stock=low&q=${encodeURIComponent(product.values.name)}`);
  const rows = page.locator("[data-sku]");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-sku", `${product.values.sku}-M-BLACK`);
  await expect(rows.first()).toContainText("1");
  await rows
    .first()
    .getByRole("link", { name: `Edit ${product.values.name}` })
    .click();
  await expect(editorPanel(page).getByLabel("Product Name")).toHaveValue(product.values.name);
});

test("bulk Mark as Sale at a percentage shows the sale on the product page; Remove from Sale restores it", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page, baseURL);
  const product = await createProduct(page.request, baseURL, "Sale Tee");
  await asVisitorPrice(page, baseURL, product.slug, "$30.00", null);

  const bulk = async (action: string) => {
    await openHydrated(page, `/admin/products?q=${encodeURIComponent(product.values.name)}`);
    await page.getByRole("checkbox", { name: `Select ${product.values.name}` }).check();
    await page.getByRole("combobox", { name: "Bulk action" }).selectOption(action);
    await page.getByRole("group", { name: "Bulk actions" }).getByRole("button", { name: "Apply" }).click();
  };
  await bulk("Mark as Sale");
  const dialog = page.getByRole("alertdialog", { name: "Mark as Sale" });
  await expect(dialog).toBeVisible();
  const percent = dialog.getByRole("spinbutton", { name: "Percentage off" });
  await expect(percent).toBeFocused();
  await percent.fill("95");
  await dialog.getByRole("button", { name: "Mark as Sale" }).click();
  await expect(dialog.getByText(SALE_PERCENT_MESSAGE)).toBeVisible();
  await percent.fill("25");
  await dialog.getByRole("button", { name: "Mark as Sale" }).click();
  await expect(page.getByText("Bulk action applied to 1 product", { exact: true })).toBeVisible();
  await asVisitorPrice(page, baseURL, product.slug, "$22.50", "$30.00");

  await bulk("Remove from Sale");
  await expect(page.getByText("Bulk action applied to 1 product", { exact: true }).last()).toBeVisible();
  await asVisitorPrice(page, baseURL, product.slug, "$30.00", null);
});

/** The product page's price and its struck-through regular price (null: none), as a visitor sees it. */
async function asVisitorPrice(
  page: Page,
  baseURL: string | undefined,
  slug: string,
  price: string,
  was: string | null,
) {
  const context = await page.context().browser()!.newContext({ baseURL });
  const visitor = await context.newPage();
  try {
    await openHydrated(visitor, `/product/${slug}`);
    const main = visitor.getByRole("main");
    await expect(main.getByText(price, { exact: true }).first()).toBeVisible();
    if (was) await expect(main.locator("s").first()).toHaveText(`Was ${was}`);
    else await expect(main.locator("s")).toHaveCount(0);
  } finally {
    await context.close();
  }
}

test("the console modal's variants table saves per size, and the product page shows it", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  // The product is made by the admin account; the console asks only for its shared password.
  await signInAsAdmin(page, baseURL);
  const product = await createProduct(page.request, baseURL, "Console Variant Tee");
  await page.context().clearCookies();

  await openHydrated(page, `/secure-admin/products`);
  await page.getByRole("textbox", { name: "Admin Password" }).fill(e2eSharedAdminPassword);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("heading", { name: "Product Management" })).toBeVisible();
  await openHydrated(page, `/secure-admin/products?edit=${product.id}`);
  const modal = page.getByRole("dialog", { name: "Edit Product" });
  await expect(modal.getByRole("textbox", { name: "Product Name" })).toHaveValue(product.values.name);
  await tab(modal, "Pricing & Inventory").click();
  await expect(modal.getByRole("rowheader")).toHaveText(["S/Black", "M/Black", "L/Black"]);
  await modal.getByLabel("Set stock for all").fill("5");
  await modal.getByRole("button", { name: "Apply to all" }).click();
  await stockOf(modal, "S/Black").fill("0");
  await stockOf(modal, "M/Black").fill("3");
  await expect(totalOf(modal)).toHaveText("8");
  const saved = page.waitForResponse(
    (res) => res.url().includes("/secure-admin/products") && res.request().method() === "POST",
  );
  await modal.getByRole("button", { name: "Update Product" }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText("Product updated successfully!").first()).toBeVisible();

  await asVisitor(page, `/product/${product.slug}`, expectSOutMThree);
});

/**
 * On a phone the table scrolls sideways inside its own box: neither the page nor the editor does, and
 * 'Set stock for all' and the total stay on the screen.
 */
async function expectFitsThePhone(page: Page, scope: Locator) {
  // The phone's own width: a page wider than it can make the browser widen its layout viewport
  // (innerWidth) to fit, so that is no yardstick.
  const screenWidth = page.viewportSize()!.width;
  const widths = await page.evaluate((screenWidth) => {
    const dialog = document.querySelector("dialog[open]")!;
    const table = dialog.querySelector('table[aria-describedby$="-variants-hint"]')!;
    const box = table.parentElement!;
    // Every box from the table's own up to the editor that scrolls or clips: which of them the table
    // makes scroll sideways (or cuts off).
    const spilling: string[] = [];
    for (let el: Element | null = box.parentElement; el && dialog.contains(el); el = el.parentElement) {
      const clips = getComputedStyle(el).overflowX !== "visible";
      if (clips && (el.scrollWidth > el.clientWidth + 1 || el.scrollLeft > 0)) {
        spilling.push(`${el.tagName}.${el.className} ${el.scrollWidth}/${el.clientWidth} at ${el.scrollLeft}`);
      }
    }
    // Anything of the editor that reaches past the screen's edge outside a box that scrolls or clips
    // within the screen (the table's own box, the tab strip).
    const insideAFittingScroller = (el: Element) => {
      for (let up = el.parentElement; up && up !== dialog; up = up.parentElement) {
        const fits = up.getBoundingClientRect().right <= screenWidth + 1;
        if (getComputedStyle(up).overflowX !== "visible" && fits) return true;
      }
      return false;
    };
    const wider = [...dialog.querySelectorAll("*")]
      .filter((el) => el.getBoundingClientRect().right > screenWidth + 1 && !insideAFittingScroller(el))
      .slice(0, 5)
      .map((el) => `${el.tagName}#${el.id}.${String(el.className).slice(0, 80)}`);
    const visual = window.visualViewport!;
    return {
      zoom: { scale: visual.scale, left: visual.offsetLeft },
      page: document.documentElement.scrollWidth,
      viewport: screenWidth,
      innerWidth: window.innerWidth,
      wider,
      boxScrolls: getComputedStyle(box).overflowX,
      boxRight: box.getBoundingClientRect().right,
      spilling,
    };
  }, screenWidth);
  expect(widths.wider, "elements past the screen's right edge").toEqual([]);
  expect(widths.zoom, "the phone's view zoomed or panned sideways").toEqual({ scale: 1, left: 0 });
  expect(widths.innerWidth, "the layout viewport widened").toBe(screenWidth);
  expect(widths.page, `the page is ${widths.page}px wide on a ${widths.viewport}px screen`).toBeLessThanOrEqual(
    widths.viewport,
  );
  expect(["auto", "scroll"], "the table's box scrolls sideways").toContain(widths.boxScrolls);
  expect(widths.boxRight, "the table's box passes the screen's edge").toBeLessThanOrEqual(widths.viewport);
  expect(widths.spilling, "boxes around the table scroll sideways").toEqual([]);
  for (const control of [scope.getByLabel("Set stock for all"), scope.getByRole("button", { name: "Apply to all" })]) {
    const box = (await control.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(widths.viewport);
  }
}

test("the variants table fits a phone, in the editor and in the console modal @mobile", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page, baseURL);
  const product = await createProduct(page.request, baseURL, "Phone Variant Tee");

  await openHydrated(page, `/admin/products?edit=${product.id}`);
  const editor = editorPanel(page);
  await tab(page, "Inventory").click();
  await expect(editor.getByRole("table", { name: "Variants of the product" })).toBeVisible();
  await expectFitsThePhone(page, editor);
  // Every cell can be reached and typed in.
  await stockOf(editor, "L/Black").scrollIntoViewIfNeeded();
  await stockOf(editor, "L/Black").fill("2");
  await skuOf(editor, "L/Black").fill(`${product.values.sku}-L`);
  await expect(editor.getByRole("spinbutton", { name: /^Inventory/ })).toHaveValue("10");
  await expectFitsThePhone(page, editor);
  await editor.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Product updated successfully")).toBeVisible();

  await page.context().clearCookies();
  await openHydrated(page, `/secure-admin/products`);
  await page.getByRole("textbox", { name: "Admin Password" }).fill(e2eSharedAdminPassword);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("heading", { name: "Product Management" })).toBeVisible();
  await openHydrated(page, `/secure-admin/products?edit=${product.id}`);
  const modal = page.getByRole("dialog", { name: "Edit Product" });
  await tab(modal, "Pricing & Inventory").click();
  await expect(stockOf(modal, "L/Black")).toHaveValue("2");
  await expectFitsThePhone(page, modal);
});
