import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { demoProducts, type DemoProduct } from "../../db/seed/demo-catalog";
import { demoVariants } from "../../app/modules/catalog/seed.server";
import { e2eAdmin } from "../../playwright.config";
import { registerAccount, signInAccount } from "./support/accounts";
import { openHydrated } from "./support/hydration";

/**
 * The whole journey of a new shopper: browse, fill a cart as a guest, register, check out
 * through the three steps with their messages, pay by demo payment, see the confirmation and the
 * order in /orders; and a guest cart merged into the account's at sign-in.
 */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

// Products no other browser test counts stock on: plenty in stock, several sizes, from the end of the list.
const roomy = demoProducts
  .filter((p) => p.isActive && p.group === null && p.inventory >= 15 && p.sizes.length > 1)
  .reverse();
const [shirt, trousers, extra] = roomy as [DemoProduct, DemoProduct, DemoProduct];

/** The product's size with the most stock in its first colour (the one its page preselects): stock is per size. */
function roomiestSize(product: DemoProduct): string {
  const ofColour = demoVariants(product, demoProducts.indexOf(product)).filter(
    (v) => v.color === (product.colors[0] ?? ""),
  );
  return ofColour.reduce((best, v) => (v.stock > best.stock ? v : best)).size;
}

async function addToCart(page: Page, product: DemoProduct, size: string) {
  await openHydrated(page, `/product/${product.slug}`);
  await page.getByRole("radio", { name: size, exact: true }).click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(`${product.name} added to cart!`, { exact: true }).last()).toBeVisible();
}

async function register(page: Page, email: string, name: string) {
  await page.getByLabel("Full Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("Wardrobe2024");
  await page.getByLabel("Confirm Password").fill("Wardrobe2024");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("checkbox", { name: /I agree to the Terms and Conditions/ }).check();
  await page.getByRole("button", { name: "Create Account" }).click();
}

test("a new shopper browses, fills a cart, registers, checks out in three steps and finds the order", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openHydrated(page, "/shop");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // Two sizes of one product, and another product.
  await addToCart(page, shirt, shirt.sizes[0]!);
  await addToCart(page, shirt, shirt.sizes[1]!);
  await addToCart(page, trousers, trousers.sizes[0]!);
  await expect(page.getByTestId("cart-count")).toHaveText("3");
  await page.getByRole("button", { name: /Open cart/ }).click();
  const lines = page.getByRole("dialog").getByRole("list", { name: "Cart items" }).getByRole("listitem");
  await expect(lines).toHaveCount(3);
  await page.getByRole("dialog").getByRole("link", { name: "Checkout" }).click();

  // Checkout needs an account: sign up from the sign-in page, and come back.
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcheckout/);
  await expect(page.getByText("Please log in to complete your order")).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Sign up" }).click();
  await expect(page).toHaveURL(/\/register\?redirect=%2Fcheckout/);
  const email = `buyer-${unique()}@example.com`;
  await register(page, email, "Maya Okafor");
  await expect(page).toHaveURL("/checkout");

  // The guest cart became the account's.
  const summary = page.getByRole("complementary", { name: "Order Summary" });
  await expect(summary.getByRole("listitem")).toHaveCount(3);
  await expect(page.getByRole("list", { name: "Checkout steps" }).getByRole("listitem").first()).toHaveAttribute(
    "aria-current",
    "step",
  );

  // Step 1: Information, prefilled from the account; each required field says so.
  await expect(page.getByLabel("First name")).toHaveValue("Maya");
  await expect(page.getByLabel("Last name")).toHaveValue("Okafor");
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByLabel("First name").fill("");
  await page.getByLabel("Email").fill("maya-at-example");
  await page.getByRole("button", { name: "Continue to Shipping" }).click();
  await expect(page.getByText("First name is required")).toBeVisible();
  await expect(page.getByText("Invalid email address")).toBeVisible();
  await expect(page.getByText("Phone number is required")).toBeVisible();
  await expect(page.getByLabel("First name")).toBeFocused();
  await page.getByLabel("First name").fill("Maya");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("+1 503 555 0142");
  await page.getByRole("button", { name: "Continue to Shipping" }).click();

  // Step 2: Shipping, with the spec's defaults.
  await expect(page.getByLabel("Country")).toHaveValue("US");
  await expect(page.getByRole("radio", { name: /Standard Shipping/ })).toBeChecked();
  await expect(page.getByLabel("Billing address is the same as shipping")).toBeChecked();
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  for (const message of ["Address is required", "City is required", "State is required", "Postal code is required"]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await page.getByLabel("Address", { exact: true }).fill("18 Alder Street");
  await page.getByLabel("City").fill("Portland");
  await page.getByLabel("State / Province").fill("OR");
  await page.getByLabel("Postal code").fill("97205");
  await page.getByLabel("Billing address is the same as shipping").uncheck();
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page.getByText("Address is required")).toBeVisible();
  await page.getByLabel("Billing address is the same as shipping").check();
  await page.getByRole("radio", { name: /Express Shipping/ }).check();
  await expect(summary).toContainText("$19.99");
  await page.getByRole("button", { name: "Continue to Payment" }).click();

  // Step 3: Payment; Back keeps what was typed.
  await expect(page.getByText("18 Alder Street, Portland, OR, 97205, United States")).toBeVisible();
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByLabel("City")).toHaveValue("Portland");
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  const total = (await summary.getByTestId("order-total").textContent())!;
  await page.getByRole("button", { name: `Pay ${total}` }).click();
  await expect(page.getByRole("status", { name: /Placing order|Processing payment/ })).toBeVisible();

  // Confirmation.
  await expect(page).toHaveURL(/\/order-confirmation\/ORD-\d{8}$/, { timeout: 15_000 });
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  const orderNumber = page.url().split("/").pop()!;
  await expect(page.getByText(orderNumber).first()).toBeVisible();
  await expect(page.getByRole("main")).toContainText(total);
  await expect(page.getByRole("main")).toContainText("18 Alder Street");
  await expect(page.getByRole("main")).toContainText(shirt.name);
  await expect(page.getByRole("main")).toContainText(trousers.name);
  await expect(page.getByTestId("cart-count")).toHaveCount(0);

  // And in My Orders.
  await page.getByRole("link", { name: "View Order History" }).click();
  await expect(page).toHaveURL("/orders");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: orderNumber }) });
  await expect(card).toContainText("Processing");
  await expect(card).toContainText("Paid");
  await expect(card).toContainText(total);
});

