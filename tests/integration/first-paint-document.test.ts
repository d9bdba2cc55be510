import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoProducts } from "#db/seed/demo-catalog";
import { databaseKind } from "../support/test-database";
import { signUp } from "../support/sessions";
import { startTestServer, type TestServer } from "../support/test-server";

// Issue 33 (decision 0044): what a first page's document asks the browser for, and in what order of
// importance — the stylesheet and the first screen's images first, the page's modules at low priority.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const product = demoProducts.find((p) => p.isActive && p.inventory > 0)!;
const pages = ["/", "/shop", "/shop/men?size=M&sort=price-low", `/product/${product.slug}`];

const tags = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[0]);

/** Checks what one document asks for, and at which priority. */
function checkDocument(html: string): void {
  const preloads = tags(html, /<link rel="modulepreload"[^>]*>/g);
  expect(preloads.length).toBeGreaterThan(10);
  for (const link of preloads) expect(link).toMatch(/^<link rel="modulepreload" fetchpriority="low" href="\/assets\//);
  // Every module the page's module script imports is among them, so each still starts with the document.
  const moduleScript = /<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!;
  const preloaded = new Set(preloads.map((link) => /href="([^"]+)"/.exec(link)![1]));
  const imported = [...moduleScript.matchAll(/(?:from |import\()"([^"]+)"/g)].map((m) => m[1]);
  expect(imported.length).toBeGreaterThan(1);
  for (const url of imported) expect(preloaded).toContain(url);
  // The stylesheet stays as it was (it holds the paint), and the first screen's images keep their priority.
  expect(tags(html, /<link [^>]*rel="stylesheet"[^>]*>/g).length).toBeGreaterThan(0);
  expect(html).toMatch(/<img [^>]*fetchpriority="high"/i);
}

describe(`a first page's document on ${databaseKind}`, () => {
  it("asks for the page's modules at low priority, for a guest", async () => {
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
});
