/** A path of this site, query and hash included: `/shop/men?size=M`. */
export type SitePath = `/${string}`;

/** A path a browser reads as this site's: "/x", never "//x", "/\\x", control characters or backslashes. */
function isSameSitePath(value: string): boolean {
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return false;
  // Control characters and backslashes let browsers reinterpret the path as another host.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point here
  return !/[\u0000-\u001f\u007f\\]/.test(value);
}

/**
 * Redirect targets are same-site paths only (decisions.md §3): "/x", never "//x", "/\\x" or an
 * absolute URL. Anything else falls back to "/". The path is normalised first ("/./", "/../", "%2e"
 * segments collapse) and what will actually be sent is checked: "/.//evil.example" normalises to
 * "//evil.example", which a browser would read as another host.
 */
export function safeRedirect(target: unknown, fallback = "/"): string {
  if (typeof target !== "string") return fallback;
  const value = target.trim();
  if (!isSameSitePath(value)) return fallback;
  try {
    const url = new URL(value, "http://shop.invalid");
    const normalised = `${url.pathname}${url.search}${url.hash}`;
    return url.origin === "http://shop.invalid" && isSameSitePath(normalised) ? normalised : fallback;
  } catch {
    return fallback;
  }
}

/** A link to a page that should send the visitor back here afterwards (Sign In, Sign Up). */
export function withRedirect(path: SitePath, current: { pathname: string; search: string }): SitePath {
  if (current.pathname === "/") return path;
  return `${path}?redirect=${encodeURIComponent(`${current.pathname}${current.search}`)}`;
}

/** The search URL for a query: trimmed and URL-encoded; null for empty or whitespace-only text. */
export function searchUrl(query: string): string | null {
  const q = query.trim();
  return q ? `/search?q=${encodeURIComponent(q)}` : null;
}
