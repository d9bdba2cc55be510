import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { demoProducts, type DemoProduct } from "../../db/seed/demo-catalog";
import { demoVariants } from "../../app/modules/catalog/seed.server";
import { registerAccount } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { openHydrated as open } from "./support/hydration";

/**
 * Stock per size and colour (decisions.md §6, docs/decisions/0023-variants.md) as a shopper meets it:
 * on the product page and in a card's quick add. The demo load spreads each product's units over its
 * sizes and sells out the largest size of every third product with four sizes or more (demoVariants).
 */

function pick(what: string, test: (p: DemoProduct) => boolean): DemoProduct {
  const found = demoProducts.find(test);
  if (!found) throw new Error(`The demo catalogue has no ${what}`);
  return found;
}

const variantsOf = (p: DemoProduct) => demoVariants(p, demoProducts.indexOf(p));
const stock = (p: DemoProduct, size: string, color?: string) =>
  variantsOf(p)
    .filter((v) => v.size === size && (color === undefined || v.color === color))
    .reduce((sum, v) => sum + v.stock, 0);
const inStockSizes = (p: DemoProduct, color?: string) => p.sizes.filter((s) => stock(p, s, color) > 0);
const single = (p: DemoProduct) => p.isActive && p.group === null;

/** Several colours, its first size in stock, one size sold out in every colour. */
const jacket = pick(
  "product with a size sold out in every colour",
  (p) =>
    single(p) &&
    p.colors.length > 1 &&
    p.sizes.length >= 4 &&
    variantsOf(p)[0]!.stock > 0 &&
    p.sizes.some((s) => stock(p, s) === 0),
);
const jacketSoldOut = jacket.sizes.find((s) => stock(jacket, s) === 0)!;
const jacketLastInStock = inStockSizes(jacket).at(-1)!;

/** A size in stock in one colour and sold out in another (both colours selling). */
const [splitProduct, splitSize, colorWith, colorWithout] = (() => {
  for (const p of demoProducts.filter((p) => single(p) && p.sizes.length > 1 && p.colors.length > 1))
    for (const size of p.sizes)
      for (const a of p.colors)
        for (const b of p.colors)
          if (stock(p, size, a) > 0 && stock(p, size, b) === 0 && inStockSizes(p, b).length > 0) return [p, size, a, b];
  throw new Error("The demo catalogue has no size sold out in one colour only");
})();

/** Two colours of a style sharing a size in stock (not their first), and a size one has and the other has not. */
const grouped = demoProducts.filter((p) => p.isActive && p.group !== null && p.sizes.length > 1);
const [from, to, sharedSize] = (() => {
  for (const a of grouped)
    for (const b of grouped.filter((b) => b.group === a.group && b !== a))
      for (const size of a.sizes.slice(1)) if (stock(a, size) > 0 && stock(b, size) > 0) return [a, b, size];
  throw new Error("The demo catalogue has no two colours sharing a size");
})();
const [haveIt, lackIt, missingSize] = (() => {
  for (const a of grouped)
    for (const b of grouped.filter((b) => b.group === a.group && b !== a && b.inventory > 0))
      for (const size of a.sizes) if (stock(a, size) > 0 && stock(b, size) === 0) return [a, b, size];
  throw new Error("The demo catalogue has no size one colour lacks");
})();

const sizes = (page: Page) => page.getByRole("radiogroup", { name: "Size" });
const colors = (page: Page) => page.getByRole("radiogroup", { name: "Color" });
const radio = (page: Page, name: string) => sizes(page).getByRole("radio", { name, exact: true });

