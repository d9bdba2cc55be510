import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "#db/schema/index";
import { demoProducts } from "#db/seed/demo-catalog";
import { setProductStock } from "../support/catalog-fixtures";
import { DEFERRED_SCRIPT_ID, DEFERRED_SCRIPT_TYPE } from "~/lib/render/deferred-modules";
import { databaseKind } from "../support/test-database";
import { signIn, signUp } from "../support/sessions";
import { startTestServer, type TestServer } from "../support/test-server";
import { asRead } from "../support/html";

// Issue 33 (decision 0045): what a first page's document asks the browser for first — the stylesheet and
// the first screen's images; the page's modules wait, listed on an inert copy of React Router's script.
const ADMIN = { email: "first.paint.owner@example.com", password: "OwnerPass123" };
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
});
afterAll(async () => {
  await server?.stop();
});

const product = demoProducts.find((p) => p.isActive && p.inventory > 0)!;
const pages = ["/", "/shop", "/shop/men?size=M&sort=price-low", `/product/${product.slug}`];

const tags = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[0]);

/** Checks what one document asks for at once, and what it leaves for later. */
function checkDocument(html: string, expected: { images: boolean } = { images: true }): void {
  // No module is fetched with the document, and no module script runs by itself.
  expect(tags(html, /<link [^>]*rel="modulepreload"[^>]*>/g)).toEqual([]);
  expect(tags(html, /<script[^>]*type="module"[^>]*>/g)).toEqual([]);
  // React Router's script waits, with the preloads it had, among them every module it imports.
  const inert = new RegExp(
    `<script[^>]* type="${DEFERRED_SCRIPT_TYPE}" id="${DEFERRED_SCRIPT_ID}" data-preload="([^"]+)">([\\s\\S]*?)</script>`,
  ).exec(html);
  expect(inert).not.toBeNull();
  const preloads = JSON.parse(inert![1]!.replaceAll("&quot;", '"')) as string[];
  expect(preloads.length).toBeGreaterThan(10);
  for (const url of preloads) expect(url).toMatch(/^\/assets\/[\w.-]+\.js$/);
  const imported = [...inert![2]!.matchAll(/(?:from |import\()"([^"]+)"/g)].map((m) => m[1]);
  expect(imported.length).toBeGreaterThan(1);
  for (const url of imported) expect(preloads).toContain(url);
  // The starter ends the body; the stylesheet holds the paint as before; the first screen's images keep
  // their priority.
  expect(html).toMatch(/<script[^>]*>\(function \(\) \{[\s\S]*?\}\)\(\);<\/script><\/body><\/html>$/);
  expect(tags(html, /<link [^>]*rel="stylesheet"[^>]*>/g).length).toBeGreaterThan(0);
  if (expected.images) expect(html).toMatch(/<img [^>]*fetchpriority="high"/i);
}

describe(`a first page's document on ${databaseKind}`, () => {
  it("leaves the page's modules for after the first screen, for a guest", async () => {
    for (const page of pages) {
      const res = await fetch(`${server.url}${page}`);
      expect(res.status, page).toBe(200);
      checkDocument(await res.text());
    }
  });

  it("does the same in a signed-in shopper's own render", async () => {
    const { cookie } = await signUp(server, "first.paint@example.com", "Shopper123", "Paint Early");
    for (const page of pages) {
      const res = await fetch(`${server.url}${page}`, { headers: { cookie } });
      expect(res.status, page).toBe(200);
      expect(res.headers.get("cache-control")).toContain("private");
      const html = await res.text();
      expect(html).toContain("Paint Early");
      checkDocument(html);
    }
  });

  it("renders a signed-in shopper's checkout with their details and lines, for use once the browser has the cart", async () => {
    const db = server.services().database.db;
    const [tee] = await db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(eq(products.slug, product.slug));
    await setProductStock(db, tee!.id, 50);
    const { cookie } = await signUp(server, "first.checkout@example.com", "Shopper123", "Checks Early");
    const empty = asRead(await (await fetch(`${server.url}/checkout`, { headers: { cookie } })).text());
    // Nothing in the account's cart yet: the page waits for the browser, which may merge a guest's lines in.
    expect(empty).toContain("Loading your cart…");
    expect(empty).not.toContain('name="email"');

    const added = await fetch(`${server.url}/api/cart`, {
      method: "POST",
      headers: { cookie, origin: server.url, "content-type": "application/json" },
      body: JSON.stringify({ intent: "add", productId: tee!.id, size: "M", color: product.colors[0], quantity: 1 }),
    });
    expect(added.status).toBe(200);
    const res = await fetch(`${server.url}/checkout`, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const html = asRead(await res.text());
    expect(html).not.toContain("Loading your cart…");
    // The first step, filled from the account, and the summary's line are in the first paint…
    const email = tags(html, /<input [^>]*>/g).find((tag) => tag.includes('name="email"'));
    expect(email).toContain('value="first.checkout@example.com"');
    expect(html).toContain(tee!.name);
    expect(html).toContain("Continue to Shipping");
    // …for reading: the form's controls wait for the browser's cart (a value typed before hydration would be lost).
    expect(html).toMatch(/<fieldset disabled=""/);
    checkDocument(html, { images: false });
  });

  it("leaves the back office as React Router renders it: its modules start with the document", async () => {
    const cookie = await signIn(server.url, ADMIN.email, ADMIN.password);
    const res = await fetch(`${server.url}/admin/products`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(tags(html, /<link [^>]*rel="modulepreload"[^>]*>/g).length).toBeGreaterThan(10);
    expect(tags(html, /<script[^>]*type="module"[^>]*>/g)).toHaveLength(1);
    expect(html).not.toContain(DEFERRED_SCRIPT_TYPE);
  });
});
