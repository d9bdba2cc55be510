import { expect, test } from "./support/test";
import { demoProducts, type DemoProduct } from "../../db/seed/demo-catalog";
import { registerAccount } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { openHydrated } from "./support/hydration";
import { mailsTo, type SinkMail } from "./support/mail";

/**
 * Abandoned-checkout recovery (issue 31) in the browser: a signed-in shopper reaches checkout, agrees to
 * reminders at step 1, and leaves; the reminder (ABANDONED_CHECKOUT_MINUTES is 3 s for the suite, the scan
 * runs every second) comes to the SMTP sink with its one-click unsubscribe headers; its restore link, opened
 * in a fresh browser, asks for a sign-in and then opens checkout with the cart back.
 */
const product = demoProducts.find((p) => p.slug === "performance-training-tank") as DemoProduct;

/** The text part of a mail: quoted-printable undone. */
function mailText(raw: string): string {
  const source = raw.replace(/=\r?\n/g, "");
  return source.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

test("a shopper who left checkout gets one reminder whose link brings the cart back on another device", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const email = `recovery-${Date.now()}@example.com`;
  const password = "Recovery123";
  await registerAccount(page.request, baseURL!, { email, password, name: "Rita Recovery" });

  await openHydrated(page, `/product/${product.slug}`);
  const sizes = page.getByRole("radiogroup", { name: "Size" });
  if (product.sizes.length > 0) await sizes.getByRole("radio", { disabled: false }).first().click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText(`${product.name} added to cart!`, { exact: true }).last()).toBeVisible();

  await openHydrated(page, "/checkout");
  await expect(page.getByLabel("Email")).toHaveValue(email);
  const consent = page.getByRole("checkbox", { name: /Send me news, offers and a reminder/ });
  await expect(consent).not.toBeChecked();
  await page.getByLabel("Phone").fill("+1 503 555 0177");
  await consent.check();
  await expect(page.getByRole("checkbox", { name: /Also remind me on WhatsApp/ })).toBeVisible();
  await expectNoAxeViolations(page, "checkout step 1 with the reminder checkboxes");
  await page.getByRole("button", { name: "Continue to Shipping" }).click();
  await expect(page.getByLabel("City")).toBeVisible();
  // The shopper leaves.
  await page.close();

  let reminder: SinkMail | undefined;
  await expect
    .poll(async () => (reminder = (await mailsTo(email))[0])?.subject ?? "", { timeout: 30_000 })
    .toMatch(/You left something in your cart/);
  expect(reminder!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
  const text = mailText(reminder!.raw);
  expect(text).toContain(product.name);
  const link = /https?:\/\/[^\s"<>]+\/cart\/restore\?token=[A-Za-z0-9._%-]+/.exec(text)?.[0];
  expect(link, "a restore link").toBeDefined();

  // Another device: a fresh browser, no session, no cart.
  const other = await browser.newContext();
  try {
    const device = await other.newPage();
    await device.goto(new URL(link!).pathname + new URL(link!).search);
    await expect(device).toHaveURL(/\/login\?redirect=/);
    await device.waitForSelector("html[data-hydrated='true']", { state: "attached" });
    await device.getByLabel("Email", { exact: true }).fill(email);
    await device.getByLabel("Password", { exact: true }).fill(password);
    await device.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(device).toHaveURL(/\/checkout$/, { timeout: 15_000 });
    await expect(device.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible();
    await expect(device.getByText(product.name).first()).toBeVisible();
  } finally {
    await other.close();
  }
  // One reminder only so far (the second is a day later).
  expect(await mailsTo(email)).toHaveLength(1);
});