test("a guest cart is merged into the account's cart at sign-in", async ({ page, baseURL }) => {
  const email = `merge-${unique()}@example.com`;
  // An account that already has something in its cart, put there on another device.
  await registerAccount(page.request, baseURL!, { email, password: "Wardrobe2024", name: "Merge Shopper" });
  await addToCart(page, extra, extra.sizes[0]!);
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());

  // This device, as a guest.
  await addToCart(page, trousers, trousers.sizes[1]!);
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await openHydrated(page, "/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("Wardrobe2024");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByTestId("cart-count")).toHaveText("2");
  await page.getByRole("button", { name: /Open cart/ }).click();
  const items = page.getByRole("dialog").getByRole("list", { name: "Cart items" });
  await expect(items.getByRole("listitem")).toHaveCount(2);
  await expect(items).toContainText(extra.name);
  await expect(items).toContainText(trousers.name);

  // Merged once: a reload does not add the guest lines again, and the cart is the account's.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector("html[data-hydrated='true']", { state: "attached" });
  await expect(page.getByTestId("cart-count")).toHaveText("2");
});

test("@mobile checkout fits a phone's width at every step", async ({ page, baseURL }) => {
  await registerAccount(page.request, baseURL!, {
    email: `phone-${unique()}-with-a-rather-long-address@example.com`,
    password: "Wardrobe2024",
    name: "Pat Phone",
  });
  await addToCart(page, extra, extra.sizes[1]!);
  await openHydrated(page, "/checkout");
  // A phone zooms out to show an over-wide page, so compare what is laid out with the screen's width.
  const width = page.viewportSize()!.width;
  const fits = async () => {
    const widest = await page.evaluate(() =>
      Math.max(...[...document.querySelectorAll("main *")].map((el) => Math.ceil(el.getBoundingClientRect().right))),
    );
    return widest <= width;
  };
  expect(await fits()).toBe(true);
  await page.getByLabel("Phone").fill("+1 503 555 0177");
  await page.getByRole("button", { name: "Continue to Shipping" }).click();
  expect(await fits()).toBe(true);
  await page.getByLabel("Address", { exact: true }).fill("221 Long Street Name Avenue");
  await page.getByLabel("City").fill("Portland");
  await page.getByLabel("State / Province").fill("OR");
  await page.getByLabel("Postal code").fill("97205");
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page.getByRole("heading", { name: "Payment", exact: true })).toBeVisible();
  expect(await fits()).toBe(true);
});

