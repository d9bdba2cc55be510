import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { demoProducts, type DemoProduct } from "#db/seed/demo-catalog";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const get = (path: string) => fetch(`${server.url}${path}`, { redirect: "manual" });
/** The page's HTML without React's text-boundary comments, so "Only <!-- -->3<!-- --> left!" reads "Only 3 left!". */
const textOf = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");

function pick(what: string, test: (p: DemoProduct) => boolean): DemoProduct {
  const found = demoProducts.find(test);
  if (!found) throw new Error(`The demo catalogue has no ${what}`);
  return found;
}

const inStock = pick("active product in stock", (p) => p.isActive && p.inventory >= 10 && p.group === null);
const soldOut = pick("active product out of stock", (p) => p.isActive && p.inventory === 0);
const inactive = pick("inactive product", (p) => !p.isActive);
const grouped = pick("grouped product", (p) => p.isActive && p.group !== null && p.parentSlug !== null);
const groupMates = demoProducts.filter((p) => p.group === grouped.group && p.isActive && p.slug !== grouped.slug);

/** The JSON-LD blocks of a page, parsed (read loosely: the assertions say what they expect). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function jsonLd(html: string): Array<Record<string, any>> {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]!),
  );
}

function productLd(html: string) {
  const product = jsonLd(html).find((block) => block["@type"] === "Product");
  expect(product, "a JSON-LD Product block").toBeDefined();
  return product!;
}

describe("the product page /product/{slug} (spec §2 Product detail)", () => {
  it("renders an active product with its name, price, pickers and SEO tags", async () => {
    const res = await get(`/product/${inStock.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    const html = await textOf(res);

    expect(html).toMatch(new RegExp(`<h1[^>]*>${escapeRegExp(escapeHtml(inStock.name))}</h1>`));
    expect(html).toContain(`<title>${escapeHtml(inStock.name)} | Abundance Collection</title>`);
    expect(html).toContain(`<link rel="canonical" href="${server.url}/product/${inStock.slug}"`);
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/images\/[^"]+"/);
    expect(html).toContain(`<meta property="og:type" content="product"`);

    const ld = productLd(html);
    expect(ld.name).toBe(inStock.name);
    expect(ld.sku).toBe(inStock.sku);
    expect(ld.offers.priceCurrency).toBe("USD");
    expect(ld.offers.price).toBe((inStock.priceCents / 100).toFixed(2));
    expect(ld.offers.availability).toBe("https://schema.org/InStock");

    // Pickers with the first size and the first colour chosen, quantity and Add to Cart.
    expect(html).toContain('role="radiogroup" aria-label="Size"');
    expect(html).toMatch(new RegExp(`role="radio" aria-checked="true"[^>]*>${escapeRegExp(inStock.sizes[0]!)}<`));
    expect(html).toContain('aria-label="Decrease quantity"');
    expect(html).toContain('aria-label="Increase quantity"');
    expect(html).toContain("Add to Cart");
    expect(html).toContain(`Reviews (${inStock.reviewCount})`);
    expect(html).toContain('href="/shop"');
    expect(html).toContain("Back to Shop");
    expect(html).toContain(inStock.sku);
  });

  it("marks a sold-out product OutOfStock and disables its button", async () => {
    const res = await get(`/product/${soldOut.slug}`);
    expect(res.status).toBe(200);
    const html = await textOf(res);
    expect(productLd(html).offers.availability).toBe("https://schema.org/OutOfStock");
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Out of Stock<\/button>/);
    expect(html).not.toContain("Add to Cart");
  });

  it("shows the low-stock notice for inventory 1 to 9", async () => {
    const low = pick("low-stock product", (p) => p.isActive && p.inventory >= 1 && p.inventory <= 9);
    const html = await textOf(await get(`/product/${low.slug}`));
    expect(html).toContain(`Only ${low.inventory} left!`);
  });

  it("shows the colour swatches of a product group, linking each variant", async () => {
    expect(groupMates.length).toBeGreaterThan(0);
    const res = await get(`/product/${grouped.slug}`);
    expect(res.status).toBe(200);
    const html = await textOf(res);
    const swatches = anchors(html).filter((a) => a["aria-label"]?.startsWith("Color: "));
    expect(swatches).toHaveLength(groupMates.length + 1);
    const current = swatches.find((a) => a.href === `/product/${grouped.slug}`);
    expect(current?.["aria-label"]).toBe(`Color: ${grouped.colors[0]}`);
    expect(current?.["aria-current"]).toBe("page");
    for (const mate of groupMates) {
      const swatch = swatches.find((a) => a.href === `/product/${mate.slug}`);
      expect(swatch?.["aria-label"]).toBe(`Color: ${mate.colors[0]}`);
      expect(swatch?.["aria-current"]).toBeUndefined();
    }
  });

  it("answers 404 'Product not found' for an inactive product", async () => {
    const res = await get(`/product/${inactive.slug}`);
    expect(res.status).toBe(404);
    const html = await textOf(res);
    expect(html).toContain("Product not found");
    expect(html).toContain("<title>Product not found | Abundance Collection</title>");
    expect(html).toContain("Back to Shop");
    expect(html).not.toContain(escapeHtml(inactive.name));
  });

  it("answers 404 'Product not found' for an unknown slug", async () => {
    const res = await get("/product/no-such-product-anywhere");
    expect(res.status).toBe(404);
    const html = await textOf(res);
    expect(html).toContain("Product not found");
    expect(html).toMatch(/<a[^>]*href="\/shop"[^>]*>[\s\S]*?Back to Shop<\/a>/);
  });

  it("answers the client's data request for a product too", async () => {
    const res = await get(`/product/${grouped.slug}.data`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(grouped.name);
    const missing = await get("/product/no-such-product-anywhere.data");
    expect(missing.status).toBe(404);
  });

  // Last: it closes the database.
  it("says 'Failed to fetch product' with Back to Shop when the database fails", async () => {
    // The server logs the failed read; that log is expected here.
    const logged: unknown[][] = [];
    vi.mocked(console.error).mockImplementation((...args: unknown[]) => void logged.push(args));
    await server.services().database.close();
    const res = await get(`/product/${soldOut.slug}-uncached`);
    expect(res.status).toBe(500);
    const html = await textOf(res);
    expect(html).toContain("Failed to fetch product");
    expect(html).not.toContain("Product not found</h1>");
    expect(html).toMatch(/<a[^>]*href="\/shop"[^>]*>[\s\S]*?Back to Shop<\/a>/);
  });
});

/** The attributes of every link of a page. */
function anchors(html: string): Array<Record<string, string>> {
  return [...html.matchAll(/<a\s([^>]*)>/g)].map((m) =>
    Object.fromEntries([...m[1]!.matchAll(/([\w:-]+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!])),
  );
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
