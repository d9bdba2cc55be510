import type { Page, Route } from "@playwright/test";
import { expect, test } from "./support/test";
import { demoProducts, type DemoProduct } from "../../db/seed/demo-catalog";
import { openHydrated } from "./support/hydration";
import { registerAccount } from "./support/accounts";

/**
 * A server that stops answering (spec §8, §9): the storefront gives each attempt 15 s, waits 2 s then
 * 4 s, and after the third timed-out attempt tells the shopper 'Request timeout after 3 attempts. …'.
 * The page's clock is Playwright's (it runs on its own and the test moves it on), so the 51 s of the
 * schedule pass in a moment; the requests are held unanswered by the test.
 */
const TIMED_OUT_THRICE = "Request timeout after 3 attempts. Please check your connection and try again.";
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

// Plenty in stock, no colour group: its product page adds with the first size.
const roomy = demoProducts.filter((p) => p.isActive && p.group === null && p.inventory >= 15 && p.sizes.length > 1);
const product = roomy[Math.floor(roomy.length / 3)]!;

/**
 * Lets the three attempts run out, one at a time: waits (moving the clock in small steps, which also
 * runs the waits between attempts) until the held requests show attempt n, then moves 15 s on, past its
 * time limit. Each attempt is thereby seen by the server side before its time is up.
 */
async function runOutThreeAttempts(page: Page, held: () => number) {
  for (let n = 1; n <= 3; n += 1) {
    await expect
      .poll(
        async () => {
          if (held() < n) await page.clock.runFor(500);
          return held();
        },
        { message: `attempt ${n} reaches the server`, intervals: [100], timeout: 20_000 },
      )
      .toBe(n);
    await page.clock.runFor(15_000);
  }
}

/** The title of the newest error toast. */
const errorToast = (page: Page) => page.locator("[data-sonner-toast][data-type='error'] [data-title]").last();

async function signUp(page: Page, baseURL: string | undefined) {
  await registerAccount(page.request, baseURL!, {
    email: `slow-${unique()}@example.com`,
    password: "Wardrobe2024",
    name: "Sol Slow",
  });
}

async function addToCart(page: Page, item: DemoProduct) {
  await openHydrated(page, `/product/${item.slug}`);
  await page.getByRole("radio", { name: item.sizes[0]!, exact: true }).click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(`${item.name} added to cart!`, { exact: true }).last()).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

test("a product list that times out three times says 'Failed to load products: Request timeout after 3 attempts. …'", async ({
  page,
}) => {
  await openHydrated(page, "/shop/men");
  const held: Route[] = [];
  await page.route(/\/shop\/women\.data\?.*_routes=routes%2Fshop/, (route) => void held.push(route));
  await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Women" }).click();

  await runOutThreeAttempts(page, () => held.length);
  await expect(page.getByRole("alert")).toContainText(`Failed to load products: ${TIMED_OUT_THRICE}`);
  await page.clock.runFor(30_000);
  expect(held).toHaveLength(3);
});

test("a quantity change the server never answers is tried 3 times, then the shopper is told", async ({
  page,
  baseURL,
}) => {
  test.slow();
  await signUp(page, baseURL);
  await addToCart(page, product);
  await openHydrated(page, "/");
  await page.getByRole("button", { name: /Open cart/ }).click();
  const panel = page.getByRole("dialog");
  await expect(panel.getByRole("list", { name: "Cart items" }).getByRole("listitem")).toHaveCount(1);

  // Reads still answer; changes are held.
  const changes: unknown[] = [];
  await page.route("**/api/cart", (route) => {
    if (route.request().method() !== "POST") return route.continue();
    changes.push(route.request().postDataJSON());
  });
  await panel.getByRole("button", { name: `Increase quantity of ${product.name}` }).click();

  await runOutThreeAttempts(page, () => changes.length);
  await expect(errorToast(page)).toHaveText(TIMED_OUT_THRICE);
  await page.clock.runFor(30_000);
  expect(changes).toHaveLength(3);
  expect(changes).toEqual(Array(3).fill(expect.objectContaining({ intent: "set", quantity: 2 })));
});

test("placing an order the server never answers is tried 3 times with one idempotency key, then the shopper is told", async ({
  page,
  baseURL,
}) => {
  test.slow();
  await signUp(page, baseURL);
  await addToCart(page, product);
  await openHydrated(page, "/checkout");
  await page.getByLabel("Phone").fill("+1 503 555 0150");
  await page.getByRole("button", { name: "Continue to Shipping" }).click();
  await page.getByLabel("Address", { exact: true }).fill("9 Slow Lane");
  await page.getByLabel("City").fill("Astoria");
  await page.getByLabel("State / Province").fill("OR");
  await page.getByLabel("Postal code").fill("97103");
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  const total = (await page
    .getByRole("complementary", { name: "Order Summary" })
    .getByTestId("order-total")
    .textContent())!;

  const attempts: Array<{ intent: string; idempotencyKey: string }> = [];
  await page.route("**/api/checkout", (route) => void attempts.push(route.request().postDataJSON()));
  await page.getByRole("button", { name: `Pay ${total}` }).click();

  await runOutThreeAttempts(page, () => attempts.length);
  // Said in the payment step (other notices there, such as PayPal's, are alerts too) and in a toast.
  const inline = page.getByRole("main").getByRole("alert").filter({ hasText: "Request timeout" });
  await expect(inline).toHaveText(TIMED_OUT_THRICE);
  await expect(errorToast(page)).toHaveText(TIMED_OUT_THRICE);
  await page.clock.runFor(30_000);
  expect(attempts).toHaveLength(3);
  expect(attempts.map((a) => a.intent)).toEqual(["place", "place", "place"]);
  expect(new Set(attempts.map((a) => a.idempotencyKey)).size).toBe(1);
  // Nothing was placed, so the shopper may pay again.
  await expect(page.getByRole("button", { name: `Pay ${total}` })).toBeEnabled();
});
