import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { e2eAdmin } from "../../playwright.config";
import { signInAccount } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { openHydrated } from "./support/hydration";

/**
 * Packing slips in the browser (issue 32): the admin ticks three orders on the orders list and prints
 * their packing slips; Chromium's PDF of the print view has one page per order (the back office's frame
 * not printed), and the pick list of the same orders sums their units. Axe on the list, the slips and
 * the pick list.
 */

async function adminPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInAccount(page.request, baseURL, e2eAdmin);
  return page;
}

async function testOrder(page: Page, baseURL: string): Promise<string> {
  const res = await page.request.post("/admin/test-orders", {
    headers: { origin: baseURL, "content-type": "application/json" },
    data: { intent: "create" },
  });
  expect(res.status()).toBe(200);
  return /TEST-\d{8}/.exec(await res.text())![0];
}

/** The pages of a PDF: its page objects (`/Type /Page`, not the `/Type /Pages` tree above them). */
const pdfPageCount = (pdf: Buffer) => pdf.toString("latin1").match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;

test("the admin prints the packing slips of three orders, one page each, and their pick list", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const admin = await adminPage(browser, baseURL!);
  const numbers: string[] = [];
  for (let i = 0; i < 3; i++) numbers.push(await testOrder(admin, baseURL!));

  // On the orders list: tick the three, print their slips.
  await openHydrated(admin, "/admin/orders");
  // 'Select all on this page' ticks every row, and clears them again.
  const all = admin.getByRole("checkbox", { name: "Select all orders on this page" });
  const rowBoxes = admin.getByTestId("order-row").getByRole("checkbox");
  await all.check();
  for (const box of await rowBoxes.all()) await expect(box).toBeChecked();
  await all.uncheck();
  for (const box of await rowBoxes.all()) await expect(box).not.toBeChecked();
  for (const number of numbers) await admin.getByRole("checkbox", { name: `Select ${number}` }).check();
  await expect(admin.getByRole("radio", { name: "All paid, not shipped" })).toBeVisible();
  await expectNoAxeViolations(admin, "/admin/orders with the print form");
  await admin.getByRole("button", { name: "Print packing slips" }).click();
  await expect(admin).toHaveURL(/\/admin\/orders\/packing-slips\?/);
  await expect(admin.getByRole("heading", { level: 1, name: "Packing slips" })).toBeVisible();
  const slips = admin.getByTestId("packing-slip");
  await expect(slips).toHaveCount(3);
  for (const number of numbers) await expect(admin.getByText(`Order ${number}`)).toBeVisible();
  await expectNoAxeViolations(admin, "/admin/orders/packing-slips");

  // Printed: the frame and the buttons are gone, and each order fills one page of its own.
  await admin.emulateMedia({ media: "print" });
  await expect(admin.getByRole("button", { name: "Print packing slips" })).toBeHidden();
  await expect(admin.getByRole("link", { name: "View store" })).toBeHidden();
  for (const format of ["A4", "Letter"] as const) {
    const pdf = await admin.pdf({ format, printBackground: true });
    expect(pdfPageCount(pdf), `${format}: one page per order`).toBe(3);
  }
  // One order's own slip is the same sheet: one page.
  await admin.emulateMedia({ media: "screen" });
  await openHydrated(admin, `/admin/orders/${numbers[0]}/packing-slip`);
  await admin.emulateMedia({ media: "print" });
  expect(pdfPageCount(await admin.pdf({ format: "A4" }))).toBe(1);
  await admin.emulateMedia({ media: "screen" });

  // The pick list of the same orders: the test item, three units, the three orders.
  await openHydrated(admin, `/admin/orders/packing-slips?orders=${numbers.join(",")}`);
  await admin.getByRole("link", { name: "Pick list" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Pick list" })).toBeVisible();
  await expect(admin.getByTestId("pick-summary")).toHaveText("3 units for 3 orders");
  await expect(admin.getByTestId("pick-row")).toHaveCount(1);
  await expect(admin.getByTestId("pick-orders")).toHaveText(`Orders: ${numbers.join(", ")}`);
  await expectNoAxeViolations(admin, "/admin/orders/pick-list");

  // A bad run says what is wrong.
  await openHydrated(admin, "/admin/orders/packing-slips?orders=TEST-00000001,nonsense!");
  await expect(admin.getByRole("alert")).toContainText("These do not look like order numbers");
  await expectNoAxeViolations(admin, "/admin/orders/packing-slips (bad input)");
  await admin.context().close();
});
