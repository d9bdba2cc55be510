import { renderToString } from "react-dom/server";
import { createRoutesStub, Link } from "react-router";
import { describe, expect, it } from "vitest";
import { isInAppClick, SiteLink } from "~/components/ui/site-link";

/** Server markup of `element` rendered at `/shop` inside a data router, as the shop's pages are. */
function markupOf(element: React.ReactNode): string {
  const Stub = createRoutesStub([{ path: "/shop", Component: () => element }]);
  return renderToString(<Stub initialEntries={["/shop"]} />);
}

describe("SiteLink", () => {
  it("renders the markup React Router's <Link> renders for the same path", () => {
    const cases: Array<[React.ReactNode, React.ReactNode]> = [
      [
        <SiteLink key="a" to="/product/linen-shirt" className="pc-link">
          Linen Shirt
        </SiteLink>,
        <Link key="a" to="/product/linen-shirt" className="pc-link">
          Linen Shirt
        </Link>,
      ],
      [
        <SiteLink key="b" to="/shop/men?size=M&color=Navy#results" aria-label="Men" tabIndex={-1}>
          Men
        </SiteLink>,
        <Link key="b" to="/shop/men?size=M&color=Navy#results" aria-label="Men" tabIndex={-1}>
          Men
        </Link>,
      ],
      [
        <SiteLink key="c" to="/" role="menuitem" target="_blank" rel="noopener">
          Home
        </SiteLink>,
        <Link key="c" to="/" role="menuitem" target="_blank" rel="noopener">
          Home
        </Link>,
      ],
    ];
    for (const [ours, theirs] of cases) expect(markupOf(ours)).toBe(markupOf(theirs));
    expect(markupOf(<SiteLink to="/product/linen-shirt" className="pc-link" />)).toContain(
      '<a class="pc-link" href="/product/linen-shirt" data-discover="true">',
    );
  });

  it("handles only a plain click of the main button on a link that opens here", () => {
    const plain = { button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false };
    expect(isInAppClick(plain)).toBe(true);
    expect(isInAppClick(plain, "_self")).toBe(true);
    expect(isInAppClick(plain, "_blank")).toBe(false);
    expect(isInAppClick({ ...plain, button: 1 })).toBe(false);
    for (const key of ["metaKey", "altKey", "ctrlKey", "shiftKey"] as const)
      expect(isInAppClick({ ...plain, [key]: true }), key).toBe(false);
  });
});
