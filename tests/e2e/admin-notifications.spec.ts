import type { Browser, Locator, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { demoProducts, type DemoProduct } from "../../db/seed/demo-catalog";
import { e2eAdmin, e2eOwnerWhatsApp, fakeTwilioUrl } from "../../playwright.config";
import type { FakeTwilioMessage } from "../support/fake-twilio";
import { registerAccount, signInAccount } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { buyWithDemoPayment } from "./support/checkout";
import { mailsTo } from "./support/mail";
import { openHydrated } from "./support/hydration";

/**
 * The order notifications in the browser, against the fake Twilio and the SMTP sink the e2e server is
 * configured with (playwright.config.ts): a paid order's WhatsApp to the owner and e-mail to the
 * shopper, the admin's custom WhatsApp message (checked in the browser first), a failed message resent
 * to a corrected number, and Twilio's delivery report.
 *
 * The fake Twilio is one process for the whole suite, and its "fail the next send" applies to whichever
 * send comes next: the tests here run one after another (other files' paid orders may still send
 * WhatsApp messages in between; the failure is armed right before the click to keep that window short).
 */
test.describe.configure({ mode: "default" });

const INVALID_PHONE = "Invalid phone number format. Please use international format: +1234567890";

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

// A product no other browser test counts stock on: plenty in stock, several sizes. checkout.spec.ts takes
// the first three from the end, admin-orders.spec.ts the fourth, paypal.spec.ts the sixth to eighth.
const product = demoProducts
  .filter((p) => p.isActive && p.group === null && p.inventory >= 15 && p.sizes.length > 1)
  .reverse()[4] as DemoProduct;

/** The admin, signed in, on the order's page. */
async function adminOrderPage(browser: Browser, baseURL: string, orderNumber: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const admin = await context.newPage();
  await signInAccount(admin.request, baseURL, e2eAdmin);
  await openHydrated(admin, `/admin/orders/${orderNumber}`);
  await expect(admin.getByRole("heading", { name: `Order ${orderNumber}` })).toBeVisible();
  return admin;
}

/** The Notifications section of the admin's order page (not sonner's toast region, "Notifications alt+T"). */
const panelOf = (admin: Page) => admin.getByRole("region", { name: "Notifications", exact: true });

/** One message of the panel's list, by its kind ("WhatsApp: Order confirmation") and, if given, a text in it. */
function messageRow(panel: Locator, kind: string, text?: string): Locator {
  const rows = panel.getByRole("list", { name: "Messages" }).getByRole("listitem", { name: kind, exact: true });
  return text === undefined ? rows : rows.filter({ hasText: text });
}

/** A row's status badge reads exactly this. */
async function expectStatus(row: Locator, status: "Pending" | "Sent" | "Delivered" | "Failed", timeout = 7_000) {
  await expect(row.getByText(status, { exact: true })).toBeVisible({ timeout });
}

async function twilioMessages(): Promise<FakeTwilioMessage[]> {
  const response = await fetch(`${fakeTwilioUrl}/__test__/messages`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { messages: FakeTwilioMessage[] }).messages;
}

async function twilioTest(path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${fakeTwilioUrl}/__test__/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status, `fake Twilio ${path}`).toBe(200);
  return response.json();
}

