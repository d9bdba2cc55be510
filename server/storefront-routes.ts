import type { ServerBuild } from "react-router";

/**
 * The storefront's own route table (docs/decisions/0046).
 *
 * React Router finds a request's routes by trying every branch of its table in rank order, building
 * match objects for each until one fits, three times a document (the server's match, the static
 * handler's query, the partial manifest), and builds a route object for every route of the table on
 * every render. The back office's ~60 routes (`/admin`, `/secure-admin`) have more segments than a
 * shop page, so they rank first and are tried first on every shop page; with them, route matching and
 * route objects took ~19 % of an uncached `/shop` render's CPU.
 *
 * So the server runs two handlers over one build: one with the whole table, for the back office's paths
 * and route discovery's `/__manifest` (a shopper's client may discover any route), and one with the
 * back office's routes left out, for everything else. Nothing else differs: the same modules, the same
 * entry, the same client manifest for every route that remains.
 */

interface RouteEntry {
  id: string;
  parentId?: string;
  path?: string;
  module: { handle?: unknown };
}

/** A route's path from the root, as "/a/b" ("/" for the root and its pathless children). */
function fullPath(routes: Record<string, RouteEntry | undefined>, id: string): string {
  const parts: string[] = [];
  for (let route = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined) {
    if (route.path) parts.unshift(route.path.replace(/^\/+|\/+$/g, ""));
  }
  return `/${parts.filter(Boolean).join("/")}`;
}

const marksBackOffice = (route: RouteEntry) =>
  (route.module.handle as { backOffice?: unknown } | undefined)?.backOffice === true;

/**
 * The path prefixes of the back office: the full paths of the routes whose `handle` says `backOffice`
 * (their layouts), e.g. ["/admin", "/secure-admin"].
 */
export function backOfficePrefixes(build: Pick<ServerBuild, "routes">): string[] {
  const routes = build.routes as Record<string, RouteEntry | undefined>;
  const prefixes = Object.values(routes)
    .filter((route): route is RouteEntry => route !== undefined && marksBackOffice(route))
    .map((route) => fullPath(routes, route.id))
    .filter((prefix) => prefix !== "/");
  return [...new Set(prefixes)];
}

/** Whether a path (a page, or its `.data` request) is under one of the prefixes. */
export function isUnder(prefixes: readonly string[], pathname: string): boolean {
  const path = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
  return prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** The build without the routes under the prefixes (route modules and client manifest alike). */
export function withoutRoutesUnder(build: ServerBuild, prefixes: readonly string[]): ServerBuild {
  const routes = build.routes as Record<string, RouteEntry | undefined>;
  const kept = new Set(Object.keys(routes).filter((id) => id === "root" || !isUnder(prefixes, fullPath(routes, id))));
  const pick = <T>(table: Record<string, T>) =>
    Object.fromEntries(Object.entries(table).filter(([id]) => kept.has(id))) as Record<string, T>;
  return { ...build, routes: pick(build.routes), assets: { ...build.assets, routes: pick(build.assets.routes) } };
}
