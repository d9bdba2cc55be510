import { expect, test } from "./support/test";
import { demoProducts } from "../../db/seed/demo-catalog";
import { demoVariants } from "../../app/modules/catalog/seed.server";
import { registerAccount } from "./support/accounts";
import { openHydrated } from "./support/hydration";

/**
 * The cart counts stock per size (decisions.md §6): a line stops at the stock of its own size and colour,
 * and the cart panel and the checkout summary say so on that line, not on the product's other sizes.
 */
const roomy = demoProducts.filter((p) => p.isActive && p.group === null && p.inventory >= 15 && p.sizes.length > 1);
/** What accessibility.spec orders, meanwhile: not this test's product. */
const orderedElsewhere = roomy[Math.floor(roomy.length / 2)];
const candidates = demoProducts
  .map((product, index) => ({ product, variants: demoVariants(product, index) }))
  .filter(
    ({ product }) =>
      product.isActive && product.group === null && product.sizes.length >= 4 && product !== orderedElsewhere,
  );

/** Two sizes of one product in its first colour (preselected on its page): one of 2 to 4 left, one of 6 or more. */
function sizesToBuy() {
  // From the middle of the catalogue: the other browser tests buy from its ends.
  for (const { product, variants } of candidates.slice(Math.floor(candidates.length / 2))) {
    const ofColour = variants.filter((v) => v.color === (product.colors[0] ?? ""));
    const low = ofColour.find((v) => v.stock >= 2 && v.stock <= 4);
    const plenty = ofColour.find((v) => v.stock >= 6);
    if (low && plenty) return { product, low, plenty };
  }
  throw new Error("the demo catalogue has no product with a scarce and a plentiful size");
}

const { product, low, plenty } = sizesToBuy();

test("a cart line stops at its own size's stock and says so, in the cart panel and at checkout", async ({
  page,
  baseURL,
}) => {
  const email = `sizes-${Date.now().toString(36)}@example.com`;
  await registerAccount(page.request, baseURL!, { email, password: "Wardrobe2024", name: "Lena Sizes" });
  await openHydrated(page, `/product/${product.slug}`);
  for (const size of [low.size, plenty.size]) {
    await page.getByRole("radio", { name: size, exact: true }).click();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByText(`${product.name} added to cart!`, { exact: true }).last()).toBeVisible();
  }

  await page.getByRole("button", { name: /Open cart/ }).click();
  const panel = page.getByRole("dialog");
  const lines = panel.getByRole("list", { name: "Cart items" }).getByRole("listitem");
  await expect(lines).toHaveCount(2);
  const scarce = lines.filter({ hasText: `Size ${low.size} · ${low.color}` });
  const roomy = lines.filter({ hasText: `Size ${plenty.size} · ${plenty.color}` });
  const more = scarce.getByRole("button", { name: `Increase quantity of ${product.name}` });
  const quantity = scarce.getByLabel(`Quantity of ${product.name}`, { exact: true });

  // Up to the size's stock, one click at a time (each answered by the server before the next).
  for (let shown = 1; shown <= 10 && (await more.isEnabled()); shown++) {
    await more.click();
    await expect(quantity).toHaveText(String(shown + 1));
  }
  const stopped = Number(await quantity.textContent());
  expect(stopped).toBeGreaterThanOrEqual(2);
  expect(stopped).toBeLessThanOrEqual(low.stock);
  await expect(more).toBeDisabled();
  await expect(scarce.getByRole("note")).toHaveText(`Only ${stopped} left in stock`);
  // The other size of the same product still grows, and says nothing.
  await expect(roomy.getByRole("note")).toHaveCount(0);
  await expect(roomy.getByRole("button", { name: `Increase quantity of ${product.name}` })).toBeEnabled();

  await panel.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL("/checkout");
  const summary = page.getByRole("list", { name: "Items in your order" }).getByRole("listitem");
  await expect(summary).toHaveCount(2);
  const noted = summary.filter({ hasText: `Only ${stopped} left in stock` });
  await expect(noted).toHaveCount(1);
  await expect(noted).toContainText(`${low.size} · ${low.color} · Qty ${stopped}`);
});
