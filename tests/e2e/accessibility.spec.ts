import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { demoProducts, type DemoProduct } from "../../db/seed/demo-catalog";
import { demoVariants } from "../../app/modules/catalog/seed.server";
import { e2eAdmin } from "../../playwright.config";
import { expectNoAxeViolations } from "./support/axe";
import { openHydrated } from "./support/hydration";
import { registerAccount, signInAccount } from "./support/accounts";

// Each test runs axe several times over a whole page (open panels included), and a run takes seconds on
// a busy 2-core machine with Chromium 156: the default 30 s left some of them no margin.
test.describe.configure({ timeout: 90_000 });

/**
 * Every page of the shop, checked with axe-core (WCAG 2 A and AA, plus heading-order) in the states a
 * shopper meets: signed out and in, with results and without, each checkout step, the confirmation with
 * its toast, the cart panel open, the error pages and the admin pages. A failure lists each violation.
 */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

// A sale product in a colour group (variant links, compare-at price); and plenty of stock to order from.
const grouped = demoProducts.find((p) => p.isActive && p.group !== null && p.isSale && p.inventory > 5)!;
const roomy = demoProducts.filter((p) => p.isActive && p.group === null && p.inventory >= 15 && p.sizes.length > 1);
const orderable = roomy[Math.floor(roomy.length / 2)]!;
// Little stock of the size and colour the page opens on (its first), one product (no colour group): the
// cart caps it, and says so. Stock is per variant (decision 0023): the first variant's is what counts.
const firstStock = (p: DemoProduct) => demoVariants(p, demoProducts.indexOf(p))[0]?.stock ?? 0;
const scarce = demoProducts.find((p) => p.isActive && p.group === null && firstStock(p) >= 3 && firstStock(p) <= 5)!;
const scarceLeft = firstStock(scarce);

type ToastType = "success" | "info" | "warning" | "error";

/**
 * Waits for a toast of a kind (sonner's rich colours) and checks the page with it. The pointer rests on
 * the toast at once: that holds it open (4 s otherwise) however slow the machine is while axe looks.
 */
async function expectToastChecked(page: Page, type: ToastType, text: string) {
  const toast = page.locator(`[data-sonner-toast][data-type='${type}']`).filter({ hasText: text }).last();
  await expect(toast).toBeVisible();
  await toast.hover();
  // Hovering expands the stack: the toasts behind slide and fade in. Checked mid-way, their text blends
  // with the page (contrast 4.36 for a moment), so the check waits for the motion to end.
  await page.waitForFunction(() =>
    (document.querySelector("[data-sonner-toaster]")?.getAnimations({ subtree: true }) ?? []).every(
      (animation) => animation.playState !== "running",
    ),
  );
  await expectNoAxeViolations(page, `${page.url()} with the ${type} toast '${text}'`);
}

/** Closes every toast and waits until they are gone: one fading out would make the next check a race. */
async function dismissToasts(page: Page) {
  const toasts = page.locator("[data-sonner-toast]");
  if ((await toasts.count()) > 0) await toasts.first().hover();
  for (const toast of await toasts.all()) await toast.getByRole("button", { name: "Close toast" }).click();
  await expect(toasts).toHaveCount(0);
}

async function signUp(page: Page, baseURL: string | undefined, name: string): Promise<string> {
  const email = `a11y-${unique()}@example.com`;
  await registerAccount(page.request, baseURL!, { email, password: "Wardrobe2024", name });
  return email;
}

async function addToCart(page: Page, product: DemoProduct) {
  await openHydrated(page, `/product/${product.slug}`);
  await page.getByRole("radio", { name: product.sizes[0]!, exact: true }).click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(`${product.name} added to cart!`, { exact: true }).last()).toBeVisible();
}

