import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { e2eAdmin, e2eSharedAdminPassword } from "../../playwright.config";
import { expectNoAxeViolations } from "./support/axe";
import { openHydrated } from "./support/hydration";

/**
 * The back office in its own frame (issue 26): every page at a desktop's 1366 px and a phone's 390 px —
 * the document no wider than the window, axe clean, the storefront's header and footer gone, the
 * sections in a sidebar or behind 'Menu' — for both faces, the /admin pages and the console's.
 */

const WIDTHS = [1366, 390] as const;

// Each test opens several pages at two widths and runs axe on each.
test.describe.configure({ timeout: 120_000 });

async function expectFits(page: Page, what: string) {
  const { pageWidth, viewport } = await page.evaluate(() => ({
    pageWidth: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(pageWidth, `${what}: the page is ${pageWidth} px wide in a ${viewport} px window`).toBe(viewport);
}

async function checkPage(page: Page, path: string, heading: string | RegExp) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await openHydrated(page, path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    // The storefront's frame is not the back office's.
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    // The sections: in the sidebar on a desktop, behind 'Menu' on a phone.
    if (width >= 1024) await expect(page.getByRole("link", { name: "View store" })).toBeVisible();
    else await expect(page.getByRole("button", { name: "Menu" })).toBeVisible();
    await expectFits(page, `${path} at ${width} px`);
    await expectNoAxeViolations(page, `${path} at ${width} px`);
  }
}

test.describe("the admin's back office", () => {
  test.beforeEach(async ({ page }) => {
    await openHydrated(page, "/login");
    await page.getByLabel("Email").fill(e2eAdmin.email);
    await page.getByLabel("Password", { exact: true }).fill(e2eAdmin.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).not.toHaveURL(/\/login/);
  });

  test("Home, Orders and an order, Analytics fit both widths and pass axe", async ({ page }) => {
    await checkPage(page, "/admin", "Admin Dashboard");
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.getByRole("button", { name: "Create test order" }).click();
    await expect(page.getByText(/Test order TEST-\d+ created/)).toBeVisible();
    await checkPage(page, "/admin/orders", "Orders");
    const orderLink = page.getByRole("link", { name: /^TEST-\d+$/ }).first();
    const href = await orderLink.getAttribute("href");
    await checkPage(page, href!, /^Order TEST-\d+/);
    await checkPage(page, `${href!}/packing-slip`, "Packing slip");
    await checkPage(page, "/admin/analytics", "Analytics");
  });

  test("Products, and the editor of a product with photos, fit both widths and pass axe", async ({ page }) => {
    await checkPage(page, "/admin/products", "Products");
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await openHydrated(page, "/admin/products?view=table");
      await page
        .getByRole("link", { name: /^Edit / })
        .first()
        .click();
      const editor = page.getByRole("dialog", { name: "Edit Product" });
      await expect(editor).toBeVisible();
      await expect(editor.getByRole("list", { name: "Product images" }).locator("img").first()).toBeVisible();
      // Nothing of the editor is cut off: its panel lies inside the window, and nothing inside spills past it.
      const box = await editor.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width + 0.5);
      const spill = await editor.evaluate((panel) => {
        const edge = panel.getBoundingClientRect().right;
        // What lies in a box of its own that scrolls or clips (the tab list scrolls sideways) is not cut off.
        const clipped = (el: Element) => {
          for (let box = el.parentElement; box && box !== panel; box = box.parentElement) {
            const overflow = getComputedStyle(box).overflowX;
            if (overflow !== "visible" && box.getBoundingClientRect().right <= edge + 1) return true;
          }
          return false;
        };
        return [...panel.querySelectorAll("*")].filter(
          (el) => el.getBoundingClientRect().right > edge + 1 && !clipped(el),
        ).length;
      });
      expect(spill, `elements past the editor's right edge at ${width} px`).toBe(0);
      await expectFits(page, `the editor at ${width} px`);
      await expectNoAxeViolations(page, `the product editor at ${width} px`);
    }
  });

  test("every Settings section fits both widths and passes axe", async ({ page }) => {
    for (const section of ["store", "pages", "shipping", "notifications"]) {
      await checkPage(page, `/admin/settings?section=${section}`, "Settings");
    }
  });

  test("a Settings save reaches the storefront at once, and a bad value is refused beside its field", async ({
    page,
  }) => {
    await openHydrated(page, "/admin/settings?section=pages");
    const form = page.getByRole("region", { name: "Pages" });
    const eyebrow = form.getByRole("textbox", { name: /Line above the heading/ });
    const link = form.getByRole("textbox", { name: /Button link/ });
    // Refused: a link out of the shop. Nothing is saved, and the message is at the field.
    await link.fill("//elsewhere.example");
    await form.getByRole("button", { name: "Save pages" }).click();
    await expect(link).toHaveAccessibleDescription(/Use a path inside the shop, such as \/shop/);
    await link.fill("/shop");
    await eyebrow.fill("Winter edit");
    await form.getByRole("button", { name: "Save pages" }).click();
    await expect(page.getByText("Pages settings saved")).toBeVisible();
    await expect(page.getByText("Hero line: New season → Winter edit")).toBeVisible();
    // The shop's home page (cached for guests) says it now.
    const guest = await page.context().browser()!.newPage();
    await guest.goto(new URL("/", page.url()).href);
    await expect(guest.getByText("Winter edit")).toBeVisible();
    await guest.close();
    // Back as it was, for the other tests.
    await openHydrated(page, "/admin/settings?section=pages");
    await page.getByRole("textbox", { name: /Line above the heading/ }).fill("New season");
    await page.getByRole("button", { name: "Save pages" }).click();
    await expect(page.getByText("Hero line: Winter edit → New season")).toBeVisible();
  });

  test("on a phone the sections are behind 'Menu', a dialog that keeps focus and closes on Escape", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await openHydrated(page, "/admin");
    await expect(page.getByRole("navigation", { name: "Back office" })).toBeHidden();
    const menuButton = page.getByRole("button", { name: "Menu" });
    await menuButton.click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    await expect(menu.getByText("Signed in as")).toBeVisible();
    await expectNoAxeViolations(page, "the back office's menu on a phone");
    // Tab goes round inside the menu.
    for (let i = 0; i < 12; i++) await page.keyboard.press("Tab");
    expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();
    // A section chosen from the menu opens, and the menu closes.
    await menuButton.click();
    await menu.getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  });
});

test.describe("the console, the back office's second face", () => {
  test.beforeEach(async ({ page }) => {
    await openHydrated(page, "/secure-admin");
    await page.getByRole("textbox", { name: "Admin Password" }).fill(e2eSharedAdminPassword);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  });

  for (const tab of ["dashboard", "products", "orders", "whatsapp", "analytics"]) {
    test(`/secure-admin/${tab} fits both widths and passes axe`, async ({ page }) => {
      await checkPage(page, `/secure-admin/${tab}`, "Admin Dashboard");
    });
  }
});
