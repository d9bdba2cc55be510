import { expect, type Page } from "@playwright/test";
import type { DemoProduct } from "../../../db/seed/demo-catalog";
import { openHydrated } from "./hydration";

/**
 * A signed-in shopper buys one of `product` (`size`, or its first size in stock: tests running alongside
 * sell sizes out) with the demo payment: cart, the three checkout steps (phone +1 503 555 0199, an Oregon
 * address), Pay. Answers the order's number.
 */
export async function buyWithDemoPayment(
  page: Page,
  product: DemoProduct,
  email: string,
  options: { size?: string } = {},
): Promise<string> {
  await openHydrated(page, `/product/${product.slug}`);
  const sizes = page.getByRole("radiogroup", { name: "Size" });
  if (options.size) await sizes.getByRole("radio", { name: options.size, exact: true }).click();
  else if (product.sizes.length > 0) await sizes.getByRole("radio", { disabled: false }).first().click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(`${product.name} added to cart!`, { exact: true }).last()).toBeVisible();
  await openHydrated(page, "/checkout");
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByLabel("Phone").fill("+1 503 555 0199");
  await page.getByRole("button", { name: "Continue to Shipping" }).click();
  await page.getByLabel("Address", { exact: true }).fill("7 Fir Lane");
  await page.getByLabel("City").fill("Salem");
  await page.getByLabel("State / Province").fill("OR");
  await page.getByLabel("Postal code").fill("97301");
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/order-confirmation\/ORD-\d{8}$/, { timeout: 15_000 });
  return page.url().split("/").pop()!;
}
