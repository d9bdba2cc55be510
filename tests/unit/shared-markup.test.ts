import { describe, expect, it } from "vitest";
import { SharedMarkupCache, sharedRegionMarkup } from "~/lib/render/shared-markup.server";

const page = (inner: string) =>
  `<html><body><div class="a"><div data-shared="grid">${inner}</div><div>after</div></div></body></html>`;

describe("sharedRegionMarkup", () => {
  it("answers the region's inner HTML, nested divs included", () => {
    const inner = `<div class="g"><div><p>1</p></div><div>2</div></div><span>x</span>`;
    expect(sharedRegionMarkup(page(inner), "grid")).toBe(inner);
  });

  it("answers an empty region as empty", () => {
    expect(sharedRegionMarkup(page(""), "grid")).toBe("");
  });

  it("answers undefined for a missing region, a marker outside a div's tag or an unbalanced document", () => {
    expect(sharedRegionMarkup(page("x"), "other")).toBeUndefined();
    expect(sharedRegionMarkup(`<section data-shared="grid">x</section>`, "grid")).toBeUndefined();
    expect(sharedRegionMarkup(`<div data-shared="grid"><div>x</div>`, "grid")).toBeUndefined();
  });

  it("does not take a tag name that starts with div for a div", () => {
    const inner = `<dividend>3</dividend><div>4</div>`;
    expect(sharedRegionMarkup(page(inner), "grid")).toBe(inner);
  });
});

describe("SharedMarkupCache", () => {
  it("keeps a region per owner and variant once the document is rendered", () => {
    const cache = new SharedMarkupCache();
    const owner = {};
    const render = cache.forRender();
    expect(render.find(owner, "grid")).toBeUndefined();
    render.keep(owner, "grid", "grid");
    render.collect(page("<p>cards</p>"));
    const next = cache.forRender();
    expect(next.find(owner, "grid")).toBe("<p>cards</p>");
    expect(next.find(owner, "list")).toBeUndefined();
    // Another object (the read cache's next entry after a change) has nothing kept.
    expect(next.find({}, "grid")).toBeUndefined();
    expect([cache.hits, cache.misses]).toEqual([1, 1]);
  });

  it("keeps nothing when the region is not in the document", () => {
    const cache = new SharedMarkupCache();
    const owner = {};
    const render = cache.forRender();
    render.keep(owner, "grid", "grid");
    render.collect("<html></html>");
    expect(cache.forRender().find(owner, "grid")).toBeUndefined();
  });
});
