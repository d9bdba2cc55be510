import { openHydrated } from "./support/hydration";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { demoProducts, type DemoProduct } from "../../db/seed/demo-catalog";
import { demoVariants } from "../../app/modules/catalog/seed.server";
import { demoReviewsFor } from "../../db/seed/demo-reviews";

function pick(what: string, test: (p: DemoProduct) => boolean): DemoProduct {
  const found = demoProducts.find(test);
  if (!found) throw new Error(`The demo catalogue has no ${what}`);
  return found;
}

const single = (p: DemoProduct) => p.isActive && p.group === null;
/** The stock of a demo product's first variant (first size, first colour), as the demo load puts it. */
const firstStock = (p: DemoProduct) => demoVariants(p, demoProducts.indexOf(p))[0]?.stock ?? 0;
/** Several sizes, colours and images; its first size and colour has plenty in stock. */
const roomy = pick(
  "multi-colour product",
  (p) => single(p) && firstStock(p) >= 3 && p.sizes.length > 1 && p.colors.length > 1 && p.images.length > 1,
);
/** Its first size and colour (chosen when the page opens) has 2 to 5 left. */
const lowStock = pick(
  "low-stock product",
  (p) => single(p) && p.sizes.length > 0 && firstStock(p) >= 2 && firstStock(p) <= 5,
);
const lowStockLeft = firstStock(lowStock);
const soldOut = pick("sold-out product", (p) => p.isActive && p.inventory === 0);
const variant = pick(
  "grouped variant",
  (p) => p.isActive && p.group !== null && p.parentSlug !== null && p.inventory > 0,
);
const main = pick("group's main product", (p) => p.slug === variant.parentSlug);

const open = openHydrated;

const mainImage = (page: Page, name: string) => page.getByRole("img", { name, exact: true });