test("a paid order: the owner's WhatsApp and the shopper's e-mail are listed as sent, and went out", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const email = `notify-paid-${unique()}@example.com`;
  await registerAccount(page.request, baseURL!, { email, password: "Wardrobe2024", name: "Nora Notify" });
  const orderNumber = await buyWithDemoPayment(page, product, email);

  const admin = await adminOrderPage(browser, baseURL!, orderNumber);
  const panel = panelOf(admin);
  await expect(panel.getByRole("heading", { name: "Notifications" })).toBeVisible();
  // Twilio and SMTP are connected: no note of a channel that is off.
  await expect(panel).not.toContainText(": off.");
  await expect(panel).not.toContainText("kept on this server");

  // Both rows reach Sent (the panel looks again every few seconds while one is pending).
  const whatsapp = messageRow(panel, "WhatsApp: Order confirmation");
  const mail = messageRow(panel, "E-mail: Order confirmation");
  await expect(whatsapp).toHaveCount(1);
  await expect(mail).toHaveCount(1);
  await expectStatus(whatsapp, "Sent", 20_000);
  await expectStatus(mail, "Sent", 20_000);
  await expect(whatsapp).toContainText(`To: Shop owner (${e2eOwnerWhatsApp})`);
  await expect(mail).toContainText(`To: ${email}`);
  await expect(whatsapp.getByText(INVALID_PHONE)).toHaveCount(0);
  // A sent message has nothing to resend.
  await expect(panel.getByRole("button", { name: "Resend" })).toHaveCount(0);

  // They went out: the owner's WhatsApp names the order, the shopper has the confirmation mail.
  const toOwner = (await twilioMessages()).filter(
    (m) => m.to === `whatsapp:${e2eOwnerWhatsApp}` && m.body.includes(orderNumber),
  );
  expect(toOwner).toHaveLength(1);
  expect(toOwner[0]!.statusCallback).toMatch(/\/api\/notifications\/twilio-status\?n=[0-9a-f-]{36}$/);
  const mails = await mailsTo(email);
  expect(mails.map((m) => m.subject)).toContain(`Order confirmed: ${orderNumber}`);

  // The message text is there to read, behind its disclosure.
  await whatsapp.getByText("Message", { exact: true }).click();
  await expect(whatsapp).toContainText(orderNumber);

  // The panel's controls by their labels, and the page passes axe with the list shown.
  const form = panel.getByRole("form", { name: "Send a WhatsApp message" });
  await expect(form.getByLabel("Message", { exact: true })).toBeEditable();
  await expect(form.getByLabel("Phone number")).toHaveValue("+15035550199");
  await expect(form.getByRole("checkbox", { name: "Send to the shop owner instead" })).not.toBeChecked();
  await expect(form.getByRole("button", { name: "Send WhatsApp message" })).toBeEnabled();
  await expect(panel.getByRole("button", { name: "Refresh" })).toBeEnabled();
  await expectNoAxeViolations(admin, "/admin/orders/:orderNumber with its notifications");
  await admin.context().close();
});

test("the admin's custom WhatsApp message: checked in the browser, sent by keyboard, then reported delivered", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const email = `notify-custom-${unique()}@example.com`;
  await registerAccount(page.request, baseURL!, { email, password: "Wardrobe2024", name: "Cole Custom" });
  const orderNumber = await buyWithDemoPayment(page, product, email);
  const admin = await adminOrderPage(browser, baseURL!, orderNumber);
  const panel = panelOf(admin);
  const form = panel.getByRole("form", { name: "Send a WhatsApp message" });
  const message = form.getByLabel("Message", { exact: true });
  const phone = form.getByLabel("Phone number");
  const send = form.getByRole("button", { name: "Send WhatsApp message" });

  // The same Zod schema as the server, in the browser: nothing is posted while the form is invalid.
  const posts: string[] = [];
  admin.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await send.click();
  await expect(form.getByText("Please enter a message", { exact: true })).toBeVisible();
  await expect(message).toBeFocused();
  await expect(message).toHaveAttribute("aria-invalid", "true");

  const body = `Your order ${orderNumber} leaves the workshop today ${unique()}`;
  await message.fill(body);
  await phone.fill("12345");
  await send.click();
  await expect(form.getByText(INVALID_PHONE, { exact: true })).toBeVisible();
  await expect(phone).toBeFocused();
  await expect(form.getByText("Please enter a message", { exact: true })).toHaveCount(0);
  expect(posts).toEqual([]);

  // By keyboard: Message → Phone number → the owner checkbox → Send.
  await phone.fill("+15035550123");
  await message.focus();
  await admin.keyboard.press("Tab");
  await expect(phone).toBeFocused();
  await admin.keyboard.press("Tab");
  await expect(form.getByRole("checkbox", { name: "Send to the shop owner instead" })).toBeFocused();
  await admin.keyboard.press("Tab");
  await expect(send).toBeFocused();
  await admin.keyboard.press("Enter");

  await expect(panel.getByRole("status").filter({ hasText: "WhatsApp message sent" })).toBeVisible();
  await expect(admin.getByText("WhatsApp message sent").first()).toBeVisible();
  const row = messageRow(panel, "WhatsApp: Custom message", body);
  await expect(row).toHaveCount(1);
  await expectStatus(row, "Sent");
  await expect(row).toContainText("To: +15035550123");
  expect(posts.length).toBeGreaterThan(0);

  const sent = (await twilioMessages()).filter((m) => m.body === body);
  expect(sent).toHaveLength(1);
  expect(sent[0]!.to).toBe("whatsapp:+15035550123");

  // Twilio reports it delivered (a signed status callback); Refresh shows it.
  expect(await twilioTest("report", { sid: sent[0]!.sid, status: "delivered" })).toEqual({ status: 204 });
  await panel.getByRole("button", { name: "Refresh" }).click();
  await expectStatus(row, "Delivered");
  await expectStatus(messageRow(panel, "WhatsApp: Order confirmation"), "Sent", 20_000);
  await admin.context().close();
});

