import { describe, expect, it } from "vitest";
import { DEFERRED_SCRIPT_ID, DEFERRED_SCRIPT_TYPE, deferPageModules } from "~/lib/render/deferred-modules";

const page = (nonce: string) =>
  `<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css"/>` +
  `<link rel="modulepreload" href="/assets/entry.client.js"${nonce}/>` +
  `<link rel="modulepreload" href="/assets/framework.js"${nonce}/></head>` +
  `<body><img src="/images/a.webp" fetchpriority="high"/><p>&lt;link rel=&quot;modulepreload&quot; href=&quot;/x.js&quot;/&gt;</p>` +
  `<script${nonce}>window.__reactRouterContext = {};</script>` +
  `<script${nonce} type="module" async="">import * as route0 from "/assets/root.js";\nimport("/assets/entry.client.js");</script>` +
  `</body></html>`;

describe("a storefront page's deferred modules", () => {
  it("takes the module preloads out and keeps their addresses, in order, on the inert module script", () => {
    const html = deferPageModules(page(' nonce="n1"'));
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain(
      `<script nonce="n1" type="${DEFERRED_SCRIPT_TYPE}" id="${DEFERRED_SCRIPT_ID}" ` +
        `data-preload="[&quot;/assets/entry.client.js&quot;,&quot;/assets/framework.js&quot;]">` +
        `import * as route0 from "/assets/root.js";\nimport("/assets/entry.client.js");</script>`,
    );
    expect(html).not.toContain('type="module"');
    // The stylesheet, the image, the other scripts and the page's text stay as they were.
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(html).toContain('<img src="/images/a.webp" fetchpriority="high"/>');
    expect(html).toContain("<p>&lt;link rel=&quot;modulepreload&quot; href=&quot;/x.js&quot;/&gt;</p>");
    expect(html).toContain('<script nonce="n1">window.__reactRouterContext = {};</script>');
  });

  it("ends the body with the starter, under the page's nonce", () => {
    const html = deferPageModules(page(' nonce="n1"'));
    const starter = /<script nonce="n1">(\(function \(\) \{[\s\S]*?\}\)\(\);)<\/script><\/body><\/html>$/.exec(html);
    expect(starter).not.toBeNull();
    // It is one line of script the browser can parse.
    expect(() => new Function(starter![1]!)).not.toThrow();
    expect(starter![1]).toContain(`getElementById("${DEFERRED_SCRIPT_ID}")`);
  });

  it("works the same on a page without a nonce", () => {
    const html = deferPageModules(page(""));
    expect(html).toContain(`<script type="${DEFERRED_SCRIPT_TYPE}" id="${DEFERRED_SCRIPT_ID}" data-preload=`);
    expect(html).toMatch(/<script>\(function \(\) \{[\s\S]*?\}\)\(\);<\/script><\/body><\/html>$/);
  });

  it("leaves a document without React Router's module script, or without a body's end, as it is", () => {
    const noScript = "<html><body><p>Not found</p></body></html>";
    expect(deferPageModules(noScript)).toBe(noScript);
    const noEnd = '<link rel="modulepreload" href="/a.js"/><script type="module" async="">import("/a.js");</script>';
    expect(deferPageModules(noEnd)).toBe(noEnd);
  });
});
