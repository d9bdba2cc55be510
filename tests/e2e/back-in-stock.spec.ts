import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/test";
import { demoProducts } from "../../db/seed/demo-catalog";
import { e2eAdmin } from "../../playwright.config";
import { signInAccount } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { openHydrated } from "./support/hydration";
import { mailsTo } from "./support/mail";

/**
 * Back in stock per size (issue 31) as a shopper and the owner live it: a guest asks to be told when a
 * sold-out size is back (the disclosure under the pickers, by keyboard), is told it is recorded, and gets
 * the mail — read from the test SMTP server — once the owner restocks that size in the admin editor; its
 * link opens the product with that size chosen. axe finds nothing on the page with the form open.
 */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A raw message's text: quoted-printable undone (soft line breaks, =3D and the other =XX escapes). */
function bodyText(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A product of its own: S, M, L in Black, S sold out, 4 of the others; made through the editor's route. */
async function soldOutSProduct(request: APIRequestContext, baseURL: string) {
  const n = unique();
  const opened = (await (await request.get("/admin/products/editor?id=new")).json()) as {
    categories: { id: string; isActive: boolean }[];
  };
  const res = await request.post("/admin/products/editor", {
    headers: { origin: baseURL },
    data: {
      intent: "save",
      target: "new",
      version: null,
      values: {
        name: `Waitlist Tee ${n}`,
        slug: `waitlist-tee-${n}`,
        price: "30.00",
        compareAtPrice: "",
        categoryId: opened.categories.find((c) => c.isActive)!.id,
        sku: `WAIT-${n}`.toUpperCase(),
        inventory: "8",
        isActive: true,
        isNew: true,
        sizes: ["S", "M", "L"],
        colors: ["Black"],
        images: [demoProducts[0]!.imageUrl],
        variants: ["S", "M", "L"].map((size) => ({
          size,
          color: "Black",
          sku: "",
          stock: size === "S" ? "0" : "4",
          barcode: "",
          price: "",
        })),
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { product: { id: string; slug: string; values: { name: string } } }).product;
}

test("a shopper subscribes to a sold-out size and gets the mail when the owner restocks it", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signInAccount(page.request, baseURL!, e2eAdmin);
  const product = await soldOutSProduct(page.request, baseURL!);
  const email = `waiting-${unique()}@example.com`;

  // The shopper: a guest in a browser of their own.
  const context = await browser.newContext({ baseURL });
  const shopper = await context.newPage();
  await openHydrated(shopper, `/product/${product.slug}`);
  const sizes = shopper.getByRole("radiogroup", { name: "Size" });
  await expect(sizes.getByRole("radio", { name: "S, unavailable" })).toHaveAttribute("aria-disabled", "true");

  // By keyboard: the disclosure opens with Enter, its fields are labelled.
  const summary = shopper.getByText("Sold out in your size or colour? Notify me when it's back");
  await summary.focus();
  await shopper.keyboard.press("Enter");
  const form = shopper.getByTestId("notify-me");
  await expect(form.getByLabel("Size and colour")).toBeVisible();
  await expect(form.getByLabel("Size and colour")).toHaveValue(/.+/);
  await expect(form.getByLabel("Size and colour").locator("option:checked")).toHaveText("S / Black");
  // Nothing typed: the server says what is missing, beside the field.
  await form.getByRole("button", { name: "Notify me when it's back" }).click();
  await expect(form.getByText("Email is required")).toBeVisible();
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Email").press("Enter");
  await expect(form.getByRole("status")).toContainText("Thanks! We'll let you know as soon as it's back.");
  await expectNoAxeViolations(shopper, "the product page with 'Notify me' open");
  // Asked again: already recorded, not an error.
  await form.getByRole("button", { name: "Notify me when it's back" }).click();
  await expect(form.getByRole("status")).toContainText("You're already on the list");

  // The owner sees the demand, then restocks S in the editor.
  await openHydrated(page, "/admin/products/waiting");
  const row = page.getByTestId("demand-row").filter({ hasText: product.values.name });
  await expect(row.getByTestId("demand-waiting")).toHaveText("1");
  await expectNoAxeViolations(page, "/admin/products/waiting");
  await openHydrated(page, `/admin/products?edit=${product.id}`);
  const editor = page.getByRole("dialog", { name: "Edit Product" });
  await expect(editor.getByLabel("Product Name")).toHaveValue(product.values.name);
  await editor.getByRole("tab", { name: /^Inventory/ }).click();
  await editor.getByRole("spinbutton", { name: "Stock of S/Black" }).fill("2");
  await editor.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Product updated successfully")).toBeVisible();

  // The next round mails the shopper; the link opens the product with S in Black chosen.
  await expect.poll(async () => (await mailsTo(email)).length, { timeout: 30_000 }).toBe(1);
  const [mail] = await mailsTo(email);
  expect(mail!.subject).toBe(`Back in stock: ${product.values.name} (S, Black)`);
  const link = `${baseURL}/product/${product.slug}?size=S&color=Black`;
  expect(bodyText(mail!.raw)).toContain(link);
  await openHydrated(shopper, link.replace(baseURL!, ""));
  await expect(sizes.getByRole("radio", { name: "S", exact: true })).toHaveAttribute("aria-checked", "true");
  await context.close();
});
