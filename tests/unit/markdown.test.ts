import { describe, expect, it } from "vitest";
import { contentPage, placeholderValues } from "~/modules/content/content-pages.server";
import { isSafeHref, renderMarkdown } from "~/modules/content/markdown.server";
import { freeShippingWords, shortPrice, telHref } from "~/modules/content/shop-words";
import { DEFAULT_SETTINGS } from "~/modules/settings/settings-defaults";
import { CONTENT_PAGES, pagesSettingsSchema, type ShopSettings } from "~/modules/settings/settings-schema";

const body = (source: string) => renderMarkdown(`Intro.\n\n${source}`).body;

describe("renderMarkdown: the owner's Markdown without raw HTML", () => {
  it("writes raw HTML as escaped text", () => {
    const html = body('<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\nA <b onclick="x()">b</b> inline');
    expect(html).not.toMatch(/<script|<img|<b /);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(html).toContain("A &lt;b onclick=&quot;x()&quot;&gt;b&lt;/b&gt; inline");
  });

  it("makes no link of a javascript:, data: or vbscript: address, however it is spelt", () => {
    for (const href of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "java&#x09;script:alert(1)",
      "&#106;avascript:alert(1)",
      " javascript:alert(1)",
      "data:text/html;base64,PHNjcmlwdD4=",
      "vbscript:msgbox(1)",
    ]) {
      const html = body(`[x](${href}) and ![i](${href}) and <${href}>`);
      expect(html, href).not.toMatch(/<a |<img /);
      expect(html.toLowerCase(), href).not.toMatch(/href="[^"]*script:/);
    }
    expect(isSafeHref("javascript:alert(1)")).toBe(false);
    expect(isSafeHref("java%09script:alert(1)")).toBe(false);
  });

  it("keeps links to the shop's pages, the web, mail and phone", () => {
    const html = body(
      "[FAQ](/faq) [site](https://example.com/a?b=1) [mail](mailto:a@b.example) [call](tel:+15550102030)",
    );
    expect(html).toContain('<a href="/faq">FAQ</a>');
    expect(html).toContain('<a href="https://example.com/a?b=1">site</a>');
    expect(html).toContain('<a href="mailto:a@b.example">mail</a>');
    expect(html).toContain('<a href="tel:+15550102030">call</a>');
  });

  it("renders headings (each ## a section), lists, emphasis and tables", () => {
    const html = body(
      "## Sizes\n\nText with **bold** and *italic*.\n\n- one\n- two\n\n1. first\n2. second\n\n| Size | Chest |\n| --- | --- |\n| S | 35–37 |\n\n## Next\n\nMore.",
    );
    expect(html).toContain("<section>\n<h2>Sizes</h2>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<em>italic</em>");
    expect(html).toContain("<ul>\n<li>one</li>\n<li>two</li>\n</ul>");
    expect(html).toContain("<ol>\n<li>first</li>\n<li>second</li>\n</ol>");
    expect(html).toContain('<div class="overflow-x-auto">\n<table>');
    expect(html).toContain("<th>Chest</th>");
    expect(html).toContain("<td>35–37</td>");
    expect(html).toContain("</section>\n<section>\n<h2>Next</h2>");
    expect(html.match(/<section>/g)).toHaveLength(2);
    expect(html.match(/<\/section>/g)).toHaveLength(2);
  });

  it("takes the first paragraph as the intro, and only when nothing comes before it", () => {
    expect(renderMarkdown("Hello *there*.\n\n## A\n\nB").intro).toBe("Hello <em>there</em>.");
    expect(renderMarkdown("## A\n\nB").intro).toBeNull();
  });

  it("turns ### questions into disclosures on the FAQ", () => {
    const { body: html } = renderMarkdown("Intro\n\n## Group\n\n### Q one?\n\nA one.\n\n### Q two?\n\nA two.", {
      disclosures: true,
    });
    expect(html.match(/<details /g)).toHaveLength(2);
    expect(html.match(/<\/details>/g)).toHaveLength(2);
    expect(html).toMatch(/<summary[^>]*>Q one\?<span aria-hidden="true"/);
    expect(html).not.toContain("<h3>");
  });

  it("fills placeholders with the store's settings, escaped, as links where they are addresses", () => {
    const values = placeholderValues({
      ...DEFAULT_SETTINGS,
      store: {
        ...DEFAULT_SETTINGS.store,
        name: "Fern & <Moss>",
        contactEmail: "hello@fern.example",
        contactPhone: "+44 20 7946 0000",
        returnAddress: "Fern & Moss\n1 High Street\nLondon",
      },
    });
    const html = renderMarkdown(
      "{{storeName}} at {{contactEmail}} or {{contactPhone}}\n\n{{returnAddress}}\n\n[write to {{contactEmail}}](/contact-us) {{unknown}}",
      { values },
    ).intro;
    expect(html).toBe(
      'Fern &amp; &lt;Moss&gt; at <a href="mailto:hello@fern.example">hello@fern.example</a> or <a href="tel:+442079460000">+44 20 7946 0000</a>',
    );
    const rest = renderMarkdown("Intro\n\n{{returnAddress}}\n\n[write to {{contactEmail}}](/contact-us) {{unknown}}", {
      values,
    }).body;
    expect(rest).toContain("<p>Fern &amp; Moss<br>\n1 High Street<br>\nLondon</p>");
    // Inside a link, an address is its text only (no link in a link); an unknown name stays as written.
    expect(rest).toContain('<a href="/contact-us">write to hello@fern.example</a> {{unknown}}');
  });
});