/** The admin, on a paid order's page whose own messages went out, sends a custom message Twilio refuses with 21211. */
async function sendRefusedMessage(page: Page, browser: Browser, baseURL: string, prefix: string) {
  const email = `${prefix}-${unique()}@example.com`;
  await registerAccount(page.request, baseURL, { email, password: "Wardrobe2024", name: "Rhea Resend" });
  const orderNumber = await buyWithDemoPayment(page, product, email);
  const admin = await adminOrderPage(browser, baseURL, orderNumber);
  const panel = panelOf(admin);
  const form = panel.getByRole("form", { name: "Send a WhatsApp message" });
  // The order's own messages first, so the armed failure is not theirs.
  await expectStatus(messageRow(panel, "WhatsApp: Order confirmation"), "Sent", 20_000);

  const body = `Please confirm your delivery address ${unique()}`;
  await form.getByLabel("Message", { exact: true }).fill(body);
  await form.getByLabel("Phone number").fill("+15035550111");
  // Only a send to this number fails: other tests' orders may be sending at the same moment.
  await twilioTest("fail-next", { status: 400, code: 21211, message: "bad", times: 1, to: "whatsapp:+15035550111" });
  await form.getByRole("button", { name: "Send WhatsApp message" }).click();
  // The answer says why.
  await expect(panel.getByRole("alert").filter({ hasText: INVALID_PHONE })).toBeVisible();
  return { admin, panel, row: messageRow(panel, "WhatsApp: Custom message", body), body };
}

// A send that fails answers 502, after which React Router does not reload the page's data by default:
// the order page's shouldRevalidate asks for it after every notification request.
test("a message Twilio refuses is listed as failed at once, without a Refresh", async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const { admin, row } = await sendRefusedMessage(page, browser, baseURL!, "notify-failed");
  await expect(row).toHaveCount(1);
  await expectStatus(row, "Failed");
  await expect(row.getByText(INVALID_PHONE, { exact: true })).toBeVisible();
  await expect(row.getByRole("button", { name: "Resend" })).toBeVisible();
  await admin.context().close();
});

test("a message Twilio refuses (21211) is listed as failed, and resent to a corrected number", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { admin, panel, row, body } = await sendRefusedMessage(page, browser, baseURL!, "notify-resend");
  // Refresh: the failed row is not listed without it (the app bug of the test above).
  await panel.getByRole("button", { name: "Refresh" }).click();
  await expect(row).toHaveCount(1);
  await expectStatus(row, "Failed");
  await expect(row.getByText(INVALID_PHONE, { exact: true })).toBeVisible();
  await expect(row).toContainText("To: +15035550111");
  await expectNoAxeViolations(admin, "/admin/orders/:orderNumber with a failed message");

  const corrected = row.getByLabel("Phone number");
  await expect(corrected).toHaveValue("+15035550111");
  await corrected.fill("+1 503 555 0124");
  await row.getByRole("button", { name: "Resend" }).click();
  await expect(panel.getByRole("status").filter({ hasText: "Message sent again" })).toBeVisible();
  await expectStatus(row, "Sent");
  await expect(row).toContainText("To: +15035550124");
  await expect(row.getByText(INVALID_PHONE)).toHaveCount(0);
  await expect(row.getByRole("button", { name: "Resend" })).toHaveCount(0);

  const sent = (await twilioMessages()).filter((m) => m.body === body);
  expect(sent.map((m) => m.to)).toEqual(["whatsapp:+15035550124"]);
  await admin.context().close();
});
