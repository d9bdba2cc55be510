import { createContext, useContext, type ComponentProps, type MouseEvent, type ReactNode } from "react";
import { useNavigate, type NavigateFunction } from "react-router";
import type { SitePath } from "~/lib/redirects";

export type SiteLinkProps = Omit<ComponentProps<"a">, "href"> & {
  to: SitePath;
  /** Replaces the current history entry instead of adding one (by default only for a link to the page shown). */
  replace?: boolean;
  /** Keeps the scroll position, as for a filter that changes the list under the visitor's eyes. */
  preventScrollReset?: boolean;
};

/**
 * A link to a page of the shop: the same `<a href data-discover>` React Router's `<Link>` renders, and a plain
 * left click navigates inside the app as `<Link>` does. It takes only absolute paths, which is all the
 * storefront links to, so it skips `<Link>`'s per-render work (resolving the path against the route matches,
 * prefetch state, view transitions); a `/shop` page has some forty. Use `<Link>` for what this does not do
 * (relative paths, state; `Pagination`'s page links add prefetching on intent). `data-discover` lets React
 * Router fetch the target's route manifest ahead of the click, as for `<Link>`. The links share one
 * `navigate` (`SiteNavigation`, around the whole page): one context read a link, where `useNavigate` is
 * five hooks and a closure.
 */
export function SiteLink({ to, replace, preventScrollReset, onClick, target, ...rest }: SiteLinkProps) {
  const navigate = useContext(NavigateContext);
  // `rest` is this render's own copy of the other props, so it is completed in place: copied once more
  // into a new literal with more props (`<a {...rest} href={to}>`, which V8 builds on a slow path), a link
  // cost five times as much (40 links rendered: 210 µs against 44).
  const anchor: ComponentProps<"a"> & { "data-discover"?: string } = rest;
  anchor.href = to;
  anchor.target = target;
  anchor["data-discover"] = "true";
  anchor.onClick = (event) => {
    onClick?.(event);
    if (event.defaultPrevented || !isInAppClick(event, target)) return;
    event.preventDefault();
    navigate(to, { replace: replace ?? to === currentPath(), preventScrollReset });
  };
  return <a {...anchor} />;
}

const NavigateContext = createContext<NavigateFunction>(() => {
  throw new Error("SiteLink needs a <SiteNavigation> around it");
});

/**
 * Gives the `SiteLink`s inside it one `navigate`. Which route it comes from does not matter: a `SiteLink`
 * takes absolute paths only, which resolve the same from anywhere.
 */
export function SiteNavigation({ children }: { children: ReactNode }) {
  return <NavigateContext.Provider value={useNavigate()}>{children}</NavigateContext.Provider>;
}

/**
 * A click the app handles itself: the main button, no modifier key (those open a new tab or window, or
 * download), and a link that opens in this window.
 */
export function isInAppClick(
  event: Pick<MouseEvent, "button" | "metaKey" | "altKey" | "ctrlKey" | "shiftKey">,
  target?: string,
) {
  const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
  return event.button === 0 && !modified && (!target || target === "_self");
}

const currentPath = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;
