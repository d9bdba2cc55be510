import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { demoProducts } from "../../db/seed/demo-catalog";
import { e2eAdmin } from "../../playwright.config";
import { openHydrated } from "./support/hydration";
import { registerAccount, signInAccount } from "./support/accounts";

/**
 * The product editor of /admin/products (spec §2 side panel editor): an owner adds a product with
 * sizes, colours and stock and a shopper buys it; an owner edits a price and the product page shows
 * it; a dirty editor asks before it closes (Escape, close button, backdrop, Back); Escape closes a
 * clean one; focus stays in the panel.
 */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function signInAsAdmin(page: Page, context: BrowserContext, baseURL: string | undefined) {
  await signInAccount(page.request, baseURL ?? "", e2eAdmin);
  expect((await context.cookies()).length).toBeGreaterThan(0);
}

/** A product made through the editor's own route, so no other test's demo product changes. */
async function createProduct(page: Page, baseURL: string | undefined, values: Record<string, unknown>) {
  const n = unique();
  // In a category: spec §5's save rules (both faces) ask for one.
  const opened = (await (await page.request.get("/admin/products/editor?id=new")).json()) as {
    categories: { id: string; isActive: boolean }[];
  };
  const categoryId = opened.categories.find((c) => c.isActive)!.id;
  const res = await page.request.post("/admin/products/editor", {
    headers: { origin: baseURL ?? "" },
    data: {
      intent: "save",
      target: "new",
      version: null,
      values: {
        name: `Editor Test Tee ${n}`,
        slug: `editor-test-tee-${n}`,
        price: "30.00",
        compareAtPrice: "",
        sku: `EDT-${n}`,
        inventory: "8",
        isActive: true,
        isNew: true,
        sizes: ["M"],
        colors: ["Black"],
        images: [demoProducts[0]!.imageUrl],
        categoryId,
        ...values,
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { product: { id: string; slug: string; values: { name: string } } };
  return body.product;
}

const panel = (page: Page, name: "Add Product" | "Edit Product") => page.getByRole("dialog", { name });
/** The product's Price field (the variants table's cells are 'Price of S/Black'…). */
const PRICE = /^Price(?! of )/;
/** A tab of the editor (its name says "(has errors)" when a field on it has a message). */
const tab = (page: Page, name: string) => page.getByRole("tab", { name: new RegExp(`^${name}`) });

test("an owner adds a product with sizes, colours and stock, and a shopper buys it", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page, context, baseURL);
  await openHydrated(page, "/admin/products?edit=new");
  const editor = panel(page, "Add Product");
  await expect(editor).toBeVisible();
  const name = editor.getByLabel("Product Name");
  await expect(name).toBeFocused();

  // Spec §9 defaults; saving an empty form says what is missing and focuses it.
  await expect(editor.getByLabel("Active")).toBeChecked();
  await expect(editor.getByLabel("New", { exact: true })).toBeChecked();
  await expect(editor.getByLabel("Featured")).not.toBeChecked();
  await expect(editor.getByLabel("On Sale")).not.toBeChecked();
  await editor.getByRole("button", { name: "Save", exact: true }).click();
  await expect(editor.getByText("Product name is required")).toBeVisible();
  await expect(name).toBeFocused();

  // The slug follows the name (spec §4).
  const productName = `Harbour Linen Shirt ${unique()}`;
  await name.fill(productName);
  const slug = productName.toLowerCase().replace(/ /g, "-");
  await expect(editor.getByLabel(/^Slug/)).toHaveValue(slug);
  await editor.getByLabel(/^Description/).fill("Breathable linen for warm evenings.");
  await editor.getByLabel("Image URL").fill(` ${demoProducts[0]!.imageUrl} `);
  await editor.getByLabel("Image URL").press("Enter");
  await expect(editor.getByRole("img", { name: "Main image preview" })).toBeVisible();
  await editor.getByLabel(/^Category/).selectOption({ label: "Men" });

  // Pricing through the tabs with the keyboard (arrow keys move the selection).
  await tab(page, "General").focus();
  await page.keyboard.press("ArrowRight");
  await expect(tab(page, "Pricing")).toHaveAttribute("aria-selected", "true");
  await expect(tab(page, "Pricing")).toBeFocused();
  await editor.getByLabel(PRICE).fill("39.999");

  // Variants: presets, a colour typed in, duplicates ignored.
  await tab(page, "Variants").click();
  const sizes = editor.getByRole("group", { name: "Sizes presets" });
  await sizes.getByRole("button", { name: "S", exact: true }).click();
  await sizes.getByRole("button", { name: "M", exact: true }).click();
  await expect(sizes.getByRole("button", { name: "M", exact: true })).toHaveAttribute("aria-pressed", "true");
  await editor.getByRole("textbox", { name: "Colors", exact: true }).fill("  Olive ");
  await editor.getByRole("textbox", { name: "Colors", exact: true }).press("Enter");
  await editor.getByRole("textbox", { name: "Colors", exact: true }).fill("olive");
  await editor.getByRole("button", { name: "Add color" }).click();
  await editor.getByRole("group", { name: "Colors presets" }).getByRole("button", { name: "Black" }).click();
  await expect(editor.getByRole("list", { name: "Colors" }).getByRole("listitem")).toHaveText(["Olive", "Black"]);

  // Stock per variant (decisions.md §6): a row per size × colour; the inventory is their total, read-only.
  await tab(page, "Inventory").click();
  const variantRows = editor.getByRole("table", { name: "Variants of the product" }).getByRole("rowheader");
  await expect(variantRows).toHaveText(["S/Olive", "S/Black", "M/Olive", "M/Black"]);
  await editor.getByLabel("Set stock for all").fill("5");
  await editor.getByRole("button", { name: "Apply to all" }).click();
  await expect(editor.getByRole("spinbutton", { name: /^Inventory/ })).toHaveValue("20");
  await expect(editor.getByRole("spinbutton", { name: /^Inventory/ })).toHaveAttribute("readonly", "");

  // A field with an error on a hidden tab: the save switches to that tab and focuses it.
  await editor.getByRole("button", { name: "Save", exact: true }).click();
  await expect(tab(page, "Pricing")).toHaveAttribute("aria-selected", "true");
  await expect(tab(page, "Pricing")).toHaveAccessibleName("Pricing (has errors)");
  await expect(editor.getByText("Enter the price in dollars and cents (step 0.01)")).toBeVisible();
  await expect(editor.getByLabel(PRICE)).toBeFocused();
  await editor.getByLabel(PRICE).fill("39.50");

  const saved = page.waitForResponse(
    (res) => res.url().includes("/admin/products/editor") && res.request().method() === "POST",
  );
  await editor.getByRole("button", { name: "Save", exact: true }).click();
  const created = ((await (await saved).json()) as { product: { id: string } }).product;
  await expect(page.getByText("Product created successfully")).toBeVisible();
  await expect(editor).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/products$/);

  // A shopper finds it and buys two.
  const shopperContext = await browser.newContext({ baseURL });
  const shopper = await shopperContext.newPage();
  await registerAccount(shopper.request, baseURL!, {
    email: `linen-${unique()}@example.com`,
    password: "Wardrobe2024",
    name: "Lena Buyer",
  });
  await openHydrated(shopper, `/product/${slug}`);
  await expect(shopper.getByRole("heading", { level: 1, name: productName })).toBeVisible();
  await expect(shopper.getByText("$39.50").first()).toBeVisible();
  await expect(shopper.getByText("Only 5 left!")).toBeVisible();
  await shopper.getByRole("radio", { name: "M", exact: true }).click();
  await shopper.getByRole("radio", { name: "Olive", exact: true }).click();
  await shopper.getByRole("button", { name: "Increase quantity" }).click();
  await shopper.getByRole("button", { name: "Add to Cart" }).click();
  await expect(shopper.getByText(`${productName} added to cart!`).last()).toBeVisible();
  await openHydrated(shopper, "/checkout");
  await shopper.getByLabel("Phone").fill("+1 503 555 0199");
  await shopper.getByRole("button", { name: "Continue to Shipping" }).click();
  await shopper.getByLabel("Address", { exact: true }).fill("4 Pier Road");
  await shopper.getByLabel("City").fill("Portland");
  await shopper.getByLabel("State / Province").fill("OR");
  await shopper.getByLabel("Postal code").fill("97209");
  await shopper.getByRole("button", { name: "Continue to Payment" }).click();
  const total = (await shopper.getByTestId("order-total").textContent())!;
  await shopper.getByRole("button", { name: `Pay ${total}` }).click();
  await expect(shopper.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible({ timeout: 15_000 });
  await expect(shopper.getByRole("main")).toContainText(productName);
  await shopperContext.close();

  // The owner sees the stock the order left, on the size and colour it took.
  await openHydrated(page, `/admin/products?edit=${created.id}`);
  await tab(page, "Inventory").click();
  const edited = panel(page, "Edit Product");
  await expect(edited.getByRole("spinbutton", { name: "Stock of M/Olive" })).toHaveValue("3");
  await expect(edited.getByRole("spinbutton", { name: "Stock of S/Olive" })).toHaveValue("5");
  await expect(edited.getByRole("spinbutton", { name: /^Inventory/ })).toHaveValue("18");
});

test("an owner edits a price and the product page shows it at once", async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page, context, baseURL);
  const product = await createProduct(page, baseURL, { price: "30.00" });
  await openHydrated(page, `/product/${product.slug}`);
  await expect(page.getByText("$30.00").first()).toBeVisible();

  await openHydrated(page, `/admin/products?edit=${product.id}`);
  const editor = panel(page, "Edit Product");
  await expect(editor.getByLabel("Product Name")).toHaveValue(product.values.name);
  await tab(page, "Pricing").click();
  // No compare-at price opens pre-filled (decisions.md §6 over spec §9's price × 1.2): blank, no discount.
  await expect(editor.getByLabel("Compare at Price")).toHaveValue("");
  await expect(editor.getByText("Not shown as a discount.")).toBeVisible();
  await editor.getByLabel(PRICE).fill("24.75");
  await editor.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Product updated successfully")).toBeVisible();
  await expect(editor).toBeHidden();

  await openHydrated(page, `/product/${product.slug}`);
  await expect(page.getByText("$24.75").first()).toBeVisible();
  await expect(page.getByText("$30.00")).toHaveCount(0);

  // The history shows who changed the price.
  await openHydrated(page, `/admin/products?edit=${product.id}`);
  await tab(page, "History").click();
  const history = page.getByRole("list", { name: "Last changes" });
  await expect(history.getByRole("listitem").first()).toContainText(`Edited by ${e2eAdmin.email}`);
  await expect(history.getByRole("listitem").first()).toContainText("$30.00 → $24.75");

  // Someone else saves while the owner edits: the save is refused, the panel shows the current values
  // and keeps the owner's edit to apply again.
  await tab(page, "General").click();
  await panel(page, "Edit Product")
    .getByLabel(/^Description/)
    .fill("Soft cotton, washed twice.");
  const current = (await (await page.request.get(`/admin/products/editor?id=${product.id}`)).json()) as {
    product: { values: Record<string, unknown>; version: unknown };
  };
  const other = await page.request.post("/admin/products/editor", {
    headers: { origin: baseURL ?? "" },
    data: {
      intent: "save",
      target: product.id,
      values: { ...current.product.values, price: "22.00" },
      version: current.product.version,
    },
  });
  expect(other.status()).toBe(200);
  const stale = panel(page, "Edit Product");
  await stale.getByRole("button", { name: "Save", exact: true }).click();
  const notice = stale.getByRole("alert");
  await expect(notice).toContainText(
    "This product was changed by someone else. Review the current values and save again.",
  );
  await expect(notice).toContainText("Description: Soft cotton, washed twice.");
  await expect(stale.getByLabel(/^Description/)).toHaveValue("");
  await tab(page, "Pricing").click();
  await expect(stale.getByLabel(PRICE)).toHaveValue("22.00");
  await notice.getByRole("button", { name: "Apply my changes again" }).click();
  await tab(page, "General").click();
  await expect(stale.getByLabel(/^Description/)).toHaveValue("Soft cotton, washed twice.");
  await stale.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Product updated successfully")).toBeVisible();
  await expect(stale).toBeHidden();

  // An id that is no product.
  await openHydrated(page, "/admin/products?edit=6f9619ff-8b86-4011-b42d-00c04fc964ff");
  await expect(panel(page, "Edit Product").getByRole("alert")).toHaveText("Product not found");
});