test.describe("signed out", () => {
  const pages: Array<[string, string]> = [
    ["home", "/"],
    ["shop", "/shop"],
    ["a category with filters and a sort", "/shop/women?size=M&sort=price-low&page=1"],
    ["the shop's list view", "/shop/men?view=list"],
    ["sign in", "/login"],
    ["sign in with a redirect message", "/login?redirect=%2Fcheckout"],
    ["forgot password", "/forgot-password"],
    ["reset password with a token", "/reset-password?token=not-a-real-token"],
    ["reset password with a bad link", "/reset-password?error=INVALID_TOKEN"],
    ["a product that does not exist (404)", "/product/no-such-product"],
    ["an order that is not yours (404)", "/order-confirmation/ORD-00000000"],
    ["the confirmation without a number", "/order-confirmation"],
    ["contact us", "/contact-us"],
    ["shipping info", "/shipping-info"],
    ["returns", "/returns"],
    ["size guide", "/size-guide"],
    ["FAQ", "/faq"],
    ["privacy", "/privacy"],
    ["terms", "/terms"],
  ];
  for (const [what, path] of pages) {
    test(`${what} (${path})`, async ({ page }) => {
      await openHydrated(page, path);
      await expectNoAxeViolations(page, path);
    });
  }

  test("register, both steps with their messages", async ({ page }) => {
    await openHydrated(page, "/register");
    await expectNoAxeViolations(page, "/register step 1");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expectNoAxeViolations(page, "/register step 1 with its messages");
    await page.getByLabel("Full Name").fill("Ada Access");
    await page.getByLabel("Email").fill(`a11y-${unique()}@example.com`);
    await page.getByLabel("Password", { exact: true }).fill("Wardrobe2024");
    await page.getByLabel("Confirm Password").fill("Wardrobe2024");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("heading", { name: "Personal Details" })).toBeVisible();
    await expectNoAxeViolations(page, "/register step 2");
  });

  test("sign in with its messages", async ({ page }) => {
    await openHydrated(page, "/login");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expectNoAxeViolations(page, "/login with its messages");
  });

  test("a product page", async ({ page }) => {
    await openHydrated(page, `/product/${grouped.slug}`);
    await expectNoAxeViolations(page, `/product/${grouped.slug}`);
  });

  test("a product page with a success, then a warning, then an error toast", async ({ page }) => {
    test.slow();
    // Little stock: add all but one, then as much again (capped: a warning), then more (refused: an error).
    await openHydrated(page, `/product/${scarce.slug}`);
    for (let n = 2; n < scarceLeft; n += 1) await page.getByRole("button", { name: "Increase quantity" }).click();
    const addButton = page.getByRole("button", { name: "Add to Cart" });
    const shown: Array<[type: ToastType, text: string]> = [
      ["success", `${scarce.name} added to cart!`],
      ["warning", `Only ${scarceLeft} left in stock`],
      ["error", `Only ${scarceLeft} left in stock`],
    ];
    for (const [type, text] of shown) {
      await addButton.click();
      await expectToastChecked(page, type, text);
    }
  });

  test("the cart panel open, with lines, and empty", async ({ page }) => {
    await openHydrated(page, "/");
    await page.getByRole("button", { name: /Open cart/ }).click();
    await expect(page.getByRole("dialog").getByText("Your cart is empty")).toBeVisible();
    await expectNoAxeViolations(page, "the empty cart panel");
    await page.keyboard.press("Escape");

    await addToCart(page, orderable);
    await dismissToasts(page);
    await page.getByRole("button", { name: /Open cart/ }).click();
    await expect(page.getByRole("dialog").getByRole("list", { name: "Cart items" }).getByRole("listitem")).toHaveCount(
      1,
    );
    await expectNoAxeViolations(page, "the cart panel with a line");
  });
});

