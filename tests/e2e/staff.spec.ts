import { expect, test } from "./support/test";
import { demoProducts, type DemoProduct } from "../../db/seed/demo-catalog";
import { e2eAdmin } from "../../playwright.config";
import { registerAccount, signInAccount } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { buyWithDemoPayment } from "./support/checkout";
import { openHydrated } from "./support/hydration";
import { mailsTo } from "./support/mail";

/**
 * Staff roles (issue 32): the owner invites a fulfilment member from /admin/staff; the invitee sets a
 * password from the e-mail's link, ships an order, and cannot open the products or a product's editor.
 */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The text part of a mail: quoted-printable undone. */
const mailText = (raw: string) =>
  raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

// A product no other browser test counts stock on: plenty in stock, several sizes.
const product = demoProducts
  .filter((p) => p.isActive && p.group === null && p.inventory >= 15 && p.sizes.length > 1)
  .reverse()[7] as DemoProduct;

test("the owner invites a fulfilment member who ships an order and cannot open the product editor", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const shopperEmail = `staff-shopper-${unique()}@example.com`;
  await registerAccount(page.request, baseURL!, { email: shopperEmail, password: "Wardrobe2024", name: "Sam Shopper" });
  const orderNumber = await buyWithDemoPayment(page, product, shopperEmail);

  // The owner invites, with the keyboard-reachable form.
  const ownerContext = await browser.newContext({ baseURL });
  const owner = await ownerContext.newPage();
  await signInAccount(owner.request, baseURL!, e2eAdmin);
  await openHydrated(owner, "/admin/staff");
  await expect(owner.getByRole("heading", { name: "Staff", level: 1 })).toBeVisible();
  const memberEmail = `packer-${unique()}@example.com`;
  await owner.getByLabel("Email").fill(memberEmail);
  await owner.getByLabel("Role", { exact: true }).selectOption("fulfilment");
  await expect(owner.getByText("Fulfilment: Orders, returns and notifications.")).toBeVisible();
  await owner.getByRole("button", { name: "Send invitation" }).click();
  await expect(owner.getByText(`Invitation sent to ${memberEmail}`)).toBeVisible();
  const invitations = owner.getByRole("region", { name: "Open invitations" });
  await expect(invitations).toContainText(memberEmail);
  await expectNoAxeViolations(owner, "/admin/staff");

  // The invitee opens the e-mail's link in a browser of their own and sets a password.
  await expect.poll(async () => (await mailsTo(memberEmail)).length, { timeout: 30_000 }).toBe(1);
  const [mail] = await mailsTo(memberEmail);
  const link = /https?:\/\/\S+\/staff\/join\?token=\S+/.exec(mailText(mail!.raw))?.[0];
  expect(link).toBeTruthy();
  const memberContext = await browser.newContext({ baseURL });
  const member = await memberContext.newPage();
  const url = new URL(link!);
  await openHydrated(member, `${url.pathname}${url.search}`);
  await expect(member.getByText(`invites ${memberEmail} to join as Fulfilment`)).toBeVisible();
  await expectNoAxeViolations(member, "/staff/join");
  await member.getByLabel("Full name").fill("Pat Packer");
  await member.getByLabel(/^Password/).fill("PackPass123");
  await member.getByLabel(/^Confirm password/).fill("PackPass123");
  await member.getByRole("button", { name: "Create account and join" }).click();
  await expect(member).toHaveURL(/\/admin$/);
  const sidebar = member.getByRole("navigation", { name: /back office/i });
  await expect(sidebar.getByRole("link", { name: "Orders" })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "Products" })).toHaveCount(0);
  await expect(member.getByText("Revenue today")).toHaveCount(0);

  // They ship the order.
  await openHydrated(member, `/admin/orders/${orderNumber}`);
  await member.getByLabel("Tracking number").fill("1Z 999 AA1 0123 9999");
  await member.getByLabel("Carrier").selectOption("UPS");
  await member.getByRole("button", { name: "Mark as shipped" }).click();
  await expect(
    member.locator("[data-sonner-toast]").filter({ hasText: `Order ${orderNumber} marked as shipped` }),
  ).toBeVisible();
  await expect(member.getByRole("button", { name: "Mark as delivered" })).toBeVisible();

  // The products and a product's editor are not theirs: the page says so, the editor's endpoint refuses.
  await openHydrated(member, "/admin/products");
  await expect(member.getByRole("alert")).toContainText("Your role (Fulfilment) does not include products.");
  await expectNoAxeViolations(member, "/admin/products refused");
  const editor = await member.request.get(`/admin/products/editor?id=new`);
  expect(editor.status()).toBe(403);

  // The owner sees them on the staff, in their role.
  await openHydrated(owner, "/admin/staff");
  await expect(owner.getByRole("region", { name: "Members" })).toContainText(memberEmail);
  await expect(owner.getByLabel("Role of Pat Packer")).toHaveValue("fulfilment");
  await ownerContext.close();
  await memberContext.close();
});