test("the step checks load when the shopper reaches into the form, and a Continue pressed at once waits for them", async ({
  page,
  baseURL,
}) => {
  await registerAccount(page.request, baseURL!, {
    email: `checks-${unique()}@example.com`,
    password: "Wardrobe2024",
    name: "Ines Quick",
  });
  await addToCart(page, extra, extra.sizes[0]!);
  const asked: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/(checkout-checks|schemas)-[^/]+\.js$/.test(new URL(request.url()).pathname))
      asked.push(request.url());
  });
  // The checks arrive a second late, as on a slow line.
  await page.route(/\/assets\/checkout-checks-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await openHydrated(page, "/checkout");
  await expect(page.getByLabel("First name")).toHaveValue("Ines");
  await page.waitForTimeout(500);
  expect(asked).toEqual([]);

  // Continue at once (no phone yet): the step is checked when the checks are in, not waved through.
  await page.getByRole("button", { name: "Continue to Shipping" }).click();
  await expect(page.getByText("Phone number is required")).toBeVisible();
  await expect(page.getByLabel("Phone")).toBeFocused();
  expect(asked.length).toBeGreaterThanOrEqual(2);
  await page.getByLabel("Phone").fill("+1 503 555 0190");
  await page.getByRole("button", { name: "Continue to Shipping" }).click();
  await expect(page.getByLabel("Address", { exact: true })).toBeVisible();
});

test("a signed-in shopper's checkout shows their details and lines at once; the form comes to life with the browser's cart", async ({
  page,
  baseURL,
}) => {
  await registerAccount(page.request, baseURL!, {
    email: `early-${unique()}@example.com`,
    password: "Wardrobe2024",
    name: "Noor Early",
  });
  await addToCart(page, extra, extra.sizes[0]!);
  // The browser's read of the cart is held back, as on a slow line.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/cart$/, async (route) => {
    if (route.request().method() === "GET") await held;
    await route.continue();
  });
  await openHydrated(page, "/checkout");
  // No spinner: the form and the summary came with the page, filled from the account…
  await expect(page.getByLabel("First name")).toHaveValue("Noor");
  await expect(page.getByText(extra.name).first()).toBeVisible();
  await expect(page.getByText("Loading your cart…")).toHaveCount(0);
  // …to be read, not used, until the browser has the cart.
  await expect(page.getByLabel("First name")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Continue to Shipping" })).toBeDisabled();
  release();
  await expect(page.getByLabel("First name")).toBeEnabled();
  await page.getByLabel("Phone").fill("+1 503 555 0190");
  await page.getByRole("button", { name: "Continue to Shipping" }).click();
  await expect(page.getByLabel("Address", { exact: true })).toBeVisible();
});

test("an empty cart: the panel and the checkout say 'Your cart is empty' and lead back to the shop", async ({
  page,
  baseURL,
}) => {
  await registerAccount(page.request, baseURL!, {
    email: `empty-${unique()}@example.com`,
    password: "Wardrobe2024",
    name: "Emma Empty",
  });
  await openHydrated(page, "/checkout");
  await expect(page.getByRole("heading", { name: "Your cart is empty" })).toBeVisible();
  await page.getByRole("button", { name: /Open cart/ }).click();
  await expect(page.getByRole("dialog").getByText("Your cart is empty")).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Close cart" }).last().click();
  await page.getByRole("main").getByRole("link", { name: "Continue Shopping" }).click();
  await expect(page).toHaveURL("/shop");
});