test("a dirty editor asks before it closes; Escape closes a clean one; focus stays in the panel", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page, context, baseURL);
  const product = await createProduct(page, baseURL, { name: `<script>alert(1)</script> Tee ${unique()}` });
  await openHydrated(page, "/admin/products");
  // Opened the way the list opens it: the URL parameter, client-side.
  await page.evaluate(
    (id) =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): void } }
      ).__reactRouterDataRouter.navigate(`/admin/products?edit=${id}`),
    product.id,
  );
  const editor = panel(page, "Edit Product");
  const name = editor.getByLabel("Product Name");
  // Text is text: the name is shown as typed.
  await expect(name).toHaveValue(product.values.name);

  // Focus stays inside the panel however far the owner tabs.
  const focusInPanel = () =>
    page.evaluate(() => document.querySelector("dialog[open]")!.contains(document.activeElement));
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press("Shift+Tab");
    expect(await focusInPanel()).toBe(true);
  }
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    expect(await focusInPanel()).toBe(true);
  }

  // Escape on a clean form closes it.
  await page.keyboard.press("Escape");
  await expect(editor).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/products$/);

  await page.evaluate(
    (id) =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): void } }
      ).__reactRouterDataRouter.navigate(`/admin/products?edit=${id}`),
    product.id,
  );
  await name.fill("Renamed but not saved");
  const confirm = page.getByRole("alertdialog", { name: "Discard unsaved changes?" });

  // Escape, the close button, the backdrop and Back all ask first; Keep editing keeps the change.
  await page.keyboard.press("Escape");
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole("button", { name: "Keep editing" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(name).toHaveValue("Renamed but not saved");

  await editor.getByRole("button", { name: "Close" }).click();
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Keep editing" }).click();

  await page.mouse.click(20, 300);
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Keep editing" }).click();

  await page.goBack();
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Keep editing" }).click();
  await expect(page).toHaveURL(new RegExp(`edit=${product.id}`));
  await expect(name).toHaveValue("Renamed but not saved");

  // Discard closes without saving.
  await editor.getByRole("button", { name: "Cancel" }).click();
  await confirm.getByRole("button", { name: "Discard changes" }).click();
  await expect(editor).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/products$/);
  const res = await page.request.get(`/admin/products/editor?id=${product.id}`);
  expect(((await res.json()) as { product: { values: { name: string } } }).product.values.name).toBe(
    product.values.name,
  );
});
