import { expect, test } from "./support/test";
import sharp from "sharp";
import { e2eAdmin } from "../../playwright.config";
import { signInAccount } from "./support/accounts";
import { openHydrated } from "./support/hydration";

/** A small real photo; `seed` makes each test's bytes (and so its stored URL) its own. */
const photo = (format: "jpeg" | "png", seed: number) =>
  sharp({ create: { width: 900, height: 1125, channels: 3, background: { r: seed % 256, g: 120, b: 60 } } })
    .toFormat(format)
    .toBuffer();

test.describe("owner's photo upload in the product editor", () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await signInAccount(page.request, baseURL!, e2eAdmin);
    await openHydrated(page, "/admin/products?edit=new");
  });

  test("uploads photos chosen with the file picker into the gallery, the first as the main image", async ({ page }) => {
    const section = page.getByRole("dialog", { name: "Add Product" });
    const picker = section.getByLabel(/Drop photos here or choose images/);
    await expect(picker).toHaveAttribute("type", "file");
    await expect(picker).toHaveAttribute("accept", "image/jpeg,image/png,image/webp");
    await expect(picker).toHaveAccessibleDescription("JPEG, PNG or WebP, up to 10 MB each.");

    await picker.setInputFiles([
      { name: "shirt.jpg", mimeType: "image/jpeg", buffer: await photo("jpeg", 11) },
      { name: "scarf.png", mimeType: "image/png", buffer: await photo("png", 12) },
    ]);
    await expect(section.getByText("2 images uploaded.")).toBeVisible();
    const gallery = section.getByRole("list", { name: "Product images" }).getByRole("listitem");
    await expect(gallery).toHaveCount(2);
    const main = section.getByRole("img", { name: "Main image preview" });
    await expect(main).toHaveAttribute("src", /^\/media\/[0-9a-f]{64}\/\d+\.webp$/);
    // The browser really loaded the stored photo.
    await expect.poll(() => main.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  });

  test("takes dropped files, and refuses an HTML page renamed .jpg with the message", async ({ page }) => {
    const section = page.getByRole("dialog", { name: "Add Product" });
    const files = [
      {
        name: "holiday.jpg",
        type: "image/jpeg",
        base64: Buffer.from("<html><body>not a photo</body></html>").toString("base64"),
      },
      { name: "jacket.jpg", type: "image/jpeg", base64: (await photo("jpeg", 21)).toString("base64") },
    ];
    const dataTransfer = await page.evaluateHandle((list) => {
      const transfer = new DataTransfer();
      for (const f of list) {
        const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
        transfer.items.add(new File([bytes], f.name, { type: f.type }));
      }
      return transfer;
    }, files);
    const zone = page.getByTestId("image-drop-zone");
    await zone.dispatchEvent("dragenter", { dataTransfer });
    await zone.dispatchEvent("drop", { dataTransfer });

    await expect(section.getByText("holiday.jpg: Only JPEG, PNG and WebP images can be uploaded.")).toBeVisible();
    await expect(section.getByText("1 image uploaded.")).toBeVisible();
    const gallery = section.getByRole("list", { name: "Product images" }).getByRole("listitem");
    await expect(gallery).toHaveCount(1);
  });

  test("says at once that a file over 10 MB is too large, without sending it", async ({ page }) => {
    const section = page.getByRole("dialog", { name: "Add Product" });
    let posted = false;
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith("/admin/products/images")) posted = true;
    });
    const big = Buffer.alloc(10 * 1024 * 1024 + 1);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    await section
      .getByLabel(/Drop photos here/)
      .setInputFiles({ name: "poster.jpg", mimeType: "image/jpeg", buffer: big });
    await expect(section.getByText("poster.jpg: Image is too large (max 10 MB).")).toBeVisible();
    expect(posted).toBe(false);
  });
});