test.describe("signed in as a shopper", () => {
  test("search: start, with results, with filters open, and without results", async ({ page, baseURL }) => {
    await signUp(page, baseURL, "Sam Search");
    await openHydrated(page, "/search");
    await expectNoAxeViolations(page, "/search");
    await openHydrated(page, "/search?q=shirt");
    await expect(page.getByRole("region", { name: "Search results" }).getByRole("article").first()).toBeVisible();
    await expectNoAxeViolations(page, "/search?q=shirt");
    await openHydrated(page, "/search?q=cotton&category=men&stock=1");
    await expectNoAxeViolations(page, "/search with filters");
    await openHydrated(page, "/search?q=zzzzqqq");
    await expect(page.getByRole("heading", { name: "No results found" })).toBeVisible();
    await expectNoAxeViolations(page, "/search?q=zzzzqqq");
  });

  test("profile, the account menu, and an empty order history", async ({ page, baseURL }) => {
    await signUp(page, baseURL, "Pat Profile");
    await openHydrated(page, "/profile");
    await expectNoAxeViolations(page, "/profile");
    // Registration writes the profile, so the page's own toast here is the one a save gives.
    await page.getByRole("button", { name: "Edit" }).click();
    await expectNoAxeViolations(page, "/profile while editing");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expectToastChecked(page, "success", "Profile updated successfully");
    await dismissToasts(page);
    await page
      .getByRole("button", { name: /account/i })
      .first()
      .click();
    await expectNoAxeViolations(page, "/profile with the account menu open");
    await openHydrated(page, "/orders");
    await expectNoAxeViolations(page, "/orders without orders");
  });

  test("checkout's three steps, the confirmation with its toast, and the order history", async ({ page, baseURL }) => {
    test.slow();
    await signUp(page, baseURL, "Olu Order");
    await addToCart(page, orderable);

    await openHydrated(page, "/checkout");
    await expectNoAxeViolations(page, "/checkout step 1 (Information)");
    await page.getByLabel("First name").fill("");
    await page.getByRole("button", { name: "Continue to Shipping" }).click();
    await expect(page.getByText("First name is required")).toBeVisible();
    await expectNoAxeViolations(page, "/checkout step 1 with its messages");
    await page.getByLabel("First name").fill("Olu");
    await page.getByLabel("Phone").fill("+1 503 555 0110");
    await page.getByRole("button", { name: "Continue to Shipping" }).click();

    await expect(page.getByLabel("Address", { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, "/checkout step 2 (Shipping)");
    await page.getByLabel("Address", { exact: true }).fill("5 Aspen Way");
    await page.getByLabel("City").fill("Bend");
    await page.getByLabel("State / Province").fill("OR");
    await page.getByLabel("Postal code").fill("97701");
    await page.getByLabel("Billing address is the same as shipping").uncheck();
    await expectNoAxeViolations(page, "/checkout step 2 with a billing address");
    await page.getByLabel("Billing address is the same as shipping").check();
    await page.getByRole("button", { name: "Continue to Payment" }).click();

    await expect(page.getByRole("heading", { name: "Payment", exact: true })).toBeVisible();
    await expectNoAxeViolations(page, "/checkout step 3 (Payment)");
    const total = (await page
      .getByRole("complementary", { name: "Order Summary" })
      .getByTestId("order-total")
      .textContent())!;
    await page.getByRole("button", { name: `Pay ${total}` }).click();

    // The toast is shown as the confirmation page opens; held open by the pointer until axe has looked.
    const toast = page.locator("[data-sonner-toast][data-type='success']").filter({ hasText: "Payment successful" });
    await expect(toast).toBeVisible({ timeout: 15_000 });
    await toast.hover();
    await expect(page).toHaveURL(/\/order-confirmation\/ORD-\d{8}$/);
    await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
    await expect(toast).toBeVisible();
    await expectNoAxeViolations(page, "/order-confirmation with the 'Payment successful' toast");

    await openHydrated(page, "/orders");
    await expect(
      page
        .getByRole("main")
        .getByText(/ORD-\d{8}/)
        .first(),
    ).toBeVisible();
    await expectNoAxeViolations(page, "/orders with an order");
  });
});

test.describe("signed in as the admin", () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await signInAccount(page.request, baseURL!, e2eAdmin);
  });

  for (const path of ["/admin", "/admin/products"]) {
    test(path, async ({ page }) => {
      await openHydrated(page, path);
      await expectNoAxeViolations(page, path);
    });
  }
});

test.describe("on a phone", () => {
  test("@mobile home with the menu open", async ({ page }) => {
    await openHydrated(page, "/");
    await expectNoAxeViolations(page, "/ on a phone");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
    await expectNoAxeViolations(page, "/ on a phone with the menu open");
  });

  test("@mobile a category with the filters open", async ({ page }) => {
    await openHydrated(page, "/shop/women");
    await page.getByRole("button", { name: "Filters", exact: true }).click();
    await expect(page.getByRole("group", { name: "Size" })).toBeVisible();
    await expectNoAxeViolations(page, "/shop/women on a phone with the filters open");
  });
});
