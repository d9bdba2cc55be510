import type { Browser, BrowserContext, Page, Request } from "@playwright/test";
import { expect, test } from "./support/test";
import { expectNoAxeViolations } from "./support/axe";
import { openHydrated } from "./support/hydration";
import { startShopWithSizeChart, type ShopWithChart } from "./support/shop-with-size-chart";

/**
 * 'Find my size' (issue 29) as shoppers use it, on products with a size chart (a shop of its own: see
 * support/shop-with-size-chart.ts). A guest's measurements never leave the browser — no request carries
 * them — and are offered again on the next product; a signed-in shopper's are kept on their profile, so
 * another product shows 'Your size: …' as it loads, and removed from the profile page. The dialog is a
 * modal one: labelled, focus kept inside, Escape closes it and focus returns; axe finds nothing serious.
 */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

let shop: ShopWithChart;
// Two shoppers over several product pages and the profile, with axe: more than the default 30 s on a
// busy 2-core machine.
test.describe.configure({ mode: "serial", timeout: 90_000 });
test.use({ viewport: { width: 1280, height: 900 } });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  shop = await startShopWithSizeChart();
});
test.afterAll(async () => {
  await shop?.stop();
});

async function newShopper(browser: Browser): Promise<{ context: BrowserContext; page: Page; requests: Request[] }> {
  const context = await browser.newContext({ baseURL: shop.url, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const requests: Request[] = [];
  page.on("request", (request) => requests.push(request));
  return { context, page, requests };
}

const dialog = (page: Page) => page.getByRole("dialog", { name: "Find my size" });
const findButton = (page: Page) => page.getByRole("button", { name: "Find my size", exact: true }).first();
const yourSize = (page: Page) => page.getByTestId("your-size");

/** Whether any request sent so far carries one of these texts, in its address or its body. */
function carrying(requests: Request[], texts: string[]): string[] {
  return requests
    .filter((r) => texts.some((t) => r.url().includes(t) || (r.postData() ?? "").includes(t)))
    .map((r) => `${r.method()} ${r.url()}`);
}

test("a guest finds their size in the browser: nothing is sent, and the next product shows it at once", async ({
  browser,
}) => {
  const { context, page, requests } = await newShopper(browser);
  const [first, second] = shop.charted as [ShopWithChart["charted"][0], ShopWithChart["charted"][0]];

  // A product without a chart offers nothing.
  await openHydrated(page, `/product/${shop.uncharted.slug}`);
  await expect(page.getByRole("radiogroup", { name: "Size" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Find my size" })).toHaveCount(0);

  await openHydrated(page, `/product/${first.slug}`);
  await expect(yourSize(page)).toHaveCount(0);
  await findButton(page).click();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page)).toHaveAttribute("aria-modal", "true");
  await expect(dialog(page).getByText("nothing is sent to us")).toBeVisible();
  // The first field has focus.
  await expect(dialog(page).getByLabel("Height (cm)")).toBeFocused();

  // Nothing typed: a clear message, no size.
  await dialog(page).getByRole("button", { name: "Find my size" }).click();
  await expect(dialog(page).getByText("Enter your height and weight, or your chest and waist")).toBeVisible();
  await dialog(page).getByLabel("Chest (cm)").fill("300");
  await dialog(page).getByRole("button", { name: "Find my size" }).click();
  await expect(dialog(page).getByText("Chest must be between 50 and 200 cm")).toBeVisible();

  await dialog(page).getByLabel("Chest (cm)").fill("97.3");
  await dialog(page).getByLabel("Waist (cm)").fill("83.7");
  await expect(dialog(page).getByRole("radio", { name: "Regular" })).toBeChecked();
  await dialog(page).getByRole("button", { name: "Find my size" }).click();
  const status = dialog(page).getByRole("status");
  await expect(status).toContainText("Your size: M");
  await expect(status).toContainText("M: your chest (97.3 cm) is within M's 96–101 cm.");
  // A relaxed fit: one size more.
  await dialog(page).getByRole("radio", { name: "Relaxed" }).check();
  await dialog(page).getByRole("button", { name: "Find my size" }).click();
  await expect(status).toContainText("Your size: L");
  await dialog(page).getByRole("radio", { name: "Regular" }).check();
  await dialog(page).getByRole("button", { name: "Find my size" }).click();
  await expect(status).toContainText("Your size: M");
  await expectNoAxeViolations(page, "the Find my size dialog with a result");

  // Choosing it picks M in the size picker, closes the dialog and gives focus back.
  await dialog(page).getByRole("button", { name: "Choose M" }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(findButton(page)).toBeFocused();
  await expect(
    page.getByRole("radiogroup", { name: "Size" }).getByRole("radio", { name: "M", exact: true }),
  ).toHaveAttribute("aria-checked", "true");
  await expect(yourSize(page)).toContainText("Your size: M");

  // Keyboard: Enter opens, Tab stays inside, Escape closes and focus returns.
  await page.keyboard.press("Enter");
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByLabel("Chest (cm)")).toHaveValue("97.3");
  for (let i = 0; i < 16; i += 1) {
    await page.keyboard.press("Tab");
    expect(await dialog(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toBeHidden();
  await expect(findButton(page)).toBeFocused();

  // Inches: what is typed is converted, and the reason speaks inches.
  await findButton(page).click();
  await dialog(page).getByRole("radio", { name: "in / lb" }).check();
  await expect(dialog(page).getByLabel("Chest (in)")).toHaveValue("38.3");
  await page.keyboard.press("Escape");

  // The next product: 'Your size' as soon as the page is up, from this browser alone.
  await openHydrated(page, `/product/${second.slug}`);
  await expect(yourSize(page)).toContainText("Your size: M");
  const stored = await page.evaluate(() => window.localStorage.getItem("abundance-fit"));
  expect(JSON.parse(stored!)).toMatchObject({ profile: { chestCm: 97.3, waistCm: 83.7, preference: "regular" } });

  // Remove: gone from this browser and from the page.
  await findButton(page).click();
  await dialog(page).getByRole("button", { name: "Remove my measurements" }).click();
  await expect(dialog(page).getByText("Your measurements are removed.")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(yourSize(page)).toHaveCount(0);
  expect(await page.evaluate(() => window.localStorage.getItem("abundance-fit"))).not.toContain("profile");

  // Not one request carried the measurements, and none wrote anything.
  expect(carrying(requests, ["97.3", "83.7", "38.3", "chestCm", "/api/fit-profile"])).toEqual([]);
  expect(requests.filter((r) => r.method() !== "GET" && r.method() !== "HEAD").map((r) => r.url())).toEqual([]);
  await context.close();
});

test("a signed-in shopper keeps their measurements: every product with a chart shows their size, until removed", async ({
  browser,
}) => {
  const { context, page } = await newShopper(browser);
  const [first, second] = shop.charted as [ShopWithChart["charted"][0], ShopWithChart["charted"][0]];
  const account = { email: `fit-${unique()}@example.com`, password: "Shopper123", name: "Fit Shopper" };
  const registered = await page.request.post("/register", {
    form: {
      fullName: account.name,
      email: account.email,
      password: account.password,
      confirmPassword: account.password,
      agreeToTerms: "on",
    },
    headers: { origin: shop.url },
    maxRedirects: 0,
  });
  expect(registered.status()).toBe(302);

  await openHydrated(page, `/product/${first.slug}`);
  await findButton(page).click();
  await expect(dialog(page).getByText("every product with a size chart shows your size")).toBeVisible();
  await dialog(page).getByLabel("Height (cm)").fill("180");
  await dialog(page).getByLabel("Weight (kg)").fill("80");
  await expect(dialog(page).getByRole("checkbox", { name: "Save to my profile" })).toBeChecked();
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/fit-profile") && r.request().method() === "POST");
  await dialog(page).getByRole("button", { name: "Find my size" }).click();
  expect((await saved).status()).toBe(200);
  await expect(dialog(page).getByRole("status")).toContainText("Your size: L");
  await expect(dialog(page).getByRole("status")).toContainText(
    "L: your estimated waist (86.7 cm, from your height and weight) is within L's 86–91 cm.",
  );
  await expect(dialog(page).getByText("Saved to your profile.")).toBeVisible();
  await page.keyboard.press("Escape");
  // Kept on the profile, not in the browser.
  expect(await page.evaluate(() => window.localStorage.getItem("abundance-fit") ?? "")).not.toContain("profile");

  // Another product, loaded afresh (the shared cached page): the viewer answer brings the measurements.
  const viewer = page.waitForResponse((r) => r.url().endsWith("/api/viewer"));
  await openHydrated(page, `/product/${second.slug}`);
  expect(await (await viewer).json()).toMatchObject({ fitProfile: { heightCm: 180, weightKg: 80 } });
  await expect(yourSize(page)).toContainText("Your size: L");
  await expect(yourSize(page)).toHaveAccessibleDescription(/^L: your estimated waist .* from your height and weight/);

  // Another shopper sees nothing of it.
  const other = await newShopper(browser);
  await openHydrated(other.page, `/product/${second.slug}`);
  await expect(findButton(other.page)).toBeVisible();
  await expect(yourSize(other.page)).toHaveCount(0);
  await other.context.close();

  // The profile page: 'My measurements', edited and removed.
  await openHydrated(page, "/profile");
  const section = page.getByRole("region", { name: "My measurements" });
  await expect(section.getByText("180 cm")).toBeVisible();
  await expect(section.getByText("80 kg")).toBeVisible();
  await expectNoAxeViolations(page, "the profile page with measurements");
  await section.getByRole("button", { name: "Edit measurements" }).click();
  await section.getByLabel("Chest (cm)").fill("97.3");
  await section.getByLabel("Waist (cm)").fill("83.7");
  await section.getByLabel("Height (cm)").fill("");
  await section.getByLabel("Weight (kg)").fill("");
  await section.getByRole("button", { name: "Save measurements" }).click();
  await expect(section.getByText("97.3 cm")).toBeVisible();
  await openHydrated(page, `/product/${first.slug}`);
  await expect(yourSize(page)).toContainText("Your size: M");

  await openHydrated(page, "/profile");
  await section.getByRole("button", { name: "Remove my measurements" }).click();
  await expect(section.getByText("No measurements kept.")).toBeVisible();
  await openHydrated(page, `/product/${second.slug}`);
  await expect(findButton(page)).toBeVisible();
  await expect(yourSize(page)).toHaveCount(0);
  await context.close();
});
