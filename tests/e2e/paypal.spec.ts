import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { demoProducts, type DemoProduct } from "../../db/seed/demo-catalog";
import { fakePayPalUrl } from "../../playwright.config";
import { FAKE_PAYPAL_CLIENT_ID, type FakePayPalOrderView } from "../support/fake-paypal";
import { registerAccount } from "./support/accounts";
import { openHydrated } from "./support/hydration";

/**
 * PayPal at checkout, in the browser. The e2e server talks to the fake PayPal (playwright.config.ts);
 * the browser never reaches paypal.com, so each test serves it a stand-in SDK whose buttons do what
 * PayPal's do: createOrder (our server places the order and creates PayPal's), then either the buyer
 * approves in the fake (the popup's part, done from the test over /__test__) and onApprove, or the buyer
 * closes the window and onCancel. A thrown createOrder or a failed approval goes to onError, like the SDK.
 */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

// Products no other browser test uses: plenty in stock, from the end of the list after checkout.spec.ts's three.
const roomy = demoProducts
  .filter((p) => p.isActive && p.group === null && p.inventory >= 15 && p.sizes.length > 1)
  .reverse();
const [paidProduct, cancelledProduct, unavailableProduct] = roomy.slice(5) as [DemoProduct, DemoProduct, DemoProduct];

/** The stand-in for https://www.paypal.com/sdk/js: `paypal.Buttons(opts).render(el)` adds "PayPal" and "Cancel PayPal". */
const FAKE_SDK = `(() => {
  const button = (label, onClick) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    b.addEventListener("click", () => void onClick());
    return b;
  };
  window.paypal = {
    Buttons(opts) {
      const create = async () => {
        try {
          const id = await opts.createOrder();
          await window.fakePayPalBuyer("created", id);
          return id;
        } catch (error) {
          opts.onError(error);
          return null;
        }
      };
      return {
        render(el) {
          el.append(
            button("PayPal", async () => {
              const id = await create();
              if (!id) return;
              try {
                await window.fakePayPalBuyer("approve", id);
              } catch (error) {
                opts.onError(error);
                return;
              }
              await opts.onApprove({ orderID: id });
            }),
            button("Cancel PayPal", async () => {
              const id = await create();
              if (id) opts.onCancel({ orderID: id });
            }),
          );
          return Promise.resolve();
        },
      };
    },
  };
})();`;

/**
 * Serves the stand-in SDK and lets its buttons reach the fake PayPal through the test (the shop's CSP
 * keeps the page itself from calling 127.0.0.1:{fake port}). Returns the PayPal order ids created.
 */
async function serveFakeSdk(page: Page): Promise<{ created: string[]; sdkUrls: URL[] }> {
  const created: string[] = [];
  const sdkUrls: URL[] = [];
  await page.exposeFunction("fakePayPalBuyer", async (action: "created" | "approve", id: string) => {
    if (action === "created") {
      created.push(id);
      return;
    }
    const response = await fetch(`${fakePayPalUrl}/__test__/approve/${encodeURIComponent(id)}`, { method: "POST" });
    if (!response.ok) throw new Error(`fake PayPal refused to approve ${id}: ${response.status}`);
  });
  await page.route("https://www.paypal.com/sdk/js**", (route) => {
    sdkUrls.push(new URL(route.request().url()));
    return route.fulfill({ status: 200, contentType: "application/javascript", body: FAKE_SDK });
  });
  return { created, sdkUrls };
}