test.describe("the product page sells by size and colour", () => {
  test("a size sold out is unavailable while the others can be bought", async ({ page }) => {
    test.slow(); // an axe run on a shared two-core machine
    await open(page, `/product/${jacket.slug}`);
    const soldOut = radio(page, `${jacketSoldOut}, unavailable`);
    await expect(soldOut).toHaveAttribute("aria-disabled", "true");
    await expect(radio(page, jacket.sizes[0]!)).toHaveAttribute("aria-checked", "true");
    await expect(page.getByRole("button", { name: "Out of Stock" })).toHaveCount(0);
    await expectNoAxeViolations(page, `/product/${jacket.slug} with ${jacketSoldOut} sold out`);

    // Neither a click nor the arrow keys choose it.
    await soldOut.click({ force: true });
    await expect(soldOut).toHaveAttribute("aria-checked", "false");
    await expect(radio(page, jacket.sizes[0]!)).toHaveAttribute("aria-checked", "true");
    await radio(page, jacket.sizes[0]!).focus();
    await page.keyboard.press("End");
    await expect(radio(page, jacketLastInStock)).toHaveAttribute("aria-checked", "true");
    await expect(radio(page, jacketLastInStock)).toBeFocused();

    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByText(`${jacket.name} added to cart!`, { exact: true })).toBeVisible();
    await page.getByRole("button", { name: /Open cart/ }).click();
    await expect(page.getByRole("dialog").getByRole("list", { name: "Cart items" })).toContainText(
      `Size ${jacketLastInStock} · ${jacket.colors[0]}`,
    );
  });

  test("a size sold out in the chosen colour only is unavailable in that colour", async ({ page }) => {
    await open(page, `/product/${splitProduct.slug}`);
    await colors(page).getByRole("radio", { name: colorWith, exact: true }).click();
    await radio(page, splitSize).click();
    await expect(radio(page, splitSize)).toHaveAttribute("aria-checked", "true");

    await colors(page).getByRole("radio", { name: colorWithout, exact: true }).click();
    await expect(radio(page, `${splitSize}, unavailable`)).toHaveAttribute("aria-disabled", "true");
    await expect(sizes(page).getByRole("radio", { checked: true })).toHaveCount(0);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByText("Please select a size", { exact: true })).toBeVisible();

    await colors(page).getByRole("radio", { name: colorWith, exact: true }).click();
    await expect(radio(page, splitSize)).not.toHaveAttribute("aria-disabled");
  });

  test("switching colour keeps the chosen size when the other colour has it", async ({ page }) => {
    await open(page, `/product/${from.slug}`);
    await radio(page, sharedSize).click();
    await page
      .getByRole("list", { name: "Colors" })
      .getByRole("link", { name: `Color: ${to.colors[0]}` })
      .click();
    await expect(page).toHaveURL(`/product/${to.slug}?size=${sharedSize}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(to.name);
    await expect(radio(page, sharedSize)).toHaveAttribute("aria-checked", "true");
  });

  test("switching to a colour without the chosen size in stock chooses its first size in stock", async ({ page }) => {
    await open(page, `/product/${haveIt.slug}?size=${missingSize}`);
    await expect(radio(page, missingSize)).toHaveAttribute("aria-checked", "true");
    await page
      .getByRole("list", { name: "Colors" })
      .getByRole("link", { name: `Color: ${lackIt.colors[0]}` })
      .click();
    await expect(page).toHaveURL(`/product/${lackIt.slug}`);
    await expect(radio(page, `${missingSize}, unavailable`)).toHaveAttribute("aria-checked", "false");
    await expect(radio(page, inStockSizes(lackIt)[0]!)).toHaveAttribute("aria-checked", "true");
  });
});

/** A product without sizes, in stock, and the first of its colours that is. */
const tote = pick("product without sizes in stock", (p) => single(p) && p.sizes.length === 0 && p.inventory > 0);
const toteColor = variantsOf(tote).find((v) => v.stock > 0)!.color;

type Box = { x: number; y: number; width: number; height: number } | null;

/** Whether two boxes on the screen share any point. */
function overlaps(a: Box, b: Box): boolean {
  if (!a || !b) throw new Error("an element has no box on the screen");
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Opens the search results for a product's name as a new shopper (search needs an account; a fresh one
 * keeps this test's cart its own).
 */
async function searchAsNewShopper(page: Page, baseURL: string | undefined, product: DemoProduct) {
  const email = `quick-add-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await registerAccount(page.request, baseURL ?? "", { email, password: "QuickAdd2024", name: "Quinn Quick" });
  // The last words of the name: the search matches them whatever the apostrophes before.
  await open(page, `/search?q=${encodeURIComponent(product.name.split(" ").slice(-2).join(" "))}`);
}

async function quickAddAsksForASize(page: Page, baseURL: string | undefined) {
  test.slow(); // an axe run on a shared two-core machine
  await searchAsNewShopper(page, baseURL, jacket);
  const trigger = page.getByRole("button", { name: `Add ${jacket.name} to cart` });
  await trigger.click();
  const dialog = page.getByRole("dialog", { name: "Choose a size" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: `${jacketSoldOut}, unavailable` })).toBeDisabled();
  const first = dialog.getByRole("button", { name: inStockSizes(jacket)[0], exact: true });
  await expect(first).toBeFocused();
  await expectNoAxeViolations(page, "the quick add's size dialog");
  // Tab stays inside the dialog; Escape closes it and gives focus back.
  for (let i = 0; i < 12; i += 1) await page.keyboard.press("Tab");
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
  await expect(page.getByTestId("cart-count")).toHaveCount(0);

  await trigger.click();
  const size = inStockSizes(jacket)[1]!;
  await dialog.getByRole("button", { name: size, exact: true }).click();
  await expect(dialog).toBeHidden();
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: `${jacket.name} added to cart!` });
  await expect(toast).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  const openCart = page.getByRole("button", { name: /Open cart/ });
  await toast.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished))); // where it comes to rest
  expect(overlaps(await toast.boundingBox(), await openCart.boundingBox()), "the toast covers the cart button").toBe(
    false,
  );
  await openCart.click();
  const color = variantsOf(jacket).find((v) => v.size === size && v.stock > 0)!.color;
  await expect(page.getByRole("dialog").getByRole("list", { name: "Cart items" })).toContainText(
    `Size ${size} · ${color}`,
  );
}

test.describe("quick add on a card", () => {
  test("asks for a size, the sold-out one unavailable", async ({ page, baseURL }) => {
    await quickAddAsksForASize(page, baseURL);
  });

  test("adds a product without sizes at once, in its first colour in stock", async ({ page, baseURL }) => {
    await searchAsNewShopper(page, baseURL, tote);
    await page.getByRole("button", { name: `Add ${tote.name} to cart` }).click();
    await expect(page.getByText(`${tote.name} added to cart!`, { exact: true })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    await page.getByRole("button", { name: /Open cart/ }).click();
    await expect(page.getByRole("dialog").getByRole("list", { name: "Cart items" })).toContainText(toteColor);
  });
});

test("@mobile quick add on a card asks for a size on a phone", async ({ page, baseURL }) => {
  await quickAddAsksForASize(page, baseURL);
});
