import { describe, expect, it } from "vitest";
import { safeRedirect, searchUrl, withRedirect } from "~/lib/redirects";

describe("safeRedirect", () => {
  it("keeps same-site paths with their query", () => {
    expect(safeRedirect("/checkout")).toBe("/checkout");
    expect(safeRedirect("/shop/men?sort=newest&page=2")).toBe("/shop/men?sort=newest&page=2");
  });
  it.each([
    "//evil.example",
    "https://evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "evil.example",
    "/\u0000//evil.example",
    "/\t/evil.example",
    // Paths that only become "//evil.example" once normalised (the check reads what is sent).
    "/.//evil.example",
    "/..//evil.example",
    "/a/..//evil.example",
    "/%2e//evil.example",
    "/./\\evil.example",
    "",
    undefined,
    null,
    42,
  ])("sends %j to /", (target) => {
    expect(safeRedirect(target)).toBe("/");
  });
});

describe("withRedirect", () => {
  it("carries the current path and query except on the home page", () => {
    expect(withRedirect("/login", { pathname: "/", search: "" })).toBe("/login");
    expect(withRedirect("/login", { pathname: "/shop/men", search: "?page=2" })).toBe(
      "/login?redirect=%2Fshop%2Fmen%3Fpage%3D2",
    );
  });
});

describe("searchUrl", () => {
  it("trims and URL-encodes, and ignores blank text", () => {
    expect(searchUrl("  linen shirt ")).toBe("/search?q=linen%20shirt");
    expect(searchUrl("t-shirt & co")).toBe("/search?q=t-shirt%20%26%20co");
    expect(searchUrl("   ")).toBeNull();
    expect(searchUrl("")).toBeNull();
  });
});