test("paying takes out only what was ordered: a quantity raised in another tab meanwhile stays, and the panel shows it", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await registerAccount(page.request, baseURL!, {
    email: `raised-${unique()}@example.com`,
    password: "Wardrobe2024",
    name: "Rae Raised",
  });
  // Raised to 3 below: a size with that many in stock.
  await addToCart(page, extra, roomiestSize(extra));
  const cart = (await (await page.request.get("/api/cart")).json()) as {
    items: Array<{ id: string; size: string; color: string }>;
  };
  const line = cart.items[0]!;

  await openHydrated(page, "/checkout");
  await page.getByLabel("Phone").fill("+1 503 555 0123");
  await page.getByRole("button", { name: "Continue to Shipping" }).click();
  await page.getByLabel("Address", { exact: true }).fill("3 Cedar Court");
  await page.getByLabel("City").fill("Eugene");
  await page.getByLabel("State / Province").fill("OR");
  await page.getByLabel("Postal code").fill("97401");
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  const total = (await page
    .getByRole("complementary", { name: "Order Summary" })
    .getByTestId("order-total")
    .textContent())!;

  // The order is placed (from the server's cart; the browser sends no lines); before it is paid,
  // another tab raises the line from 1 to 3.
  const isCheckout = (url: string, body: unknown, intent: string) =>
    url.endsWith("/api/checkout") && (body as { intent?: string } | null)?.intent === intent;
  const placing = page.waitForRequest((r) => isCheckout(r.url(), r.postDataJSON(), "place"));
  await page.route("**/api/checkout", async (route) => {
    if (isCheckout(route.request().url(), route.request().postDataJSON(), "demo-pay")) {
      const raised = await page.request.post("/api/cart", {
        data: { intent: "set", productId: line.id, size: line.size, color: line.color, quantity: 3 },
        headers: { origin: baseURL! },
      });
      if (!raised.ok()) throw new Error(`raising the line failed: ${raised.status()}`);
    }
    return route.continue();
  });
  await page.getByRole("button", { name: `Pay ${total}` }).click();
  const placed = (await placing).postDataJSON() as Record<string, unknown>;
  // The code field is empty: no discount code, and no lines or prices.
  expect(placed.discountCode).toBeNull();
  expect(Object.keys(placed).sort()).toEqual([
    "discountCode",
    "expectedTotalCents",
    "form",
    "idempotencyKey",
    "intent",
    "paymentMethod",
  ]);
  // The total the summary showed, in cents.
  expect(placed.expectedTotalCents).toBe(Math.round(Number(total.replace(/[$,]/g, "")) * 100));

  await expect(page).toHaveURL(/\/order-confirmation\/ORD-\d{8}$/, { timeout: 15_000 });
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("2");
  await page.getByRole("button", { name: /Open cart/ }).click();
  const items = page.getByRole("dialog").getByRole("list", { name: "Cart items" }).getByRole("listitem");
  await expect(items).toHaveCount(1);
  await expect(items).toContainText(extra.name);
});

test("a price changed after the summary was shown: the order is refused with the new prices shown, never charged silently", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const n = unique();
  const slug = `price-check-tee-${n}`;
  // The owner's side, in a context of its own: a product of this test alone, then a new price for it.
  const owner = await browser.newContext({ baseURL });
  await signInAccount(owner.request, baseURL!, e2eAdmin);
  const importCsv = async (price: string) => {
    const csv = `slug,sku,name,price,active,size,stock\n${slug},PRICE-${n.toUpperCase()},Price Check Tee ${n},${price},yes,M,20\n`;
    const url = (intent: string, token = "") =>
      `/admin/products/csv?intent=${intent}&token=${encodeURIComponent(token)}`;
    const headers = { origin: baseURL!, "content-type": "text/csv" };
    const preview = await owner.request.post(url("preview"), { headers, data: csv });
    const { plan } = (await preview.json()) as { plan: { token: string } };
    expect((await owner.request.post(url("import", plan.token), { headers, data: csv })).status()).toBe(200);
  };
  await importCsv("30.00");

  const email = `price-${n}@example.com`;
  await registerAccount(page.request, baseURL!, { email, password: "Wardrobe2024", name: "Noor Haddad" });
  await openHydrated(page, `/product/${slug}`);
  await page.getByRole("radio", { name: "M", exact: true }).click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(`Price Check Tee ${n} added to cart!`, { exact: true }).last()).toBeVisible();
  await openHydrated(page, "/checkout");
  await page.getByLabel("Phone").fill("+1 503 555 0142");
  await page.getByRole("button", { name: "Continue to Shipping" }).click();
  await page.getByLabel("Address", { exact: true }).fill("9 Alder Street");
  await page.getByLabel("City").fill("Bend");
  await page.getByLabel("State / Province").fill("OR");
  await page.getByLabel("Postal code").fill("97701");
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  const summary = page.getByRole("complementary", { name: "Order Summary" });
  await expect(summary).toContainText("$30.00");
  const seen = (await summary.getByTestId("order-total").textContent())!;

  // The price goes up while the shopper reads the summary.
  await importCsv("36.00");
  await page.getByRole("button", { name: `Pay ${seen}` }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Prices have changed — please review your order" }),
  ).toBeVisible();
  // The summary reloads with the new price and total; nothing was placed.
  await expect(summary).toContainText("$36.00");
  const now = (await summary.getByTestId("order-total").textContent())!;
  expect(now).not.toBe(seen);
  await expect(page).toHaveURL(/\/checkout$/);
  expect(((await (await page.request.get("/api/cart")).json()) as { items: unknown[] }).items).toHaveLength(1);

  // Paying the total now shown places the order.
  await page.getByRole("button", { name: `Pay ${now}` }).click();
  await expect(page).toHaveURL(/\/order-confirmation\/ORD-\d{8}$/, { timeout: 15_000 });
  await expect(page.getByRole("main")).toContainText(now);
  await owner.close();
});
