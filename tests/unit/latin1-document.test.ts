import { describe, expect, it } from "vitest";
import { inLatin1 } from "~/lib/render/latin1.server";

/** What the browser reads of the markup's text: numeric character references decoded. */
const decoded = (html: string) => html.replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)));
const beyondLatin1 = /[^\0-\xff]/;

describe("a document in one byte a character (decision 0050)", () => {
  it("leaves a Latin-1 document as it is, accents included", () => {
    const html = `<!DOCTYPE html><html><body><p title="Café">Crème brûlée, 10 × 12 cm, 5 °C</p></body></html>`;
    expect(inLatin1(html)).toBe(html);
  });

  it("writes characters beyond Latin-1 in markup and attributes as numeric references", () => {
    const html = `<p aria-label="Showing 1–12">Overall — it’s “true” to size</p><title>Dress — Shop</title>`;
    const out = inLatin1(html);
    expect(out).toBe(
      `<p aria-label="Showing 1&#8211;12">Overall &#8212; it&#8217;s &#8220;true&#8221; to size</p>` +
        `<title>Dress &#8212; Shop</title>`,
    );
    expect(beyondLatin1.test(out)).toBe(false);
    expect(decoded(out)).toBe(html);
  });

  it("writes a character outside the Basic Multilingual Plane as one reference to its code point", () => {
    const out = inLatin1("<p>Love it 👗!</p>");
    expect(out).toBe("<p>Love it &#128087;!</p>");
    expect(decoded(out)).toBe("<p>Love it 👗!</p>");
  });

  it("writes them inside scripts as JavaScript escapes, which JSON and string literals read as the character", () => {
    const data = { name: "Wrap Dress — Green", review: "it’s lovely 👗" };
    const json = JSON.stringify(data);
    const hydration = JSON.stringify(JSON.stringify([data.review]));
    const html =
      `<head><script type="application/ld+json">${json}</script></head>` +
      `<body><p>${data.name}</p><script nonce="n">enqueue(${hydration});</script></body>`;
    const out = inLatin1(html);
    expect(beyondLatin1.test(out)).toBe(false);
    const ld = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(out)![1]!;
    expect(ld).toContain("\\u2014");
    expect(JSON.parse(ld)).toEqual(data);
    const literal = /enqueue\(("(?:[^"\\]|\\.)*")\)/.exec(out)![1]!;
    expect(JSON.parse(JSON.parse(literal) as string)).toEqual([data.review]);
    expect(out).toContain("<p>Wrap Dress &#8212; Green</p>");
  });

  it("leaves the document as it was when such a character is inside a style, which has no escape here", () => {
    const html = `<style>.q::before{content:"—"}</style><p>—</p>`;
    expect(inLatin1(html)).toBe(html);
  });

  it("grows the text by its escapes alone, never losing what follows the last one", () => {
    const html = `${"a".repeat(70_000)}—${"b".repeat(30_000)}<script>x("—")</script>tail`;
    const out = inLatin1(html);
    expect(out.length).toBe(html.length + "&#8212;".length - 1 + "\\u2014".length - 1);
    expect(out.endsWith(`${"b".repeat(30_000)}<script>x("\\u2014")</script>tail`)).toBe(true);
  });
});
