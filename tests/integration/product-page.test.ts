import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { demoProducts, type DemoProduct } from "#db/seed/demo-catalog";
import { demoVariants } from "~/modules/catalog/seed.server";
import { insertTestProducts } from "../support/catalog-fixtures";
import { startTestServer, type TestServer } from "../support/test-server";
import { demoReviewsFor } from "#db/seed/demo-reviews";

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

/** A demo product's variants as the demo load stocks them (sizes spread, some largest sizes sold out). */
const variantsOf = (p: DemoProduct) => demoVariants(p, demoProducts.indexOf(p));
const stockOf = (p: DemoProduct, size: string) =>
  variantsOf(p)
    .filter((v) => v.size === size)
    .reduce((sum, v) => sum + v.stock, 0);

/** In stock, its first size in stock in every colour, and a size sold out in every colour. */
const inStock = pick(
  "active product in stock with a sold-out size",
  (p) =>
    p.isActive &&
    p.inventory >= 10 &&
    p.group === null &&
    p.colors.length > 1 &&
    variantsOf(p).every((v) => v.size !== p.sizes[0] || v.stock > 0) &&
    p.sizes.some((size) => stockOf(p, size) === 0),
);
const soldOutSize = inStock.sizes.find((size) => stockOf(inStock, size) === 0)!;
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
    // An offer per variant (size and colour), each with its SKU and availability.
    const offers = ld.offers as Array<Record<string, string>>;
    expect(offers).toHaveLength(inStock.sizes.length * inStock.colors.length);
    for (const v of variantsOf(inStock)) {
      const offer = offers.find((o) => o.sku === v.sku);
      expect(offer, v.sku).toMatchObject({
        "@type": "Offer",
        name: `Size ${v.size}, ${v.color}`,
        url: `${server.url}/product/${inStock.slug}?size=${v.size}`,
        price: (inStock.priceCents / 100).toFixed(2),
        priceCurrency: "USD",
        availability: v.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      });
    }

    // Pickers with the first size and the first colour chosen, quantity and Add to Cart.
    expect(html).toContain('role="radiogroup" aria-label="Size"');
    expect(html).toMatch(new RegExp(`role="radio" aria-checked="true"[^>]*>${escapeRegExp(inStock.sizes[0]!)}<`));
    expect(html).toContain('aria-label="Decrease quantity"');
    expect(html).toContain('aria-label="Increase quantity"');
    expect(html).toContain("Add to Cart");
    expect(html).toContain(`Reviews (${demoReviewsFor(inStock).length})`);
    expect(html).toContain('href="/shop"');
    expect(html).toContain("Back to Shop");
    expect(html).toContain(inStock.sku);
  });

  it("shows a size sold out in every colour as unavailable, and the others to choose", async () => {
    const html = await textOf(await get(`/product/${inStock.slug}`));
    const radios = radiosOf(html, "Size");
    expect(radios.map((r) => r.name)).toEqual(
      inStock.sizes.map((size) => (size === soldOutSize ? `${size}, unavailable` : size)),
    );
    const soldOut = radios.find((r) => r.name === `${soldOutSize}, unavailable`)!;
    expect(soldOut.attributes["aria-disabled"]).toBe("true");
    expect(soldOut.attributes["aria-checked"]).toBe("false");
    expect(soldOut.html).toContain("line-through");
    for (const r of radios.filter((r) => r !== soldOut)) expect(r.attributes["aria-disabled"]).toBeUndefined();
    // The product still sells: no 'Out of Stock' for the whole of it.
    expect(html).toContain("Add to Cart");
    expect(html).not.toContain("Out of Stock");
  });

  it("preselects the size a colour switch passes (?size=) when it is in stock, else the first in stock", async () => {
    const wanted = inStock.sizes.find((size) => size !== inStock.sizes[0] && stockOf(inStock, size) > 0)!;
    const chosen = async (query: string) =>
      radiosOf(await textOf(await get(`/product/${inStock.slug}${query}`)), "Size").find(
        (r) => r.attributes["aria-checked"] === "true",
      )?.name;
    expect(await chosen(`?size=${wanted}`)).toBe(wanted);
    expect(await chosen(`?size=${soldOutSize}`)).toBe(inStock.sizes[0]);
    expect(await chosen("?size=nonsense")).toBe(inStock.sizes[0]);
  });

  it("never preselects a sold-out first size: the first size in stock is chosen", async () => {
    const firstSoldOut = pick(
      "product whose first size is sold out",
      (p) => p.isActive && p.inventory > 0 && p.sizes.length > 1 && stockOf(p, p.sizes[0]!) === 0,
    );
    const html = await textOf(await get(`/product/${firstSoldOut.slug}`));
    const radios = radiosOf(html, "Size");
    const firstInStock = firstSoldOut.sizes.find((size) => stockOf(firstSoldOut, size) > 0)!;
    expect(radios.find((r) => r.attributes["aria-checked"] === "true")?.name).toBe(firstInStock);
    expect(radios[0]!.name).toBe(`${firstSoldOut.sizes[0]}, unavailable`);
  });

  it("shows the chosen variant's price and stock: its price override, 'Only {n} left!' and JSON-LD offer", async () => {
    await insertTestProducts(server.services().database.db, [
      {
        name: "Override Tee",
        slug: "override-tee",
        sku: "OVR-TEE",
        description: "A tee whose M costs more.",
        priceCents: 4_000,
        sizes: ["S", "M", "L"],
        colors: [],
        variants: [
          { size: "S", color: "", stock: 0 },
          { size: "M", color: "", stock: 3, priceCents: 5_500 },
          { size: "L", color: "", stock: 40 },
        ],
      },
    ]);
    const html = await textOf(await get("/product/override-tee"));
    const radios = radiosOf(html, "Size");
    expect(radios.map((r) => [r.name, r.attributes["aria-checked"]])).toEqual([
      ["S, unavailable", "false"],
      ["M", "true"],
      ["L", "false"],
    ]);
    expect(html).toContain("$55.00");
    expect(html).not.toContain("$40.00");
    expect(html).toContain("Only 3 left!");
    const offers = productLd(html).offers as Array<Record<string, string>>;
    expect(offers.map((o) => [o.sku, o.price, o.availability?.replace("https://schema.org/", "")])).toEqual([
      ["OVR-TEE-S", "40.00", "OutOfStock"],
      ["OVR-TEE-M", "55.00", "InStock"],
      ["OVR-TEE-L", "40.00", "InStock"],
    ]);

    // L chosen by the URL: the product's price, and no low-stock notice for its 40.
    const large = await textOf(await get("/product/override-tee?size=L"));
    expect(large).toContain("$40.00");
    expect(large).not.toMatch(/Only \d+ left!/);
  });

  it("marks a sold-out product OutOfStock and disables its button", async () => {
    const res = await get(`/product/${soldOut.slug}`);
    expect(res.status).toBe(200);
    const html = await textOf(res);
    const offers = [productLd(html).offers].flat() as Array<Record<string, string>>;
    expect(offers.length).toBeGreaterThan(0);
    expect(offers.every((o) => o.availability === "https://schema.org/OutOfStock")).toBe(true);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Out of Stock<\/button>/);
    expect(html).not.toContain("Add to Cart");
  });

  it("says 'Only {n} left!' of the chosen size's variant, not of the whole product", async () => {
    const low = pick("product whose first size and colour has 1 to 9 left, and more in all", (p) => {
      const first = variantsOf(p)[0];
      return (
        p.isActive &&
        p.sizes.length > 1 &&
        first !== undefined &&
        first.stock >= 1 &&
        first.stock <= 9 &&
        p.inventory > 9
      );
    });
    const first = variantsOf(low)[0]!;
    const html = await textOf(await get(`/product/${low.slug}`));
    expect(html).toContain(`Only ${first.stock} left!`);
    expect(html).not.toContain(`Only ${low.inventory} left!`);
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
    // The other colours keep the chosen size (the first in stock) where they have it in stock.
    const size = grouped.sizes.find((s) => stockOf(grouped, s) > 0)!;
    expect(groupMates.some((mate) => stockOf(mate, size) > 0)).toBe(true);
    expect(groupMates.some((mate) => stockOf(mate, size) === 0)).toBe(true);
    for (const mate of groupMates) {
      const href = stockOf(mate, size) > 0 ? `/product/${mate.slug}?size=${size}` : `/product/${mate.slug}`;
      const swatch = swatches.find((a) => a.href === href);
      expect(swatch?.["aria-label"], href).toBe(`Color: ${mate.colors[0]}`);
      expect(swatch?.["aria-current"]).toBeUndefined();
    }
  });

  it("answers a product's sizes and stock for the cards' quick add, and clear 4xx for bad slugs", async () => {
    const res = await get(`/api/products/${inStock.slug}/variants`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const body = await res.json();
    expect(body).toMatchObject({ sizes: inStock.sizes, colors: inStock.colors, priceCents: inStock.priceCents });
    expect(body.variants).toEqual(
      variantsOf(inStock).map((v) => ({ size: v.size, color: v.color, stock: v.stock, priceCents: null })),
    );
    // Only what choosing needs: no SKUs.
    expect(JSON.stringify(body)).not.toContain(inStock.sku);

    const unknown = await get("/api/products/no-such-product-anywhere/variants");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "Product not found" });
    const inactiveOne = await get(`/api/products/${inactive.slug}/variants`);
    expect(inactiveOne.status).toBe(404);
    const malformed = await get("/api/products/Not%20A%20Slug/variants");
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: "Invalid product slug" });
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

/** The radios of a radio group: their accessible names (aria-label, else text), attributes and inner HTML. */
function radiosOf(html: string, group: string) {
  const start = html.indexOf(`role="radiogroup" aria-label="${group}"`);
  expect(start, `a ${group} radio group`).toBeGreaterThan(-1);
  const end = html.indexOf("</div>", start);
  return [...html.slice(start, end).matchAll(/<button ([^>]*role="radio"[^>]*)>([\s\S]*?)<\/button>/g)].map((m) => ({
    attributes: Object.fromEntries([...m[1]!.matchAll(/([\w:-]+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!])),
    html: m[2]!,
    name: /aria-label="([^"]*)"/.exec(m[1]!)?.[1] ?? m[2]!.replace(/<[^>]+>/g, "").trim(),
  }));
}

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
