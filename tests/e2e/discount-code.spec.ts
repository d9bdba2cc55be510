import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { demoProducts, type DemoProduct } from "../../db/seed/demo-catalog";
import { demoVariants } from "../../app/modules/catalog/seed.server";
import { e2eAdmin } from "../../playwright.config";
import { registerAccount, signInAccount } from "./support/accounts";
import { openHydrated } from "./support/hydration";

/**
 * Issue 28 in the browser: the owner has a code (made through the back office's form), and a shopper
 * uses it — in the cart panel on a desktop, in the checkout's summary on a phone — sees it as its own
 * line with 'Remove', pays the discounted total, and finds the discount on the confirmation. A code that
 * does not exist says so in words.
 */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

// A product no other browser test counts stock on: full price (not on sale), plenty in stock, several sizes.
const product = demoProducts
  .filter(
    (p) =>
      p.isActive &&
      p.group === null &&
      p.inventory >= 15 &&
      p.sizes.length > 1 &&
      !(p.originalPriceCents && p.originalPriceCents > p.priceCents),
  )
  .at(-4) as DemoProduct;

/** The product's size with the most stock in its first colour (the one its page preselects). */
function roomiestSize(p: DemoProduct): string {
  const ofColour = demoVariants(p, demoProducts.indexOf(p)).filter((v) => v.color === (p.colors[0] ?? ""));
  return ofColour.reduce((best, v) => (v.stock > best.stock ? v : best)).size;
}

/** The owner's code of `percent`% off the whole order, made by posting the back office's editor form. */
async function ownerCreatesCode(page: Page, baseURL: string, code: string, percent: number) {
  const context = await page.context().browser()!.newContext({ baseURL });
  try {
    await signInAccount(context.request, baseURL, e2eAdmin);
    const res = await context.request.post("/admin/discounts/new", {
      headers: { origin: baseURL },
      form: {
        intent: "save",
        title: `Browser ${code}`,
        method: "code",
        code,
        valueType: "percentage",
        percentOff: String(percent),
        amountOff: "",
        shippingRates: "standard",
        appliesTo: "order",
        minSubtotal: "",
        minQuantity: "",
        startsAt: "2026-01-01T00:00",
        endsAt: "",
        usageLimit: "",
        perCustomerLimit: "",
        codeUsageLimit: "",
      },
    });
    expect(res.status(), (await res.text()).slice(0, 300)).toBe(200);
  } finally {
    await context.close();
  }
}

async function shopperWithProduct(page: Page, baseURL: string) {
  await registerAccount(page.request, baseURL, {
    email: `code-${unique().toLowerCase()}@example.com`,
    password: "Wardrobe2024",
    name: "Ada Brook",
  });
  await openHydrated(page, `/product/${product.slug}`);
  await page.getByRole("radio", { name: roomiestSize(product), exact: true }).click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(`${product.name} added to cart!`, { exact: true }).last()).toBeVisible();
}

async function fillAndPay(page: Page) {
  await page.getByRole("textbox", { name: "Phone", exact: true }).fill("+1 503 555 0142");
  await page.getByRole("button", { name: "Continue to Shipping" }).click();
  await page.getByLabel("Address", { exact: true }).fill("18 Alder Street");
  await page.getByLabel("City").fill("Portland");
  await page.getByLabel("State / Province").fill("OR");
  await page.getByLabel("Postal code").fill("97205");
  await page.getByRole("button", { name: "Continue to Payment" }).click();
}

test("a shopper applies the owner's code in the cart panel, pays the discounted total and sees the discount on the confirmation", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const code = `SAVE${unique()}`;
  await ownerCreatesCode(page, baseURL!, code, 15);
  await shopperWithProduct(page, baseURL!);

  // By the keyboard: the 'added to cart' toast may still lie over the header's cart button.
  await page.getByRole("button", { name: /Open cart/ }).press("Enter");
  const panel = page.getByRole("dialog", { name: "Shopping Cart" });
  // A code that does not exist says so, and nothing is applied.
  await panel.getByLabel("Discount code").fill("NO-SUCH-CODE");
  await panel.getByRole("button", { name: "Apply" }).click();
  await expect(panel.getByRole("alert")).toHaveText("This code is not valid");
  await expect(panel.getByTestId("discount-line")).toHaveCount(0);

  // Typed in lower case: codes are case-insensitive.
  await panel.getByLabel("Discount code").fill(code.toLowerCase());
  await panel.getByRole("button", { name: "Apply" }).click();
  const off = Math.round((product.priceCents * 15) / 100);
  await expect(panel.getByTestId("discount-line")).toHaveText(`${code} — −${money(off)}`);
  await expect(panel.getByRole("button", { name: `Remove discount code ${code}` })).toBeVisible();

  await panel.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL("/checkout");
  const summary = page.getByRole("complementary", { name: "Order Summary" });
  await expect(summary.getByTestId("discount-line")).toHaveText(`${code} — −${money(off)}`);
  await fillAndPay(page);
  const total = (await summary.getByTestId("order-total").textContent())!;
  await page.getByRole("button", { name: `Pay ${total}` }).click();

  await expect(page).toHaveURL(/\/order-confirmation\/ORD-\d{8}$/, { timeout: 15_000 });
  await expect(page.getByRole("main")).toContainText(`${code} — −${money(off)}`);
  await expect(page.getByRole("main")).toContainText(total);
  // The next cart starts without the code.
  await expect(page.getByTestId("cart-count")).toHaveCount(0);
});

test("on a phone, a shopper applies a code in the checkout's summary, removes it and applies it again @mobile", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const code = `MOBILE${unique()}`;
  await ownerCreatesCode(page, baseURL!, code, 10);
  await shopperWithProduct(page, baseURL!);
  await openHydrated(page, "/checkout");
  const summary = page.getByRole("complementary", { name: "Order Summary" });
  const before = (await summary.getByTestId("order-total").textContent())!;

  await summary.getByLabel("Discount code").fill(code);
  await summary.getByRole("button", { name: "Apply" }).click();
  const off = Math.round((product.priceCents * 10) / 100);
  await expect(summary.getByTestId("discount-line")).toHaveText(`${code} — −${money(off)}`);
  await expect(summary.getByTestId("order-total")).not.toHaveText(before);

  await summary.getByRole("button", { name: `Remove discount code ${code}` }).click();
  await expect(summary.getByTestId("discount-line")).toHaveCount(0);
  await expect(summary.getByTestId("order-total")).toHaveText(before);

  await summary.getByLabel("Discount code").fill(code);
  await summary.getByRole("button", { name: "Apply" }).click();
  await expect(summary.getByTestId("discount-line")).toHaveText(`${code} — −${money(off)}`);
  await fillAndPay(page);
  const total = (await summary.getByTestId("order-total").textContent())!;
  await page.getByRole("button", { name: `Pay ${total}` }).click();
  await expect(page).toHaveURL(/\/order-confirmation\/ORD-\d{8}$/, { timeout: 15_000 });
  await expect(page.getByRole("main")).toContainText(`${code} — −${money(off)}`);
});