async function fakeOrder(id: string): Promise<FakePayPalOrderView> {
  const response = await fetch(`${fakePayPalUrl}/__test__/orders/${encodeURIComponent(id)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as FakePayPalOrderView;
}

async function signUp(page: Page, baseURL: string, name: string) {
  await registerAccount(page.request, baseURL, {
    email: `paypal-${unique()}@example.com`,
    password: "Wardrobe2024",
    name,
  });
}

async function addToCart(page: Page, product: DemoProduct) {
  await openHydrated(page, `/product/${product.slug}`);
  await page.getByRole("radio", { name: product.sizes[0]!, exact: true }).click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(`${product.name} added to cart!`, { exact: true }).last()).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
}

/** Information and Shipping filled in; on the Payment step. Returns the order total as shown ("$61.68"). */
async function toPaymentStep(page: Page): Promise<string> {
  await openHydrated(page, "/checkout");
  await page.getByLabel("Phone").fill("+1 503 555 0199");
  await page.getByRole("button", { name: "Continue to Shipping" }).click();
  await page.getByLabel("Address", { exact: true }).fill("7 Birch Lane");
  await page.getByLabel("City").fill("Salem");
  await page.getByLabel("State / Province").fill("OR");
  await page.getByLabel("Postal code").fill("97301");
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page.getByRole("heading", { name: "Payment", exact: true })).toBeVisible();
  await expect(page.getByRole("list", { name: "Checkout steps" }).getByRole("listitem").last()).toHaveAttribute(
    "aria-current",
    "step",
  );
  return (await page.getByRole("complementary", { name: "Order Summary" }).getByTestId("order-total").textContent())!;
}

/**
 * Records every toast the page shows ("error: PayPal payment failed"), for as long as the document lives:
 * sonner mounts a toast a moment after it is asked for, so looking for one right after the fact proves nothing.
 */
async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { shownToasts: string[] }).shownToasts = seen;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          const toasts = node.matches("[data-sonner-toast]")
            ? [node]
            : [...node.querySelectorAll("[data-sonner-toast]")];
          for (const toast of toasts) seen.push(`${toast.getAttribute("data-type")}: ${toast.textContent?.trim()}`);
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { shownToasts: string[] }).shownToasts);
}

const dollars = (shown: string) => shown.replace(/[$,]/g, "");
/** A value in the confirmation's order summary ("Payment status" → "Paid"). */
const detail = (page: Page, term: string) =>
  page
    .getByRole("region", { name: "Order summary", exact: true })
    .locator("dt")
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator("xpath=following-sibling::dd[1]");
const checkoutCall = (page: Page, intent: string) =>
  page.waitForResponse(
    (r) => r.url().endsWith("/api/checkout") && (r.request().postDataJSON() as { intent?: string })?.intent === intent,
  );

test("paying with PayPal: approved in PayPal's window, captured once for the order's total, order confirmed", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { created, sdkUrls } = await serveFakeSdk(page);
  await signUp(page, baseURL!, "Pia Paypal");
  await addToCart(page, paidProduct);
  const total = await toPaymentStep(page);
  // PayPal's script, asked for with the server's client id, in dollars, for an immediate capture.
  expect(sdkUrls.map((url) => Object.fromEntries(url.searchParams))).toEqual([
    { "client-id": FAKE_PAYPAL_CLIENT_ID, currency: "USD", intent: "capture", components: "buttons" },
  ]);

  await page.getByRole("button", { name: "PayPal", exact: true }).click();
  await expect(page).toHaveURL(/\/order-confirmation\/ORD-\d{8}$/, { timeout: 15_000 });
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  const orderNumber = page.url().split("/").pop()!;
  await expect(detail(page, "Payment status")).toHaveText("Paid");
  await expect(detail(page, "Payment method")).toHaveText("PayPal");
  await expect(detail(page, "Total")).toHaveText(total);
  await expect(page.getByRole("main")).toContainText(paidProduct.name);
  await expect(page.getByTestId("cart-count")).toHaveCount(0);

  // The fake PayPal: one order, for our order and its total, captured exactly once.
  expect(created).toHaveLength(1);
  const paypalOrder = await fakeOrder(created[0]!);
  expect(paypalOrder).toMatchObject({
    status: "COMPLETED",
    captureCount: 1,
    referenceId: orderNumber,
    amount: { currency_code: "USD", value: dollars(total) },
  });
});

test("closing PayPal's window cancels that order quietly; the cart stays and the demo payment still works", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { created } = await serveFakeSdk(page);
  const shownToasts = await recordToasts(page);
  await signUp(page, baseURL!, "Carl Cancel");
  await addToCart(page, cancelledProduct);
  const total = await toPaymentStep(page);

  const cancelled = checkoutCall(page, "paypal-cancel");
  await page.getByRole("button", { name: "Cancel PayPal" }).click();
  expect((await cancelled).ok()).toBe(true);

  // Still on the payment step, nothing reported, the cart as it was.
  await expect(page).toHaveURL("/checkout");
  await expect(page.getByRole("list", { name: "Checkout steps" }).getByRole("listitem").last()).toHaveAttribute(
    "aria-current",
    "step",
  );
  await expect(page.getByRole("button", { name: "PayPal", exact: true })).toBeEnabled();
  await expect(page.getByRole("button", { name: `Pay ${total}` })).toBeEnabled();
  await expect(page.getByRole("alert")).toHaveCount(0);
  const summary = page.getByRole("complementary", { name: "Order Summary" });
  await expect(summary.getByRole("listitem")).toHaveCount(1);
  await expect(summary).toContainText(cancelledProduct.name);
  await expect(page.getByTestId("cart-count")).toHaveText("1");

  // PayPal's order was never captured; ours was cancelled (below, in My Orders).
  expect(created).toHaveLength(1);
  const paypalOrder = await fakeOrder(created[0]!);
  expect(paypalOrder).toMatchObject({ status: "CREATED", captureCount: 0 });
  const cancelledNumber = String(paypalOrder.referenceId);
  expect(cancelledNumber).toMatch(/^ORD-\d{8}$/);

  // Paying again, by demo payment, goes through as a new order.
  await page.getByRole("button", { name: `Pay ${total}` }).click();
  await expect(page).toHaveURL(/\/order-confirmation\/ORD-\d{8}$/, { timeout: 15_000 });
  await expect(page.getByRole("heading", { name: "Order Confirmed!" })).toBeVisible();
  const paidNumber = page.url().split("/").pop()!;
  expect(paidNumber).not.toBe(cancelledNumber);
  await expect(detail(page, "Payment status")).toHaveText("Paid");
  await expect(detail(page, "Payment method")).toHaveText("Demo payment");
  // From the checkout page on (the same document: the confirmation is a client-side navigation), the only
  // toast was the payment's success: the cancel said nothing.
  await expect.poll(shownToasts).toContain("success: Payment successful");
  expect((await shownToasts()).filter((toast) => !toast.startsWith("success"))).toEqual([]);

  await openHydrated(page, "/orders");
  const card = (number: string) =>
    page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: number }) });
  await expect(card(paidNumber)).toContainText("Paid");
  // The order PayPal's window left unpaid was never a purchase: it is not listed as a cancelled one.
  await expect(card(cancelledNumber)).toHaveCount(0);
});

test("PayPal's script failing to load: 'PayPal temporarily unavailable' and the demo payment is still offered", async ({
  page,
  baseURL,
}) => {
  let requested = false;
  await page.route("https://www.paypal.com/sdk/js**", (route) => {
    requested = true;
    return route.abort("connectionfailed");
  });
  await signUp(page, baseURL!, "Una Unavailable");
  await addToCart(page, unavailableProduct);
  const total = await toPaymentStep(page);

  await expect(page.getByText("PayPal temporarily unavailable. You can use the demo payment below.")).toBeVisible();
  expect(requested).toBe(true);
  await expect(page.getByRole("button", { name: "PayPal", exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: `Pay ${total}` })).toBeEnabled();
});

test("an order refused before PayPal opens says why, once, and PayPal's error that follows stays quiet", async ({
  page,
  baseURL,
}) => {
  await serveFakeSdk(page);
  const shownToasts = await recordToasts(page);
  await signUp(page, baseURL!, "Rita Refused");
  await addToCart(page, unavailableProduct);
  await toPaymentStep(page);
  // The server refuses the order (as it does when the last piece went to someone else meanwhile).
  await page.route("**/api/checkout", async (route) => {
    const body = route.request().postDataJSON() as { intent?: string };
    if (body.intent !== "place") return route.continue();
    return route.fulfill({
      status: 409,
      contentType: "application/json",
      body: JSON.stringify({ ok: false, error: `Not enough stock for ${unavailableProduct.name}` }),
    });
  });
  await page.getByRole("button", { name: "PayPal", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText(`Not enough stock for ${unavailableProduct.name}`);
  await expect.poll(shownToasts).toContain(`error: Not enough stock for ${unavailableProduct.name}`);
  expect((await shownToasts()).filter((toast) => toast.startsWith("error"))).toHaveLength(1);
  await expect(page.getByRole("button", { name: "PayPal", exact: true })).toBeEnabled();
});
