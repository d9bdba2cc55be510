import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "~/lib/render/module-preloads";

describe("the page's module preloads", () => {
  it("are marked low priority, each one, and nothing else is touched", () => {
    const head =
      '<link rel="stylesheet" href="/assets/app.css"/>' +
      '<link rel="preload" as="image" href="/images/a.svg" fetchPriority="high"/>' +
      '<link rel="modulepreload" href="/assets/entry.client.js" nonce="n"/>' +
      '<link rel="modulepreload" href="/assets/framework.js" nonce="n"/>';
    expect(lowPriorityModulePreloads(head)).toBe(
      '<link rel="stylesheet" href="/assets/app.css"/>' +
        '<link rel="preload" as="image" href="/images/a.svg" fetchPriority="high"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/assets/entry.client.js" nonce="n"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/assets/framework.js" nonce="n"/>',
    );
  });

  it("leaves a document without module preloads as it is, and one with a single preload right", () => {
    expect(lowPriorityModulePreloads("<p>none</p>")).toBe("<p>none</p>");
    expect(lowPriorityModulePreloads('<b><link rel="modulepreload" href="/a.js"/></b>')).toBe(
      '<b><link rel="modulepreload" fetchpriority="low" href="/a.js"/></b>',
    );
  });

  it("leaves a page's text alone where it only mentions a preload", () => {
    const text = "<p>&lt;link rel=&quot;modulepreload&quot; href=…</p>";
    expect(lowPriorityModulePreloads(text)).toBe(text);
  });
});