test.describe("product page (spec §2 Product detail)", () => {
  test("preselects the first size and the first colour; arrow keys move the choice", async ({ page }) => {
    await open(page, `/product/${roomy.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: roomy.name })).toBeVisible();

    const sizes = page.getByRole("radiogroup", { name: "Size" });
    const colors = page.getByRole("radiogroup", { name: "Color" });
    await expect(sizes.getByRole("radio", { name: roomy.sizes[0], exact: true })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    await expect(sizes.getByRole("radio", { checked: true })).toHaveCount(1);
    await expect(colors.getByRole("radio", { name: roomy.colors[0], exact: true })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    await expect(colors.getByRole("radio", { checked: true })).toHaveCount(1);

    await sizes.getByRole("radio", { name: roomy.sizes[0], exact: true }).focus();
    await page.keyboard.press("ArrowRight");
    const second = sizes.getByRole("radio", { name: roomy.sizes[1], exact: true });
    await expect(second).toHaveAttribute("aria-checked", "true");
    await expect(second).toBeFocused();

    await colors.getByRole("radio", { name: roomy.colors[1], exact: true }).click();
    await expect(colors.getByRole("radio", { name: roomy.colors[1], exact: true })).toHaveAttribute(
      "aria-checked",
      "true",
    );
  });

  test("low stock: 'Only n left!' and the quantity stops at the chosen size's stock", async ({ page }) => {
    await open(page, `/product/${lowStock.slug}`);
    await expect(page.getByText(`Only ${lowStockLeft} left!`, { exact: true })).toBeVisible();

    const quantity = page.getByRole("status", { name: "Quantity" });
    const plus = page.getByRole("button", { name: "Increase quantity" });
    const minus = page.getByRole("button", { name: "Decrease quantity" });
    await expect(quantity).toHaveText("1");
    await expect(minus).toBeDisabled();
    for (let n = 2; n <= lowStockLeft; n += 1) {
      await plus.click();
      await expect(quantity).toHaveText(String(n));
    }
    await expect(plus).toBeDisabled();
    await minus.click();
    await expect(quantity).toHaveText(String(lowStockLeft - 1));
    await expect(plus).toBeEnabled();
  });

  test("a sold-out product shows a disabled 'Out of Stock' button", async ({ page }) => {
    await open(page, `/product/${soldOut.slug}`);
    await expect(page.getByRole("button", { name: "Out of Stock" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Add to Cart" })).toHaveCount(0);
    await expect(page.getByText(/Only \d+ left!/)).toHaveCount(0);
  });

  test("Add to Cart shows the toast and the header count becomes the quantity", async ({ page }) => {
    await open(page, `/product/${roomy.slug}`);
    await expect(page.getByTestId("cart-count")).toHaveCount(0);
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await expect(page.getByRole("status", { name: "Quantity" })).toHaveText("3");
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByText(`${roomy.name} added to cart!`, { exact: true })).toBeVisible();
    await expect(page.getByTestId("cart-count")).toHaveText("3");

    // The line keeps the chosen size and colour: open the cart drawer and look.
    await page.getByRole("button", { name: /Open cart/ }).click();
    const items = page.getByRole("dialog").getByRole("list", { name: "Cart items" });
    await expect(items.getByRole("listitem")).toHaveCount(1);
    await expect(items).toContainText(roomy.name);
    await expect(items).toContainText(`Size ${roomy.sizes[0]} · ${roomy.colors[0]}`);
  });

  test("a colour swatch switches to the colour's own page and resets the gallery", async ({ page }) => {
    await open(page, `/product/${main.slug}`);
    // The size chosen here goes along to a colour that has it in stock (tests/e2e/variants.spec.ts).
    const size = page.getByRole("radiogroup", { name: "Size" }).getByRole("radio", { checked: true });
    const chosen = (await size.textContent())!;
    const swatches = page.getByRole("list", { name: "Colors" });
    await expect(swatches.getByRole("link", { name: `Color: ${main.colors[0]}` })).toHaveAttribute(
      "aria-current",
      "page",
    );

    await swatches.getByRole("link", { name: `Color: ${variant.colors[0]}` }).click();
    await expect(page).toHaveURL(`/product/${variant.slug}?size=${chosen}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(variant.name);
    await expect(
      page.getByRole("list", { name: "Colors" }).getByRole("link", { name: `Color: ${variant.colors[0]}` }),
    ).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("button", { name: /^Show image 1 of \d+$/ })).toHaveAttribute("aria-pressed", "true");
    await expect(mainImage(page, variant.name)).toHaveAttribute("src", variant.images[0]!);
    await expect(page).toHaveTitle(`${variant.name} | Abundance Collection`);

    // And back to the main product.
    await page
      .getByRole("list", { name: "Colors" })
      .getByRole("link", { name: `Color: ${main.colors[0]}` })
      .click();
    await expect(page).toHaveURL(`/product/${main.slug}?size=${chosen}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(main.name);
  });

  test("thumbnails switch the main image by keyboard", async ({ page }) => {
    await open(page, `/product/${roomy.slug}`);
    const count = roomy.images.length;
    expect(count).toBeGreaterThan(1);
    const first = page.getByRole("button", { name: `Show image 1 of ${count}` });
    const second = page.getByRole("button", { name: `Show image 2 of ${count}` });
    await expect(first).toHaveAttribute("aria-pressed", "true");
    await expect(mainImage(page, roomy.name)).toHaveAttribute("src", roomy.images[0]!);

    await first.focus();
    await page.keyboard.press("ArrowRight");
    await expect(second).toHaveAttribute("aria-pressed", "true");
    await expect(second).toBeFocused();
    await expect(first).toHaveAttribute("aria-pressed", "false");
    await expect(mainImage(page, roomy.name)).toHaveAttribute("src", roomy.images[1]!);

    await page.keyboard.press("ArrowLeft");
    await expect(first).toHaveAttribute("aria-pressed", "true");
    await expect(first).toBeFocused();

    // Tab to the next thumbnail and choose it with Enter, then go back with Space.
    await page.keyboard.press("Tab");
    await expect(second).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(second).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Space");
    await expect(first).toHaveAttribute("aria-pressed", "true");
    await expect(mainImage(page, roomy.name)).toHaveAttribute("src", roomy.images[0]!);
  });

  test("a broken image falls back to the placeholder", async ({ page }) => {
    await page.route(`**${roomy.images[0]}`, (route) => route.abort());
    await open(page, `/product/${roomy.slug}`);
    await expect(mainImage(page, roomy.name)).toHaveAttribute("src", "/images/placeholder.svg");
    await expect(mainImage(page, roomy.name)).toHaveJSProperty("complete", true);
    expect(await mainImage(page, roomy.name).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  test("the reviews toggle opens the product's reviews (the demo catalogue's, through the write path)", async ({
    page,
  }) => {
    await open(page, `/product/${roomy.slug}`);
    const reviews = demoReviewsFor(roomy);
    const toggle = page.getByRole("button", { name: `Reviews (${reviews.length})` });
    const first = page.getByText(reviews[0]!.title, { exact: true }).first();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(first).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(first).toBeVisible();
    // Reviews exist, so the spec's empty text is not shown (tests/integration/product-reviews.test.ts has it).
    await expect(page.getByText("No reviews yet. Be the first to review this product!", { exact: true })).toHaveCount(
      0,
    );
  });

  test("an unknown slug shows 'Product not found' and Back to Shop goes to /shop", async ({ page }) => {
    const response = await page.goto("/product/no-such-product-anywhere");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Product not found" })).toBeVisible();
    await expect(page).toHaveTitle("Product not found | Abundance Collection");
    await page.getByRole("link", { name: "Back to Shop" }).click();
    await expect(page).toHaveURL("/shop");
  });
});

test("@mobile the product page stacks and adds to the cart on a phone", async ({ page }) => {
  await open(page, `/product/${roomy.slug}`);
  const image = mainImage(page, roomy.name);
  const heading = page.getByRole("heading", { level: 1 });
  const imageBox = (await image.boundingBox())!;
  const headingBox = (await heading.boundingBox())!;
  expect(headingBox.y).toBeGreaterThan(imageBox.y + imageBox.height);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(`${roomy.name} added to cart!`, { exact: true })).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
});
