import type { ServerBuild } from "react-router";

/**
 * The route a request went to, as a pattern ("/product/:slug", "/admin/orders/:orderNumber"), for the
 * access log and the metrics' `route` label: never the raw URL, so ids and slugs neither reach the
 * metrics (whose label values must stay few) nor make every line different.
 *
 * React Router's own `matchRoutes` ranks the whole route table again on every call (a millisecond for
 * this shop's 60 routes); here the patterns are compiled and ranked once, the way React Router ranks
 * them (a static segment beats a parameter, a parameter beats a splat), and a path is a few regular
 * expressions tested in order.
 */
export type RouteLabeler = (pathname: string) => string;

interface Pattern {
  label: string;
  re: RegExp;
  score: number;
}

/** Paths the server answers itself, before React Router. */
const SERVER_PATHS: Array<[RegExp, string]> = [
  [/^\/(?:healthz|readyz|metrics|favicon\.svg)$/, ""],
  [/^\/assets\//, "/assets/*"],
  [/^\/images\//, "/images/*"],
  [/^\/media\//, "/media/*"],
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** React Router's ranking: more segments first; static 10, parameter 3, empty 1, a splat -2, an index +2. */
function score(segments: string[], index: boolean): number {
  let total = segments.length + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === "*") total -= 2;
    else if (segment.startsWith(":")) total += 3;
    else if (segment === "") total += 1;
    else total += 10;
  }
  return total;
}

function compile(label: string, index: boolean): Pattern {
  const segments = label.split("/").filter(Boolean);
  const body = segments
    .map((segment) => {
      if (segment === "*") return "(?:/.*)?";
      if (segment.startsWith(":")) return segment.endsWith("?") ? "(?:/[^/]+)?" : "/[^/]+";
      return `/${escape(segment)}`;
    })
    .join("");
  return { label: label || "/", re: new RegExp(`^${body}/?$`, "i"), score: score(segments, index) };
}

export function routeLabeler(routes: ServerBuild["routes"]): RouteLabeler {
  const fullPath = (id: string | undefined): string => {
    const route = id ? routes[id] : undefined;
    if (!route) return "";
    const own = route.path ?? "";
    const parent = fullPath(route.parentId);
    if (own.startsWith("/")) return own;
    return own ? `${parent.replace(/\/$/, "")}/${own}` : parent;
  };
  const seen = new Set<string>();
  const patterns: Pattern[] = [];
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const label = fullPath(route.id) || "/";
    const normalized = label.startsWith("/") ? label : `/${label}`;
    if (seen.has(normalized)) continue;
    seen.add(normalized);
    patterns.push(compile(normalized, Boolean(route.index)));
  }
  patterns.sort((a, b) => b.score - a.score);

  return (pathname) => {
    for (const [re, label] of SERVER_PATHS) if (re.test(pathname)) return label || pathname;
    // React Router's data requests: /shop.data is /shop's loaders, /_root.data the home page's.
    const path = pathname === "/_root.data" ? "/" : pathname.endsWith(".data") ? pathname.slice(0, -5) : pathname;
    for (const pattern of patterns) if (pattern.re.test(path)) return pattern.label;
    return "other";
  };
}