describe("the default page texts", () => {
  it("are valid Markdown settings and render every page with the demo shop's details", () => {
    expect(pagesSettingsSchema.safeParse(DEFAULT_SETTINGS.pages).success).toBe(true);
    for (const { key } of CONTENT_PAGES) {
      const page = contentPage(DEFAULT_SETTINGS, key);
      expect(page.intro, key).toBeTruthy();
      expect(page.body, key).toContain("<h2>");
      expect(page.body, key).not.toContain("{{");
    }
    const contact = contentPage(DEFAULT_SETTINGS, "contact").body;
    expect(contact).toContain('<a href="mailto:support@abundancecollection.example">');
    expect(contact).toContain('<a href="tel:+15550102030">+1 (555) 010-2030</a>');
    expect(contact).toContain("200 Market Street, Suite 4<br>");
    const sizes = contentPage(DEFAULT_SETTINGS, "sizeGuide").body;
    expect(sizes).toContain('<table class="whitespace-nowrap">');
    expect(sizes).toContain("<td>135–140</td>");
    const shipping = contentPage(DEFAULT_SETTINGS, "shipping").body;
    expect(shipping).toContain("<td>Free on orders over $50, otherwise $9.99</td>");
  });

  it("follow the shipping settings' rates", () => {
    const settings: ShopSettings = {
      ...DEFAULT_SETTINGS,
      shipping: { ...DEFAULT_SETTINGS.shipping, rates: { standard: 500, express: 1500, overnight: 2500 } },
    };
    expect(contentPage(settings, "faq").body).toContain("otherwise it costs $5. Express shipping is $15");
  });
});

describe("shop words", () => {
  it("prices, phone links and the free-shipping line", () => {
    expect(shortPrice(5000)).toBe("$50");
    expect(shortPrice(999)).toBe("$9.99");
    expect(shortPrice(123_400)).toBe("$1,234");
    expect(shortPrice(0)).toBe("$0");
    expect(shortPrice(100_050)).toBe("$1,000.50");
    expect(shortPrice(123450)).toBe("$1,234.50");
    expect(telHref("+1 (555) 010-2030")).toBe("tel:+15550102030");
    expect(freeShippingWords(5000)).toBe("Free shipping on orders over $50");
    expect(freeShippingWords(0)).toBe("Free shipping on every order");
    expect(freeShippingWords(null)).toBeNull();
  });
});
